import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Removes parameters from the address without a new history entry: for a request made by
 * address (open a dialog, start a run) once it is taken, so Back or a reload does not make it
 * again.
 */
export function useDropSearchParams(): (names: readonly string[]) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (names) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of names) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
