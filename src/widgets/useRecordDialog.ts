import { useCallback, useMemo } from 'react';
import type { DialogFlagSpec, RecordDialogSpec } from '../lib/dialogState';
import { RECORD_DIALOG_STATE } from '../lib/dialogState';
import { useUrlState } from './useUrlState';

export type { DialogFlagSpec, RecordDialogSpec } from '../lib/dialogState';
export { RECORD_DIALOG_STATE, dialogFlag, recordDialogState } from '../lib/dialogState';

/** Which record dialog the address asks for. */
export type RecordDialogState =
  { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; id: string };

export interface RecordDialogControl {
  state: RecordDialogState;
  openCreate: () => void;
  openEdit: (id: string) => void;
  close: () => void;
  /** The record the address edits, among `rows` (none while they load or when it is not there). */
  editing: <T>(rows: readonly T[] | undefined, idOf: (row: T) => string) => T | undefined;
}

/** The add/edit dialog of a list page, held in the address so a reload keeps it open. */
export function useRecordDialog(spec: RecordDialogSpec = RECORD_DIALOG_STATE): RecordDialogControl {
  const { state: fields, update } = useUrlState(spec);
  const state = useMemo<RecordDialogState>(() => {
    if (fields.id) return { mode: 'edit', id: fields.id };
    return fields.new === '1' ? { mode: 'create' } : { mode: 'closed' };
  }, [fields.id, fields.new]);
  const editing = useCallback(
    <T>(rows: readonly T[] | undefined, idOf: (row: T) => string): T | undefined =>
      state.mode === 'edit' ? rows?.find((row) => idOf(row) === state.id) : undefined,
    [state],
  );
  return {
    state,
    editing,
    openCreate: useCallback(() => update({ id: undefined, new: '1' }), [update]),
    openEdit: useCallback((id: string) => update({ id, new: undefined }), [update]),
    close: useCallback(
      () => update({ id: undefined, new: undefined }, { history: 'replace' }),
      [update],
    ),
  };
}

export interface DialogFlagControl {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

/**
 * A dialog without a record (Add responder, Create incident) held in the address, so a reload
 * keeps it open: `spec` is a module constant made by `dialogFlag`. Opening adds a history entry;
 * closing replaces it.
 */
export function useDialogFlag(spec: DialogFlagSpec): DialogFlagControl {
  const { state, set } = useUrlState(spec);
  return {
    isOpen: state.open === '1',
    open: useCallback(() => set('open', '1'), [set]),
    close: useCallback(() => set('open', undefined, { history: 'replace' }), [set]),
  };
}
