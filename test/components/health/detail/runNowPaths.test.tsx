/**
 * Run Now in the check dialog driven along the `runNow` machine's generated paths
 * (machines/health/runNow.ts) by `driveDialogAlongPaths`: the user's click on Run Now, and the
 * server's answers to the run (HEALTH-08) and to the check's reload (HEALTH-02) chosen per path
 * before the dialog opens; an answer the path does not give is held, so the path's last state
 * (a run or a reload under way) stays on screen.
 *
 * A vertex is the state, the failure shown and whether a run succeeded yet (the views reload
 * on each success the same way), so the shortest paths stay few; the reload that fails is added
 * as the one transition they leave out.
 */
import { Classes } from '@blueprintjs/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { runNowMachine } from '../../../../machines/health/runNow';
import { httpError } from '../../../../src/api/errors';
import { CheckDetailDialog } from '../../../../src/features/health/detail/CheckDetailDialog';
import { clearToasts } from '../../../../src/ui/toaster';
import type { MachinePath } from '../../../support/machinePaths';
import type { ViewCheck } from '../../../support/driveDialog';
import { answersInTurn, driveDialogAlongPaths, untilTestEnds } from '../../../support/driveDialog';
import { actorEvents, describeActorEvent } from '../../../support/machineReplay';
import { server } from '../../../support/msw';
import { renderApp } from '../../../support/renderApp';
import { CHECK_ID, checkBackend, checkFixture } from './checkBackend';

