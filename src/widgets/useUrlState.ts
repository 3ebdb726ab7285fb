import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UrlFields, UrlHistory, UrlStateOf, UrlStateSpec } from '../lib/urlState';

export interface UpdateOptions {
  /** This change's history, whatever the fields say (a field set from two places). */
  history?: UrlHistory;
  /**
   * Renders the new address at once (`ReactDOM.flushSync`) instead of as a transition, which
   * React may put off by a frame or more: for a change the user waits to see, such as a search
   * taking effect.
   */
  flushSync?: boolean;
}

export interface UrlStateHandle<F extends UrlFields> {
  /** Every field's value in the address. A field keeps its identity while its value is equal. */
  state: UrlStateOf<F>;
  /** Sets one field. */
  set: <K extends keyof F>(key: K, value: UrlStateOf<F>[K], options?: UpdateOptions) => void;
  /** Sets several fields at once (one history entry). */
  update: (changes: Partial<UrlStateOf<F>>, options?: UpdateOptions) => void;
  /** Every filter back to its default, and the first page. */
  resetFilters: () => void;
  /** Whether some filter differs from its default. */
  filtered: boolean;
  /** The address parameters as they are. */
  params: URLSearchParams;
}

/**
 * A page's state in the address, read and written through its spec (`defineUrlState`, a
 * module constant, or memoised where its fields are known only at run time). A change adds a
 * history entry when a changed field says `push`, else it replaces the current one; a filter
 * change goes back to the first page; parameters the spec does not own are kept.
 */
export function useUrlState<F extends UrlFields>(spec: UrlStateSpec<F>): UrlStateHandle<F> {
  const [params, setParams] = useSearchParams();
  // Objects are read again on every address change; equal ones keep their identity so that
  // what is memoised on them does not run again (state derived while rendering).
  // A spec built while rendering (a view's columns) is read again when it changes.
  const [read, setRead] = useState(() => ({ params, spec, state: spec.read(params) }));
  let state = read.state;
  if (read.params !== params || read.spec !== spec) {
    state = spec.read(params);
    for (const key of Object.keys(spec.fields) as Array<keyof F>) {
      if (key in read.state && spec.fields[key]?.equals(read.state[key], state[key])) {
        state[key] = read.state[key];
      }
    }
    setRead({ params, spec, state });
  }

  const update = useCallback(
    (changes: Partial<UrlStateOf<F>>, options: UpdateOptions = {}) => {
      const history = options.history ?? spec.history(params, changes);
      setParams((current) => spec.write(current, changes), {
        replace: history === 'replace',
        ...(options.flushSync ? { flushSync: true } : {}),
      });
    },
    [spec, params, setParams],
  );
  const set = useCallback(
    <K extends keyof F>(key: K, value: UrlStateOf<F>[K], options?: UpdateOptions) =>
      update({ [key]: value } as unknown as Partial<UrlStateOf<F>>, options),
    [update],
  );
  const resetFilters = useCallback(() => {
    const history = spec.history(params, spec.filterDefaults());
    setParams((current) => spec.resetFilters(current), { replace: history === 'replace' });
  }, [spec, params, setParams]);
  return { state, set, update, resetFilters, filtered: spec.isFiltered(state), params };
}
