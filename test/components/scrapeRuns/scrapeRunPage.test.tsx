import '../../support/withMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { NOT_CAPTURED } from '../../../src/features/scrapeRuns/model/payload';
import { RUN_STILL_RUNNING } from '../../../src/features/scrapeRuns/ScrapeRunPage';
import { UNCHANGED_NOTE } from '../../../src/features/scrapeRuns/tabs/ConfigsTab';
import { SPEC_CHANGED } from '../../../src/features/scrapeRuns/tabs/SpecTab';
import { pagesAt, renderPages } from '../../support/renderPages';
import { SLOW, bodyRows, cellTexts, findTable } from '../../support/tables';
import type { BackendOptions } from './scrapeRunBackend';
import {
  ITEMS,
  OTHER_SCRAPER_ID,
  RUN_ID,
  SCRAPER_ID,
  fullPayload,
  runRow,
  scrapeRunBackend,
} from './scrapeRunBackend';

jest.setTimeout(60_000);

const PAGES = pagesAt('/catalog/scrapers/:id/runs/:runId');
const RUN_URL = `/catalog/scrapers/${SCRAPER_ID}/runs/${RUN_ID}`;

function render(search = '', options: BackendOptions = {}) {
  const backend = scrapeRunBackend(options);
  const rendered = renderPages(PAGES, `${RUN_URL}${search}`);
  return { ...rendered, backend };
}

const ui = {
  summary: () => screen.findByRole('region', { name: 'Run summary' }, SLOW),
  tab: (name: string) => screen.findByRole('tab', { name }, SLOW),
  params: (url: string) => new URLSearchParams(url.split('?')[1] ?? ''),
};

