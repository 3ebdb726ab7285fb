import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../../src/shell/paths';
import type { TestUser } from '../../support/shellHandlers';
import {
  APPROVER_EMAIL,
  CONFIG_ID,
  NEW_RUN,
  RESTART_ID,
  RUN_CHILD,
  RUN_DONE,
  RUN_LIVE,
  runsBackend,
} from './runsBackend';
import { pagesAt, renderPages } from '../../support/renderPages';

jest.setTimeout(60_000);

const RUN_PAGES = pagesAt(paths.playbookRun.path);

const SLOW = { timeout: 10_000 };

const ui = {
  summary: () => screen.findByRole('region', { name: 'Run' }, SLOW),
  graph: () => screen.findByRole('region', { name: 'Run graph' }, SLOW),
  /** An action's node in the run's graph. */
  step: async (name: string) =>
    within(await ui.graph()).findByRole('button', { name: new RegExp(`^${name},`) }, SLOW),
  /** The run's own status (the first field of the summary). */
  status: (summary: HTMLElement) => within(summary).getByText('Status').nextElementSibling,
  /** A button of the run's toolbar. */
  runButton: (name: string) =>
    within(screen.getByRole('group', { name: 'Run actions' })).queryByRole('button', { name }),
  detail: (name: string) => screen.findByRole('region', { name: `Action ${name}` }, SLOW),
};

function renderRun(id: string, user?: Partial<TestUser>, query = '') {
  const backend = runsBackend();
  const rendered = renderPages(RUN_PAGES, `${paths.playbookRun.getHref(id)}${query}`, { user });
  return { ...rendered, backend };
}

