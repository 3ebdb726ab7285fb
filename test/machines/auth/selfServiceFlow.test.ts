import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type {
  CreateFlowInput,
  FlowDestination,
  GetFlowInput,
  SelfServiceFlow,
  SelfServiceFlowContext,
  SelfServiceFlowInput,
  SubmitFlowInput,
  SubmitFlowOutput,
} from '../../../machines/auth/selfServiceFlow';
import {
  FLOW_NOTICES,
  MAX_RESTARTS,
  MESSAGE_LIFETIME_MS,
  selfServiceFlowMachine,
} from '../../../machines/auth/selfServiceFlow';
import { ERROR_MESSAGES, httpError, networkError, timeoutError } from '../../../src/api/errors';
import {
  errorEnvelope,
  errors,
  loginFlow,
  loginSuccess,
  recoveryFlow,
  settingsFlow,
  texts,
} from '../../support/kratosFixtures';
import type { MachineCoverage } from '../../support/machineCoverage';
import { inertMachine } from '../../support/machineReplay';
import {
  coverageRecorder,
  emptyCoverage,
  expectFullCoverage,
  transitionKeys,
  writeCoverageFile,
} from '../../support/machineCoverage';

// --- failures as the console's request layer rejects them (ApiError) ---------------------

const failures = {
  validation: () =>
    httpError(
      400,
      loginFlow({ identifier: 'admin@local', messages: [texts.invalidCredentials()] }),
    ),
  aal2WithRedirect: () =>
    httpError(
      403,
      errorEnvelope(403, {
        id: 'session_aal2_required',
        extra: {
          redirect_browser_to: 'http://localhost/api/.ory/self-service/login/browser?aal=aal2',
        },
      }),
    ),
  aal2: () => httpError(403, errorEnvelope(403, { id: 'session_aal2_required' })),
  alreadySignedIn: () => httpError(400, errors.alreadySignedIn()),
  refreshRequired: () => httpError(403, errors.refreshRequired('settings-flow-1')),
  inactive: () => httpError(401, errors.sessionInactive()),
  aal1Required: () => httpError(401, errorEnvelope(401, { id: 'session_aal1_required' })),
  locationChange: () => httpError(422, errors.secondFactorNeeded('http://localhost/health')),
  returnToForbidden: () => httpError(400, errors.returnToForbidden('https://evil.example/')),
  expiredWithReplacement: () => httpError(410, errors.expiredOnUpdate('flow-new')),
  expired: () => httpError(410, errors.expiredOnGet('login')),
  csrf: () => httpError(403, errors.csrf()),
  identityMismatch: () => httpError(403, errorEnvelope(403, { id: 'security_identity_mismatch' })),
  replaced: () =>
    httpError(
      410,
      errorEnvelope(410, { id: 'self_service_flow_replaced', extra: { use_flow_id: 'flow-new' } }),
    ),
  gone: () => httpError(410, errorEnvelope(410)),
  notFound: () => httpError(404, errors.notFound()),
  timeout: () => timeoutError(),
  network: () => networkError(),
  serverError: () => httpError(500, errorEnvelope(500, { reason: 'database is down' })),
};

const flowA = loginFlow({ id: 'flow-a' });
const flowWithMessages = settingsFlow({
  id: 'flow-a',
  state: 'success',
  messages: [texts.changesSaved()],
});
const toSettings = {
  ...recoveryFlow({ id: 'flow-a', state: 'passed_challenge' }),
  continue_with: [{ action: 'show_settings_ui', flow: { id: 'settings-flow-9', url: '' } }],
} as SelfServiceFlow;

// --- model-based coverage -----------------------------------------------------------------

const done = (id: string, output: unknown): AnyEventObject => ({
  type: `xstate.done.actor.${id}`,
  output,
  actorId: id,
});
const failed = (id: string, error: unknown): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error,
  actorId: id,
});
const AFTER_MESSAGE_LIFETIME = 'xstate.after.messageLifetime.selfServiceFlow.ready';

