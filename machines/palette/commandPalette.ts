import { assign, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/** The kinds of resource the palette searches on the server. */
export const PALETTE_SEARCH_KINDS = [
  'checks',
  'configs',
  'components',
  'incidents',
  'playbooks',
  'connections',
  'rules',
  'views',
] as const;
export type PaletteSearchKind = (typeof PALETTE_SEARCH_KINDS)[number];

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
}

/** One kind's answer: what it found, or why it could not search. */
export type KindResult =
  { status: 'ok'; items: FoundItem[] } | { status: 'error'; message: string };

export type SearchResults = Partial<Record<PaletteSearchKind, KindResult>>;

/** What the `search` actor is given: the text and the kinds to search, all in parallel. */
export interface PaletteSearchInput {
  query: string;
  kinds: readonly PaletteSearchKind[];
}

export interface CommandPaletteContext {
  /** The kinds this user may search (readable, feature on), given when the palette opens. */
  kinds: readonly PaletteSearchKind[];
  mode: PaletteMode;
  /** The text in the input. */
  query: string;
  results: SearchResults;
  /** The text `results` answer (the input may have moved on while a search runs). */
  resultsFor: string;
}

export type CommandPaletteEvent =
  | { type: 'palette.open'; kinds: readonly PaletteSearchKind[] }
  | { type: 'palette.close' }
  | { type: 'query.change'; query: string }
  | { type: 'pick.start'; action: PickAction }
  | { type: 'pick.back' };

/** Said when a search fails without a message of its own. */
export const SEARCH_FAILED_MESSAGE = 'The search failed';

/** The message of whatever the search rejected with. */
export function searchFailureMessage(error: unknown): string {
  return rejectionMessage(error, SEARCH_FAILED_MESSAGE);
}

/** The kinds searched in a mode: all the user's in the main list, the action's when picking. */
export function kindsFor(
  mode: PaletteMode,
  allowed: readonly PaletteSearchKind[],
): PaletteSearchKind[] {
  if (mode.kind === 'main') return [...allowed];
  return PICK_KINDS[mode.action].filter((kind) => allowed.includes(kind));
}

/** Whether typing `query` asks the server anything: some text, and some kind to search. */
export function needsSearch(
  query: string,
  mode: PaletteMode,
  allowed: readonly PaletteSearchKind[],
): boolean {
  return query.trim() !== '' && kindsFor(mode, allowed).length > 0;
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
 * - `closed` ⇄ `open`: `palette.open` (with the kinds the user may search) starts afresh on the
 *   main list; `palette.close` closes it from anywhere.
 * - In `open`: `idle` while there is nothing to ask the server (no text: the recent items, pages
 *   and actions show; or only local choices, such as time zones); `debouncing` while typing
 *   (the `debounce` delay starts again at every keystroke); `searching`, where one `search`
 *   actor asks every kind in parallel (a keystroke or closing stops it, and its signal aborts
 *   the requests); `results`, with each kind's items or its error.
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
      event.type === 'query.change' && !needsSearch(event.query, context.mode, context.kinds),
    picking: ({ context }) => context.mode.kind === 'picking',
  },
  actions: {
    setQuery: assign(({ event }) => (event.type === 'query.change' ? { query: event.query } : {})),
    clearResults: assign({ results: {}, resultsFor: '' }),
  },
}).createMachine({
  id: 'commandPalette',
  initial: 'closed',
  context: { kinds: [], mode: MAIN, query: '', results: {}, resultsFor: '' },
  states: {
    closed: {
      on: {
        'palette.open': {
          target: 'open',
          actions: assign(({ event }) => ({
            kinds: event.kinds,
            mode: MAIN,
            query: '',
            results: {},
            resultsFor: '',
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
        'pick.start': {
          target: '.idle',
          actions: assign(({ event }) => ({
            mode: { kind: 'picking' as const, action: event.action },
            query: '',
            results: {},
            resultsFor: '',
          })),
        },
        'pick.back': {
          guard: 'picking',
          target: '.idle',
          actions: assign({ mode: MAIN, query: '', results: {}, resultsFor: '' }),
        },
      },
      states: {
        idle: {},
        debouncing: {
          after: { debounce: 'searching' },
        },
        searching: {
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({
              query: context.query.trim(),
              kinds: kindsFor(context.mode, context.kinds),
            }),
            onDone: {
              target: 'results',
              actions: assign(({ event, context }) => ({
                results: event.output,
                resultsFor: context.query,
              })),
            },
            onError: {
              target: 'results',
              actions: assign(({ event, context }) => {
                const message = searchFailureMessage(event.error);
                const results: SearchResults = {};
                for (const kind of kindsFor(context.mode, context.kinds)) {
                  results[kind] = { status: 'error', message };
                }
                return { results, resultsFor: context.query };
              }),
            },
          },
        },
        results: {},
      },
    },
  },
});
