import { Button, Classes, Dialog, Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';

export type DialogSize = 'very-small' | 'small' | 'medium' | 'large' | 'full';

/** Width of each size; `full` fills the window but for a margin. */
export const DIALOG_WIDTHS: Record<DialogSize, string> = {
  'very-small': '24rem',
  small: '32rem',
  medium: '48rem',
  large: '64rem',
  full: 'calc(100vw - 4rem)',
};

export interface AppDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** Called on the close button, Escape and a click outside. */
  onClose: () => void;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** Icon before the title. */
  icon?: IconName;
  /** Width. Default `medium`. */
  size?: DialogSize;
  /** Shows the toggle between `size` and `full`. Default true (not shown when size is `full`). */
  expandable?: boolean;
  /** Content: usually a `DialogBody` and a `DialogFooter`. */
  children: ReactNode;
  /** Extra class on the dialog element. */
  className?: string;
}

/** A dialog of one of the console's sizes, with an expand toggle to full size and back. */
export function AppDialog({
  isOpen,
  onClose,
  title,
  icon,
  size = 'medium',
  expandable = true,
  children,
  className,
}: AppDialogProps) {
  const titleId = useId();
  const [expanded, setExpanded] = useState(false);
  const effective: DialogSize = expanded ? 'full' : size;
  const full = effective === 'full';
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      className={[className, full ? 'mc-app-dialog-full' : undefined].filter(Boolean).join(' ')}
      style={{
        width: DIALOG_WIDTHS[effective],
        maxWidth: 'calc(100vw - 2rem)',
        ...(full ? { height: 'calc(100vh - 4rem)' } : {}),
      }}
    >
      <div className={Classes.DIALOG_HEADER}>
        {icon && <Icon icon={icon} aria-hidden />}
        <h2 id={titleId} className={Classes.HEADING}>
          {title}
        </h2>
        {expandable && size !== 'full' && (
          <Button
            variant="minimal"
            icon={expanded ? 'minimize' : 'maximize'}
            aria-label={expanded ? 'Restore size' : 'Expand'}
            aria-pressed={expanded}
            onClick={() => setExpanded((value) => !value)}
          />
        )}
        <Button
          variant="minimal"
          className={Classes.DIALOG_CLOSE_BUTTON}
          icon="cross"
          aria-label="Close"
          onClick={onClose}
        />
      </div>
      {children}
    </Dialog>
  );
}
