/**
 * Run Selected driven along the `bulkRun` machine's generated paths
 * (machines/health/bulkRun.ts) by `driveDialogAlongPaths`: the user's Run and Cancel, and the
 * server's answers to each check's run (HEALTH-08). Each check always answers the same way
 * (passed, failed, an answer that says neither, refused, passed), the oldest run under way
 * first; an answer is released once the gesture before it in the path is done, and a run the
 * path does not answer is held, so the path's last state stays on screen.
 */
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AnyEventObject } from 'xstate';
import type { BulkRunOutcome } from '../../../machines/health/bulkRun';
import { bulkRunCounts, bulkRunMachine, runActorId } from '../../../machines/health/bulkRun';
import { httpError } from '../../../src/api/errors';
import {
  BulkRunDialog,
  STATUS_WORDS,
  progressText,
  summaryText,
} from '../../../src/features/health/bulk/BulkRunDialog';
import type { BulkRunSnapshot } from '../../support/bulkRunModel';
import { bulkRunEvents, bulkRunKey as key, oldestRunning } from '../../support/bulkRunModel';
import type { ViewCheck } from '../../support/driveDialog';
import { driveDialogAlongPaths, untilTestEnds } from '../../support/driveDialog';
import type { MachinePath } from '../../support/machinePaths';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';

jest.setTimeout(30_000);

type Snapshot = BulkRunSnapshot;
type Path = MachinePath<Snapshot>;

const CHECKS = ['c1', 'c2', 'c3', 'c4', 'c5'].map((id) => ({ id, name: `check ${id}` }));
const BUSY = 'canary runner is busy';

/** How the server answers each check's run: a status and a body. */
const ANSWERS: Record<string, { status: number; body: Record<string, unknown> }> = {
  c1: { status: 200, body: { pass: true } },
  c2: { status: 200, body: { pass: false, error: 'connection refused' } },
  c3: { status: 200, body: {} },
  c4: { status: 500, body: { error: BUSY } },
  c5: { status: 200, body: { total: 1, success: 1, failed: 0 } },
};

/** The same answers as the machine receives them. */
function answerEvent(checkId: string): AnyEventObject {
  const id = runActorId(checkId);
  const { status, body } = ANSWERS[checkId]!;
  if (status !== 200)
    return { type: `xstate.error.actor.${id}`, actorId: id, error: httpError(status, body) };
  const outcomes: Record<string, BulkRunOutcome> = {
    c1: { passed: true },
    c2: { passed: false, message: 'connection refused' },
    c3: { passed: null },
    c5: { passed: true },
  };
  return { type: `xstate.done.actor.${id}`, actorId: id, output: outcomes[checkId] };
}

const isAnswer = (event: AnyEventObject) => /^xstate\.(done|error)\.actor\./.test(event.type);
const answeredCheck = (event: AnyEventObject) => event.type.replace(/^.*\.actor\.run:/, '');

/** What can happen: Run, Cancel, and the answer of the oldest run under way. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const oldest = oldestRunning(snapshot);
  return bulkRunEvents(snapshot, oldest ? [answerEvent(oldest)] : []);
}

/** Opens once the gesture before an answer is done. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = () => resolve();
  });
  return { open: () => open(), opened };
}

function renderDialog(path: Path) {
  // The gesture each answer follows: 1 for Run, 2 for a Cancel after it.
  const after = new Map<string, number>();
  let gestures = 0;
  for (const { event } of path.steps) {
    if (event.type === 'bulk.start' || event.type === 'bulk.cancel') gestures += 1;
    else if (isAnswer(event)) after.set(answeredCheck(event), gestures);
  }
  const gates = [gate(), gate(), gate()];
  const runs: string[] = [];
  server.use(
    http.post('*/api/canary/run/check/:id', async ({ params }) => {
      const checkId = String(params.id);
      runs.push(checkId);
      const gesture = after.get(checkId);
      if (gesture === undefined) await untilTestEnds();
      else await gates[gesture]!.opened;
      const { status, body } = ANSWERS[checkId]!;
      return HttpResponse.json(body, { status });
    }),
  );
  const onClose = jest.fn();
  const rendered = renderApp(<BulkRunDialog checks={CHECKS} onClose={onClose} />, {
    url: '/health',
    user: { roles: ['responder'] },
    userOptions: { delay: null },
  });
  return { ...rendered, runs, gates, onClose };
}

