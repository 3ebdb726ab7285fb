/**
 * The run page's Resubmit: the run dialog for the run's playbook and resource, started from the
 * run's parameters, editable, sending what it holds (PB-09) and opening the new run; also opened
 * by `?resubmit=1`. And the run summary naming the configs a `configs` parameter picked.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { PlaybookParameter, PlaybookRunDetail } from '../../../src/api/schemas/playbooks';
import { paths } from '../../../src/shell/paths';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import { pagesAt, renderPages } from '../../support/renderPages';
import type { TestUser } from '../../support/shellHandlers';
import { minutesAgo } from '../../support/time';
import { CONFIG_ID, NEW_RUN, RESTART_ID, RUN_DONE, runsBackend } from './runsBackend';

jest.setTimeout(60_000);

const SLOW = { timeout: 10_000 };
const RUN_PAGES = pagesAt(paths.playbookRun.path);

const COMPARE_ID = '018f4b8e-aaaa-7000-8000-0000000000c1';
const RUN_COMPARE = '018f4b8e-bbbb-7000-8000-0000000000c1';
const ORDERS_DB = '018f4b8e-1111-7000-8000-0000000000a1';
const PAYMENTS_DB = '018f4b8e-1111-7000-8000-0000000000a3';

const PARAMETERS: PlaybookParameter[] = [
  { name: 'configs', label: 'Configs to compare', type: 'configs', required: true },
  { name: 'since', label: 'Changes within', type: 'duration', default: '24h' },
  { name: 'note', label: 'Note', type: 'text' },
];

/** A run of a playbook on nothing, with two configs picked and a duration. */
const COMPARE_RUN: PlaybookRunDetail = {
  id: RUN_COMPARE,
  playbook_id: COMPARE_ID,
  status: 'completed',
  created_at: minutesAgo(10),
  start_time: minutesAgo(10),
  end_time: minutesAgo(9),
  parent_id: null,
  parameters: {
    configs: JSON.stringify({ id: `${ORDERS_DB},${PAYMENTS_DB}` }),
    since: '6h',
    note: 'weekly',
  },
  playbooks: {
    id: COMPARE_ID,
    name: 'compare-configs',
    title: 'Compare Configs',
    spec: { parameters: PARAMETERS, actions: [{ name: 'compare', exec: { script: 'echo' } }] },
  },
};

/** The run page's backend with the compare run, PB-08 answering `PARAMETERS`, configs by id. */
function renderRun(id: string, query = '', user?: Partial<TestUser>) {
  const backend = runsBackend();
  backend.runs.rows.push(COMPARE_RUN);
  const configs = postgrestTable('configs', [
    { id: ORDERS_DB, name: 'orders-db', type: 'AWS::RDS::DBInstance', config_class: 'Database' },
    {
      id: PAYMENTS_DB,
      name: 'payments-db',
      type: 'AWS::RDS::DBInstance',
      config_class: 'Database',
    },
  ]);
  const paramsBodies: unknown[] = [];
  server.use(
    http.post('*/api/playbook/:id/params', async ({ request }) => {
      paramsBodies.push(await request.json());
      return HttpResponse.json({ params: PARAMETERS });
    }),
  );
  const rendered = renderPages(RUN_PAGES, `${paths.playbookRun.getHref(id)}${query}`, { user });
  return { ...rendered, backend, configs, paramsBodies };
}

const ui = {
  summary: () => screen.findByRole('region', { name: 'Run' }, SLOW),
  dialog: () => screen.findByRole('dialog', { name: /^Resubmit/ }, SLOW),
  resubmit: () => screen.findByRole('button', { name: 'Resubmit' }, SLOW),
  tags: (dialog: HTMLElement) =>
    Array.from(dialog.querySelectorAll('.bp6-tag')).map((tag) => tag.textContent),
};

describe('the run summary', () => {
  it('names the configs a configs parameter picked, as links to them', async () => {
    const { configs } = renderRun(RUN_COMPARE);
    const summary = await ui.summary();
    const parameters = within(summary).getByRole('region', { name: 'Parameters' });
    expect(
      await within(parameters).findByRole('link', { name: 'orders-db' }, SLOW),
    ).toHaveAttribute('href', `/catalog/${ORDERS_DB}`);
    expect(within(parameters).getByRole('link', { name: 'payments-db' })).toHaveAttribute(
      'href',
      `/catalog/${PAYMENTS_DB}`,
    );
    expect(within(parameters).queryByText(/"id"/)).not.toBeInTheDocument();
    expect(within(parameters).getByText('since').nextSibling).toHaveTextContent('6h');
    expect(configs.reads[0]!.url.searchParams.get('id')).toBe(`in.(${ORDERS_DB},${PAYMENTS_DB})`);
  });
});

describe('Resubmit', () => {
  it('opens the run dialog with the run’s parameters and runs with the edited ones', async () => {
    const { user, backend, currentUrl, paramsBodies } = renderRun(RUN_COMPARE);
    await ui.summary();
    await user.click(await ui.resubmit());
    expect(currentUrl()).toBe(`/playbooks/runs/${RUN_COMPARE}?resubmit=1`);
    const dialog = await ui.dialog();
    expect(dialog).toHaveAccessibleName('Resubmit Compare Configs');
    const since = await within(dialog).findByLabelText(/^Changes within/, { selector: 'input' });
    expect(since).toHaveValue('6h');
    expect(within(dialog).getByLabelText(/^Note/)).toHaveValue('weekly');
    // The picked configs by name, read by their ids.
    await waitFor(() => expect(ui.tags(dialog)).toEqual(['orders-db', 'payments-db']), SLOW);
    expect(paramsBodies).toEqual([{ id: COMPARE_ID }]);

    await user.clear(since);
    await user.type(since, '2 days');
    expect(
      await within(dialog).findByText('Must be a duration such as 90s, 1h30m or 2d'),
    ).toBeInTheDocument();
    await user.clear(since);
    await user.type(since, '2d');
    const payments = within(dialog).getByText('payments-db', { selector: '.bp6-tag *' });
    await user.click(within(payments.closest('.bp6-tag') as HTMLElement).getByRole('button'));
    await waitFor(() => expect(ui.tags(dialog)).toEqual(['orders-db']));

    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(currentUrl()).toBe(`/playbooks/runs/${NEW_RUN}`), SLOW);
    expect(backend.posts).toEqual([
      {
        path: 'run',
        body: {
          id: COMPARE_ID,
          params: { configs: JSON.stringify({ id: ORDERS_DB }), since: '2d', note: 'weekly' },
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens from a link with ?resubmit=1, for the run’s resource, and closes back to the run', async () => {
    const { user, currentUrl, paramsBodies } = renderRun(RUN_DONE, '?resubmit=1');
    const dialog = await ui.dialog();
    expect(dialog).toHaveAccessibleName('Resubmit Restart deployment');
    // The resource is the run's: no resource is asked for.
    expect(within(dialog).queryByRole('combobox', { name: /^Resource/ })).toBeNull();
    await waitFor(() => expect(paramsBodies).toEqual([{ id: RESTART_ID, config_id: CONFIG_ID }]));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentUrl()).toBe(`/playbooks/runs/${RUN_DONE}`);
  });

  it('is offered only to those who may write runs', async () => {
    renderRun(RUN_COMPARE, '?resubmit=1', { roles: ['viewer'] });
    await ui.summary();
    expect(screen.queryByRole('button', { name: 'Resubmit' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