jest.mock('uplot', () => jest.requireActual('../../../support/uplotMock'));
jest.mock('../../../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => jest.requireActual('../../../support/monacoMock'));

jest.setTimeout(30_000);

type Snapshot = SnapshotFrom<typeof runNowMachine>;
type Path = MachinePath<Snapshot>;

/** How the server answers one request: a status and a body. */
type Answer = { status: number; body: Record<string, unknown> };
/** An actor's answer as the machine receives it, with the server's answer that causes it. */
type AnsweredEvent = AnyEventObject & { answer: Answer };

const [RUN_DONE, RUN_ERROR] = actorEvents('runCheck');
const [REFRESH_DONE, REFRESH_ERROR] = actorEvents('refreshCheck');

const BUSY = 'canary runner is busy';
const RELOAD_REASON = 'checks are unavailable';

const ran = (): AnsweredEvent => ({
  type: RUN_DONE,
  output: { id: CHECK_ID, pass: true, duration: 42 },
  answer: { status: 200, body: { id: CHECK_ID, pass: true, duration: 42 } },
});
/** A refused run, with the server's reason or with nothing readable. */
const refused = (body: Record<string, unknown>): AnsweredEvent => ({
  type: RUN_ERROR,
  error: httpError(500, body),
  answer: { status: 500, body },
});
const reloaded = (): AnsweredEvent => ({
  type: REFRESH_DONE,
  output: checkFixture(),
  answer: { status: 200, body: {} },
});
const reloadFailed = (): AnsweredEvent => ({
  type: REFRESH_ERROR,
  error: httpError(503, { message: RELOAD_REASON }),
  answer: { status: 503, body: { message: RELOAD_REASON } },
});

/** What the user and the server can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'idle':
      return [{ type: 'check.run' }];
    case 'running':
      return [ran(), refused({ error: BUSY }), refused({})];
    case 'refreshing':
      return [reloaded(), reloadFailed()];
    default:
      return [];
  }
}

/** A vertex: the state, the failure shown, whether a run succeeded yet. */
function key(snapshot: Snapshot): string {
  const { error, refreshCount } = snapshot.context;
  return JSON.stringify([snapshot.value, error ?? null, refreshCount > 0]);
}

/** The answers of the path, in order, per request: the runs and the reloads after a success. */
function planOf(path: Path) {
  const runs: Answer[] = [];
  const reloads: Answer[] = [];
  for (const { event } of path.steps) {
    const { answer } = event as Partial<AnsweredEvent>;
    if (!answer) continue;
    if (event.type === RUN_DONE || event.type === RUN_ERROR) runs.push(answer);
    else reloads.push(answer);
  }
  return { runs, reloads };
}

afterEach(async () => {
  await act(() => clearToasts());
});

/**
 * The dialog of a responder, its backend answering the runs and the reloads after each
 * successful run as the path says (and holding any other).
 */
function renderDialog(path: Path) {
  const { requests } = checkBackend();
  const plan = planOf(path);
  const run = answersInTurn(plan.runs);
  /** The answer given, or (none given: held until the test ends) the check and its run. */
  const reply = (given: Answer | undefined, ok: () => Response) =>
    given === undefined || given.status === 200
      ? ok()
      : HttpResponse.json(given.body, { status: given.status });
  let runsDone = 0;
  server.use(
    http.post('*/api/canary/run/check/:id', async () => {
      requests.runs.push(CHECK_ID);
      const response = reply(await run(), () =>
        HttpResponse.json({ id: CHECK_ID, pass: true, duration: 42 }),
      );
      if (response.status === 200) runsDone += 1;
      return response;
    }),
    // Before any run succeeded, the check loads; after the n-th success, its reload answers
    // as the path's n-th reload.
    http.get('*/api/db/checks', async () => {
      const ok = () => HttpResponse.json([checkFixture()]);
      if (runsDone === 0) return ok();
      const given = plan.reloads[runsDone - 1];
      if (given === undefined) await untilTestEnds();
      return reply(given, ok);
    }),
  );
  const rendered = renderApp(<CheckDetailDialog checkId={CHECK_ID} onClose={() => undefined} />, {
    url: `/health?checkId=${CHECK_ID}`,
    user: { roles: ['responder'] },
    userOptions: { delay: null },
  });
  return { ...rendered, requests };
}

type Rendered = ReturnType<typeof renderDialog>;

const ui = {
  dialog: () => screen.getByRole('dialog', { name: 'payments-api-health' }),
  runNow: () => within(ui.dialog()).getByRole('button', { name: /Run Now/ }),
  toast: (text: string) => screen.queryAllByText(text, { selector: `.${Classes.TOAST} *` }),
  loadError: () => within(ui.dialog()).queryByText('The check could not be loaded'),
};

/** A run or a reload under way: Run Now spins and cannot be pressed again. */
const busy: ViewCheck<typeof runNowMachine, Rendered> = () => {
  expect(ui.runNow()).toBeDisabled();
  expect(ui.runNow()).toHaveClass(Classes.LOADING);
};

describe('Run Now along the machine’s paths', () => {
  driveDialogAlongPaths(runNowMachine, {
    input: { checkId: CHECK_ID },
    events: eventsFor,
    serializeState: key,
    transitions: true,
    locate: (snapshot) => String(snapshot.value),
    describeEvent: (event) =>
      describeActorEvent(event) +
      (event.type === RUN_ERROR ? `(${(event.error as { message: string }).message})` : ''),
    render: renderDialog,
    gestures: { 'check.run': async ({ user }) => user.click(ui.runNow()) },
    expectState: {
      idle: (_rendered, { state, event }) => {
        expect(ui.runNow()).toBeEnabled();
        expect(ui.runNow()).not.toHaveClass(Classes.LOADING);
        const { error } = state.context;
        // A refused run says why in a toast; the reload that failed, in the dialog.
        if (event?.type === RUN_ERROR) {
          expect(error).toBe(event.error.message);
          expect(ui.toast(error!)).not.toHaveLength(0);
        }
        if (event?.type === REFRESH_ERROR) {
          expect(ui.loadError()).not.toBeNull();
          expect(ui.dialog()).toHaveTextContent(RELOAD_REASON);
        } else {
          expect(ui.loadError()).toBeNull();
        }
      },
      running: busy,
      refreshing: busy,
    },
    afterPath: async ({ requests }, path) => {
      // One run asked per click, for this check.
      const clicks = path.steps.filter(({ event }) => event.type === 'check.run').length;
      await waitFor(() => expect(requests.runs).toHaveLength(clicks));
    },
  });
});
