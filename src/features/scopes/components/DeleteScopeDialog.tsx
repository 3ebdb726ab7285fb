import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { AppDialog } from '../../../ui/AppDialog';

export const DELETE_SCOPE_TITLE = 'Delete Scope';
export const DELETE_SCOPE_TEXT =
  'Are you sure you want to delete this scope? This action cannot be undone.';

export interface DeleteScopeDialogProps {
  /** Shows a spinner on Delete while the scope is being deleted. */
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a scope is deleted. */
export function DeleteScopeDialog({ deleting, onCancel, onConfirm }: DeleteScopeDialogProps) {
  return (
    <AppDialog
      isOpen
      onClose={onCancel}
      title={DELETE_SCOPE_TITLE}
      icon="trash"
      size="very-small"
      expandable={false}
    >
      <DialogBody>
        <p>{DELETE_SCOPE_TEXT}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onCancel} disabled={deleting} />
            <Button intent="danger" text="Delete" loading={deleting} onClick={onConfirm} />
          </>
        }
      />
    </AppDialog>
  );
}
