import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type {
  CommandPaletteContext,
  FoundItem,
  KindResult,
  PaletteSearchInput,
  PaletteSearchKind,
  PickAction,
  SearchResults,
} from '../../../machines/palette/commandPalette';
import {
  InvalidSelectorError,
  commandPaletteMachine,
} from '../../../machines/palette/commandPalette';
import { toErrorMessage } from '../../api/errors';
import { settleWithSignal } from '../../api/machineRequest';
import { ownerQuery, paletteApi } from '../../api/endpoints/palette';
import { DEFAULT_OWNER_LABEL } from '../../../contracts/runtimeConfig';
import type { MultiSearchKind } from '../../api/endpoints/resources';
import { resourcesApi } from '../../api/endpoints/resources';
import type { ApiError } from '../../api/errors';
import type { ResourceSearchResult } from '../../api/schemas/resources';
import { useAppDispatch } from '../../shell/hooks';
import { useOwnerLabel } from '../../shell/ShellContext';
import type { AppDispatch } from '../../shell/rootReducer';
import { useInspect } from '../../ui/inspect';
import { fromFound, groupChanges } from './model/found';

/** How many items each kind asks the server for. */
export const PALETTE_SEARCH_LIMIT = 8;

/** The palette's kinds MISC-03 searches, by its own name for them. */
const MISC03_KINDS: Partial<Record<PaletteSearchKind, MultiSearchKind>> = {
  checks: 'checks',
  configs: 'configs',
  components: 'components',
  playbooks: 'playbooks',
  connections: 'connections',
  canaries: 'canaries',
  changes: 'config_changes',
};

/** Changes are asked for this many times the limit: they are shown grouped by config. */
const CHANGES_PER_CONFIG = 4;

const failed = (error: unknown): KindResult => ({
  status: 'error',
  message: toErrorMessage(error),
});

const found = (items: FoundItem[]): KindResult => ({ status: 'ok', items });

/** Whether MISC-03 refused the text as a selector (a 400 naming the problem). */
const refusedSelector = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as ApiError).status === 400;

/**
 * One search of the palette: the MISC-03 kinds in one request (the text read as a selector;
 * `lenient` when several kinds are asked, so a key one kind lacks finds nothing of it),
 * incidents, notification rules, views and teams each in their own PostgREST request, all at
 * once. Each kind gets its items or its error; a selector MISC-03 refuses rejects the whole
 * search with `InvalidSelectorError` (the palette keeps what it showed). `signal` (the machine
 * leaving `searching`) aborts every request still running.
 */
export async function searchPalette(
  dispatch: AppDispatch,
  { query, kinds }: PaletteSearchInput,
  signal: AbortSignal,
  ownerLabel: string = DEFAULT_OWNER_LABEL,
): Promise<SearchResults> {
  const args = { search: query, limit: PALETTE_SEARCH_LIMIT };
  const start = { subscribe: false } as const;
  const results: SearchResults = {};
  const tasks: Array<Promise<void>> = [];
  const team = ownerQuery(query);
  if (team !== undefined) {
    await searchOwned(dispatch, { team, label: ownerLabel, kinds, results }, signal);
    return results;
  }

  let refused: InvalidSelectorError | undefined;
  const misc03 = kinds.filter((kind) => MISC03_KINDS[kind] !== undefined);
  if (misc03.length > 0) {
    const request = dispatch(
      resourcesApi.endpoints.searchResourceKinds.initiate(
        {
          kinds: misc03.map((kind) => MISC03_KINDS[kind] as MultiSearchKind),
          ...args,
          limits: { config_changes: PALETTE_SEARCH_LIMIT * CHANGES_PER_CONFIG },
          ...(misc03.length > 1 ? { lenient: true } : {}),
        },
        start,
      ),
    );
    tasks.push(
      settleWithSignal(request, signal).then(
        (answer: ResourceSearchResult) => {
          for (const kind of misc03) {
            if (kind === 'changes') {
              results[kind] = found(groupChanges(answer.config_changes ?? []));
              continue;
            }
            const rows = answer[MISC03_KINDS[kind] as Exclude<MultiSearchKind, 'config_changes'>];
            results[kind] = found((rows ?? []).map(fromFound));
          }
        },
        (error: unknown) => {
          if (refusedSelector(error)) refused = new InvalidSelectorError(toErrorMessage(error));
          for (const kind of misc03) results[kind] = failed(error);
        },
      ),
    );
  }

  const own = <T>(
    kind: PaletteSearchKind,
    request: { abort(): void; unwrap(): Promise<T[]> },
    toItem: (row: T) => FoundItem,
  ) => {
    tasks.push(
      settleWithSignal(request, signal).then(
        (rows) => {
          results[kind] = found(rows.map(toItem));
        },
        (error: unknown) => {
          results[kind] = failed(error);
        },
      ),
    );
  };
  const endpoints = paletteApi.endpoints;
  if (kinds.includes('incidents')) {
    own('incidents', dispatch(endpoints.searchPaletteIncidents.initiate(args, start)), (row) => ({
      id: row.id,
      name: row.title || row.incident_id || row.id,
      ...(row.severity ? { type: row.severity } : {}),
      ...(row.status ? { status: row.status } : {}),
      ...(row.incident_id ? { parent: row.incident_id } : {}),
    }));
  }
  if (kinds.includes('rules')) {
    own('rules', dispatch(endpoints.searchPaletteRules.initiate(args, start)), (row) => ({
      id: row.id,
      name: row.name || row.title || row.id,
      ...(row.error ? { status: 'error' } : {}),
      ...(row.namespace ? { parent: row.namespace } : {}),
    }));
  }
  if (kinds.includes('views')) {
    own('views', dispatch(endpoints.searchPaletteViews.initiate(args, start)), (row) => ({
      id: row.id,
      name: row.name || row.id,
      ...(row.namespace ? { parent: row.namespace } : {}),
    }));
  }

  if (kinds.includes('teams')) {
    own('teams', dispatch(endpoints.searchPaletteTeams.initiate(args, start)), (row) => ({
      id: row.id,
      name: row.name,
    }));
  }

  await Promise.all(tasks);
  if (signal.aborted) throw new DOMException('The search was stopped', 'AbortError');
  if (refused) throw refused;
  return results;
}

