import { assign, emit, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/** The resource a playbook runs on (PB-08 and PB-09 send its id as `{kind}_id`). */
export interface RunResource {
  kind: 'config' | 'component' | 'check';
  id: string;
}

/** A parameter as the machine sees it: a name. The rules know the rest. */
export interface RunParameter {
  readonly name: string;
}

/** What the form holds for a parameter: a checkbox's boolean, text for the rest. */
export type RunValue = string | boolean;
export type RunValues = Record<string, RunValue>;

/**
 * The parameter rules of the console (src/features/playbooks/model/parameters.ts
 * `parameterRules`): the defaults the form starts with, the message of each field that fails,
 * and the `params` PB-09 sends. They reach the machine as the named actions of
 * `runParameterActions(rules)`, supplied with `provide`; the context holds their results only.
 */
export interface RunParameterRules<P extends RunParameter = RunParameter> {
  defaults(parameters: readonly P[]): RunValues;
  validate(parameters: readonly P[], values: RunValues): Record<string, string>;
  toParams(parameters: readonly P[], values: RunValues): Record<string, string>;
  /** The form's values for the `params` an earlier run was sent (those the parameters have). */
  fromParams(parameters: readonly P[], params: Readonly<Record<string, string>>): RunValues;
}

export interface RunPlaybookInput {
  /** The playbook to run; Run is refused while it is empty. */
  playbookId: string;
  /** Whether the playbook runs on a resource (its spec has resource selectors). */
  needsResource: boolean;
  /** A resource chosen before the dialog opened (the Playbooks menu of a check, config, …). */
  resource?: RunResource;
  /**
   * The `params` of an earlier run to start the form from (Resubmit), over the defaults, for the
   * resource given; choosing another resource starts from the defaults.
   */
  initialParams?: Readonly<Record<string, string>>;
}

/** What the `loadParameters` actor is given (PB-08). */
export interface LoadParametersInput {
  playbookId: string;
  resource?: RunResource;
}

/** What the `runPlaybook` actor is given (PB-09). */
export interface StartRunInput {
  playbookId: string;
  resource?: RunResource;
  params: Record<string, string>;
}

export interface RunPlaybookContext {
  playbookId: string;
  needsResource: boolean;
  resource: RunResource | undefined;
  /** The parameters resolved for the resource (PB-08). */
  parameters: RunParameter[];
  /** An earlier run's `params` the form starts from (until another resource is chosen). */
  initialParams: Readonly<Record<string, string>> | undefined;
  values: RunValues;
  /** Every field that fails, by name (shown once touched, or after a Run). */
  errors: Record<string, string>;
  /** The `params` PB-09 sends for the values. */
  params: Record<string, string>;
  /** Fields changed or left by the user. */
  touched: Record<string, boolean>;
  /** Run was pressed: every error shows. */
  submitted: boolean;
  /** Why the parameters could not be read (retryable). */
  loadError: string | undefined;
  /** Why the last run failed, in the server's words; values are kept. */
  failure: string | undefined;
  /** The started run (`done`). */
  runId: string | undefined;
}

export type RunPlaybookEvent =
  | { type: 'resource.select'; resource: RunResource }
  | { type: 'parameters.retry' }
  | { type: 'field.set'; name: string; value: RunValue }
  | { type: 'field.touch'; name: string }
  | { type: 'run' };

export type RunPlaybookEmitted =
  /** The run started: the dialog goes to `playbookRunPath(runId)`. */
  | { type: 'run.started'; runId: string }
  /** PB-09 failed; the console's toast already says why (the endpoint's outcome). */
  | { type: 'run.failed'; message: string };

/** Spec 002 §5.5, word for word. */
export const RUN_PLAYBOOK_MESSAGES = {
  chooseResource: 'Please select a resource to see the parameters.',
  forbidden: 'You do not have permission to run this playbook on this resource.',
  generic: 'An error occurred',
} as const;

/** The message of whatever an actor rejected with. */
export function runFailureMessage(error: unknown): string {
  return rejectionMessage(error, RUN_PLAYBOOK_MESSAGES.generic);
}

/** A 403 from PB-08: the user may not run the playbook (on this resource). */
export function isForbidden(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 403
  );
}

/**
 * Whether Run may be pressed (spec 002 §5.5): the form is valid, the playbook id is present,
 * and a resource is chosen when the playbook needs one. (No run is pending: only `editing`
 * takes `run`.)
 */
export function canRun(
  context: Pick<RunPlaybookContext, 'playbookId' | 'needsResource' | 'resource' | 'errors'>,
): boolean {
  return (
    context.playbookId.trim() !== '' &&
    (!context.needsResource || context.resource !== undefined) &&
    Object.keys(context.errors).length === 0
  );
}

/** The messages to show now: those of touched fields, or all after a Run. */
export function visibleErrors(
  context: Pick<RunPlaybookContext, 'errors' | 'touched' | 'submitted'>,
): Record<string, string> {
  if (context.submitted) return context.errors;
  return Object.fromEntries(
    Object.entries(context.errors).filter(([name]) => context.touched[name]),
  );
}

