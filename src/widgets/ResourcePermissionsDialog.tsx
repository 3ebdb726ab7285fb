import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useCan } from '../auth/hooks';
import { AppDialog } from '../ui/AppDialog';
import type { PermissionsOf } from './slots/slotTypes';
import { Slot, useHasSlot } from './slots/SlotsProvider';

export const PERMISSIONS_BUTTON = 'Permissions';

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
 * dialog of their own, as wide as the window: the table has seven columns.
 */
export function ResourcePermissionsDialog({
  isOpen,
  title,
  of,
  onClose,
}: ResourcePermissionsDialogProps) {
  return (
    <AppDialog isOpen={isOpen} onClose={onClose} title={title} icon="shield" size="full">
      <DialogBody>
        <Slot name="ResourcePermissions" of={of} />
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </AppDialog>
  );
}

/** The Permissions button of a form dialog and the dialog it opens. */
export interface ResourcePermissionsParts {
  /** For the host dialog's footer; nothing when the panel is not supplied or not readable. */
  button: ReactNode;
  /**
   * Rendered beside the host's form dialog, never inside its form, so that the permission
   * editor's form is not nested in the host's.
   */
  dialog: ReactNode;
}

/**
 * A "Permissions" button and the dialog of the permissions that name `of` (none while the
 * resource is not loaded), for those who may read permissions where the page supplies the
 * `ResourcePermissions` slot.
 */
export function useResourcePermissions(
  title: string,
  of: PermissionsOf | undefined,
): ResourcePermissionsParts {
  const supplied = useHasSlot('ResourcePermissions');
  const canRead = useCan('permissions', 'read');
  const [isOpen, setOpen] = useState(false);
  if (!of || !supplied || !canRead) return { button: null, dialog: null };
  return {
    button: <Button icon="shield" text={PERMISSIONS_BUTTON} onClick={() => setOpen(true)} />,
    dialog: (
      <ResourcePermissionsDialog
        isOpen={isOpen}
        title={title}
        of={of}
        onClose={() => setOpen(false)}
      />
    ),
  };
}
