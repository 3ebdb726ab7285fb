import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The URL parameters of the open change: its id and its config's id (CAT-21 needs both). */
export const CHANGE_DIALOG_PARAMS = {
  changeId: 'changeId',
  configId: 'changeConfigId',
} as const;

/** The change the dialog shows. */
export interface OpenChange {
  changeId: string;
  configId: string;
}

export interface ChangeDialogState {
  /** The change named by the URL, if both of its parameters are there. */
  open: OpenChange | undefined;
  /** Opens a change (a new history entry, so Back closes it). */
  openChange: (change: OpenChange) => void;
  /** Closes the dialog: both parameters leave the URL. */
  closeChange: () => void;
}

/**
 * The change dialog's state in the URL (`changeId` and `changeConfigId`), so that a link
 * reopens it; other parameters stay.
 */
export function useChangeDialog(): ChangeDialogState {
  const [params, setParams] = useSearchParams();
  const changeId = params.get(CHANGE_DIALOG_PARAMS.changeId);
  const configId = params.get(CHANGE_DIALOG_PARAMS.configId);
  const openChange = useCallback(
    (change: OpenChange) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(CHANGE_DIALOG_PARAMS.changeId, change.changeId);
        next.set(CHANGE_DIALOG_PARAMS.configId, change.configId);
        return next;
      }),
    [setParams],
  );
  const closeChange = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(CHANGE_DIALOG_PARAMS.changeId);
        next.delete(CHANGE_DIALOG_PARAMS.configId);
        return next;
      }),
    [setParams],
  );
  return {
    open: changeId && configId ? { changeId, configId } : undefined,
    openChange,
    closeChange,
  };
}