/** One failure per reaction of the machine (the behavioural tests below try the variants). */
const REACTION_FAILURES = [
  failures.validation(),
  failures.aal2WithRedirect(),
  failures.aal2(),
  failures.alreadySignedIn(),
  failures.refreshRequired(),
  failures.inactive(),
  failures.locationChange(),
  failures.returnToForbidden(),
  failures.expiredWithReplacement(),
  failures.csrf(),
  failures.identityMismatch(),
  failures.gone(),
  failures.notFound(),
  failures.timeout(),
];

function failureEvents(actorId: string): AnyEventObject[] {
  return REACTION_FAILURES.map((failure) => failed(actorId, failure));
}

/** What can happen in each state: the actors' answers and the user's actions. */
function eventsFor(value: unknown): AnyEventObject[] {
  switch (value) {
    case 'creating':
      return [done('createFlow', flowA), ...failureEvents('createFlow')];
    case 'fetching':
      return [done('getFlow', flowA), ...failureEvents('getFlow')];
    case 'ready':
      return [
        { type: 'flow.change', name: 'identifier', value: 'admin@local' },
        { type: 'flow.submit', trigger: { group: 'password', name: 'method', value: 'password' } },
        { type: AFTER_MESSAGE_LIFETIME },
      ];
    case 'submitting':
      return [
        done('submitFlow', loginSuccess()),
        done('submitFlow', flowWithMessages),
        done('submitFlow', toSettings),
        ...failureEvents('submitFlow'),
      ];
    case 'failed':
      return [{ type: 'flow.retry' }];
    default:
      return [];
  }
}

/**
 * A vertex of the graph: the state and what in the context steers the machine (whether there
 * is a flow and whether it or a notice has messages to clear, whether a flow id waits to be
 * fetched, the restarts so far, a pending auto-submit).
 */
function serializeState(snapshot: { value: unknown; context: unknown }): string {
  const context = snapshot.context as SelfServiceFlowContext;
  return JSON.stringify([
    snapshot.value,
    context.flow ? (context.flow.ui.messages?.length ?? 0) > 0 : null,
    context.notice !== undefined,
    context.flowId !== undefined,
    context.restarts,
    context.autoSubmit !== undefined,
  ]);
}

/** Login (a flow id to fetch comes from a 410's `use_flow_id`), auto-submit, settings. */
const TRAVERSAL_INPUTS: SelfServiceFlowInput[] = [
  { kind: 'login', returnTo: '/health' },
  { kind: 'login', autoSubmit: { identifier: 'admin@local', password: 'admin' } },
  { kind: 'settings' },
];

/**
 * The production machine as the graph sees it: it takes any event, the actors' done and error
 * events included.
 */
const model: AnyStateMachine = selfServiceFlowMachine;

/** Never-settling actors: in a replay only the generated events move the machine. */
const inert: AnyStateMachine = inertMachine(selfServiceFlowMachine, [
  'createFlow',
  'getFlow',
  'submitFlow',
]);

interface Coverage extends MachineCoverage {
  edges: number;
}

/** Replays a generated path on a real actor; its persisted snapshot, to branch from. */
function replayPath(input: SelfServiceFlowInput, events: AnyEventObject[], coverage: Coverage) {
  const actor = createActor(inert, { input, inspect: coverageRecorder(coverage) });
  actor.start();
  for (const event of events) actor.send(event);
  const snapshot = actor.getPersistedSnapshot();
  actor.stop();
  return snapshot;
}

/** Takes one edge from a path's end on a real actor; the vertex it lands on. */
function replayEdge(
  input: SelfServiceFlowInput,
  from: ReturnType<typeof replayPath>,
  event: AnyEventObject,
  coverage: Coverage,
): string {
  const actor = createActor(inert, { input, snapshot: from, inspect: coverageRecorder(coverage) });
  actor.start();
  actor.send(event);
  const vertex = serializeState(actor.getSnapshot());
  actor.stop();
  coverage.edges += 1;
  return vertex;
}