describe('Playbook run page (/playbooks/runs/:id)', () => {
  it('shows the run, its parameters and child runs from PB-11', async () => {
    const { backend } = renderRun(RUN_DONE);
    const summary = await ui.summary();
    expect(ui.status(summary)).toHaveTextContent('Completed');
    expect(within(summary).getByRole('link', { name: 'Restart deployment' })).toHaveAttribute(
      'href',
      `/playbooks/runs?playbook=${RESTART_ID}`,
    );
    expect(within(summary).getByRole('link', { name: 'checkout-api' })).toHaveAttribute(
      'href',
      `/catalog/${CONFIG_ID}`,
    );
    expect(within(summary).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(summary).getByText('2m')).toBeInTheDocument();
    const parameters = within(summary).getByRole('region', { name: 'Parameters' });
    expect(within(parameters).getByText('replicas').nextSibling).toHaveTextContent('3');
    expect(within(parameters).getByText('reason').nextSibling).toHaveTextContent('rollout');
    const children = within(summary).getByRole('region', { name: 'Child runs' });
    expect(within(children).getByRole('link', { name: 'checkout-api-child' })).toHaveAttribute(
      'href',
      `/playbooks/runs/${RUN_CHILD}`,
    );
    const read = backend.runs.reads[0]!.url.searchParams;
    expect(read.get('or')).toBe(`(id.eq.${RUN_DONE},parent_id.eq.${RUN_DONE})`);
    expect(read.get('select')).toContain('playbook_approvals(*, person_id(');
  });

  it('draws each action’s result by its type, and lists artifacts with download links', async () => {
    const { user, currentUrl } = renderRun(RUN_DONE);
    // exec: stdout and stderr apart, artifacts as downloads.
    const exec = await ui.detail('restart');
    expect(within(exec).getByLabelText('Standard output')).toHaveTextContent(
      'deployment restarted',
    );
    expect(within(exec).getByLabelText('Standard error')).toHaveClass('mc-run-log--stderr');
    expect(within(exec).getByText('Exit code: 0')).toBeInTheDocument();
    expect(within(exec).getByRole('link', { name: 'output.txt' })).toHaveAttribute(
      'href',
      '/api/artifacts/download/art-1?filename=output.txt',
    );

    await user.click(await ui.step('probe'));
    const http = await ui.detail('probe');
    expect(within(http).getByText('503')).toBeInTheDocument();
    expect(within(http).getByRole('rowheader', { name: 'Content-Type' })).toBeInTheDocument();
    expect(within(http).getByLabelText('Response body')).toHaveTextContent('"ok": false');
    expect(currentUrl()).toContain('action=a-http');

    await user.click(await ui.step('query'));
    const sql = within(await ui.detail('query')).getByRole('table', { name: 'Query results' });
    expect(
      within(sql)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['type', 'count']);
    expect(within(sql).getByRole('cell', { name: 'AWS::EC2::Instance' })).toBeInTheDocument();

    await user.click(await ui.step('tail'));
    const lines = within(await ui.detail('tail')).getByRole('list', { name: 'Log lines' });
    expect(lines).toHaveTextContent('diff: replicas 2 → 3');

    await user.click(await ui.step('notify'));
    const note = within(await ui.detail('notify')).getByRole('figure', {
      name: 'Sent notification',
    });
    expect(note).toHaveTextContent('Restarted');
    expect(note).toHaveTextContent('checkout-api was restarted');

    await user.click(await ui.step('open-pr'));
    expect(within(await ui.detail('open-pr')).getByLabelText('Result document')).toHaveTextContent(
      '"url": "https://git.example/pr/1"',
    );
  });

  it('shows the action the address names after a reload', async () => {
    const first = renderRun(RUN_DONE);
    await first.user.click(await ui.step('probe'));
    await ui.detail('probe');
    const shown = first.currentUrl();
    expect(shown).toContain('action=a-http');
    first.unmount();

    renderRun(RUN_DONE, undefined, shown.slice(shown.indexOf('?')));
    const http = await ui.detail('probe');
    expect(within(http).getByText('503')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Action restart' })).not.toBeInTheDocument();
  });

  it('approves a run waiting for approval and cancels it after confirming', async () => {
    const { backend, user } = renderRun(RUN_LIVE);
    await ui.summary();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(backend.posts).toEqual([{ path: `approve/${RUN_LIVE}`, body: null }]),
    );
    expect(await screen.findByText('Playbook run approved', {}, SLOW)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Playbook Run' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Run' }));
    await waitFor(() =>
      expect(backend.posts.map((post) => post.path)).toContain(`cancel/${RUN_LIVE}`),
    );
    // The cancelled run is read again and is final: Approve and Cancel go.
    await waitFor(() => expect(ui.runButton('Approve')).toBeNull(), SLOW);
    expect(ui.runButton('Cancel')).toBeNull();
    expect(ui.runButton('Re-run')).not.toBeNull();
    expect(ui.status(await ui.summary())).toHaveTextContent('Cancelled');
  });

  it('toasts the server’s refusal of an approval', async () => {
    const { backend, user } = renderRun(RUN_LIVE);
    backend.refuseApproval('you are not an approver of this playbook');
    await ui.summary();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('you are not an approver of this playbook', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('re-runs with the same playbook, resource and parameters and opens the new run', async () => {
    const { backend, user, currentUrl } = renderRun(RUN_DONE);
    await ui.summary();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Re-run' }));
    await waitFor(() => expect(currentUrl()).toBe(`/playbooks/runs/${NEW_RUN}`), SLOW);
    expect(backend.posts).toEqual([
      {
        path: 'run',
        body: {
          id: RESTART_ID,
          config_id: CONFIG_ID,
          params: { replicas: '3', reason: 'rollout' },
        },
      },
    ]);
  });

  it('offers no approve, cancel or re-run to someone who may not write runs', async () => {
    renderRun(RUN_LIVE, { roles: ['viewer'] });
    expect(within(await ui.summary()).getByText('Pending approval')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Re-run' })).toBeNull();
  });

  it('offers Approve alone to a person the playbook names as approver without write on runs', async () => {
    const { backend, user } = renderRun(RUN_LIVE, {
      roles: ['commander'],
      name: 'Cleo Commander',
      email: APPROVER_EMAIL.toUpperCase(),
    });
    await ui.summary();
    expect(ui.runButton('Cancel')).toBeNull();
    expect(ui.runButton('Re-run')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(backend.posts).toEqual([{ path: `approve/${RUN_LIVE}`, body: null }]),
    );
  });

  it('says when there is no such run, and offers Retry when the run cannot be read', async () => {
    const first = renderRun('018f4b8e-bbbb-7000-8000-00000000dead');
    expect(await screen.findByText('Playbook run not found', {}, SLOW)).toBeInTheDocument();
    first.unmount();

    const { backend, user } = renderRun(RUN_DONE);
    backend.runs.fail('GET', 500, { message: 'database is down' }, { times: 1 });
    expect(await screen.findByText('database is down', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(ui.status(await ui.summary())).toHaveTextContent('Completed');
  });
});
