import { assign, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';
import type { PaletteSearchKind } from './paletteQuery';
import { SELECTOR_KINDS, readPaletteQuery, unknownKindMessage } from './paletteQuery';

export type { PaletteSearchKind } from './paletteQuery';
export { PALETTE_SEARCH_KINDS } from './paletteQuery';

/** Actions that need an item chosen first, in a list of their own. */
export type PickAction = 'runPlaybook' | 'silence' | 'runCheck' | 'timezone';

/** What a picking action searches (a time zone is chosen from a list kept in the browser). */
export const PICK_KINDS: Record<PickAction, readonly PaletteSearchKind[]> = {
  runPlaybook: ['playbooks'],
  silence: ['configs', 'components', 'checks'],
  runCheck: ['checks'],
  timezone: [],
};

export type PaletteMode = { kind: 'main' } | { kind: 'picking'; action: PickAction };

/** One resource found, as every kind reports it. */
export interface FoundItem {
  id: string;
  name: string;
  /** A config's, check's or component's type. */
  type?: string;
  health?: string;
  status?: string;
  /** Its namespace, or what it belongs to. */
  parent?: string;
  /** Its tags (shown as pills). */
  tags?: Record<string, string>;
  /** The agent it came from (absent for the local one). */
  agent?: string;
}

/** One kind's answer: what it found, or why it could not search. */
export type KindResult =
  { status: 'ok'; items: FoundItem[] } | { status: 'error'; message: string };

export type SearchResults = Partial<Record<PaletteSearchKind, KindResult>>;

/**
 * What the `search` actor is given: the text (without its `#kind` directive) and the kinds to
 * search, all in parallel; `selector` when the text holds selector terms.
 */
export interface PaletteSearchInput {
  query: string;
  kinds: readonly PaletteSearchKind[];
  selector: boolean;
}

export interface CommandPaletteContext {
  /** The kinds this user may search (readable, feature on), given when the palette opens. */
  kinds: readonly PaletteSearchKind[];
  /** The kinds the user switched off (a preference); a `#kind` directive still searches one. */
  off: readonly PaletteSearchKind[];
  mode: PaletteMode;
  /** The text in the input. */
  query: string;
  results: SearchResults;
  /** The text `results` answer (the input may have moved on while a search runs). */
  resultsFor: string;
  /** Why the text could not be searched (a half-typed selector); the results stay. */
  problem: string | null;
}

export type CommandPaletteEvent =
  | {
      type: 'palette.open';
      kinds: readonly PaletteSearchKind[];
      off?: readonly PaletteSearchKind[];
    }
  | { type: 'palette.close' }
  | { type: 'query.change'; query: string }
  | { type: 'kinds.off'; off: readonly PaletteSearchKind[] }
  | { type: 'pick.start'; action: PickAction }
  | { type: 'pick.back' };

/**
 * What the search rejects with when the server refuses the text as a selector (a 400 naming
 * the problem): the palette keeps its results and shows the reason quietly.
 */
export class InvalidSelectorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSelectorError';
  }
}

/** Said when a search fails without a message of its own. */
export const SEARCH_FAILED_MESSAGE = 'The search failed';

/** The message of whatever the search rejected with. */
export function searchFailureMessage(error: unknown): string {
  return rejectionMessage(error, SEARCH_FAILED_MESSAGE);
}

/**
 * The kinds searched: when picking, the action's; in the main list, the one a `#kind`
 * directive names, else every kind the user did not switch off. A selector is searched only in
 * the kinds that read selectors. Always among the kinds the user may search.
 */
export function kindsFor(
  mode: PaletteMode,
  allowed: readonly PaletteSearchKind[],
  query = '',
  off: readonly PaletteSearchKind[] = [],
): PaletteSearchKind[] {
  if (mode.kind === 'picking') return PICK_KINDS[mode.action].filter((k) => allowed.includes(k));
  const read = readPaletteQuery(query);
  if (read.unknownKind !== undefined) return [];
  const wanted = read.kind ? [read.kind] : allowed.filter((kind) => !off.includes(kind));
  return wanted.filter(
    (kind) => allowed.includes(kind) && (!read.selector || SELECTOR_KINDS.includes(kind)),
  );
}

/**
 * Whether typing `query` asks the server anything: some text (beyond a `#kind` directive), and
 * some kind to search, or a `#word` naming no kind (said once typing pauses).
 */
export function needsSearch(
  query: string,
  mode: PaletteMode,
  allowed: readonly PaletteSearchKind[],
  off: readonly PaletteSearchKind[] = [],
): boolean {
  const read = readPaletteQuery(query);
  if (read.text === '') return false;
  if (mode.kind === 'main' && read.unknownKind !== undefined) return true;
  return kindsFor(mode, allowed, query, off).length > 0;
}

/** What the `search` actor is given for the palette's context. */
export function searchInputOf(context: CommandPaletteContext): PaletteSearchInput {
  const read =
    context.mode.kind === 'main'
      ? readPaletteQuery(context.query)
      : { text: context.query.trim(), selector: readPaletteQuery(context.query).selector };
  return {
    query: read.text,
    kinds: kindsFor(context.mode, context.kinds, context.query, context.off),
    selector: read.selector,
  };
}

/** Why the input cannot be searched before asking: a `#word` naming no kind; else null. */
export function problemBeforeSearch(context: CommandPaletteContext): string | null {
  if (context.mode.kind !== 'main') return null;
  const word = readPaletteQuery(context.query).unknownKind;
  return word === undefined ? null : unknownKindMessage(word);
}