describe('selfServiceFlow: generated paths', () => {
  it('reach every state and every transition of the machine', () => {
    const coverage: Coverage = { ...emptyCoverage(), edges: 0 };

    for (const input of TRAVERSAL_INPUTS) {
      const paths = getShortestPaths(model, {
        input,
        events: (snapshot) => eventsFor(snapshot.value),
        serializeState: (snapshot) => serializeState(snapshot),
      });
      const vertices = new Set(paths.map((path) => serializeState(path.state)));
      for (const path of paths) {
        const steps = path.steps
          .map((step) => step.event)
          .filter((event) => event.type !== 'xstate.init');
        const end = replayPath(input, steps, coverage);
        // Every edge of the graph: the path to its source, then its event. The actor lands on
        // a vertex the traversal knows.
        for (const event of eventsFor(path.state.value)) {
          expect(vertices).toContain(replayEdge(input, end, event, coverage));
        }
      }
    }

    expect(coverage.edges).toBeGreaterThan(500);
    expectFullCoverage(selfServiceFlowMachine, coverage);
    expect(transitionKeys(selfServiceFlowMachine).length).toBeGreaterThan(30);
    writeCoverageFile(selfServiceFlowMachine, coverage);
  });
});

// --- runs with fake actors ------------------------------------------------------------------

interface Fakes {
  createFlow?: (input: CreateFlowInput) => Promise<SelfServiceFlow>;
  getFlow?: (input: GetFlowInput) => Promise<SelfServiceFlow>;
  submitFlow?: (input: SubmitFlowInput) => Promise<SubmitFlowOutput>;
}

/** Answers in turn; the last one repeats. Errors are rejected. */
function answers<T>(...results: Array<T | { reject: unknown }>) {
  let next = 0;
  return jest.fn(async () => {
    const result = results[Math.min(next, results.length - 1)];
    next += 1;
    if (typeof result === 'object' && result !== null && 'reject' in result) throw result.reject;
    return result as T;
  });
}

const reject = (error: unknown) => ({ reject: error });

const running: Array<{ stop: () => void }> = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

/** Starts the production machine with fake actors and recording effects. */
function run(input: SelfServiceFlowInput, fakes: Fakes) {
  const navigate = jest.fn<void, [FlowDestination]>();
  const redirect = jest.fn<void, [string]>();
  const syncUrl = jest.fn<void, [string]>();
  const createFlow = jest.fn(fakes.createFlow ?? (async () => flowA));
  const getFlow = jest.fn(fakes.getFlow ?? (async () => flowA));
  const submitFlow = jest.fn(fakes.submitFlow ?? (async () => loginSuccess() as SubmitFlowOutput));
  const logic = selfServiceFlowMachine.provide({
    actors: {
      createFlow: fromPromise<SelfServiceFlow, CreateFlowInput>(({ input: arg }) =>
        createFlow(arg),
      ),
      getFlow: fromPromise<SelfServiceFlow, GetFlowInput>(({ input: arg }) => getFlow(arg)),
      submitFlow: fromPromise<SubmitFlowOutput, SubmitFlowInput>(({ input: arg }) =>
        submitFlow(arg),
      ),
    },
    actions: {
      navigate: (_, destination) => navigate(destination),
      redirect: (_, { url }) => redirect(url),
      syncUrl: (_, { flowId }) => syncUrl(flowId),
    },
  });
  const actor = createActor(logic, { input });
  running.push(actor);
  actor.start();
  return { actor, navigate, redirect, syncUrl, createFlow, getFlow, submitFlow };
}

type Actor = ReturnType<typeof run>['actor'];

const ready = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.matches('ready'));
const stopped = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.status === 'done');

async function signIn(actor: Actor) {
  await ready(actor);
  actor.send({ type: 'flow.change', name: 'identifier', value: 'admin@local' });
  actor.send({ type: 'flow.change', name: 'password', value: 'secret' });
  actor.send({
    type: 'flow.submit',
    trigger: { group: 'password', name: 'method', value: 'password' },
  });
}