/**
 * `owner:<team>`: the config items and components whose owner label holds the text, each kind
 * in its own request; the other kinds find nothing.
 */
async function searchOwned(
  dispatch: AppDispatch,
  owned: {
    team: string;
    label: string;
    kinds: readonly PaletteSearchKind[];
    results: SearchResults;
  },
  signal: AbortSignal,
): Promise<void> {
  const { team, label, kinds, results } = owned;
  const tables = { configs: 'configs', components: 'components' } as const;
  await Promise.all(
    kinds.map(async (kind) => {
      if (kind !== 'configs' && kind !== 'components') {
        results[kind] = found([]);
        return;
      }
      const request = dispatch(
        paletteApi.endpoints.searchPaletteOwned.initiate(
          { table: tables[kind], label, team, limit: PALETTE_SEARCH_LIMIT },
          { subscribe: false },
        ),
      );
      await settleWithSignal(request, signal).then(
        (rows) => {
          results[kind] = found(
            rows.map((row) => ({
              id: row.id,
              name: row.name ?? row.id,
              ...(row.type ? { type: row.type } : {}),
              ...(row.health ? { health: row.health } : {}),
              ...(row.status ? { status: row.status } : {}),
            })),
          );
        },
        (error: unknown) => {
          results[kind] = failed(error);
        },
      );
    }),
  );
  if (signal.aborted) throw new DOMException('The search was stopped', 'AbortError');
}

/** The machine with its search on RTK Query (`owner:<team>` read under `ownerLabel`). */
export function createPaletteLogic(
  dispatch: AppDispatch,
  debounceMs?: number,
  ownerLabel: string = DEFAULT_OWNER_LABEL,
) {
  return commandPaletteMachine.provide({
    actors: {
      search: fromPromise<SearchResults, PaletteSearchInput>(({ input, signal }) =>
        searchPalette(dispatch, input, signal, ownerLabel),
      ),
    },
    ...(debounceMs === undefined ? {} : { delays: { debounce: debounceMs } }),
  });
}

export type PalettePhase = 'closed' | 'idle' | 'debouncing' | 'searching' | 'results' | 'invalid';

export interface CommandPalette {
  phase: PalettePhase;
  context: CommandPaletteContext;
  open: (kinds: readonly PaletteSearchKind[], off?: readonly PaletteSearchKind[]) => void;
  close: () => void;
  /** The kinds switched off (the per-kind toggles). */
  setOff: (off: readonly PaletteSearchKind[]) => void;
  setQuery: (query: string) => void;
  startPick: (action: PickAction) => void;
  back: () => void;
}

function phaseOf(value: unknown): PalettePhase {
  if (value === 'closed') return 'closed';
  const inner = (value as { open?: string }).open;
  return inner === 'debouncing' ||
    inner === 'searching' ||
    inner === 'results' ||
    inner === 'invalid'
    ? inner
    : 'idle';
}

/** The command palette's machine, with its searches on RTK Query; shown to the inspector. */
export function useCommandPalette(options: { debounceMs?: number } = {}): CommandPalette {
  const dispatch = useAppDispatch();
  const ownerLabel = useOwnerLabel();
  const [logic] = useState(() => createPaletteLogic(dispatch, options.debounceMs, ownerLabel));
  const inspect = useInspect();
  const actor = useActorRef(logic, { inspect });
  const phase = useActorSelector(actor, (snapshot) => phaseOf(snapshot.value));
  const context = useActorSelector(actor, (snapshot) => snapshot.context);
  return useMemo(
    () => ({
      phase,
      context,
      open: (kinds, off = []) => actor.send({ type: 'palette.open', kinds, off }),
      close: () => actor.send({ type: 'palette.close' }),
      setOff: (off) => actor.send({ type: 'kinds.off', off }),
      setQuery: (query) => actor.send({ type: 'query.change', query }),
      startPick: (action) => actor.send({ type: 'pick.start', action }),
      back: () => actor.send({ type: 'pick.back' }),
    }),
    [actor, phase, context],
  );
}
