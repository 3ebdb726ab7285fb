import type { EventObject } from 'xstate';
import { and, assign, fromPromise, or, setup } from 'xstate';
import type { FlowFailure } from './flowFailure';
import { readFailure } from './flowFailure';
import type {
  FlowDestination,
  FlowKind,
  FlowNotice,
  FlowValue,
  FlowValues,
  SelfServiceFlow,
  SubmitFlowOutput,
  SubmitTrigger,
} from './flowTypes';
import { buildBody, hasGroup, mergeTypedValues, initialValues } from './flowValues';

export type * from './flowTypes';

/** Credentials from the sign-in URL (`?username=&password=`), submitted as soon as the flow loads. */
export interface AutoSubmitCredentials {
  identifier: string;
  password: string;
}

export interface SelfServiceFlowInput {
  kind: FlowKind;
  /** `?flow=`: fetch this flow instead of creating one. */
  flowId?: string;
  /** `?return_to=`: sent when creating the flow; where success goes (default `/`). */
  returnTo?: string;
  /** Login: ask the signed-in user to confirm it is them. */
  refresh?: boolean;
  /** Login: `aal2` asks for the second factor. */
  aal?: string;
  /** Login: sign in with these at once. */
  autoSubmit?: AutoSubmitCredentials;
}

export interface CreateFlowInput {
  kind: FlowKind;
  returnTo?: string;
  refresh?: boolean;
  aal?: string;
}

export interface GetFlowInput {
  kind: FlowKind;
  flowId: string;
}

export interface SubmitFlowInput {
  kind: FlowKind;
  flowId: string;
  body: Record<string, unknown>;
}

export interface SelfServiceFlowContext {
  kind: FlowKind;
  /** The flow to fetch on the next (re)start; none means create one. */
  flowId: string | undefined;
  returnTo: string | undefined;
  refresh: boolean;
  aal: string | undefined;
  autoSubmit: AutoSubmitCredentials | undefined;
  /** The flow on screen. */
  flow: SelfServiceFlow | undefined;
  /** What the form holds: the flow's values and what the user typed. */
  values: FlowValues;
  /** The button of the submission under way. */
  trigger: SubmitTrigger | undefined;
  /** A sentence above the form that the flow does not carry (expired, CSRF, no answer...). */
  notice: FlowNotice | undefined;
  /** Why no flow could be loaded (state `failed`). */
  error: string | undefined;
  /** Restarts since a flow was last shown; more than `MAX_RESTARTS` in a row gives up. */
  restarts: number;
}

export type SelfServiceFlowEvent =
  | { type: 'flow.change'; name: string; value: FlowValue }
  | { type: 'flow.submit'; trigger: SubmitTrigger }
  | { type: 'flow.retry' };

/** Automatic restarts in a row before the machine stops and shows the error. */
export const MAX_RESTARTS = 3;

/** How long settings messages stay on screen. */
export const MESSAGE_LIFETIME_MS = 10_000;

/** The sentences of spec 000 §8 for the flow errors that restart the flow. */
export const FLOW_NOTICES = {
  returnToForbidden: 'The return_to address is not allowed.',
  expired: 'Your interaction expired, please fill out the form again.',
  csrf: 'A security violation was detected, please fill out the form again.',
} as const;

function notProvided(name: string): never {
  throw new Error(`The actor ${name} of selfServiceFlow is not provided`);
}

/** The failure carried by an `xstate.error.actor.*` event. */
function failureOf(event: EventObject): FlowFailure {
  return readFailure('error' in event ? event.error : undefined);
}

/** The output carried by an `xstate.done.actor.*` event. */
function outputOf(event: EventObject): unknown {
  return 'output' in event ? event.output : undefined;
}

function isFlow(value: unknown): value is SelfServiceFlow {
  return typeof value === 'object' && value !== null && 'ui' in value && 'id' in value;
}

/** `continue_with` of a recovery answer that opens the settings flow (kratos.md §1.4). */
function settingsFlowToContinue(value: unknown): string | undefined {
  if (!isFlow(value) || !('continue_with' in value) || !Array.isArray(value.continue_with)) {
    return undefined;
  }
  for (const item of value.continue_with) {
    if (item.action === 'show_settings_ui' && typeof item.flow?.id === 'string')
      return item.flow.id;
  }
  return undefined;
}

