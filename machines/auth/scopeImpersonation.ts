import { assign, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/** A Scope offered or chosen. */
export interface ChosenScope {
  id: string;
  name: string;
  namespace?: string | null;
}

/** What the backend answers when asked as the chosen Scopes: how many catalog items they show. */
export interface ScopeProbe {
  configs: number;
}

export interface ScopeImpersonationContext {
  /** The Scopes chosen, in the order they were picked. */
  scopes: ChosenScope[];
  /** What the backend showed as the Scopes, once it has answered. */
  probe: ScopeProbe | undefined;
  /** Why the backend refused, in the user's words. */
  error: string | undefined;
}

export type ScopeImpersonationEvent =
  /** The chosen Scopes changed (the picker's whole selection). */
  | { type: 'scopes.change'; scopes: ChosenScope[] }
  /** See the console as the chosen Scopes (at least one). */
  | { type: 'impersonation.submit' }
  /** Ask again after a refusal. */
  | { type: 'impersonation.retry' };

/** Said when a refusal carries no message of its own. */
export const SCOPE_IMPERSONATION_FAILED_MESSAGE =
  'The backend refused to show the console as these scopes';

function notProvided(name: string): never {
  throw new Error(`scopeImpersonation: provide the ${name} actor`);
}

/**
 * Choosing the Scopes to see the console as (the user menu's "View as scope").
 *
 * - `choosing`: `scopes.change` sets the selection; `impersonation.submit` goes on with one or more
 * - `probing`: the `probe` actor asks the backend once with the Scopes' header (the catalog's
 *   count), so a backend that refuses (not allowed to impersonate, a malformed header) says why
 *   before the console changes
 * - `failed`: the reason is shown and nothing changed; `impersonation.retry` asks again,
 *   `scopes.change` goes back to `choosing`
 * - `started` (final): the console is seen as the Scopes; its output is the Scopes and the probe
 *
 * The actor is supplied by the console with `provide`.
 */
export const scopeImpersonationMachine = setup({
  types: {
    input: {} as { scopes?: ChosenScope[] },
    context: {} as ScopeImpersonationContext,
    events: {} as ScopeImpersonationEvent,
    output: {} as { scopes: ChosenScope[]; probe: ScopeProbe | undefined },
  },
  actors: {
    probe: fromPromise<ScopeProbe, ChosenScope[]>(async () => notProvided('probe')),
  },
  guards: {
    chosen: ({ context }) => context.scopes.length > 0,
  },
  actions: {
    setScopes: assign(({ event }) =>
      event.type === 'scopes.change' ? { scopes: event.scopes } : {},
    ),
    clearOutcome: assign({ probe: undefined, error: undefined }),
  },
}).createMachine({
  id: 'scopeImpersonation',
  initial: 'choosing',
  context: ({ input }) => ({ scopes: input.scopes ?? [], probe: undefined, error: undefined }),
  output: ({ context }) => ({ scopes: context.scopes, probe: context.probe }),
  states: {
    choosing: {
      on: {
        'scopes.change': { actions: 'setScopes' },
        'impersonation.submit': { guard: 'chosen', target: 'probing' },
      },
    },
    probing: {
      entry: 'clearOutcome',
      invoke: {
        id: 'probe',
        src: 'probe',
        input: ({ context }) => context.scopes,
        onDone: { target: 'started', actions: assign({ probe: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => rejectionMessage(event.error, SCOPE_IMPERSONATION_FAILED_MESSAGE),
          }),
        },
      },
    },
    failed: {
      on: {
        'scopes.change': { target: 'choosing', actions: ['setScopes', 'clearOutcome'] },
        'impersonation.retry': 'probing',
      },
    },
    started: { type: 'final' },
  },
});
