import { useCallback, useEffect, useRef } from 'react';
import type { SelectorFacts, SelectorFactsLoader } from '../lib/selectorFacts';
import { groupPairs } from '../lib/selectorFacts';
import { useAppDispatch } from '../shell/hooks';

/** A request RTK Query's `initiate` gives: its answer, and letting its cache entry go. */
interface Held<T> {
  unwrap(): Promise<T>;
  unsubscribe(): void;
}

/** `key=value` (CAT-11's pairs as the endpoint gives them) as a key and its value. */
function pairOf(pair: string): { key: string; value: string } {
  const equals = pair.indexOf('=');
  return equals === -1
    ? { key: pair, value: '' }
    : { key: pair.slice(0, equals), value: pair.slice(equals + 1) };
}

/**
 * The estate's facts for selector completion in a code editor (`CodeEditor`'s `selectorFacts`):
 * config types (CAT-14), statuses (CAT-15), tags (CAT-11), labels (CAT-12) and agent names
 * (AGENT-06), read from the cache of their queries. Nothing is asked, nor their endpoints'
 * code loaded, until completion first needs them (the pages with an editor stay as light as
 * before); the queries are kept while the editor's owner is shown. A list that fails to load
 * is taken as empty, and asked again the next time.
 */
export function useSelectorFacts(): SelectorFactsLoader {
  const dispatch = useAppDispatch();
  const held = useRef<{ facts: Promise<SelectorFacts>; release: () => void } | undefined>(
    undefined,
  );
  useEffect(
    () => () => {
      held.current?.release();
      held.current = undefined;
    },
    [],
  );
  return useCallback(() => {
    if (held.current) return held.current.facts;
    const requests: Array<Held<unknown>> = [];
    let failed = false;
    let released = false;
    const ask = <T>(request: Held<T>, fallback: T): Promise<T> => {
      requests.push(request);
      // The editor went away while the endpoints' code loaded: nothing is kept for it.
      if (released) request.unsubscribe();
      return request.unwrap().catch(() => {
        failed = true;
        return fallback;
      });
    };
    const release = () => {
      released = true;
      requests.forEach((request) => request.unsubscribe());
    };
    const facts = Promise.all([
      import('../api/endpoints/catalog'),
      import('../api/endpoints/catalogChanges'),
      import('../api/endpoints/agents'),
    ])
      .then(([{ catalogApi }, { catalogChangesApi }, { agentsApi }]) =>
        Promise.all([
          ask(dispatch(catalogApi.endpoints.getConfigTypes.initiate()), []),
          ask(dispatch(catalogApi.endpoints.getConfigStatuses.initiate()), []),
          ask(dispatch(catalogChangesApi.endpoints.getConfigTagValues.initiate()), []),
          ask(dispatch(catalogApi.endpoints.getConfigLabels.initiate()), []),
          ask(dispatch(agentsApi.endpoints.getAgentNames.initiate()), []),
        ]),
      )
      .then(([types, statuses, tags, labels, agents]) => {
        if (failed && held.current?.facts === facts) {
          release();
          held.current = undefined;
        }
        return {
          types,
          statuses,
          agents: agents.map((agent) => agent.name),
          tags: groupPairs(tags.map(pairOf)),
          labels: groupPairs(labels),
        };
      });
    held.current = { facts, release };
    return facts;
  }, [dispatch]);
}