/** How long typing must pause before a search starts, unless `provide`d otherwise. */
export const PALETTE_DEBOUNCE_MS = 150;

const MAIN: PaletteMode = { kind: 'main' };

function notProvided(name: string): never {
  throw new Error(`commandPalette: provide the ${name} actor`);
}

/**
 * The command palette (Ctrl+K):
 *
 * - `closed` ⇄ `open`: `palette.open` (with the kinds the user may search, and those switched
 *   off) starts afresh on the main list; `palette.close` closes it from anywhere.
 * - In `open`: `idle` while there is nothing to ask the server (no text: the recent items,
 *   searches, suggestions, pages and actions show; a bare `#kind`; or only local choices, such
 *   as time zones); `debouncing` while typing (the `debounce` delay starts again at every
 *   keystroke); `searching`, where one `search` actor asks every kind in parallel (a keystroke
 *   or closing stops it, and its signal aborts the requests); `results`, with each kind's items
 *   or its error; `invalid`, when the text is not a selector the server reads (it answered 400)
 *   or its `#word` names no kind: the last results stay and `problem` says why, quietly.
 * - `kinds.off` (the per-kind toggles) searches the text again over the kinds left on.
 * - `pick.start` switches to picking an item for an action ("Run playbook…" a playbook,
 *   "Silence notifications for…" a config, component or check, "Run check now" a check,
 *   "Switch time zone" a zone) with an empty input; `pick.back` returns to the main list.
 *
 * The console supplies `search` with `provide`; tests can provide the `debounce` delay.
 */
export const commandPaletteMachine = setup({
  types: {
    context: {} as CommandPaletteContext,
    events: {} as CommandPaletteEvent,
  },
  actors: {
    search: fromPromise<SearchResults, PaletteSearchInput>(async () => notProvided('search')),
  },
  delays: {
    debounce: PALETTE_DEBOUNCE_MS,
  },
  guards: {
    nothingToSearch: ({ context, event }) =>
      event.type === 'query.change' &&
      !needsSearch(event.query, context.mode, context.kinds, context.off),
    nothingToSearchNow: ({ context }) =>
      !needsSearch(context.query, context.mode, context.kinds, context.off),
    picking: ({ context }) => context.mode.kind === 'picking',
    unknownKind: ({ context }) => problemBeforeSearch(context) !== null,
    invalidSelector: ({ event }) =>
      'error' in event && (event as { error: unknown }).error instanceof InvalidSelectorError,
  },
  actions: {
    setQuery: assign(({ event }) => (event.type === 'query.change' ? { query: event.query } : {})),
    clearResults: assign({ results: {}, resultsFor: '', problem: null }),
  },
}).createMachine({
  id: 'commandPalette',
  initial: 'closed',
  context: {
    kinds: [],
    off: [],
    mode: MAIN,
    query: '',
    results: {},
    resultsFor: '',
    problem: null,
  },
  states: {
    closed: {
      on: {
        'palette.open': {
          target: 'open',
          actions: assign(({ event }) => ({
            kinds: event.kinds,
            off: event.off ?? [],
            mode: MAIN,
            query: '',
            results: {},
            resultsFor: '',
            problem: null,
          })),
        },
      },
    },
    open: {
      initial: 'idle',
      on: {
        'palette.close': 'closed',
        'query.change': [
          { guard: 'nothingToSearch', target: '.idle', actions: ['setQuery', 'clearResults'] },
          { target: '.debouncing', actions: 'setQuery' },
        ],
        'kinds.off': [
          {
            guard: 'nothingToSearchNow',
            target: '.idle',
            actions: [assign(({ event }) => ({ off: event.off })), 'clearResults'],
          },
          { target: '.debouncing', actions: assign(({ event }) => ({ off: event.off })) },
        ],
        'pick.start': {
          target: '.idle',
          actions: assign(({ event }) => ({
            mode: { kind: 'picking' as const, action: event.action },
            query: '',
            results: {},
            resultsFor: '',
            problem: null,
          })),
        },
        'pick.back': {
          guard: 'picking',
          target: '.idle',
          actions: assign({ mode: MAIN, query: '', results: {}, resultsFor: '', problem: null }),
        },
      },
      states: {
        idle: {},
        debouncing: {
          after: {
            debounce: [
              {
                guard: 'unknownKind',
                target: 'invalid',
                actions: assign(({ context }) => ({ problem: problemBeforeSearch(context) })),
              },
              { target: 'searching' },
            ],
          },
        },
        searching: {
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => searchInputOf(context),
            onDone: {
              target: 'results',
              actions: assign(({ event, context }) => ({
                results: event.output,
                resultsFor: context.query,
                problem: null,
              })),
            },
            onError: [
              {
                guard: 'invalidSelector',
                target: 'invalid',
                actions: assign(({ event }) => ({ problem: searchFailureMessage(event.error) })),
              },
              {
                target: 'results',
                actions: assign(({ event, context }) => {
                  const message = searchFailureMessage(event.error);
                  const results: SearchResults = {};
                  for (const kind of searchInputOf(context).kinds) {
                    results[kind] = { status: 'error', message };
                  }
                  return { results, resultsFor: context.query, problem: null };
                }),
              },
            ],
          },
        },
        results: {},
        invalid: {},
      },
    },
  },
});