function notProvided(name: string, kind = 'actor'): never {
  throw new Error(`runPlaybook: provide the ${name} ${kind}`);
}

/** An action on the machine's context that takes no params. */
const assignContext = assign<
  RunPlaybookContext,
  RunPlaybookEvent,
  undefined,
  RunPlaybookEvent,
  never
>;

/**
 * The named actions that apply the parameter rules, for `runPlaybookMachine.provide({ actions })`:
 * `applyDefaults` sets the values the form starts with; `applyInitialParams` puts an earlier
 * run's values over them; `checkValues` sets `errors` and `params` for the current values.
 */
export function runParameterActions(rules: RunParameterRules) {
  return {
    applyDefaults: assignContext(({ context }) => ({
      values: rules.defaults(context.parameters),
    })),
    applyInitialParams: assignContext(({ context }) => ({
      values: {
        ...context.values,
        ...rules.fromParams(context.parameters, context.initialParams ?? {}),
      },
    })),
    checkValues: assignContext(({ context }) => ({
      errors: rules.validate(context.parameters, context.values),
      params: rules.toParams(context.parameters, context.values),
    })),
  };
}

/** The form before its parameters load: at the start, and again when another resource is chosen. */
function emptyForm(): Omit<
  RunPlaybookContext,
  'playbookId' | 'needsResource' | 'resource' | 'initialParams' | 'runId'
> {
  return {
    parameters: [],
    values: {},
    errors: {},
    params: {},
    touched: {},
    submitted: false,
    loadError: undefined,
    failure: undefined,
  };
}

function initialContext(input: RunPlaybookInput): RunPlaybookContext {
  return {
    playbookId: input.playbookId,
    needsResource: input.needsResource,
    resource: input.resource,
    initialParams: input.initialParams,
    ...emptyForm(),
    runId: undefined,
  };
}

/**
 * Run a playbook (spec 002 §2.6, §4.5, §5.5; api.md PB-08, PB-09):
 *
 * - `choosingResource`: the playbook runs on a resource and none is chosen; the dialog shows
 *   `RUN_PLAYBOOK_MESSAGES.chooseResource`. `resource.select` chooses one.
 * - `loadingParameters`: the `loadParameters` actor asks for the parameters resolved for the
 *   resource. A 403 goes to `forbidden` (the user may not run it); any other failure to
 *   `loadFailed` with `loadError`, where `parameters.retry` asks again.
 * - `editing`: the defaults were applied when the parameters loaded, with an earlier run's
 *   values over them when the input gave `initialParams` (Resubmit); `field.set` changes a
 *   value (and touches it), `field.touch` marks a field left; `errors` is always up to date.
 *   `run` starts the run when `canRun`, else marks the form submitted so every error shows.
 *   `editing.failed` is editing after a failed run, with `failure`; the values are kept.
 * - `submitting`: the `runPlaybook` actor sends PB-09 with the rules' `params`.
 * - `done` (final): `run.started` with the run id was emitted.
 *
 * Choosing another resource (when the playbook needs one) reloads the parameters and starts
 * again from their defaults (an earlier run's values are dropped), from any state but
 * `submitting` and `done`.
 * The console supplies the actors and the parameter rules (`runParameterActions`) with
 * `provide`.
 */