function messagesOf(flow: SelfServiceFlow | undefined): number {
  return flow?.ui.messages?.length ?? 0;
}

/**
 * Reactions to a failed call that are the same whether the flow was being created, fetched or
 * submitted (spec 000 §8, kratos.md §7.5). Each invoke ends the list with its own fallback.
 */
const flowErrorReactions = [
  {
    guard: and([{ type: 'hasErrorId', params: { id: 'session_aal2_required' } }, 'hasRedirect']),
    target: 'left',
    actions: {
      type: 'redirect',
      params: ({ event }: { event: EventObject }) => ({ url: failureOf(event).redirectTo ?? '' }),
    },
  },
  {
    guard: { type: 'hasErrorId', params: { id: 'session_aal2_required' } },
    target: 'left',
    actions: { type: 'navigate', params: { to: 'login', aal: 'aal2' } },
  },
  {
    guard: { type: 'hasErrorId', params: { id: 'session_already_available' } },
    target: 'left',
    actions: { type: 'navigate', params: { to: 'home' } },
  },
  {
    guard: { type: 'hasErrorId', params: { id: 'session_refresh_required' } },
    target: 'left',
    actions: { type: 'navigate', params: { to: 'login', refresh: true } },
  },
  {
    guard: or([
      { type: 'hasErrorId', params: { id: 'session_inactive' } },
      { type: 'hasErrorId', params: { id: 'session_aal1_required' } },
    ]),
    target: 'left',
    actions: { type: 'navigate', params: { to: 'login' } },
  },
  {
    guard: and([
      { type: 'hasErrorId', params: { id: 'browser_location_change_required' } },
      'hasRedirect',
    ]),
    target: 'left',
    actions: {
      type: 'redirect',
      params: ({ event }: { event: EventObject }) => ({ url: failureOf(event).redirectTo ?? '' }),
    },
  },
  {
    guard: and([
      { type: 'hasErrorId', params: { id: 'self_service_flow_return_to_forbidden' } },
      'canRestart',
    ]),
    target: 'start',
    actions: {
      type: 'restart',
      params: {
        notice: { text: FLOW_NOTICES.returnToForbidden, type: 'error' },
        dropReturnTo: true,
      },
    },
  },
  {
    guard: and([{ type: 'hasErrorId', params: { id: 'self_service_flow_expired' } }, 'canRestart']),
    target: 'start',
    actions: {
      type: 'restart',
      params: { notice: { text: FLOW_NOTICES.expired, type: 'error' } },
    },
  },
  {
    guard: and([{ type: 'hasErrorId', params: { id: 'security_csrf_violation' } }, 'canRestart']),
    target: 'start',
    actions: {
      type: 'restart',
      params: { notice: { text: FLOW_NOTICES.csrf, type: 'error' } },
    },
  },
  {
    guard: and([
      { type: 'hasErrorId', params: { id: 'security_identity_mismatch' } },
      'canRestart',
    ]),
    target: 'start',
    actions: { type: 'restart', params: {} },
  },
  {
    guard: and(['isGone', 'canRestart']),
    target: 'start',
    actions: { type: 'restart', params: {} },
  },
] as const;

/** An unknown flow id (a stale link, or a flow gone since): start a new flow while restarts are left. */
const restartWhenNotFound = {
  guard: and(['isNotFound', 'canRestart']),
  target: 'start',
  actions: { type: 'restart', params: {} },
} as const;

/**
 * One self-service flow of the identity service, for every flow kind: create it (or fetch it by
 * `?flow=`), show it, submit it, and react to every answer as spec 000 §4 and §8 say. Navigation,
 * redirects, the URL and the API calls are named here and supplied by the page with `provide`.
 */
