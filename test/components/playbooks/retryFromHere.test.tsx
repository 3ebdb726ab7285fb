/**
 * Retry from here: on the run page, a failed action of a failed run offers it to those who may
 * run playbooks; the run links the runs that retried it and the run it retries. The dialog is
 * driven along the `retryFromAction` machine's generated paths (machines/playbooks/
 * retryFromAction.ts), the server's answers to the retry chosen per path before it opens.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { retryFromActionMachine } from '../../../machines/playbooks/retryFromAction';
import { httpError } from '../../../src/api/errors';
import { RETRY_FROM_HERE, RetryFromHere } from '../../../src/features/playbooks/runs/RetryFromHere';
import { paths } from '../../../src/shell/paths';
import type { ViewCheck } from '../../support/driveDialog';
import { answersInTurn, driveDialogAlongPaths } from '../../support/driveDialog';
import type { MachinePath } from '../../support/machinePaths';
import { actorEvents, describeActorEvent } from '../../support/machineReplay';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import { pagesAt, renderPages } from '../../support/renderPages';
import {
  FAILED_ACTION,
  NEW_RUN,
  RUN_CHECK,
  RUN_DONE,
  failedRunActions,
  runsBackend,
} from './runsBackend';

jest.setTimeout(60_000);

const SLOW = { timeout: 10_000 };
const RUN_PAGES = pagesAt(paths.playbookRun.path);

/** The runs backend with the failed run's actions, answering retries as `answer` says. */
function retryBackend(answer: () => Promise<Answer | undefined> = async () => OK) {
  const backend = runsBackend();
  backend.actions.push(...failedRunActions());
  const retries: unknown[] = [];
  server.use(
    http.post('*/api/playbook/run/retry/:id', async ({ params, request }) => {
      retries.push({ runId: params.id, body: await request.json() });
      const given = (await answer()) ?? OK;
      return HttpResponse.json(given.body, { status: given.status });
    }),
  );
  return { ...backend, retries };
}

type Answer = { status: number; body: Record<string, unknown> };
const OK: Answer = { status: 201, body: { run_id: NEW_RUN, starts_at: '2030-01-01T00:00:00Z' } };

const ui = {
  detail: () => screen.findByRole('region', { name: 'Action apply-migrations' }, SLOW),
  retry: () => screen.queryByRole('button', { name: RETRY_FROM_HERE }),
  dialog: () => screen.queryByRole('dialog', { name: 'Retry from apply-migrations' }),
  summary: () => screen.findByRole('region', { name: 'Run' }, SLOW),
};

