import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useCan } from '../auth/hooks';
import { AppDialog } from '../ui/AppDialog';
import type { PermissionsOf } from './slots/slotTypes';
import { Slot, useHasSlot } from './slots/SlotsProvider';

export const PERMISSIONS_BUTTON = 'Permissions';

/** Whether the permissions of a resource can be shown: the panel is supplied and readable. */
export function useCanShowPermissions(): boolean {
  const supplied = useHasSlot('ResourcePermissions');
  const canRead = useCan('permissions', 'read');
  return supplied && canRead;
}

export interface ResourcePermissionsDialogProps {
  isOpen: boolean;
  /** The dialog's title, e.g. "Permissions: drain-node". */
  title: string;
  /** Whose permissions. */
  of: PermissionsOf;
  onClose: () => void;
}

/**
 * The permissions that name a playbook or connection (the `ResourcePermissions` slot) in a
 * dialog of their own. Its host renders it beside its form dialog, never inside the form, so the
 * permission editor's form is not nested in the host's.
 */
export function ResourcePermissionsDialog({
  isOpen,
  title,
  of,
  onClose,
}: ResourcePermissionsDialogProps) {
  return (
    <AppDialog isOpen={isOpen} onClose={onClose} title={title} icon="shield" size="large">
      <DialogBody>
        <Slot name="ResourcePermissions" of={of} />
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </AppDialog>
  );
}
