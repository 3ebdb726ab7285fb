import { assign, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/** What a run captures for the viewer, and how much it logs. */
export interface ScrapeRunChoices {
  captureHAR: boolean;
  captureLogs: boolean;
  captureSnapshots: boolean;
  logLevel: 'info' | 'debug' | 'trace';
}

/** Everything captured, logged at `info`: what an operator checking a change wants to see. */
export const DEFAULT_SCRAPE_RUN_CHOICES: ScrapeRunChoices = {
  captureHAR: true,
  captureLogs: true,
  captureSnapshots: true,
  logLevel: 'info',
};

export interface RunScraperMachineInput {
  scraperId: string;
}

/** What the `runScraper` actor is given. */
export interface RunScraperActorInput extends ScrapeRunChoices {
  scraperId: string;
}

/** What the `runScraper` actor answers: the run's job_history row, when the backend names it. */
export interface RunScraperActorOutput {
  job_history_id?: string | null;
  status?: string | null;
}

export interface RunScraperContext {
  scraperId: string;
  choices: ScrapeRunChoices;
  /** The started run's job_history id, once the backend answered with it. */
  runId: string | undefined;
  /** Why the last attempt failed, in the user's words; cleared when one starts. */
  error: string | undefined;
}

export type RunScraperEvent =
  { type: 'choices.change'; choices: Partial<ScrapeRunChoices> } | { type: 'run.start' };

/** Said when a failure carries no message of its own. */
export const RUN_SCRAPER_FAILED = 'The scraper could not be run';
/** Said when the backend ran the scraper but named no run to show. */
export const RUN_NOT_RECORDED = 'The scraper started but its run was not recorded';

function notProvided(name: string): never {
  throw new Error(`runScraper: provide the ${name} actor`);
}

/**
 * Run a catalog scraper now and open what the run produced:
 *
 * - `choosing`: what to capture (HTTP traffic, logs, snapshots) and the log level;
 *   `run.start` asks for the run
 * - `running`: the `runScraper` actor posts the run (`POST /api/config/run/{id}`, in the
 *   background). An answer naming its run ends in `started`; a failure, or an answer without a
 *   run, goes to `failed` with the reason
 * - `failed`: the reason stays on screen with the choices; `run.start` tries again, changing a
 *   choice goes back to `choosing`
 * - `started` (final): `runId` is the run the console opens
 */
export const runScraperMachine = setup({
  types: {
    input: {} as RunScraperMachineInput,
    context: {} as RunScraperContext,
    events: {} as RunScraperEvent,
  },
  actors: {
    runScraper: fromPromise<RunScraperActorOutput, RunScraperActorInput>(async () =>
      notProvided('runScraper'),
    ),
  },
  actions: {
    applyChoices: assign(({ context, event }) =>
      event.type === 'choices.change'
        ? { choices: { ...context.choices, ...event.choices }, error: undefined }
        : {},
    ),
    clearError: assign({ error: undefined }),
    recordFailure: assign((_, params: { message: string }) => ({ error: params.message })),
    recordRun: assign((_, params: { runId: string }) => ({ runId: params.runId })),
  },
  guards: {
    namesRun: (_, params: { output: RunScraperActorOutput }) =>
      typeof params.output.job_history_id === 'string' && params.output.job_history_id !== '',
  },
}).createMachine({
  id: 'runScraper',
  initial: 'choosing',
  context: ({ input }) => ({
    scraperId: input.scraperId,
    choices: DEFAULT_SCRAPE_RUN_CHOICES,
    runId: undefined,
    error: undefined,
  }),
  states: {
    choosing: {
      on: {
        'choices.change': { actions: 'applyChoices' },
        'run.start': 'running',
      },
    },
    running: {
      entry: 'clearError',
      invoke: {
        id: 'runScraper',
        src: 'runScraper',
        input: ({ context }) => ({ scraperId: context.scraperId, ...context.choices }),
        onDone: [
          {
            guard: { type: 'namesRun', params: ({ event }) => ({ output: event.output }) },
            target: 'started',
            actions: {
              type: 'recordRun',
              params: ({ event }) => ({ runId: event.output.job_history_id as string }),
            },
          },
          {
            target: 'failed',
            actions: { type: 'recordFailure', params: { message: RUN_NOT_RECORDED } },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'recordFailure',
            params: ({ event }) => ({ message: rejectionMessage(event.error, RUN_SCRAPER_FAILED) }),
          },
        },
      },
    },
    failed: {
      on: {
        'choices.change': { target: 'choosing', actions: 'applyChoices' },
        'run.start': 'running',
      },
    },
    started: { type: 'final' },
  },
});
