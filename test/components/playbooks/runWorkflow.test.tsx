import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { paths } from '../../../src/shell/paths';
import { pagesAt, renderPages } from '../../support/renderPages';
import { server } from '../../support/msw';
import { minutesAgo } from '../../support/time';
import type { RunsBackend } from './runsBackend';
import { RUN_CHILD, RUN_DONE, RUN_LIVE, runsBackend } from './runsBackend';

jest.setTimeout(60_000);
const SLOW = { timeout: 10_000 };
/** Long enough for the page's next reading of a live run (every 5 s). */
const NEXT_POLL = { timeout: 15_000 };

const RUN_PAGES = pagesAt(paths.playbookRun.path);

const ACTION_NAMES = ['restart', 'probe', 'query', 'tail', 'notify', 'open-pr'];

const ui = {
  graph: () => screen.findByRole('region', { name: 'Run graph' }, SLOW),
  timeline: () => screen.findByRole('region', { name: 'Run timeline' }, SLOW),
  /** An action's node in the graph, found by how it reads (`name, Status, …`). */
  node: async (name: string, status = '') =>
    within(await ui.graph()).findByRole(
      'button',
      { name: new RegExp(`^${name}, ${status}`) },
      SLOW,
    ),
  view: (name: 'Graph' | 'Timeline') => screen.getByRole('radio', { name }),
  /** An action's or child run's track on the timeline. */
  track: async (name: string) =>
    within(await ui.timeline()).getByRole('img', { name: new RegExp(`^${name}: `) }),
  detail: (name: string) => screen.findByRole('region', { name: `Action ${name}` }, SLOW),
};

function renderRun(id: string, query = '', prepare?: (backend: RunsBackend) => void) {
  const backend = runsBackend();
  prepare?.(backend);
  const rendered = renderPages(RUN_PAGES, `${paths.playbookRun.getHref(id)}${query}`);
  return { ...rendered, backend };
}

/** Makes RUN_LIVE a running run whose one action, `id` named `name`, has run for 2 minutes. */
function startLiveRun(backend: RunsBackend, id: string, name: string) {
  const run = backend.runs.rows.find((row) => row.id === RUN_LIVE)!;
  run.status = 'running';
  run.start_time = minutesAgo(3);
  backend.actions.push({
    id,
    name,
    playbook_run_id: RUN_LIVE,
    status: 'running',
    scheduled_time: minutesAgo(3),
    start_time: minutesAgo(2),
    result: null,
    artifacts: [],
  });
}

/** The address's view and action parameters. */
function viewOf(url: string) {
  const params = new URL(url, 'http://localhost').searchParams;
  return { view: params.get('view'), action: params.get('action') };
}