describe('Scraper run page', () => {
  it('shows the scraper, the status, the counts summed and by type, and the errors', async () => {
    render();
    const summary = await ui.summary();
    const scraper = await within(summary).findByRole('link', { name: 'kubernetes-cluster' }, SLOW);
    expect(scraper).toHaveAttribute('href', `/catalog/scrapers/${SCRAPER_ID}`);
    expect(within(summary).getByText('Success')).toBeInTheDocument();
    expect(within(summary).getByText('1m')).toBeInTheDocument();
    const figures = (term: string) =>
      within(summary).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([
      figures('Added'),
      figures('Updated'),
      figures('Unchanged'),
      figures('Deleted'),
    ]).toEqual(['2', '1', '3', '1']);
    expect(figures('Changes')).toBe('4');
    expect(
      cellTexts(within(summary).getByRole('table', { name: 'Counts by config type' })),
    ).toEqual([
      ['0', '0', '0', '1', '0'],
      ['2', '1', '3', '0', '4'],
    ]);
    const errors = within(summary).getByRole('list', { name: 'Run errors' });
    expect(errors).toHaveTextContent('pod/broken: forbidden: cannot list pods');
  });

  it('lists the items by what the run did to them, with counts, links and the segment in the address', async () => {
    const { user, currentUrl, backend } = render();
    const table = await findTable('Created configs');
    expect(cellTexts(table, 2)).toEqual([
      ['web-new-2', 'Kubernetes::Pod'],
      ['web-new-1', 'Kubernetes::Pod'],
    ]);
    expect(within(bodyRows(table)[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/catalog/${ITEMS[1]!.id}`,
    );
    for (const label of ['Created 2', 'Updated 1', 'Unchanged 3', 'Deleted 1']) {
      expect(await screen.findByRole('radio', { name: label }, SLOW)).toBeInTheDocument();
    }
    const pageRead = backend.items.reads.find((read) => read.url.searchParams.has('offset'));
    expect(pageRead?.prefer).toBe('count=exact');

    await user.click(screen.getByRole('radio', { name: 'Updated 1' }));
    const updated = await findTable('Updated configs');
    expect(cellTexts(updated)[0]).toEqual(expect.arrayContaining(['api-changed', 'CrashLoop']));
    expect(ui.params(currentUrl()).get('configs')).toBe('updated');

    await user.click(screen.getByRole('radio', { name: 'Unchanged 3' }));
    const unchanged = await findTable('Unchanged configs');
    expect(cellTexts(unchanged, 1).flat().sort()).toEqual(['cache-same', 'db-same', 'queue-same']);
    expect(screen.getByText(UNCHANGED_NOTE)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Deleted 1' }));
    expect(cellTexts(await findTable('Deleted configs'), 1)).toEqual([['old-deployment']]);
  });

  it('opens on the segment the address names', async () => {
    render('?configs=deleted');
    expect(cellTexts(await findTable('Deleted configs'), 1)).toEqual([['old-deployment']]);
  });

  it('shows the log with its colours, filtered, with the line count', async () => {
    const { user, currentUrl } = render();
    await user.click(await ui.tab('Logs'));
    expect(ui.params(currentUrl()).get('tab')).toBe('logs');
    const log = await screen.findByRole('log', { name: 'Run log' }, SLOW);
    expect(within(log).getByText('ERROR')).toHaveClass('mc-ansi--red', 'mc-ansi--bold');
    expect(within(log).getByText('INFO')).toHaveClass('mc-ansi--green');
    expect(within(log).getByText('DEBUG')).toHaveClass('mc-ansi--bright-black');
    expect(log).not.toHaveTextContent('\u001b');
    expect(screen.getByText('3 lines')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter logs' }), 'forbidden');
    expect(await screen.findByText('1 of 3 lines')).toBeInTheDocument();
    expect(log).toHaveTextContent('ERROR forbidden: cannot list pods');
    expect(log).not.toHaveTextContent('starting scrape');
  });

  it('lists the HTTP exchanges; opening one shows its headers and its body indented', async () => {
    const { user, currentUrl } = render('?tab=http');
    const table = await findTable('HTTP requests');
    expect(cellTexts(table)).toEqual([
      ['GET', 'https://kube.example/api/v1/pods', '200', '42ms', '2 KB'],
      ['GET', 'https://kube.example/apis/apps/v1/deployments', '403', '12ms', '35 B'],
    ]);
    await user.click(within(table).getByText('https://kube.example/apis/apps/v1/deployments'));
    expect(ui.params(currentUrl()).get('entry')).toBe('1');
    const detail = await screen.findByRole('region', { name: 'Selected request' });
    expect(within(detail).getByRole('table', { name: 'Request headers' })).toHaveTextContent(
      'AuthorizationBearer [redacted]',
    );
    expect(within(detail).getByRole('table', { name: 'Response headers' })).toHaveTextContent(
      'X-Reasonrbac',
    );
    const body = within(detail).getByRole('group', { name: 'Response body' });
    expect(body).toHaveTextContent('"reason": "Forbidden"');
  });

  it('opens the HTTP exchange the address names', async () => {
    render('?tab=http&entry=0');
    const detail = await screen.findByRole('region', { name: 'Selected request' }, SLOW);
    expect(within(detail).getByRole('group', { name: 'Response body' })).toHaveTextContent(
      '"kind": "PodList"',
    );
  });

  it('shows the users, groups, roles, access and access logs the run scraped', async () => {
    const { user } = render('?tab=users');
    const users = await findTable('Users');
    expect(cellTexts(users, 3)).toEqual([
      ['alicealice@corp.io', 'human', 'alice@corp'],
      ['deploy-bot', 'service', ''],
    ]);
    expect(screen.getByText(/2 rows in this run · saved: 2 scraped, 2 saved/)).toBeInTheDocument();

    await user.click(await ui.tab('Groups'));
    expect(cellTexts(await findTable('Groups'), 2)).toEqual([['platform-admins', 'team']]);

    await user.click(await ui.tab('Roles'));
    expect(cellTexts(await findTable('Roles'), 3)).toEqual([
      ['cluster-admin', 'ClusterRole', 'Everything'],
    ]);

    await user.click(await ui.tab('Access'));
    const access = await findTable('Access');
    expect(cellTexts(access, 3)).toEqual([
      ['Kubernetes::Pod / default/web-new-1', 'alice', 'cluster-admin'],
      ['Kubernetes::Pod / default/api', 'platform-admins', ''],
    ]);
    expect(within(access).getByRole('link')).toHaveAttribute('href', `/catalog/${ITEMS[0]!.id}`);
    expect(screen.getByText(/saved: 2 scraped, 1 saved, 1 skipped/)).toBeInTheDocument();

    await user.click(await ui.tab('Access logs'));
    const logs = await findTable('Access logs');
    expect(cellTexts(logs, 2)).toEqual([['Kubernetes::Pod / default/api', 'alice@corp']]);
    expect(within(logs).getByText('Yes')).toBeInTheDocument();
  });

  it('shows the snapshot counts before and after, and the two snapshots in the diff viewer', async () => {
    render('?tab=snapshot');
    const table = await screen.findByRole(
      'table',
      { name: 'Counts before and after the run' },
      SLOW,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/^Kubernetes::PodConfig type57\+230$/);
    expect(rows[1]).toHaveTextContent(/^UsersAccess32-100$/);
    const diff = await screen.findByTestId('diff', {}, SLOW);
    expect(within(diff).getByTestId('diff-original')).toHaveTextContent('"total": 5');
    expect(within(diff).getByTestId('diff-modified')).toHaveTextContent('"total": 7');
  });

  it('shows the spec as YAML, saying when the scraper changed after the run started', async () => {
    render('?tab=spec', { scraperUpdatedAt: '2026-11-21T09:00:00.000Z' });
    const spec = await screen.findByRole('group', { name: 'Scraper spec' }, SLOW);
    expect(spec).toHaveTextContent('clusterName: demo');
    expect(screen.getByText(SPEC_CHANGED)).toBeInTheDocument();
  });

  it('says nothing changed when the scraper was saved before the run', async () => {
    render('?tab=spec');
    expect(await screen.findByRole('group', { name: 'Scraper spec' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(SPEC_CHANGED)).not.toBeInTheDocument();
  });

  it('says plainly what a run without captures did not keep', async () => {
    const { user, backend } = render('?tab=http', { payload: null });
    expect(await screen.findByText(NOT_CAPTURED.har, {}, SLOW)).toBeInTheDocument();
    await user.click(await ui.tab('Logs'));
    expect(await screen.findByText(NOT_CAPTURED.logs)).toBeInTheDocument();
    await user.click(await ui.tab('Users'));
    expect(await screen.findByText(NOT_CAPTURED.results)).toBeInTheDocument();
    await user.click(await ui.tab('Snapshot diff'));
    expect(await screen.findByText(NOT_CAPTURED.snapshots)).toBeInTheDocument();
    expect(backend.downloads).toEqual([]);
  });

  it('says so when a payload lacks one capture but has others', async () => {
    const payload = { ...fullPayload(), har: undefined };
    render('?tab=http', { payload });
    expect(await screen.findByText(NOT_CAPTURED.har, {}, SLOW)).toBeInTheDocument();
  });

  it('shows the lines the run left in its row when it captured no log', async () => {
    render('?tab=logs', {
      payload: null,
      run: runRow({
        details: { logs: ['scraped 7 items', { level: 'warn', message: 'slow API' }] },
      }),
    });
    const log = await screen.findByRole('log', { name: 'Run log' }, SLOW);
    expect(log).toHaveTextContent('scraped 7 items');
    expect(log).toHaveTextContent('WARN slow API');
    expect(screen.queryByText(NOT_CAPTURED.logs)).not.toBeInTheDocument();
  });

  it('reads a running run again until it ends, then reads what it produced', async () => {
    const { user, backend } = render('?tab=logs', {
      run: runRow({ status: 'RUNNING', time_end: null, duration_millis: null, details: {} }),
    });
    const summary = await ui.summary();
    expect(within(summary).getByText('Running')).toBeInTheDocument();
    expect(await screen.findByText(RUN_STILL_RUNNING)).toBeInTheDocument();
    expect(backend.artifacts.reads).toHaveLength(0);

    // The run ends: the next reading finds it done.
    Object.assign(backend.runs.rows[0]!, runRow());
    expect(
      await within(summary).findByText('Success', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'Run log' }, SLOW);
    expect(log).toHaveTextContent('starting scrape');
    expect(backend.downloads).toHaveLength(1);
    const readsAtEnd = backend.runs.reads.length;
    expect(readsAtEnd).toBeGreaterThanOrEqual(2);
    // Once ended it is no longer polled: a later tab change reads nothing more of the run.
    await user.click(await ui.tab('Configs'));
    await findTable('Created configs');
    expect(backend.runs.reads.length).toBe(readsAtEnd);
  });

  it('says when the run does not exist', async () => {
    const backend = scrapeRunBackend();
    backend.runs.rows.splice(0);
    renderPages(PAGES, RUN_URL);
    expect(await screen.findByText('Scraper run not found', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(backend.artifacts.reads).toHaveLength(0));
  });

  it('says not found for a run of another scraper', async () => {
    scrapeRunBackend({ run: runRow({ resource_id: OTHER_SCRAPER_ID }) });
    renderPages(PAGES, RUN_URL);
    expect(await screen.findByText('Scraper run not found', {}, SLOW)).toBeInTheDocument();
  });
});
