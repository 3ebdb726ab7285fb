import type { MergeDuplicate, MergeUser } from '../../../../../machines/access/mergeExternalUsers';

/** The words of the identity actions of the by-user list. */
export const IDENTITY_TEXT = {
  actions: (name: string) => `Identity actions for ${name}`,
  addAlias: 'Add alias…',
  mergeInto: 'Merge into…',
  aliasTitle: (name: string) => `Add alias to ${name}`,
  aliasLabel: 'Alias',
  aliasHelp: 'Another name this user signs in with (an email, a login or an ARN).',
  currentAliases: 'Current aliases',
  noAliases: 'No aliases yet',
  add: 'Add',
  adding: 'Adding',
  aliasAdded: (alias: string, name: string) => `Alias ${alias} added to ${name}`,
  mergeTitle: (name: string) => `Merge ${name}`,
  keepLabel: 'User to keep',
  keepHelp: (name: string) => `${name} will be merged into the user chosen here.`,
  next: 'Next',
  back: 'Back',
  cancel: 'Cancel',
  merge: 'Merge',
  merging: 'Merging',
  retry: 'Retry',
  merged: (duplicate: string, primary: string) => `${duplicate} merged into ${primary}`,
} as const;

/** `1 access row`, `3 access rows`. */
function accessRows(count: number): string {
  return `${count} access ${count === 1 ? 'row' : 'rows'}`;
}

/** A user as the confirmation names it: its name, and its email in brackets when it has one. */
function named(user: MergeUser): string {
  return user.email ? `${user.name} (${user.email})` : user.name;
}

/** What a merge changes, said before it runs. */
export function mergeSummary(duplicate: MergeDuplicate, primary: MergeUser): string {
  return (
    `${named(duplicate)} will be merged into ${primary.name}: its ` +
    `${accessRows(duplicate.accessCount)}, groups and sign-ins move to ${primary.name}, its ` +
    `identities become aliases of ${primary.name}, and ${duplicate.name} is removed. ` +
    'This cannot be undone.'
  );
}