type Rendered = ReturnType<typeof renderDialog>;

const ui = {
  dialog: () => screen.getByRole('dialog', { name: 'Run selected checks' }),
  /** A button of the dialog's footer (the header has a Close of its own). */
  button: (name: string | RegExp) =>
    within(ui.dialog().querySelector<HTMLElement>(`.${Classes.DIALOG_FOOTER}`)!).getByRole(
      'button',
      { name },
    ),
  status: () => within(ui.dialog()).getByRole('status'),
  rows: () =>
    within(within(ui.dialog()).getByRole('table', { name: 'Checks to run' }))
      .getAllByRole('row')
      .slice(1),
  cells: (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
};

/** Each check's row: its name, its status in words and its message. */
const expectRows: ViewCheck<typeof bulkRunMachine, Rendered> = (_rendered, { state }) => {
  expect(ui.rows().map(ui.cells)).toEqual(
    CHECKS.map((check) => {
      const result = state.context.results[check.id]!;
      return [check.name, STATUS_WORDS[result.status].text, result.message ?? ''];
    }),
  );
};

describe('Run selected along the machine’s paths', () => {
  driveDialogAlongPaths(bulkRunMachine, {
    input: { checks: CHECKS },
    events: eventsFor,
    serializeState: key,
    locate: (snapshot) => String(snapshot.value),
    describeEvent: (event) => (isAnswer(event) ? `answer:${answeredCheck(event)}` : event.type),
    render: renderDialog,
    gestures: {
      'bulk.start': async ({ user, gates }) => {
        await user.click(ui.button('Run 5 checks'));
        gates[1]!.open();
      },
      'bulk.cancel': async ({ user, gates }) => {
        await user.click(ui.button('Cancel'));
        gates[2]!.open();
      },
    },
    expectState: {
      ready: () => {
        expect(ui.dialog()).toHaveTextContent('5 checks will run now, at most 4 at a time.');
        expect(ui.rows().map(ui.cells)).toEqual(CHECKS.map((check) => [check.name]));
        expect(ui.button('Cancel')).toBeEnabled();
      },
      running: (rendered, step) => {
        expect(ui.status()).toHaveTextContent(progressText(step.state.context.results));
        expectRows(rendered, step);
        expect(ui.button('Cancel')).not.toHaveClass(Classes.LOADING);
      },
      cancelling: (rendered, step) => {
        const { running } = bulkRunCounts(step.state.context);
        expect(ui.status()).toHaveTextContent(
          `Cancelled: waiting for ${running} run${running === 1 ? '' : 's'} under way`,
        );
        expectRows(rendered, step);
        expect(ui.button('Cancel')).toHaveClass(Classes.LOADING);
      },
      done: (rendered, step) => {
        expect(within(ui.dialog()).getByRole('alert')).toHaveTextContent(
          `Results${summaryText(step.state.context.results)}`,
        );
        expect(ui.status()).toHaveTextContent('5 of 5 done');
        expectRows(rendered, step);
        expect(ui.button('Close')).toBeEnabled();
      },
    },
    afterPath: async ({ runs }, path) => {
      // One run asked for each check that started, never one that was skipped.
      const { results } = path.state.context;
      const started = CHECKS.filter(
        (check) => !['queued', 'skipped'].includes(results[check.id]!.status),
      ).map((check) => check.id);
      await waitFor(() => expect([...runs].sort()).toEqual(started));
    },
  });
});

describe('Run selected', () => {
  it('says what every check did once all answered, and closes', async () => {
    const events = [{ type: 'bulk.start' }, ...CHECKS.map((check) => answerEvent(check.id))];
    const { user, onClose, gates } = renderDialog({
      state: undefined as never,
      steps: events.map((event) => ({ event, state: undefined as never })),
    });
    await user.click(ui.button('Run 5 checks'));
    gates[1]!.open();
    expect(await within(ui.dialog()).findByRole('alert')).toHaveTextContent(
      '2 passed, 1 failed, 1 ran without a result, 1 could not run',
    );
    expect(ui.rows().map(ui.cells)).toEqual([
      ['check c1', 'Passed', ''],
      ['check c2', 'Failed', 'connection refused'],
      ['check c3', 'Ran', ''],
      ['check c4', 'Could not run', BUSY],
      ['check c5', 'Passed', ''],
    ]);
    await user.click(ui.button('Close'));
    expect(onClose).toHaveBeenCalled();
  });
});