describe('Run page: the run as a workflow', () => {
  it('draws every action in execution order and the child run, each with its status', async () => {
    renderRun(RUN_DONE, '', (backend) => {
      const probe = backend.actions.find((action) => action.id === 'a-http')!;
      probe.status = 'failed';
      probe.error = 'HTTP 503';
    });
    const graph = await ui.graph();
    await within(graph).findByRole('button', { name: /^restart, Completed, ran 1m/ }, SLOW);
    const nodes = within(graph).getAllByRole('button', {
      name: new RegExp(`^(${ACTION_NAMES.join('|')}),`),
    });
    expect(nodes.map((node) => node.getAttribute('aria-label')?.split(',')[0])).toEqual(
      ACTION_NAMES,
    );
    expect(within(await ui.node('probe')).getByText('Failed')).toBeInTheDocument();
    expect(within(await ui.node('query')).getByText('Completed')).toBeInTheDocument();
    expect(within(await ui.node('query')).getByText('ran 1m')).toBeInTheDocument();

    // The run itself and its child run, which links to its page.
    const run = within(graph).getByRole('group', { name: /^Restart deployment, Completed/ });
    expect(within(run).getByText('ran 2m')).toBeInTheDocument();
    const child = within(graph).getByRole('group', { name: /^checkout-api-child, Completed/ });
    expect(within(child).getByRole('link', { name: 'checkout-api-child' })).toHaveAttribute(
      'href',
      `/playbooks/runs/${RUN_CHILD}`,
    );
    // The action that failed is shown until another is chosen.
    expect(await ui.detail('probe')).toBeInTheDocument();
    expect(await ui.node('probe')).toHaveAttribute('aria-current', 'true');
  });

  it('shows an action when its node is clicked, or on Enter', async () => {
    const { user, currentUrl } = renderRun(RUN_DONE);
    await user.click(await ui.node('query'));
    expect(
      within(await ui.detail('query')).getByRole('table', { name: 'Query results' }),
    ).toBeInTheDocument();
    expect(viewOf(currentUrl()).action).toBe('a-sql');
    await waitFor(async () => expect(await ui.node('query')).toHaveAttribute('aria-current'));

    const tail = await ui.node('tail');
    tail.focus();
    await user.keyboard('{Enter}');
    expect(await ui.detail('tail')).toBeInTheDocument();
    expect(viewOf(currentUrl()).action).toBe('a-logs');
  });

  it('switches to the timeline, keeping it in the address, and back to the graph', async () => {
    const { user, currentUrl } = renderRun(RUN_DONE, '', (backend) => {
      // The probe waited a minute after it was scheduled.
      const probe = backend.actions.find((action) => action.id === 'a-http')!;
      probe.scheduled_time = new Date(Date.parse(probe.start_time!) - 60_000).toISOString();
    });
    await ui.graph();
    expect(ui.view('Graph')).toBeChecked();
    await user.click(ui.view('Timeline'));
    expect(viewOf(currentUrl()).view).toBe('timeline');
    const timeline = await ui.timeline();
    expect(screen.queryByRole('region', { name: 'Run graph' })).toBeNull();

    // A row per node: the run, its actions, its child run.
    const rows = within(timeline).getAllByRole('img');
    expect(rows.map((row) => row.getAttribute('aria-label')?.split(':')[0])).toEqual([
      'Restart deployment',
      ...ACTION_NAMES,
      'checkout-api-child',
    ]);
    const restart = await ui.track('restart');
    expect(restart).toHaveAccessibleName('restart: ran 1m');
    expect(restart.querySelector('[data-bar="run"]')).not.toBeNull();
    expect(restart.querySelector('[data-bar="wait"]')).toBeNull();
    const probe = await ui.track('probe');
    expect(probe).toHaveAccessibleName('probe: waited 1m, ran 1m');
    const wait = probe.querySelector<HTMLElement>('[data-bar="wait"]')!;
    const ran = probe.querySelector<HTMLElement>('[data-bar="run"]')!;
    // The wait ends where the run begins.
    expect(parseFloat(wait.style.left) + parseFloat(wait.style.width)).toBeCloseTo(
      parseFloat(ran.style.left),
      1,
    );
    // The axis counts from the earliest start.
    const axis = within(timeline).getByRole('group', { name: 'Time since the first start' });
    expect(axis).toHaveTextContent(/^0/);

    // The child run links to its page; an action's name shows it.
    expect(within(timeline).getByRole('link', { name: 'checkout-api-child' })).toHaveAttribute(
      'href',
      `/playbooks/runs/${RUN_CHILD}`,
    );
    await user.click(within(timeline).getByRole('button', { name: 'notify' }));
    expect(await ui.detail('notify')).toBeInTheDocument();
    expect(viewOf(currentUrl())).toEqual({ view: 'timeline', action: 'a-notify' });

    await user.click(ui.view('Graph'));
    expect(await ui.graph()).toBeInTheDocument();
    expect(viewOf(currentUrl())).toEqual({ view: null, action: 'a-notify' });
  });

  it('opens the view and the action a link names', async () => {
    renderRun(RUN_DONE, '?view=timeline&action=a-http');
    const timeline = await ui.timeline();
    expect(ui.view('Timeline')).toBeChecked();
    expect(within(timeline).getByRole('button', { name: 'probe' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(await ui.detail('probe')).getByText('503')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Action restart' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Run graph' })).toBeNull();
  });

  it('reads the actions once more when the run becomes final', async () => {
    // The reading that finds the run failed comes with an actions reading from before its last
    // action was recorded; only the reading after that has it.
    let runReadings = 0;
    let actionReadings = 0;
    const { backend } = renderRun(RUN_LIVE, '', (backend) => {
      startLiveRun(backend, 'a-first', 'migrate');
      const table = backend.runs;
      server.use(
        http.get('*/api/db/playbook_runs', ({ request }) => {
          if (!new URL(request.url).searchParams.get('or')) return undefined;
          runReadings += 1;
          if (runReadings === 2) {
            table.rows.find((row) => row.id === RUN_LIVE)!.status = 'failed';
          }
          return undefined;
        }),
        http.get('*/api/db/rpc/get_playbook_run_actions', () => {
          actionReadings += 1;
          const first = backend.actions.find((action) => action.id === 'a-first')!;
          if (actionReadings === 2) first.status = 'failed';
          if (actionReadings === 3) {
            backend.actions.push({ ...first, id: 'a-last', name: 'rollout', status: 'skipped' });
          }
          return undefined;
        }),
      );
    });
    await ui.node('migrate', 'Running');
    await within(await ui.graph()).findByRole(
      'button',
      { name: /^rollout, Skipped/ },
      { timeout: 2 * NEXT_POLL.timeout },
    );
    expect(backend.runs.rows.find((row) => row.id === RUN_LIVE)!.status).toBe('failed');
  });

  it('redraws a running action when the next reading finds it completed', async () => {
    const { backend } = renderRun(RUN_LIVE, '', (backend) => {
      startLiveRun(backend, 'a-live', 'scale-up');
    });
    const running = await ui.node('scale-up', 'Running');
    expect(within(running).getByText('waited 1m')).toBeInTheDocument();

    const live = backend.actions.find((action) => action.id === 'a-live')!;
    live.status = 'completed';
    live.end_time = minutesAgo(0);
    const done = await within(await ui.graph()).findByRole(
      'button',
      { name: /^scale-up, Completed, ran 2m/ },
      NEXT_POLL,
    );
    expect(within(done).getByText('Completed')).toBeInTheDocument();
  });
});
