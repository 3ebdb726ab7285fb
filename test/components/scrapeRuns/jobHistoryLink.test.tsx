import '../../support/withMonacoMock';
import { screen, within } from '@testing-library/react';
import type { JobHistoryRow } from '../../../src/api/schemas/jobHistory';
import type { AppPage } from '../../../src/app/routes';
import { JobHistoryTable } from '../../../src/features/jobs/JobHistoryTable';
import { JobsPage } from '../../../src/features/jobs/JobsPage';
import { renderPages } from '../../support/renderPages';
import { findTable, rowWith } from '../../support/tables';
import { minutesAgo } from '../../support/time';
import { jobsBackend } from '../jobs/jobsBackend';

jest.setTimeout(60_000);

const SCRAPER_ID = '0193bbbb-0000-7000-8000-000000000001';

const run = (id: string, extra: Partial<JobHistoryRow>): JobHistoryRow => ({
  id,
  name: 'Scraper',
  status: 'FAILED',
  resource_type: 'config_scraper',
  resource_id: SCRAPER_ID,
  resource_name: 'kubernetes-cluster',
  success_count: 3,
  error_count: 1,
  duration_millis: 1_500,
  time_start: minutesAgo(10),
  time_end: minutesAgo(9),
  created_at: minutesAgo(10),
  details: { errors: ['forbidden'] },
  ...extra,
});

const ROWS = [
  run('run-scraper', {}),
  run('run-other', { name: 'ConfigScraperCleanup', details: {} }),
  run('run-canary', {
    name: 'CanaryCheck',
    resource_type: 'canary',
    resource_id: 'canary-1',
    resource_name: 'http-checks',
  }),
];

/** The scraper editor's Job History tab, as the editor renders the slot. */
function ScraperJobsTab() {
  return <JobHistoryTable resourceType="config_scraper" resourceId={SCRAPER_ID} />;
}

const pages = (path: string, load: AppPage['load']): AppPage[] => [
  { path, load, access: { resource: 'database', feature: 'settings' } },
];

describe('Job history links to the scraper run viewer', () => {
  it("links each Scraper run of a scraper's Job History tab to its run page, and no other run", async () => {
    jobsBackend(ROWS.slice(0, 2));
    renderPages(
      pages('/catalog/scrapers/:id', async () => ScraperJobsTab),
      `/catalog/scrapers/${SCRAPER_ID}`,
    );
    await findTable('Job history');
    const link = within(rowWith('Job history', 'Scraper')).getByRole('link', {
      name: 'View run of Scraper',
    });
    expect(link).toHaveAttribute('href', `/catalog/scrapers/${SCRAPER_ID}/runs/run-scraper`);
    expect(
      within(rowWith('Job history', 'ConfigScraperCleanup')).queryByRole('link', {
        name: /View run/,
      }),
    ).not.toBeInTheDocument();
  });

  it('links Scraper runs on the job history page too, beside their details', async () => {
    jobsBackend(ROWS);
    renderPages(
      pages('/settings/jobs', async () => JobsPage),
      '/settings/jobs',
    );
    await findTable('Job history');
    const row = rowWith('Job history', 'kubernetes-cluster');
    expect(within(row).getByRole('link', { name: 'View run of Scraper' })).toHaveAttribute(
      'href',
      `/catalog/scrapers/${SCRAPER_ID}/runs/run-scraper`,
    );
    expect(within(row).getByRole('button', { name: 'Details of Scraper' })).toBeInTheDocument();
    const canary = rowWith('Job history', 'http-checks');
    expect(within(canary).queryByRole('link', { name: /View run/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /View run/ })).toHaveLength(1);
  });
});