describe('selfServiceFlow: loading', () => {
  it('creates a flow with the page parameters and puts its id in the address', async () => {
    const { actor, createFlow, syncUrl } = run(
      { kind: 'login', returnTo: '/health', refresh: true, aal: 'aal2' },
      {},
    );
    await ready(actor);
    expect(createFlow).toHaveBeenCalledWith({
      kind: 'login',
      returnTo: '/health',
      refresh: true,
      aal: 'aal2',
    });
    expect(syncUrl).toHaveBeenCalledWith('flow-a');
    expect(actor.getSnapshot().context.values).toEqual({
      csrf_token: 'csrf-token-value',
      identifier: '',
      password: '',
    });
  });

  it('fetches the flow of ?flow= instead of creating one', async () => {
    const { actor, createFlow, getFlow } = run({ kind: 'settings', flowId: 'flow-a' }, {});
    await ready(actor);
    expect(getFlow).toHaveBeenCalledWith({ kind: 'settings', flowId: 'flow-a' });
    expect(createFlow).not.toHaveBeenCalled();
  });

  it('creates a new flow when ?flow= is unknown (404)', async () => {
    const { actor, getFlow, createFlow } = run(
      { kind: 'login', flowId: 'stale' },
      { getFlow: answers<SelfServiceFlow>(reject(failures.notFound())) },
    );
    await ready(actor);
    expect(getFlow).toHaveBeenCalledTimes(1);
    expect(createFlow).toHaveBeenCalledTimes(1);
  });

  it('restarts an expired flow it was asked to fetch', async () => {
    const { actor, createFlow } = run(
      { kind: 'login', flowId: 'old' },
      { getFlow: answers<SelfServiceFlow>(reject(failures.expired())) },
    );
    await ready(actor);
    expect(createFlow).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notice).toEqual({
      text: FLOW_NOTICES.expired,
      type: 'error',
    });
  });

  it.each([
    ['timeout', failures.timeout(), ERROR_MESSAGES.timeout],
    ['network failure', failures.network(), ERROR_MESSAGES.network],
    ['server error', failures.serverError(), 'database is down'],
  ])('shows why loading failed (%s) and retries on request', async (_name, error, message) => {
    const { actor, createFlow } = run(
      { kind: 'login' },
      { createFlow: answers<SelfServiceFlow>(reject(error), flowA) },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(message);
    actor.send({ type: 'flow.retry' });
    await ready(actor);
    expect(createFlow).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('says "No internet connection" when offline', async () => {
    Object.defineProperty(globalThis, 'navigator', {
      value: { onLine: false },
      configurable: true,
    });
    let offline: unknown;
    try {
      offline = networkError();
    } finally {
      Reflect.deleteProperty(globalThis, 'navigator');
    }
    const { actor } = run(
      { kind: 'login' },
      { createFlow: answers<SelfServiceFlow>(reject(offline)) },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(ERROR_MESSAGES.offline);
  });

  it('aborts the request when the flow is stopped', async () => {
    let signal: AbortSignal | undefined;
    const logic = selfServiceFlowMachine.provide({
      actors: {
        createFlow: fromPromise<SelfServiceFlow, CreateFlowInput>(({ signal: given }) => {
          signal = given;
          return new Promise(() => undefined);
        }),
      },
    });
    const actor = createActor(logic, { input: { kind: 'login' } });
    actor.start();
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });
});

describe('selfServiceFlow: submitting', () => {
  it('sends the fields of the clicked form with the CSRF token and the button', async () => {
    const { actor, submitFlow } = run({ kind: 'login' }, {});
    await signIn(actor);
    await stopped(actor);
    expect(submitFlow).toHaveBeenCalledWith({
      kind: 'login',
      flowId: 'flow-a',
      body: {
        csrf_token: 'csrf-token-value',
        identifier: 'admin@local',
        password: 'secret',
        method: 'password',
      },
    });
  });

  it.each([
    [{ returnTo: '/health' }, undefined, '/health'],
    [{}, 'http://localhost/catalog', 'http://localhost/catalog'],
    [{}, undefined, '/'],
  ])('goes to return_to after signing in (%j, flow %s)', async (extra, flowReturnTo, url) => {
    const flow = loginFlow({ id: 'flow-a', returnTo: flowReturnTo });
    const { actor, navigate } = run({ kind: 'login', ...extra }, { createFlow: async () => flow });
    await signIn(actor);
    await stopped(actor);
    expect(actor.getSnapshot().value).toBe('success');
    expect(navigate).toHaveBeenCalledWith({ to: 'returnTo', url });
  });

  it("replaces the flow with a 400's reply and keeps what was typed", async () => {
    const { actor } = run(
      { kind: 'login' },
      { submitFlow: answers<SubmitFlowOutput>(reject(failures.validation())) },
    );
    await signIn(actor);
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('ready') && snapshot.context.trigger !== undefined,
    );
    const { flow, values } = actor.getSnapshot().context;
    expect(flow?.ui.messages).toEqual([texts.invalidCredentials()]);
    expect(values).toEqual({
      csrf_token: 'csrf-token-value',
      identifier: 'admin@local',
      password: 'secret',
    });
  });

  it('shows the next step of a flow and drops typed passwords after success', async () => {
    const { actor } = run(
      { kind: 'settings' },
      {
        createFlow: async () => settingsFlow({ id: 'flow-a' }),
        submitFlow: async () =>
          settingsFlow({ id: 'flow-a', state: 'success', messages: [texts.changesSaved()] }),
      },
    );
    await ready(actor);
    actor.send({ type: 'flow.change', name: 'password', value: 'new-password' });
    actor.send({
      type: 'flow.submit',
      trigger: { group: 'password', name: 'method', value: 'password' },
    });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('ready') && snapshot.context.flow?.state === 'success',
    );
    expect(actor.getSnapshot().context.values.password).toBe('');
    expect(actor.getSnapshot().context.flow?.ui.messages).toEqual([texts.changesSaved()]);
  });

  it('opens the settings flow a recovery continues with', async () => {
    const { actor, navigate } = run(
      { kind: 'recovery' },
      {
        createFlow: async () => recoveryFlow({ id: 'flow-a' }),
        submitFlow: async () => toSettings,
      },
    );
    await ready(actor);
    actor.send({ type: 'flow.submit', trigger: { group: 'code', name: 'method', value: 'code' } });
    await stopped(actor);
    expect(navigate).toHaveBeenCalledWith({
      to: 'flow',
      kind: 'settings',
      flowId: 'settings-flow-9',
    });
  });

  it('keeps the form and shows the time-out message when the submit gets no answer', async () => {
    const { actor } = run(
      { kind: 'login' },
      { submitFlow: answers<SubmitFlowOutput>(reject(failures.timeout())) },
    );
    await signIn(actor);
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('ready') && snapshot.context.notice !== undefined,
    );
    expect(actor.getSnapshot().context.notice).toEqual({
      text: ERROR_MESSAGES.timeout,
      type: 'error',
    });
    expect(actor.getSnapshot().context.values.password).toBe('secret');
  });
});

