import { screen, waitFor, within } from '@testing-library/react';
import { baseApi } from '../../../src/api/baseApi';
import { RUN_POLL_MS } from '../../../src/features/playbooks/runs/model/runs';
import { paths } from '../../../src/shell/paths';
import { resourceSearch } from '../../support/resourceSearch';
import {
  CHECK_ID,
  COMPONENT_ID,
  CONFIG_ID,
  RESTART_ID,
  RUN_DONE,
  RUN_LIVE,
  runsBackend,
} from './runsBackend';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { pagesAt, renderPages } from '../../support/renderPages';

jest.setTimeout(60_000);

const RUNS_PAGES = pagesAt(paths.playbookRuns.path);

const ui = {
  table: () => findTable('Playbook runs'),
  bodyRows,
  select: (name: string) => screen.getByRole('combobox', { name }),
};

function renderRuns(url = '/playbooks/runs') {
  const backend = runsBackend();
  const rendered = renderPages(RUNS_PAGES, url);
  return { ...rendered, backend };
}

/** The address's query as an object. */
function urlParams(url: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
}

/** Picks a resource in the toolbar's Resource picker. */
async function pickResource(
  user: ReturnType<typeof renderRuns>['user'],
  text: string,
  name: string,
) {
  const input = screen.getByRole('combobox', { name: 'Resource' });
  await user.click(input);
  await user.type(input, text);
  const option = await screen.findByRole('option', { name: new RegExp(`^${name}`) }, SLOW);
  await user.click(within(option).getByText(name));
}

function lastRead(backend: ReturnType<typeof runsBackend>): URLSearchParams {
  return backend.runs.reads[backend.runs.reads.length - 1]!.url.searchParams;
}

/** The playbook title of each shown row. */
async function playbooksShown(expected: string[]) {
  await waitFor(async () => {
    const rows = ui.bodyRows(await ui.table());
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(expected);
  }, SLOW);
}

/** The largest polling interval of the mounted PB-10 subscriptions. */
function runsPolling(store: ReturnType<typeof renderRuns>['store']): number {
  const selectors = store.dispatch(
    baseApi.internalActions.internal_getRTKQSubscriptions(),
  ) as unknown as {
    getSubscriptions: () => Map<string, Map<string, { pollingInterval?: number }>>;
  };
  let interval = 0;
  for (const [key, subscribers] of selectors.getSubscriptions()) {
    if (!key.startsWith('getPlaybookRuns(')) continue;
    for (const options of subscribers.values()) {
      interval = Math.max(interval, options.pollingInterval ?? 0);
    }
  }
  return interval;
}

