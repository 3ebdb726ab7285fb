import { defineUrlState, dialogId, oneOf } from './urlState';

/**
 * A record dialog's state in the address: `?{editParam}={id}` edits a record (`id` unless
 * told), `?new=1` adds one (an id wins). Opening adds a history entry; closing replaces it.
 * Read and written by `useRecordDialog` (src/widgets); a link to a page's dialog is written by
 * the same spec (`src/shell/paths.ts`).
 */
export function recordDialogState(options: { editParam?: string } = {}) {
  return defineUrlState({
    id: options.editParam ? dialogId({ param: options.editParam }) : dialogId(),
    new: oneOf(['1'], { history: 'push' }),
  });
}

/** A list page's record dialog: `?id={id}` edits a record, `?new=1` adds one. */
export const RECORD_DIALOG_STATE = recordDialogState();

/** A record dialog's spec, whatever its edit parameter. */
export type RecordDialogSpec = typeof RECORD_DIALOG_STATE;

/** The address state of a dialog that is open or not: `?{param}=1` while it is open. */
export function dialogFlag(param: string) {
  return defineUrlState({ open: oneOf(['1'], { param, history: 'push' }) });
}

export type DialogFlagSpec = ReturnType<typeof dialogFlag>;