describe('selfServiceFlow: reactions to flow errors (spec 000 §8)', () => {
  async function submitFailing(input: SelfServiceFlowInput, error: unknown, fakes: Fakes = {}) {
    const started = run(input, {
      ...fakes,
      submitFlow: answers<SubmitFlowOutput>(reject(error), loginSuccess()),
    });
    await signIn(started.actor);
    return started;
  }

  it('session_aal2_required: follows redirect_browser_to when given', async () => {
    const { actor, redirect } = await submitFailing(
      { kind: 'settings' },
      failures.aal2WithRedirect(),
    );
    await stopped(actor);
    expect(redirect).toHaveBeenCalledWith(
      'http://localhost/api/.ory/self-service/login/browser?aal=aal2',
    );
  });

  it('session_aal2_required: else signs in with aal2', async () => {
    const { actor, navigate } = await submitFailing({ kind: 'settings' }, failures.aal2());
    await stopped(actor);
    expect(navigate).toHaveBeenCalledWith({ to: 'login', aal: 'aal2' });
  });

  it('session_already_available: goes to /', async () => {
    const { actor, navigate } = run(
      { kind: 'login' },
      { createFlow: answers<SelfServiceFlow>(reject(failures.alreadySignedIn())) },
    );
    await stopped(actor);
    expect(navigate).toHaveBeenCalledWith({ to: 'home' });
  });

  it('session_refresh_required: signs in again with refresh', async () => {
    const { actor, navigate } = await submitFailing(
      { kind: 'settings' },
      failures.refreshRequired(),
    );
    await stopped(actor);
    expect(navigate).toHaveBeenCalledWith({ to: 'login', refresh: true });
  });

  it.each([
    ['session_inactive', failures.inactive()],
    ['session_aal1_required', failures.aal1Required()],
  ])('%s: goes to sign-in', async (_id, error) => {
    const { actor, navigate } = run(
      { kind: 'settings' },
      { createFlow: answers<SelfServiceFlow>(reject(error)) },
    );
    await stopped(actor);
    expect(navigate).toHaveBeenCalledWith({ to: 'login' });
  });

  it('browser_location_change_required: redirects', async () => {
    const { actor, redirect } = await submitFailing({ kind: 'login' }, failures.locationChange());
    await stopped(actor);
    expect(redirect).toHaveBeenCalledWith(
      'http://localhost/api/.ory/self-service/login/browser?aal=aal2&return_to=http%3A%2F%2Flocalhost%2Fhealth',
    );
  });

  it('self_service_flow_return_to_forbidden: says so and restarts without return_to', async () => {
    const { actor, createFlow } = run(
      { kind: 'login', returnTo: 'https://evil.example/' },
      { createFlow: answers<SelfServiceFlow>(reject(failures.returnToForbidden()), flowA) },
    );
    await ready(actor);
    expect(createFlow.mock.calls.map(([input]) => input.returnTo)).toEqual([
      'https://evil.example/',
      undefined,
    ]);
    expect(actor.getSnapshot().context.notice).toEqual({
      text: 'The return_to address is not allowed.',
      type: 'error',
    });
  });

  it('self_service_flow_expired: says so and continues with use_flow_id, keeping the input', async () => {
    const replacement = loginFlow({ id: 'flow-new', messages: [texts.loginExpired()] });
    const { actor, getFlow, syncUrl } = await submitFailing(
      { kind: 'login' },
      failures.expiredWithReplacement(),
      { getFlow: async () => replacement },
    );
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('ready') && snapshot.context.flow?.id === 'flow-new',
    );
    expect(getFlow).toHaveBeenCalledWith({ kind: 'login', flowId: 'flow-new' });
    expect(syncUrl).toHaveBeenLastCalledWith('flow-new');
    expect(actor.getSnapshot().context.notice).toEqual({
      text: 'Your interaction expired, please fill out the form again.',
      type: 'error',
    });
    expect(actor.getSnapshot().context.values.identifier).toBe('admin@local');
  });

  it('security_csrf_violation: says so and starts a new flow', async () => {
    const { actor, createFlow } = await submitFailing({ kind: 'login' }, failures.csrf(), {
      createFlow: answers<SelfServiceFlow>(flowA, loginFlow({ id: 'flow-b' })),
    });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('ready') && snapshot.context.flow?.id === 'flow-b',
    );
    expect(createFlow).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.notice).toEqual({
      text: 'A security violation was detected, please fill out the form again.',
      type: 'error',
    });
  });

  it('security_identity_mismatch: starts a new flow without a message', async () => {
    const { actor, createFlow } = await submitFailing(
      { kind: 'settings' },
      failures.identityMismatch(),
      {
        createFlow: answers<SelfServiceFlow>(flowA, loginFlow({ id: 'flow-b' })),
      },
    );
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('ready') && snapshot.context.flow?.id === 'flow-b',
    );
    expect(createFlow).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.notice).toBeUndefined();
  });

  it('410 without an id: continues with use_flow_id', async () => {
    const { actor, getFlow } = await submitFailing({ kind: 'login' }, failures.replaced(), {
      getFlow: async () => loginFlow({ id: 'flow-new' }),
    });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('ready') && snapshot.context.flow?.id === 'flow-new',
    );
    expect(getFlow).toHaveBeenCalledWith({ kind: 'login', flowId: 'flow-new' });
    expect(actor.getSnapshot().context.notice).toBeUndefined();
  });

  it('410 without a replacement: starts a new flow', async () => {
    const { actor, createFlow } = await submitFailing({ kind: 'login' }, failures.gone(), {
      createFlow: answers<SelfServiceFlow>(flowA, loginFlow({ id: 'flow-b' })),
    });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('ready') && snapshot.context.flow?.id === 'flow-b',
    );
    expect(createFlow).toHaveBeenCalledTimes(2);
  });

  it(`gives up after ${MAX_RESTARTS} restarts in a row`, async () => {
    const { actor, createFlow } = run(
      { kind: 'login' },
      { createFlow: answers<SelfServiceFlow>(reject(failures.gone())) },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(createFlow).toHaveBeenCalledTimes(MAX_RESTARTS + 1);
  });
});

