import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { IconName, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useState } from 'react';

export interface ConfirmDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** The heading and accessible name, e.g. "Delete Scope". Default "Delete". */
  title?: string;
  /** What is about to happen, e.g. "Are you sure you want to delete this resource?". */
  children: ReactNode;
  /** Text of the confirming button. Default "Delete". */
  confirmText?: string;
  /** Intent of the confirming button. Default danger. */
  intent?: Intent;
  /** Icon before the title. Default trash. */
  icon?: IconName;
  /**
   * Does the thing. While its promise is pending the dialog stays open with the confirming
   * button busy and Cancel disabled; it closes when the promise settles, unless it resolves
   * to `false` (the action failed and said so, e.g. in a toast).
   */
  onConfirm: () => Promise<unknown> | unknown;
  /** Called on Cancel, Escape, and after the action is done. */
  onClose: () => void;
}

/** The one confirmation of the console (deletes above all): a question, Cancel and Delete. */
export function ConfirmDialog({
  isOpen,
  title = 'Delete',
  children,
  confirmText = 'Delete',
  intent = 'danger',
  icon = 'trash',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    let outcome: unknown;
    try {
      outcome = await onConfirm();
    } catch {
      outcome = false;
    } finally {
      setBusy(false);
    }
    if (outcome !== false) onClose();
  };
  return (
    <Dialog
      isOpen={isOpen}
      role="alertdialog"
      title={title}
      icon={icon}
      onClose={busy ? undefined : onClose}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
      isCloseButtonShown={!busy}
      style={{ width: '26rem', maxWidth: 'calc(100vw - 2rem)' }}
    >
      <DialogBody>
        <div className={Classes.RUNNING_TEXT}>{children}</div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={busy} />
            <Button
              intent={intent}
              text={confirmText}
              loading={busy}
              onClick={() => void confirm()}
            />
          </>
        }
      />
    </Dialog>
  );
}