describe('Retry from here on the run page', () => {
  it('retries a failed run from its failed action and opens the new run', async () => {
    const backend = retryBackend();
    const { user, currentUrl } = renderPages(
      RUN_PAGES,
      `${paths.playbookRun.getHref(RUN_CHECK)}?action=${FAILED_ACTION}`,
      { roles: ['admin'] },
    );
    const detail = await ui.detail();
    await user.click(await within(detail).findByRole('button', { name: RETRY_FROM_HERE }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry from apply-migrations' });
    expect(dialog).toHaveTextContent(
      'It reuses the results of the actions before it: fetch-release, preflight.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(currentUrl()).toBe(paths.playbookRun.getHref(NEW_RUN)), SLOW);
    expect(backend.retries).toEqual([{ runId: RUN_CHECK, body: { action_id: FAILED_ACTION } }]);
  });

  it('shows the failed action when the address names none', async () => {
    retryBackend();
    renderPages(RUN_PAGES, paths.playbookRun.getHref(RUN_CHECK), { roles: ['admin'] });
    const detail = await ui.detail();
    expect(within(detail).getByRole('button', { name: RETRY_FROM_HERE })).toBeInTheDocument();
  });

  it('is not offered to a viewer', async () => {
    retryBackend();
    renderPages(RUN_PAGES, `${paths.playbookRun.getHref(RUN_CHECK)}?action=${FAILED_ACTION}`, {
      roles: ['viewer'],
    });
    const detail = await ui.detail();
    expect(within(detail).getByText('exit status 75')).toBeInTheDocument();
    expect(ui.retry()).toBeNull();
  });

  it('is not offered on an action that completed', async () => {
    retryBackend();
    renderPages(RUN_PAGES, `${paths.playbookRun.getHref(RUN_CHECK)}?action=c-check`, {
      roles: ['admin'],
    });
    await screen.findByRole('region', { name: 'Action preflight' }, SLOW);
    expect(ui.retry()).toBeNull();
  });

  it('links a failed run to the runs that retried it, and a retry to the run it retries', async () => {
    const backend = retryBackend();
    const retried = backend.runs.rows.find((run) => run.id === RUN_DONE)!;
    retried.retry_of = RUN_CHECK;
    retried.created_at = '2030-01-01T00:05:00Z';
    renderPages(RUN_PAGES, paths.playbookRun.getHref(RUN_CHECK), { roles: ['admin'] });
    const summary = await ui.summary();
    const later = await within(summary).findByText('Retried as', undefined, SLOW);
    expect(within(later.nextElementSibling as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      paths.playbookRun.getHref(RUN_DONE),
    );
  });

  it('names the run a retry retries', async () => {
    const backend = retryBackend();
    backend.runs.rows.find((run) => run.id === RUN_DONE)!.retry_of = RUN_CHECK;
    renderPages(RUN_PAGES, paths.playbookRun.getHref(RUN_DONE), { roles: ['admin'] });
    const summary = await ui.summary();
    const earlier = within(summary).getByText('Retry of');
    expect(within(earlier.nextElementSibling as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      paths.playbookRun.getHref(RUN_CHECK),
    );
    expect(within(summary).queryByText('Retried as')).toBeNull();
  });
});

type Snapshot = SnapshotFrom<typeof retryFromActionMachine>;
type Path = MachinePath<Snapshot>;
type AnsweredEvent = AnyEventObject & { answer: Answer };

const [RETRY_DONE, RETRY_ERROR] = actorEvents('startRetry');
const REFUSAL = 'not allowed to run this playbook';

const refused = (body: Record<string, unknown>): AnsweredEvent => ({
  type: RETRY_ERROR,
  error: httpError(403, body),
  answer: { status: 403, body },
});

function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'idle':
      return [{ type: 'retry.open' }];
    case 'confirming':
      return [{ type: 'retry.confirm' }, { type: 'retry.cancel' }];
    case 'retrying':
      return [
        { type: RETRY_DONE, output: OK.body, answer: OK },
        refused({ error: REFUSAL }),
        refused({}),
      ];
    default:
      return [];
  }
}

const key = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.error ?? null]);

function renderDialog(path: Path) {
  const answers = path.steps.flatMap(({ event }) => {
    const { answer } = event as Partial<AnsweredEvent>;
    return answer ? [answer] : [];
  });
  const backend = retryBackend(answersInTurn(answers));
  const rendered = renderApp(
    <RetryFromHere
      runId={RUN_CHECK}
      action={{ id: FAILED_ACTION, name: 'apply-migrations' }}
      reused={['fetch-release', 'preflight']}
    />,
    { url: paths.playbookRun.getHref(RUN_CHECK), userOptions: { delay: null } },
  );
  return { ...rendered, backend };
}

type Rendered = ReturnType<typeof renderDialog>;

const open: ViewCheck<typeof retryFromActionMachine, Rendered> = (_rendered, { state }) => {
  const dialog = ui.dialog();
  expect(dialog).not.toBeNull();
  const { error } = state.context;
  if (error) expect(dialog).toHaveTextContent(error);
  else expect(within(dialog!).queryByText('The run could not be retried')).toBeNull();
};

describe('Retry from here along the machine’s paths', () => {
  driveDialogAlongPaths(retryFromActionMachine, {
    input: { runId: RUN_CHECK, actionId: FAILED_ACTION },
    events: eventsFor,
    serializeState: key,
    transitions: true,
    locate: (snapshot) => String(snapshot.value),
    describeEvent: describeActorEvent,
    render: renderDialog,
    gestures: {
      'retry.open': async ({ user }) => user.click(ui.retry()!),
      'retry.confirm': async ({ user }) =>
        user.click(within(ui.dialog()!).getByRole('button', { name: 'Retry' })),
      'retry.cancel': async ({ user }) =>
        user.click(within(ui.dialog()!).getByRole('button', { name: 'Cancel' })),
    },
    expectState: {
      idle: ({ currentUrl }) => {
        expect(ui.dialog()).toBeNull();
        expect(currentUrl()).toBe(paths.playbookRun.getHref(RUN_CHECK));
      },
      confirming: (rendered, step) => {
        open(rendered, step);
        expect(within(ui.dialog()!).getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      retrying: (rendered, step) => {
        open(rendered, step);
        expect(within(ui.dialog()!).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
      started: ({ currentUrl }) => {
        expect(currentUrl()).toBe(paths.playbookRun.getHref(NEW_RUN));
      },
    },
    afterPath: async ({ backend }, path) => {
      const confirms = path.steps.filter(({ event }) => event.type === 'retry.confirm').length;
      await waitFor(() => expect(backend.retries).toHaveLength(confirms));
      for (const retry of backend.retries) {
        expect(retry).toEqual({ runId: RUN_CHECK, body: { action_id: FAILED_ACTION } });
      }
    },
  });
});
