import { lazyPart } from '../../../ui/LazyPart';

/** The permission's form (final-form, the subject and resource pickers), loaded when it opens. */
export const PermissionDialog = lazyPart(
  async () => (await import('./PermissionDialog')).PermissionDialog,
);