describe('Playbook runs page (/playbooks/runs)', () => {
  it('lists top-level runs from PB-10 with their playbook, resource, status and person', async () => {
    const { backend } = renderRuns();
    await playbooksShown(['Scale', 'Restart deployment', 'Restart deployment']);
    const { url, prefer } = backend.runs.reads[0]!;
    expect(prefer).toBe('count=exact');
    expect(url.searchParams.get('parent_id')).toBe('is.null');
    expect(url.searchParams.get('order')).toBe('created_at.desc');
    expect(url.searchParams.get('limit')).toBe('50');
    expect(url.searchParams.get('offset')).toBe('0');
    expect(url.searchParams.get('select')).toContain('playbooks(id,name,title,spec,icon)');

    const [live, done, failed] = ui.bodyRows(await ui.table());
    expect(within(live!).getByRole('link', { name: 'Scale' })).toHaveAttribute(
      'href',
      `/playbooks/runs/${RUN_LIVE}`,
    );
    expect(within(live!).getByRole('link', { name: 'payments' })).toHaveAttribute(
      'href',
      `/topology/${COMPONENT_ID}`,
    );
    expect(within(live!).getByText('Pending approval')).toBeInTheDocument();
    expect(within(live!).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(done!).getByRole('link', { name: 'checkout-api' })).toHaveAttribute(
      'href',
      `/catalog/${CONFIG_ID}`,
    );
    expect(within(done!).getByText('Completed')).toBeInTheDocument();
    expect(within(done!).getByText('2m')).toBeInTheDocument();
    expect(within(failed!).getByRole('link', { name: 'http-probe' })).toHaveAttribute(
      'href',
      `/health?checkId=${CHECK_ID}&timeRange=1h`,
    );
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
  });

  it('keeps the status and playbook filters in the address and sends them to PB-10', async () => {
    const { backend, user, currentUrl } = renderRuns();
    await playbooksShown(['Scale', 'Restart deployment', 'Restart deployment']);
    await user.selectOptions(ui.select('Status'), 'failed');
    await playbooksShown(['Restart deployment']);
    expect(new URLSearchParams(currentUrl().split('?')[1]).get('status')).toBe('failed');
    expect(lastRead(backend).get('status')).toBe('eq.failed');

    await user.selectOptions(ui.select('Status'), '');
    await waitFor(() => expect(ui.select('Playbook')).toHaveTextContent('Restart deployment'));
    await user.selectOptions(ui.select('Playbook'), RESTART_ID);
    await playbooksShown(['Restart deployment', 'Restart deployment']);
    const params = new URLSearchParams(currentUrl().split('?')[1]);
    expect(params.get('playbook')).toBe(RESTART_ID);
    expect(params.has('status')).toBe(false);
    expect(lastRead(backend).get('playbook_id')).toBe(`eq.${RESTART_ID}`);
    expect(lastRead(backend).has('status')).toBe(false);
  });

  it('reads its filters from the address, the time range included, and clears them', async () => {
    const { backend, user, currentUrl } = renderRuns(
      '/playbooks/runs?status=completed&rangeType=relative&range=now-1h&display=Last+1+hour',
    );
    await playbooksShown(['Restart deployment']);
    const params = lastRead(backend);
    expect(params.get('status')).toBe('eq.completed');
    expect(params.get('or')).toMatch(
      /^\(and\(start_time\.gte\..+,start_time\.lte\..+\),and\(created_at\.gte\..+,created_at\.lte\..+\)\)$/,
    );
    expect(screen.getByRole('button', { name: /Last 1 hour/ })).toBeInTheDocument();

    await user.selectOptions(ui.select('Status'), 'timed_out');
    await screen.findByText('No playbook runs match these filters', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await playbooksShown(['Scale', 'Restart deployment', 'Restart deployment']);
    expect(currentUrl()).toBe('/playbooks/runs');
    expect(lastRead(backend).has('or')).toBe(false);
  });

  it('narrows the list to a resource from its row and removes that filter', async () => {
    const { backend, user, currentUrl } = renderRuns();
    await playbooksShown(['Scale', 'Restart deployment', 'Restart deployment']);
    await user.click(screen.getByRole('button', { name: 'Show runs of checkout-api' }));
    await playbooksShown(['Restart deployment']);
    expect(new URLSearchParams(currentUrl().split('?')[1]).get('configId')).toBe(CONFIG_ID);
    expect(lastRead(backend).get('config_id')).toBe(`eq.${CONFIG_ID}`);

    await user.click(screen.getByRole('button', { name: 'Remove filter Config: checkout-api' }));
    await playbooksShown(['Scale', 'Restart deployment', 'Restart deployment']);
    // The unfiltered page comes back from the cache: the address no longer names the config.
    expect(currentUrl()).toBe('/playbooks/runs');

    // A check's row narrows the list to that check.
    await user.click(screen.getByRole('button', { name: 'Show runs of http-probe' }));
    await waitFor(() => expect(lastRead(backend).get('check_id')).toBe(`eq.${CHECK_ID}`), SLOW);
    expect(lastRead(backend).has('config_id')).toBe(false);
    expect(urlParams(currentUrl())).toEqual({ checkId: CHECK_ID });
    expect(
      await screen.findByRole('button', { name: 'Remove filter Check: http-probe' }, SLOW),
    ).toBeInTheDocument();
    expect(ui.select('Resource type')).toHaveValue('check');
  });

  it('narrows the list to a resource picked in the toolbar and removes that filter', async () => {
    const { backend, user, currentUrl } = renderRuns('/playbooks/runs?status=completed');
    const searches = resourceSearch({
      configs: [{ id: CONFIG_ID, name: 'checkout-api', type: 'Kubernetes::Deployment' }],
      checks: [{ id: CHECK_ID, name: 'http-probe' }],
    });
    await playbooksShown(['Restart deployment']);
    expect(ui.select('Resource type')).toHaveValue('config');
    await pickResource(user, 'checkout', 'checkout-api');
    expect(searches).toContainEqual({ configs: [{ search: 'checkout', agent: 'all' }] });
    await waitFor(() => expect(lastRead(backend).get('config_id')).toBe(`eq.${CONFIG_ID}`), SLOW);
    expect(lastRead(backend).get('status')).toBe('eq.completed');
    expect(urlParams(currentUrl())).toEqual({ status: 'completed', configId: CONFIG_ID });
    await playbooksShown(['Restart deployment']);
    expect(
      screen.getByRole('button', { name: 'Remove filter Config: checkout-api' }),
    ).toBeInTheDocument();

    // Another kind: the config filter goes; a check is picked from the checks.
    await user.selectOptions(ui.select('Resource type'), 'check');
    await waitFor(() => expect(urlParams(currentUrl())).toEqual({ status: 'completed' }));
    expect(screen.queryByRole('button', { name: /^Remove filter/ })).toBeNull();
    await user.selectOptions(ui.select('Status'), '');
    await playbooksShown(['Scale', 'Restart deployment', 'Restart deployment']);
    await pickResource(user, 'probe', 'http-probe');
    await playbooksShown(['Restart deployment']);
    expect(urlParams(currentUrl())).toEqual({ checkId: CHECK_ID });
    expect(lastRead(backend).get('check_id')).toBe(`eq.${CHECK_ID}`);
    expect(within(ui.bodyRows(await ui.table())[0]!).getByText('Failed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove filter Check: http-probe' }));
    await playbooksShown(['Scale', 'Restart deployment', 'Restart deployment']);
    expect(currentUrl()).toBe('/playbooks/runs');
    expect(screen.queryByRole('button', { name: /^Remove filter/ })).toBeNull();
  });

  it('polls while a shown run is not final and stops once every run is', async () => {
    const { backend, store, user } = renderRuns();
    await playbooksShown(['Scale', 'Restart deployment', 'Restart deployment']);
    await waitFor(() => expect(runsPolling(store)).toBe(RUN_POLL_MS), SLOW);

    // The run finishes; the next read (here the top bar's Refresh) shows it and polling stops.
    backend.runs.rows.find((run) => run.id === RUN_LIVE)!.status = 'completed';
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(async () => {
      const [first] = ui.bodyRows(await ui.table());
      expect(within(first!).getByText('Completed')).toBeInTheDocument();
    }, SLOW);
    await waitFor(() => expect(runsPolling(store)).toBe(0), SLOW);
    expect(backend.runs.rows.find((run) => run.id === RUN_DONE)!.status).toBe('completed');
  });

  it('shows the server’s reason when PB-10 fails, and Retry reads again', async () => {
    const backend = runsBackend();
    backend.runs.fail('GET', 500, { message: 'database is down' }, { times: 1 });
    const { user } = renderPages(RUNS_PAGES, '/playbooks/runs');
    expect(await screen.findByText('database is down', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    await playbooksShown(['Scale', 'Restart deployment', 'Restart deployment']);
  });
});
