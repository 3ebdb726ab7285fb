import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { JobSummary } from '../../../src/api/schemas/jobHistory';
import { paths } from '../../../src/shell/paths';
import { server } from '../../support/msw';
import { pagesAt, renderPages } from '../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { minutesAgo } from '../../support/time';
import { jobRows, jobsBackend } from './jobsBackend';

jest.setTimeout(60_000);

const PAGES = pagesAt(paths.settingsJobs.path, paths.settingsJob.path);

const SUMMARIES: JobSummary[] = [
  {
    name: 'CanaryCheck',
    total: '12',
    running: 0,
    success: '9',
    warning: 1,
    failed: '2',
    stale: 0,
    skipped: 0,
    last_run_at: minutesAgo(10),
    average_duration: '1500.50',
    last_status: 'FAILED',
  },
  {
    name: 'ConfigScraper',
    total: 3,
    running: 1,
    success: 2,
    warning: 0,
    failed: 0,
    stale: 0,
    skipped: 0,
    last_run_at: minutesAgo(60),
    average_duration: 150_000,
    last_status: 'RUNNING',
  },
];

/** `job_history_summary`, answering one job with `name=eq.`; the reads recorded. */
function summaryBackend() {
  const reads: URL[] = [];
  server.use(
    http.get('*/api/db/job_history_summary', ({ request }) => {
      const url = new URL(request.url);
      reads.push(url);
      const name = url.searchParams.get('name');
      return HttpResponse.json(
        name ? SUMMARIES.filter((row) => `eq.${row.name}` === name) : SUMMARIES,
      );
    }),
  );
  return reads;
}

function render(url: string) {
  const runs = jobsBackend([
    ...jobRows(),
    {
      ...jobRows()[0]!,
      id: 'job-logs',
      name: 'CanaryCheck',
      status: 'WARNING',
      details: {
        logs: [
          { level: 'warn', message: 'schedule override ignored' },
          { level: 'info', message: '2 checks run' },
        ],
      },
    },
  ]);
  const summaries = summaryBackend();
  return { ...renderPages(PAGES, url), runs, summaries };
}

describe('jobs summed up (/settings/jobs?view=jobs) and a job’s page', () => {
  it('shows each job’s runs by status, last run and average, from the Jobs tab', async () => {
    const { user, currentUrl } = render('/settings/jobs');
    await findTable('Job history');
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await waitFor(() => expect(currentUrl()).toBe('/settings/jobs?view=jobs'));
    const table = await findTable('Jobs');
    const [canary] = bodyRows(table);
    const cells = within(canary!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe('CanaryCheck');
    expect(cells[1]).toBe('Failed');
    // success, warning, failed, skipped, stale, running, runs (counts sent as text read as numbers)
    expect(cells.slice(3, 10)).toEqual(['9', '1', '2', '0', '0', '0', '12']);
    expect(cells[10]).toBe('1.5s');
    expect(within(canary!).getByRole('link', { name: 'CanaryCheck' })).toHaveAttribute(
      'href',
      '/settings/jobs/CanaryCheck',
    );
  });

  it('opens a job’s page from its row, with its figures and only its runs', async () => {
    const { user, currentUrl, runs, summaries } = render('/settings/jobs?view=jobs');
    const [, scraper] = bodyRows(await findTable('Jobs'));
    await user.click(scraper!);
    await waitFor(() => expect(currentUrl()).toBe('/settings/jobs/ConfigScraper'));
    const figures = await screen.findByLabelText('Job summary', {}, SLOW);
    expect(figures).toHaveTextContent('Last statusRunning');
    expect(figures).toHaveTextContent('Average run2.5m');
    await findTable('Job history');
    await waitFor(() =>
      expect(runs.reads.some((read) => read.query.includes('name.filter=ConfigScraper'))).toBe(
        true,
      ),
    );
    expect(summaries.some((read) => read.searchParams.get('name') === 'eq.ConfigScraper')).toBe(
      true,
    );
    // The page is one job's: no filter by name.
    expect(screen.queryByRole('button', { name: /^Name filter/ })).toBeNull();
  });

  it('says when a job has no run on record', async () => {
    render('/settings/jobs/NeverRan');
    expect(await screen.findByText('This job has no run on record', {}, SLOW)).toBeVisible();
  });

  it('shows the lines a run logged on its Logs tab', async () => {
    const { user } = render('/settings/jobs/CanaryCheck?status=WARNING:1');
    const table = await findTable('Job history');
    await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0), SLOW);
    const row = bodyRows(table).find((candidate) => within(candidate).queryByText('Warning'));
    await user.click(within(row!).getByRole('button', { name: 'Details of CanaryCheck' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByRole('tab', { name: 'Logs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const logs = within(dialog).getByRole('list', { name: 'Logs' });
    expect(logs).toHaveTextContent('WARNschedule override ignored');
    expect(logs).toHaveTextContent('INFO2 checks run');
  });
});