export const runPlaybookMachine = setup({
  types: {
    input: {} as RunPlaybookInput,
    context: {} as RunPlaybookContext,
    events: {} as RunPlaybookEvent,
    emitted: {} as RunPlaybookEmitted,
    output: {} as { runId: string },
  },
  actors: {
    loadParameters: fromPromise<RunParameter[], LoadParametersInput>(async () =>
      notProvided('loadParameters'),
    ),
    runPlaybook: fromPromise<{ run_id: string }, StartRunInput>(async () =>
      notProvided('runPlaybook'),
    ),
  },
  guards: {
    resourceMissing: ({ context }) => context.needsResource && context.resource === undefined,
    resourceChoosable: ({ context }) => context.needsResource,
    forbidden: (_, params: { error: unknown }) => isForbidden(params.error),
    runnable: ({ context }) => canRun(context),
    prefilled: ({ context }) => context.initialParams !== undefined,
  },
  actions: {
    chooseResource: assign((_, params: { resource: RunResource }) => ({
      resource: params.resource,
      initialParams: undefined,
      ...emptyForm(),
    })),
    applyParameters: assign((_, params: { parameters: RunParameter[] }) => ({
      parameters: params.parameters,
      touched: {},
      submitted: false,
      loadError: undefined,
      failure: undefined,
    })),
    /** The rules' defaults for the parameters (supplied with `runParameterActions`). */
    applyDefaults: (_, _params: undefined) => notProvided('applyDefaults', 'action'),
    /** An earlier run's values over the defaults (supplied with `runParameterActions`). */
    applyInitialParams: (_, _params: undefined) => notProvided('applyInitialParams', 'action'),
    /** The rules' errors and params for the values (supplied with `runParameterActions`). */
    checkValues: (_, _params: undefined) => notProvided('checkValues', 'action'),
    recordLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    setField: assign(({ context }, params: { name: string; value: RunValue }) => ({
      values: { ...context.values, [params.name]: params.value },
      touched: { ...context.touched, [params.name]: true },
    })),
    touchField: assign(({ context }, params: { name: string }) => ({
      touched: { ...context.touched, [params.name]: true },
    })),
    markSubmitted: assign({ submitted: true }),
    startRun: assign({ submitted: true, failure: undefined }),
    recordRun: assign((_, params: { runId: string }) => ({ runId: params.runId })),
    recordFailure: assign((_, params: { message: string }) => ({ failure: params.message })),
    announceRun: emit((_, params: { runId: string }) => ({
      type: 'run.started' as const,
      runId: params.runId,
    })),
    announceFailure: emit((_, params: { message: string }) => ({
      type: 'run.failed' as const,
      message: params.message,
    })),
  },
}).createMachine({
  id: 'runPlaybook',
  initial: 'start',
  context: ({ input }) => initialContext(input),
  output: ({ context }) => ({ runId: context.runId ?? '' }),
  states: {
    start: {
      always: [
        { guard: 'resourceMissing', target: 'choosingResource' },
        { target: 'loadingParameters' },
      ],
    },
    choosingResource: {
      on: {
        'resource.select': {
          target: 'loadingParameters',
          actions: {
            type: 'chooseResource',
            params: ({ event }) => ({ resource: event.resource }),
          },
        },
      },
    },
    loadingParameters: {
      on: {
        'resource.select': {
          guard: 'resourceChoosable',
          target: 'loadingParameters',
          reenter: true,
          actions: {
            type: 'chooseResource',
            params: ({ event }) => ({ resource: event.resource }),
          },
        },
      },
      invoke: {
        id: 'loadParameters',
        src: 'loadParameters',
        input: ({ context }) => ({ playbookId: context.playbookId, resource: context.resource }),
        onDone: [
          {
            guard: 'prefilled',
            target: 'editing',
            actions: [
              { type: 'applyParameters', params: ({ event }) => ({ parameters: event.output }) },
              'applyDefaults',
              'applyInitialParams',
              'checkValues',
            ],
          },
          {
            target: 'editing',
            actions: [
              { type: 'applyParameters', params: ({ event }) => ({ parameters: event.output }) },
              'applyDefaults',
              'checkValues',
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'forbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'forbidden',
          },
          {
            target: 'loadFailed',
            actions: {
              type: 'recordLoadError',
              params: ({ event }) => ({ message: runFailureMessage(event.error) }),
            },
          },
        ],
      },
    },
    loadFailed: {
      on: {
        'parameters.retry': 'loadingParameters',
        'resource.select': {
          guard: 'resourceChoosable',
          target: 'loadingParameters',
          actions: {
            type: 'chooseResource',
            params: ({ event }) => ({ resource: event.resource }),
          },
        },
      },
    },
    forbidden: {
      on: {
        'resource.select': {
          guard: 'resourceChoosable',
          target: 'loadingParameters',
          actions: {
            type: 'chooseResource',
            params: ({ event }) => ({ resource: event.resource }),
          },
        },
      },
    },
    editing: {
      initial: 'ready',
      on: {
        'resource.select': {
          guard: 'resourceChoosable',
          target: 'loadingParameters',
          actions: {
            type: 'chooseResource',
            params: ({ event }) => ({ resource: event.resource }),
          },
        },
        'field.set': {
          actions: [
            {
              type: 'setField',
              params: ({ event }) => ({ name: event.name, value: event.value }),
            },
            'checkValues',
          ],
        },
        'field.touch': {
          actions: { type: 'touchField', params: ({ event }) => ({ name: event.name }) },
        },
        run: [
          { guard: 'runnable', target: 'submitting', actions: 'startRun' },
          { actions: 'markSubmitted' },
        ],
      },
      states: {
        ready: {},
        failed: {},
      },
    },
    submitting: {
      invoke: {
        id: 'runPlaybook',
        src: 'runPlaybook',
        input: ({ context }) => ({
          playbookId: context.playbookId,
          resource: context.resource,
          params: context.params,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'recordRun', params: ({ event }) => ({ runId: event.output.run_id }) },
            { type: 'announceRun', params: ({ event }) => ({ runId: event.output.run_id }) },
          ],
        },
        onError: {
          target: 'editing.failed',
          actions: [
            {
              type: 'recordFailure',
              params: ({ event }) => ({ message: runFailureMessage(event.error) }),
            },
            {
              type: 'announceFailure',
              params: ({ event }) => ({ message: runFailureMessage(event.error) }),
            },
          ],
        },
      },
    },
    done: { type: 'final' },
  },
});