export const selfServiceFlowMachine = setup({
  types: {
    context: {} as SelfServiceFlowContext,
    events: {} as SelfServiceFlowEvent,
    input: {} as SelfServiceFlowInput,
  },
  actors: {
    createFlow: fromPromise<SelfServiceFlow, CreateFlowInput>(async () =>
      notProvided('createFlow'),
    ),
    getFlow: fromPromise<SelfServiceFlow, GetFlowInput>(async () => notProvided('getFlow')),
    submitFlow: fromPromise<SubmitFlowOutput, SubmitFlowInput>(async () =>
      notProvided('submitFlow'),
    ),
  },
  actions: {
    /** Go to a console page (replacing the current history entry). */
    navigate: (_, _destination: FlowDestination) => undefined,
    /** Follow the identity service's `redirect_browser_to`. */
    redirect: (_, _params: { url: string }) => undefined,
    /** Put the flow id in the page's address (`?flow=`), so a reload continues the flow. */
    syncUrl: (_, _params: { flowId: string }) => undefined,

    acceptFlow: assign(({ context }, params: { flow: unknown; keepTyped: boolean }) => {
      if (!isFlow(params.flow)) return {};
      const nodes = params.flow.ui.nodes;
      return {
        flow: params.flow,
        flowId: params.flow.id,
        values: params.keepTyped ? mergeTypedValues(nodes, context.values) : initialValues(nodes),
        error: undefined,
      };
    }),
    acceptFailureFlow: assign(({ context, event }) => {
      const { flow } = failureOf(event);
      if (!flow) return {};
      return { flow, flowId: flow.id, values: mergeTypedValues(flow.ui.nodes, context.values) };
    }),
    restart: assign(
      ({ context, event }, params: { notice?: FlowNotice; dropReturnTo?: boolean }) => ({
        flowId: failureOf(event).useFlowId,
        flow: undefined,
        restarts: context.restarts + 1,
        notice: params.notice,
        returnTo: params.dropReturnTo ? undefined : context.returnTo,
      }),
    ),
    showFailure: assign(({ event }) => ({
      notice: { text: failureOf(event).message, type: 'error' as const },
    })),
    fail: assign(({ event }) => ({ error: failureOf(event).message, flow: undefined })),
    resetRestarts: assign({ restarts: 0 }),
    prepareRetry: assign({ error: undefined, restarts: 0 }),
    updateValue: assign(({ context, event }) => {
      if (event.type !== 'flow.change') return {};
      return { values: { ...context.values, [event.name]: event.value } };
    }),
    recordSubmit: assign(({ event }) => {
      if (event.type !== 'flow.submit') return {};
      return { trigger: event.trigger, notice: undefined };
    }),
    prepareAutoSubmit: assign(({ context }) => {
      const credentials = context.autoSubmit;
      if (!credentials) return {};
      return {
        values: {
          ...context.values,
          identifier: credentials.identifier,
          password: credentials.password,
        },
        trigger: { group: 'password', name: 'method', value: 'password' },
        autoSubmit: undefined,
        notice: undefined,
      };
    }),
    clearMessages: assign(({ context }) => {
      const { flow } = context;
      if (!flow) return { notice: undefined };
      return {
        flow: { ...flow, ui: { ...flow.ui, messages: [] } } as SelfServiceFlow,
        notice: undefined,
      };
    }),
  },
  guards: {
    hasFlowId: ({ context }) => context.flowId !== undefined,
    shouldAutoSubmit: ({ context }) =>
      context.kind === 'login' &&
      context.autoSubmit !== undefined &&
      context.flow !== undefined &&
      hasGroup(context.flow.ui.nodes, 'password'),
    hasMessagesToClear: ({ context }) =>
      context.kind === 'settings' && (messagesOf(context.flow) > 0 || context.notice !== undefined),
    canRestart: ({ context }) => context.restarts < MAX_RESTARTS,
    isValidationFlow: ({ event }) => {
      const failure = failureOf(event);
      return failure.status === 400 && failure.flow !== undefined;
    },
    hasErrorId: ({ event }, params: { id: string }) => failureOf(event).errorId === params.id,
    hasRedirect: ({ event }) => failureOf(event).redirectTo !== undefined,
    hasReplacementFlow: ({ event }) => failureOf(event).useFlowId !== undefined,
    isGone: ({ event }) => failureOf(event).status === 410,
    isNotFound: ({ event }) => failureOf(event).status === 404,
    continuesToSettings: ({ event }) => settingsFlowToContinue(outputOf(event)) !== undefined,
    answeredWithFlow: ({ event }) => isFlow(outputOf(event)),
  },
  delays: {
    messageLifetime: MESSAGE_LIFETIME_MS,
  },
}).createMachine({
  id: 'selfServiceFlow',
  context: ({ input }) => ({
    kind: input.kind,
    flowId: input.flowId || undefined,
    returnTo: input.returnTo || undefined,
    refresh: input.refresh ?? false,
    aal: input.aal || undefined,
    autoSubmit: input.autoSubmit,
    flow: undefined,
    values: {},
    trigger: undefined,
    notice: undefined,
    error: undefined,
    restarts: 0,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasFlowId', target: 'fetching' }, { target: 'creating' }],
    },
    creating: {
      invoke: {
        id: 'createFlow',
        src: 'createFlow',
        input: ({ context }) => ({
          kind: context.kind,
          returnTo: context.returnTo,
          refresh: context.refresh,
          aal: context.aal,
        }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'acceptFlow',
            params: ({ event }) => ({ flow: event.output, keepTyped: true }),
          },
        },
        onError: [...flowErrorReactions, { target: 'failed', actions: 'fail' }],
      },
    },
    fetching: {
      invoke: {
        id: 'getFlow',
        src: 'getFlow',
        input: ({ context }) => ({ kind: context.kind, flowId: context.flowId ?? '' }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'acceptFlow',
            params: ({ event }) => ({ flow: event.output, keepTyped: true }),
          },
        },
        onError: [
          restartWhenNotFound,
          ...flowErrorReactions,
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    ready: {
      entry: [
        'resetRestarts',
        { type: 'syncUrl', params: ({ context }) => ({ flowId: context.flow?.id ?? '' }) },
      ],
      always: {
        guard: 'shouldAutoSubmit',
        target: 'submitting',
        actions: 'prepareAutoSubmit',
      },
      after: {
        messageLifetime: { guard: 'hasMessagesToClear', actions: 'clearMessages' },
      },
      on: {
        'flow.change': { actions: 'updateValue' },
        'flow.submit': { target: 'submitting', actions: 'recordSubmit' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitFlow',
        src: 'submitFlow',
        input: ({ context }) => ({
          kind: context.kind,
          flowId: context.flow?.id ?? '',
          body: buildBody(
            context.flow?.ui.nodes ?? [],
            context.values,
            context.trigger ?? { group: 'default' },
          ),
        }),
        onDone: [
          {
            guard: 'continuesToSettings',
            target: 'left',
            actions: {
              type: 'navigate',
              params: ({ event }) => ({
                to: 'flow',
                kind: 'settings',
                flowId: settingsFlowToContinue(event.output) ?? '',
              }),
            },
          },
          {
            // Recovery, verification and settings answer with the flow's next step.
            guard: 'answeredWithFlow',
            target: 'ready',
            actions: {
              type: 'acceptFlow',
              params: ({ event }) => ({ flow: event.output, keepTyped: false }),
            },
          },
          // Login and registration answer with the session.
          { target: 'success' },
        ],
        onError: [
          { guard: 'isValidationFlow', target: 'ready', actions: 'acceptFailureFlow' },
          restartWhenNotFound,
          ...flowErrorReactions,
          // No answer, or one without a known reaction: the form stays as typed and the
          // reason is shown above it.
          { target: 'ready', actions: 'showFailure' },
        ],
      },
    },
    success: {
      type: 'final',
      entry: {
        type: 'navigate',
        params: ({ context }) => ({
          to: 'returnTo',
          url: context.returnTo ?? context.flow?.return_to ?? '/',
        }),
      },
    },
    left: {
      type: 'final',
    },
    failed: {
      on: {
        'flow.retry': { target: 'start', actions: 'prepareRetry' },
      },
    },
  },
});

export type SelfServiceFlowMachine = typeof selfServiceFlowMachine;
