import { useCallback } from 'react';
import { CHANGE_DIALOG_STATE } from '../../../shell/paths';
import { useUrlState } from '../../../widgets/useUrlState';

/** The change the dialog shows. */
export interface OpenChange {
  changeId: string;
  configId: string;
}

export interface ChangeDialogState {
  /** The change named by the address, if both of its parameters are there. */
  open: OpenChange | undefined;
  /** Opens a change (a new history entry, so Back closes it). */
  openChange: (change: OpenChange) => void;
  /** Closes the dialog: both parameters leave the address. */
  closeChange: () => void;
}

/** The change dialog's state in the address, so that a link reopens it; other parameters stay. */
export function useChangeDialog(): ChangeDialogState {
  const { state, update } = useUrlState(CHANGE_DIALOG_STATE);
  const { changeId, configId } = state;
  const openChange = useCallback((change: OpenChange) => update(change), [update]);
  const closeChange = useCallback(
    () => update({ changeId: undefined, configId: undefined }),
    [update],
  );
  return {
    open: changeId && configId ? { changeId, configId } : undefined,
    openChange,
    closeChange,
  };
}
