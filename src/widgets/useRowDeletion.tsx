import type { IconName } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';
import { useState } from 'react';
import { ConfirmDialog } from '../ui/ConfirmDialog';

export interface RowDeletionOptions<Row> {
  /** The confirmation's title, e.g. "Delete token". */
  title: string;
  /** The question about the row, e.g. "Are you sure you want to delete the token x?". */
  question: (row: Row) => ReactNode;
  /** Deletes the row; a rejection keeps the dialog open (the outcome toast says why). */
  onConfirm: (row: Row) => Promise<unknown>;
  /** The confirming button's text; `Delete` by default. */
  confirmText?: string;
  /** The dialog's icon; `trash` by default. */
  icon?: IconName;
}

export interface RowDeletion<Row> {
  /** Asks whether to delete `row` (a row action's Delete). */
  ask: (row: Row) => void;
  /** The confirmation, to render on the page. */
  dialog: ReactElement;
}

/** A list's Delete row action: the row asked about and its `ConfirmDialog`. */
export function useRowDeletion<Row>({
  title,
  question,
  onConfirm,
  confirmText,
  icon,
}: RowDeletionOptions<Row>): RowDeletion<Row> {
  const [row, setRow] = useState<{ value: Row } | undefined>();
  return {
    ask: (value) => setRow({ value }),
    dialog: (
      <ConfirmDialog
        isOpen={row !== undefined}
        title={title}
        {...(confirmText ? { confirmText } : {})}
        {...(icon ? { icon } : {})}
        onClose={() => setRow(undefined)}
        onConfirm={() => row && onConfirm(row.value)}
      >
        {row && question(row.value)}
      </ConfirmDialog>
    ),
  };
}