describe('selfServiceFlow: auto-submit', () => {
  it('signs in with the credentials of the address once the flow loads', async () => {
    const { actor, submitFlow } = run(
      { kind: 'login', autoSubmit: { identifier: 'admin@local', password: 'admin' } },
      { submitFlow: answers<SubmitFlowOutput>(reject(failures.validation())) },
    );
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('ready') && snapshot.context.trigger !== undefined,
    );
    expect(submitFlow).toHaveBeenCalledTimes(1);
    expect(submitFlow.mock.calls[0]?.[0].body).toEqual({
      csrf_token: 'csrf-token-value',
      identifier: 'admin@local',
      password: 'admin',
      method: 'password',
    });
    expect(actor.getSnapshot().context.autoSubmit).toBeUndefined();
  });

  it('does not auto-submit a second-factor flow', async () => {
    const { actor, submitFlow } = run(
      { kind: 'login', aal: 'aal2', autoSubmit: { identifier: 'admin@local', password: 'admin' } },
      { createFlow: async () => loginFlow({ id: 'flow-a', aal: 'aal2' }) },
    );
    await ready(actor);
    expect(submitFlow).not.toHaveBeenCalled();
  });
});

describe('selfServiceFlow: settings messages', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it(`clears settings messages after ${MESSAGE_LIFETIME_MS / 1000} s`, async () => {
    const { actor } = run({ kind: 'settings' }, { createFlow: async () => flowWithMessages });
    await ready(actor);
    expect(actor.getSnapshot().context.flow?.ui.messages).toHaveLength(1);
    jest.advanceTimersByTime(MESSAGE_LIFETIME_MS - 1);
    expect(actor.getSnapshot().context.flow?.ui.messages).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.flow?.ui.messages).toEqual([]);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('clears a notice on the settings page too', async () => {
    const { actor } = run(
      { kind: 'settings' },
      { submitFlow: answers<SubmitFlowOutput>(reject(failures.network())) },
    );
    await signIn(actor);
    await waitFor(actor, (snapshot) => snapshot.context.notice !== undefined);
    jest.advanceTimersByTime(MESSAGE_LIFETIME_MS);
    expect(actor.getSnapshot().context.notice).toBeUndefined();
  });

  it('leaves messages of other flows in place', async () => {
    const { actor } = run({ kind: 'login' }, { createFlow: async () => flowWithMessages });
    await ready(actor);
    jest.advanceTimersByTime(MESSAGE_LIFETIME_MS * 2);
    expect(actor.getSnapshot().context.flow?.ui.messages).toHaveLength(1);
  });
});
