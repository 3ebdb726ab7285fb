import '../../support/withMonacoMock';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { AppPage } from '../../../src/app/routes';
import { JobHistoryTable } from '../../../src/features/jobs/JobHistoryTable';
import { JobsPage } from '../../../src/features/jobs/JobsPage';
import {
  AGENT_ID,
  CANARY_ID,
  CONFIG_ID,
  PLAYBOOK_ID,
  SCRAPER_ID,
  TOPOLOGY_ID,
  jobsBackend,
} from './jobsBackend';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { renderPages } from '../../support/renderPages';

jest.setTimeout(60_000);

const JOBS_PAGE: AppPage = {
  path: '/settings/jobs',
  load: async () => JobsPage,
  access: { resource: 'database', feature: 'settings' },
};

/** A canary editor's Job History tab, as an editor renders it. */
function CanaryJobsTab() {
  return <JobHistoryTable resourceType="canary" resourceId={CANARY_ID} />;
}

const CANARY_TAB: AppPage = {
  path: '/settings/canaries/:id',
  load: async () => CanaryJobsTab,
  access: { resource: 'database', feature: 'settings' },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Fakes the clock alone, standing still at `now` until set; every timer stays real. */
function fakeClockOnly(now: number) {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

const ui = {
  table: () => findTable('Job history'),
  bodyRows,
  row: async (name: string) => {
    const table = await ui.table();
    const found = ui.bodyRows(table).find((row) => within(row).queryByText(name));
    if (!found) throw new Error(`No row ${name}`);
    return found;
  },
  dialog: () => screen.findByRole('dialog', {}, SLOW),
};

function render(url = '/settings/jobs', pages: AppPage[] = [JOBS_PAGE]) {
  const backend = jobsBackend();
  const rendered = renderPages(pages, url);
  return { ...rendered, backend };
}

/** The address's query as an object. */
const urlParams = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');

/** The colour of the status tag reading `text` in a row. */
const statusColor = (row: HTMLElement, text: string) =>
  within(row).getByText(text).closest('[data-color]')?.getAttribute('data-color');

/** The names of the shown runs. */
async function namesShown(expected: string[]) {
  await waitFor(async () => {
    const rows = ui.bodyRows(await ui.table());
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(expected);
  }, SLOW);
}

/** Every run of the fixture, by name, as the list shows them all. */
const EVERY_JOB = [
  'CanaryCheck',
  'ConfigScraper',
  'TopologyRun',
  'CatalogScraper',
  'ConfigSync',
  'PlaybookRun',
];

describe('Job history page (/settings/jobs)', () => {
  it('asks JOB-01 with the defaults: 150 a page, SUCCESS excluded, the last 2 days', async () => {
    const { backend } = render();
    expect(await screen.findByRole('heading', { name: 'Job History' }, SLOW)).toBeInTheDocument();
    await namesShown(['CanaryCheck', 'ConfigScraper', 'TopologyRun', 'ConfigSync', 'PlaybookRun']);
    expect(backend.reads).toHaveLength(1);
    const { url, query, prefer } = backend.reads[0]!;
    expect(new URL(url).pathname).toBe('/api/db/job_histories');
    expect(prefer).toBe('count=exact');
    const match =
      /^&select=\*&limit=150&offset=0&status\.filter=!SUCCESS&order=created_at\.desc&and=\(created_at\.gt\.([^,]+),created_at\.lt\.([^)]+)\)$/.exec(
        query,
      );
    expect(match).not.toBeNull();
    const from = Date.parse(match![1]!);
    const to = Date.parse(match![2]!);
    expect(to - from).toBe(2 * DAY_MS);
    expect(Math.abs(Date.now() - to)).toBeLessThan(60 * 60 * 1000);
    expect(match![2]).toBe(new Date(to).toISOString());
  });

  it("reads again on the top bar's Refresh, with the range resolved anew", async () => {
    const start = Date.now();
    fakeClockOnly(start);
    try {
      const { backend, user } = render();
      await ui.table();
      expect(backend.reads).toHaveLength(1);
      jest.setSystemTime(start + 5 * 60_000);
      await user.click(await screen.findByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(backend.reads).toHaveLength(2), SLOW);
      const range = (query: string) =>
        /created_at\.gt\.([^,]+),created_at\.lt\.([^)]+)\)/
          .exec(query)!
          .slice(1)
          .map((iso) => Date.parse(iso));
      const [from1, to1] = range(backend.reads[0]!.query);
      const [from2, to2] = range(backend.reads[1]!.query);
      expect(to1).toBe(start);
      expect(to2).toBe(start + 5 * 60_000);
      expect(from2! - from1!).toBe(5 * 60_000);
      expect(backend.reads[1]!.query.replace(/&and=.*$/, '')).toBe(
        backend.reads[0]!.query.replace(/&and=.*$/, ''),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows each run with its resource linked by type, status, agent and counts', async () => {
    render('/settings/jobs?status=');
    await namesShown(EVERY_JOB);
    const links: Array<[string, string, string]> = [
      ['CanaryCheck', 'http-checks', `/settings/canaries/${CANARY_ID}`],
      ['ConfigScraper', 'kubernetes-cluster', `/catalog/scrapers/${SCRAPER_ID}`],
      ['TopologyRun', 'payments', `/settings/topologies/${TOPOLOGY_ID}`],
      ['CatalogScraper', 'aws-account', `/catalog/scrapers/${SCRAPER_ID}`],
      ['ConfigSync', 'checkout-api', `/catalog/${CONFIG_ID}`],
      ['PlaybookRun', 'restart', `/playbooks/${PLAYBOOK_ID}`],
    ];
    for (const [job, resource, href] of links) {
      const row = await ui.row(job);
      expect(within(row).getByRole('link', { name: resource })).toHaveAttribute('href', href);
    }
    const failed = await ui.row('CanaryCheck');
    expect(statusColor(failed, 'Failed')).toBe('red');
    expect(within(failed).getByText('canary')).toBeInTheDocument();
    expect(within(failed).getByText('850ms')).toBeInTheDocument();
    expect(within(failed).getByRole('link', { name: 'edge-agent' })).toHaveAttribute(
      'href',
      `/settings/agents?id=${AGENT_ID}`,
    );
    const warning = await ui.row('ConfigScraper');
    expect(statusColor(warning, 'Warning')).toBe('orange');
    expect(within(warning).getByText('2.5m')).toBeInTheDocument();
    expect(within(warning).getByText('40')).toBeInTheDocument();
    expect(within(warning).getByText('2')).toBeInTheDocument();
    expect(statusColor(await ui.row('CatalogScraper'), 'Success')).toBe('green');
    expect(statusColor(await ui.row('ConfigSync'), 'Running')).toBe('blue');
    const stopped = await ui.row('PlaybookRun');
    expect(statusColor(stopped, 'Stopped')).toBe('grey');
    expect(within(stopped).queryByRole('link', { name: 'edge-agent' })).toBeNull();
  });

  it('writes the filters to the address and sends them to JOB-01', async () => {
    const { backend, user, currentUrl } = render();
    await namesShown(['CanaryCheck', 'ConfigScraper', 'TopologyRun', 'ConfigSync', 'PlaybookRun']);

    await user.click(screen.getByRole('button', { name: /^Status filter/ }));
    await user.click(await screen.findByRole('button', { name: 'Include Failed' }));
    await namesShown(['CanaryCheck', 'TopologyRun']);
    expect(urlParams(currentUrl()).get('status')).toBe('FAILED:1');
    expect(backend.last().query).toContain('&status.filter=FAILED&');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Duration' }), '1m');
    await waitFor(() => expect(backend.last().query).toMatch(/&duration_millis=gte\.60000$/));
    expect(urlParams(currentUrl()).get('runDuration')).toBe('1m');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Resource type' }), 'topology');
    await namesShown(['TopologyRun']);
    expect(urlParams(currentUrl()).get('resource_type')).toBe('topology');
    expect(backend.last().query).toMatch(
      /^&select=\*&limit=150&offset=0&resource_type\.filter=topology&status\.filter=FAILED&order=created_at\.desc&and=\(.*\)&duration_millis=gte\.60000$/,
    );

    // The names come from JOB-02 when the list opens.
    await user.click(screen.getByRole('button', { name: /^Name filter/ }));
    await user.click(await screen.findByRole('button', { name: 'Exclude TopologyRun' }, SLOW));
    expect(backend.nameReads).toEqual(['order=name.asc']);
    await waitFor(() => expect(backend.last().query).toContain('&name.filter=!TopologyRun&'));
    expect(urlParams(currentUrl()).get('name')).toBe('TopologyRun:-1');
    expect(await screen.findByText('No data available', {}, SLOW)).toBeInTheDocument();
  });

  it('keeps an explicitly cleared status apart from the default', async () => {
    const { backend, user, currentUrl } = render();
    await namesShown(['CanaryCheck', 'ConfigScraper', 'TopologyRun', 'ConfigSync', 'PlaybookRun']);
    await user.click(screen.getByRole('button', { name: /^Status filter, 1 selected/ }));
    await user.click(await screen.findByRole('button', { name: 'Clear Status' }));
    await waitFor(() => expect(backend.last().query).not.toContain('status.filter'));
    expect(urlParams(currentUrl()).get('status')).toBe('');
    await namesShown(EVERY_JOB);
  });

  it('sorts on the server by the clicked column and reads the page from the address', async () => {
    const { backend, user, currentUrl } = render('/settings/jobs?pageIndex=1&pageSize=50');
    await ui.table();
    expect(backend.last().query).toMatch(/^&select=\*&limit=50&offset=50&/);
    await user.click(screen.getByRole('button', { name: /Duration/ }));
    await waitFor(() => expect(backend.last().query).toContain('&order=duration_millis.asc&'));
    const params = urlParams(currentUrl());
    expect(params.get('sortBy')).toBe('duration_millis');
    expect(params.get('sortOrder')).toBe('asc');
    expect(params.get('pageIndex')).toBe('0');
    expect(backend.last().query).toMatch(/^&select=\*&limit=50&offset=0&/);
  });

  it("shows the server's reason when JOB-01 fails, and Retry reads again", async () => {
    const backend = jobsBackend();
    backend.fail(500, { message: 'relation "job_histories" is locked' });
    const { user } = renderPages([JOBS_PAGE], '/settings/jobs');
    expect(await screen.findByText(/relation "job_histories" is locked/, {}, SLOW)).toBeVisible();
    expect(screen.getByText('Error loading job history')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await namesShown(['CanaryCheck', 'ConfigScraper', 'TopologyRun', 'ConfigSync', 'PlaybookRun']);
  });
});

describe('Job details dialog', () => {
  async function openDetails(job: string, url = '/settings/jobs?status=') {
    const rendered = render(url);
    const row = await ui.row(job);
    await rendered.user.click(within(row).getByRole('button', { name: `Details of ${job}` }));
    const dialog = await ui.dialog();
    return { ...rendered, dialog };
  }

  const selectedTab = (dialog: HTMLElement) =>
    within(dialog)
      .getAllByRole('tab')
      .find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

  it('keeps the open run in the address, so a reload shows it open', async () => {
    const first = await openDetails('CanaryCheck');
    const jobId = urlParams(first.currentUrl()).get('jobId');
    expect(jobId).toBeTruthy();
    cleanup();

    const { user, currentUrl } = render(`/settings/jobs?status=&jobId=${jobId}`);
    const reopened = await ui.dialog();
    expect(within(reopened).getByRole('heading', { name: 'CanaryCheck' })).toBeInTheDocument();
    const footer = within(reopened).getAllByRole('button', { name: 'Close' }).at(-1)!;
    await user.click(footer);
    await waitFor(() => expect(urlParams(currentUrl()).get('jobId')).toBeNull());
  });

  it('shows errors sent as text on the Errors tab', async () => {
    const { dialog } = await openDetails('CanaryCheck');
    expect(within(dialog).getByRole('heading', { name: 'CanaryCheck' })).toBeInTheDocument();
    expect(selectedTab(dialog)).toBe('Errors');
    expect(within(dialog).getByText('connection refused')).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Scrape Summary' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(dialog).getByRole('tab', { name: 'Reconcile Summary' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows errors sent as a list as a list, and the scrape summary as a table', async () => {
    const { dialog, user } = await openDetails('ConfigScraper');
    expect(selectedTab(dialog)).toBe('Errors');
    const items = within(within(dialog).getByRole('list', { name: 'Errors' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'pods is forbidden',
      'timeout listing nodes',
    ]);
    await user.click(within(dialog).getByRole('tab', { name: 'Scrape Summary' }));
    const table = within(dialog).getByRole('table', { name: 'Scrape Summary' });
    const row = within(table).getByRole('row', { name: /Kubernetes::Pod/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '2', '40']);
  });

  it('shows errors sent as a map as a table of what failed and why', async () => {
    const { dialog } = await openDetails('TopologyRun');
    expect(selectedTab(dialog)).toBe('Errors');
    const table = within(dialog).getByRole('table', { name: 'Errors' });
    const row = within(table).getByRole('row', { name: /Kubernetes::Node\/a/ });
    expect(within(row).getByText('node not ready')).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Reconcile Summary' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
  });

  it('opens on Scrape Summary when there are no errors', async () => {
    const { dialog } = await openDetails('CatalogScraper');
    expect(selectedTab(dialog)).toBe('Scrape Summary');
    expect(within(dialog).getByRole('tab', { name: 'Errors' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const table = within(dialog).getByRole('table', { name: 'Scrape Summary' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Type', 'added', 'updated', 'unchanged', 'deleted']);
  });

  it('opens on Reconcile Summary when it is all there is, as JSON', async () => {
    const { dialog, user } = await openDetails('ConfigSync');
    expect(selectedTab(dialog)).toBe('Reconcile Summary');
    expect(within(dialog).getByTestId('code').textContent).toBe(
      JSON.stringify({ items: [{ id: 'a' }] }, null, 2),
    );
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no details for a run whose three are empty', async () => {
    render('/settings/jobs?status=');
    const row = await ui.row('PlaybookRun');
    expect(within(row).queryByRole('button', { name: /Details/ })).toBeNull();
    const withDetails = await ui.row('CanaryCheck');
    expect(within(withDetails).getByRole('button', { name: /Details/ })).toBeInTheDocument();
  });
});

describe("A resource's Job History tab", () => {
  it('asks for the resource type and id, and offers no resource type filter', async () => {
    const { backend } = render(`/settings/canaries/${CANARY_ID}`, [CANARY_TAB]);
    await namesShown(['CanaryCheck']);
    expect(backend.reads[0]!.query).toMatch(
      new RegExp(
        `^&select=\\*&limit=150&offset=0&resource_type\\.filter=canary&resource_id=eq\\.${CANARY_ID}&status\\.filter=!SUCCESS&order=created_at\\.desc&and=\\(`,
      ),
    );
    expect(screen.queryByRole('combobox', { name: 'Resource type' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Duration' })).toBeInTheDocument();
  });
});
