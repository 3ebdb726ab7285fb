import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SpecDialogState } from './model/dialogParams';
import { specDialogOf, withSpecDialog } from './model/dialogParams';

export interface SpecDialog {
  state: SpecDialogState;
  openCreate: () => void;
  openEdit: (id: string) => void;
  close: () => void;
}

/** The spec dialog held in the address (`?new=1`, `?edit={id}`); opening adds a history entry. */
export function useSpecDialog(): SpecDialog {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => specDialogOf(params), [params]);
  const go = useCallback(
    (next: SpecDialogState, replace: boolean) =>
      setParams((current) => withSpecDialog(current, next), { replace }),
    [setParams],
  );
  const openCreate = useCallback(() => go({ mode: 'create' }, false), [go]);
  const openEdit = useCallback((id: string) => go({ mode: 'edit', id }, false), [go]);
  const close = useCallback(() => go({ mode: 'closed' }, true), [go]);
  return { state, openCreate, openEdit, close };
}
