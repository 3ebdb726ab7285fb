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

/** `properties` as PostgREST answers it: reads by `name=like.`, writes recorded. */
function propertiesBackend(initial: Array<{ name: string; value: string }>) {
  const rows = [...initial];
  const writes: Array<{ method: string; name: string; body?: unknown }> = [];
  let failNext: string | undefined;
  const nameOf = (url: URL) => (url.searchParams.get('name') ?? '').replace(/^(eq|like)\./, '');
  server.use(
    http.get('*/api/db/properties', ({ request }) => {
      const prefix = nameOf(new URL(request.url)).replace(/\*$/, '');
      return HttpResponse.json(rows.filter((row) => row.name.startsWith(prefix)));
    }),
    http.patch('*/api/db/properties', async ({ request }) => {
      if (failNext) {
        const error = failNext;
        failNext = undefined;
        return HttpResponse.json({ message: error }, { status: 403 });
      }
      const name = nameOf(new URL(request.url));
      const body = (await request.json()) as { value: string };
      writes.push({ method: 'PATCH', name, body });
      const row = rows.find((candidate) => candidate.name === name);
      if (!row) return HttpResponse.json([]);
      row.value = body.value;
      return HttpResponse.json([row]);
    }),
    http.post('*/api/db/properties', async ({ request }) => {
      const body = (await request.json()) as { name: string; value: string };
      writes.push({ method: 'POST', name: body.name, body });
      rows.push({ name: body.name, value: body.value });
      return HttpResponse.json([body], { status: 201 });
    }),
    http.delete('*/api/db/properties', ({ request }) => {
      const name = nameOf(new URL(request.url));
      writes.push({ method: 'DELETE', name });
      const at = rows.findIndex((row) => row.name === name);
      const removed = at === -1 ? [] : rows.splice(at, 1);
      return HttpResponse.json(removed);
    }),
  );
  return {
    writes,
    failNextWith: (message: string) => {
      failNext = message;
    },
  };
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

describe('a job’s overrides (/settings/jobs/:name?overrides=true)', () => {
  const JOB = 'CanaryCheck';
  const dialog = () => screen.findByRole('dialog', { name: /Job overrides/ }, SLOW);

  it('shows the saved overrides and writes only what changed', async () => {
    const props = propertiesBackend([
      { name: `jobs.${JOB}.schedule`, value: '@every 2h' },
      { name: `jobs.${JOB}.debug`, value: 'true' },
    ]);
    const { user, currentUrl } = render(`/settings/jobs/${JOB}`);
    await user.click(await screen.findByRole('button', { name: 'Overrides' }, SLOW));
    await waitFor(() => expect(currentUrl()).toBe(`/settings/jobs/${JOB}?overrides=true`));
    const form = await dialog();
    const schedule = await within(form).findByRole('combobox', { name: 'Schedule' }, SLOW);
    await waitFor(() => expect(schedule).toHaveValue('@every 2h'));
    expect(within(form).getByRole('combobox', { name: 'Log level' })).toHaveValue('debug');
    await user.clear(schedule);
    await user.type(schedule, '@every 30m');
    await user.type(within(form).getByRole('textbox', { name: 'Failed runs kept' }), '5');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Log level' }), 'info');
    await user.click(within(form).getByRole('checkbox', { name: /Disabled/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(props.writes).toEqual([
      {
        method: 'PATCH',
        name: `jobs.${JOB}.schedule`,
        body: expect.objectContaining({ value: '@every 30m' }),
      },
      {
        method: 'PATCH',
        name: `jobs.${JOB}.retention.failed`,
        body: expect.objectContaining({ value: '5' }),
      },
      {
        method: 'POST',
        name: `jobs.${JOB}.retention.failed`,
        body: expect.objectContaining({ value: '5' }),
      },
      { method: 'DELETE', name: `jobs.${JOB}.debug` },
      {
        method: 'PATCH',
        name: `jobs.${JOB}.disable`,
        body: expect.objectContaining({ value: 'true' }),
      },
      {
        method: 'POST',
        name: `jobs.${JOB}.disable`,
        body: expect.objectContaining({ value: 'true' }),
      },
    ]);
    expect(currentUrl()).toBe(`/settings/jobs/${JOB}`);
  });

  it('says why a schedule or a count cannot be used, sends nothing and keeps what was typed', async () => {
    const props = propertiesBackend([]);
    const { user } = render(`/settings/jobs/${JOB}?overrides=true`);
    const form = await dialog();
    const schedule = await within(form).findByRole('combobox', { name: 'Schedule' }, SLOW);
    await user.type(schedule, '61 * * * *');
    await user.type(within(form).getByRole('textbox', { name: 'Successful runs kept' }), '-2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/minute field "61" is outside 0-59/)).toBeVisible();
    expect(within(form).getByText('Give a whole number of runs, 0 or more')).toBeVisible();
    expect(schedule).toHaveValue('61 * * * *');
    expect(props.writes).toEqual([]);
  });

  it('shows the server’s reason when a write is refused, keeping the values', async () => {
    const props = propertiesBackend([]);
    props.failNextWith('permission denied: properties');
    const { user } = render(`/settings/jobs/${JOB}?overrides=true`);
    const form = await dialog();
    await user.type(
      await within(form).findByRole('combobox', { name: 'Schedule' }, SLOW),
      '@hourly',
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/permission denied: properties/)).toBeVisible();
    expect(await within(form).findByRole('combobox', { name: 'Schedule' }, SLOW)).toHaveValue(
      '@hourly',
    );
  });

  it('shows a viewer the overrides without a way to save them', async () => {
    propertiesBackend([{ name: `jobs.${JOB}.disable`, value: 'true' }]);
    renderPages(PAGES, `/settings/jobs/${JOB}?overrides=true`, { roles: ['viewer'] });
    jobsBackend();
    summaryBackend();
    const form = await dialog();
    await waitFor(() =>
      expect(within(form).getByRole('checkbox', { name: /Disabled/ })).toBeChecked(),
    );
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
