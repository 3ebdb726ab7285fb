import { assign, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/**
 * The options of the Add Integration wizard (spec 002 §2.3): the charts installed through
 * GitOps, and the records added directly from the console.
 */
export const GITOPS_OPTIONS = [
  'aws',
  'azure',
  'prometheus',
  'flux',
  'kubernetes',
  'mission-control',
] as const;
export type GitOpsOption = (typeof GITOPS_OPTIONS)[number];

export const DIRECT_OPTIONS = ['topology', 'scraper', 'log-backend'] as const;
export type DirectOption = (typeof DIRECT_OPTIONS)[number];

export type IntegrationOption = GitOpsOption | DirectOption;

export function isGitOpsOption(option: string): option is GitOpsOption {
  return (GITOPS_OPTIONS as readonly string[]).includes(option);
}

/**
 * Where the user can go to see what a direct option added (spec 002 §2.1): the catalog's
 * address for a Catalog Scraper, the topology for a Custom Topology. Set when the option is
 * picked; the console offers it once the record is saved.
 */
export const RETURN_TARGETS: Partial<Record<IntegrationOption, string>> = {
  scraper: '/config-db',
  topology: '/topology',
};

/** What a direct option saves: its kind and the form's values. */
export interface IntegrationSave {
  option: DirectOption;
  values: Record<string, unknown>;
}

export interface AddIntegrationContext {
  /** The chosen option, once chosen. */
  option: IntegrationOption | undefined;
  /** The return target of the chosen option (`RETURN_TARGETS`), if it has one. */
  returnTo: string | undefined;
  /** The values of the last submission (kept when it fails). */
  values: Record<string, unknown> | undefined;
  /** The server's reason for the last failed save. */
  error: string | undefined;
}

export type AddIntegrationEvent =
  | { type: 'option.pick'; option: IntegrationOption }
  /** A direct form's Save or Add, with its values. */
  | { type: 'form.submit'; values: Record<string, unknown> }
  /** Back to the tiles, forgetting the choice. */
  | { type: 'back' }
  | { type: 'close' };

/** Shown when a save fails with nothing readable. */
export const ADD_INTEGRATION_FAILED = 'An error occurred';

/** The message of whatever a save rejected with. */
export function saveFailureMessage(error: unknown): string {
  return rejectionMessage(error, ADD_INTEGRATION_FAILED);
}

function notProvided(name: string): never {
  throw new Error(`addIntegration: provide the ${name} actor`);
}

const forget = {
  target: '#addIntegration.choosing',
  actions: 'forgetOption',
} as const;

/**
 * The Add Integration wizard (spec 002 §2.3, §4.2):
 *
 * - `choosing`: the tiles; `option.pick` goes to `configuring` for a GitOps chart (the output
 *   is generated in the dialog, nothing is saved) or to `editing` for a direct form, noting
 *   the option's return target (`/config-db` for Catalog Scraper, `/topology` for Custom
 *   Topology).
 * - `editing`: `form.submit` invokes the `save` actor in `saving`; `done` (final, the
 *   `saved` effect refreshes the list and offers the return target) on success, else
 *   `failed` with the server's reason and
 *   the values kept; submitting again retries.
 * - `back` (anywhere but while saving) returns to `choosing` and forgets the choice; `close`
 *   ends in `closed`.
 */
export const addIntegrationMachine = setup({
  types: {
    context: {} as AddIntegrationContext,
    events: {} as AddIntegrationEvent,
  },
  actors: {
    save: fromPromise<unknown, IntegrationSave>(async () => notProvided('save')),
  },
  actions: {
    /**
     * Effect supplied by the console: refresh the list, and offer the return target if the
     * option has one (the dialog closes as the machine ends).
     */
    saved: (_, _params: { option: IntegrationOption; returnTo: string | undefined }) => undefined,
    chooseOption: assign((_, params: { option: IntegrationOption }) => ({
      option: params.option,
      returnTo: RETURN_TARGETS[params.option],
      values: undefined,
      error: undefined,
    })),
    forgetOption: assign({
      option: undefined,
      returnTo: undefined,
      values: undefined,
      error: undefined,
    }),
    keepValues: assign((_, params: { values: Record<string, unknown> }) => ({
      values: params.values,
    })),
    clearError: assign({ error: undefined }),
    recordError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
  guards: {
    isGitOps: (_, params: { option: IntegrationOption }) => isGitOpsOption(params.option),
  },
}).createMachine({
  id: 'addIntegration',
  initial: 'choosing',
  context: { option: undefined, returnTo: undefined, values: undefined, error: undefined },
  on: {
    close: '.closed',
  },
  states: {
    choosing: {
      on: {
        'option.pick': [
          {
            guard: { type: 'isGitOps', params: ({ event }) => ({ option: event.option }) },
            target: 'configuring',
            actions: { type: 'chooseOption', params: ({ event }) => ({ option: event.option }) },
          },
          {
            target: 'editing',
            actions: { type: 'chooseOption', params: ({ event }) => ({ option: event.option }) },
          },
        ],
      },
    },
    configuring: {
      on: { back: forget },
    },
    editing: {
      on: {
        'form.submit': {
          target: 'saving',
          actions: { type: 'keepValues', params: ({ event }) => ({ values: event.values }) },
        },
        back: forget,
      },
    },
    saving: {
      entry: 'clearError',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          option: context.option as DirectOption,
          values: context.values ?? {},
        }),
        onDone: {
          target: 'done',
          actions: {
            type: 'saved',
            params: ({ context }) => ({
              option: context.option as IntegrationOption,
              returnTo: context.returnTo,
            }),
          },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'recordError',
            params: ({ event }) => ({ message: saveFailureMessage(event.error) }),
          },
        },
      },
      // Closing while a save is under way waits for it.
      on: { close: {} },
    },
    /** A save failed: the form shows `error` with its values; submitting again retries. */
    failed: {
      on: {
        'form.submit': {
          target: 'saving',
          actions: { type: 'keepValues', params: ({ event }) => ({ values: event.values }) },
        },
        back: forget,
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
});
