import '../../support/withEditableMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { RUN_SCRAPER_TEXT } from '../../../src/features/resources/runNow/RunScraperDialog';
import { server } from '../../support/msw';
import { findTable } from '../../support/tables';
import { ADA, renderResources } from '../resources/resourcesBackend';

const SCRAPER_ID = '0190d1a2-7c4e-7000-8000-0000000005c1';
const RUN_ID = '0190d1a2-7c4e-7000-8000-0000000005e1';
const SCRAPERS = [
  {
    id: SCRAPER_ID,
    name: 'kubernetes-prod',
    namespace: 'mission-control',
    spec: { kubernetes: [{ clusterName: 'prod' }] },
    source: 'UI',
    created_by: ADA.id,
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-03T10:00:00Z',
    deleted_at: null,
  },
];

/** The run-now endpoint, answering a started run, with the bodies it was sent. */
function runEndpoint() {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/config/run/:id', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ job_history_id: RUN_ID, status: 'RUNNING' });
    }),
  );
  return bodies;
}

const dialog = () =>
  screen.findByRole('dialog', { name: RUN_SCRAPER_TEXT.title('kubernetes-prod') });

describe('Run Now on scrapers', () => {
  it('runs a scraper from its row, with the dialog in the address, and opens the run', async () => {
    const bodies = runEndpoint();
    const { user, currentUrl } = renderResources('/catalog/scrapers', { scrapers: SCRAPERS });
    await findTable('Catalog Scraper');
    await user.click(screen.getByRole('button', { name: 'Run Now: kubernetes-prod' }));
    // The row's click (which opens the editor) is not taken.
    expect(currentUrl()).toBe(`/catalog/scrapers?run=${SCRAPER_ID}`);
    const opened = await dialog();
    await user.click(within(opened).getByRole('checkbox', { name: RUN_SCRAPER_TEXT.captureLogs }));
    await user.click(within(opened).getByRole('button', { name: RUN_SCRAPER_TEXT.run }));
    await waitFor(() =>
      expect(currentUrl()).toBe(`/catalog/scrapers/${SCRAPER_ID}/runs/${RUN_ID}`),
    );
    expect(bodies).toEqual([
      {
        async: true,
        captureHAR: true,
        captureLogs: false,
        captureSnapshots: true,
        logLevel: 'info',
      },
    ]);
  });

  it('opens the dialog from the address and closes it on Cancel', async () => {
    const { user, currentUrl } = renderResources(`/catalog/scrapers?run=${SCRAPER_ID}`, {
      scrapers: SCRAPERS,
    });
    const opened = await dialog();
    await user.click(within(opened).getByRole('button', { name: RUN_SCRAPER_TEXT.cancel }));
    await waitFor(() => expect(currentUrl()).toBe('/catalog/scrapers'));
  });

  it('offers Run Now in the scraper’s editor', async () => {
    runEndpoint();
    const { user } = renderResources(`/catalog/scrapers/${SCRAPER_ID}`, { scrapers: SCRAPERS });
    await user.click(await screen.findByRole('button', { name: 'Run Now: kubernetes-prod' }));
    expect(await dialog()).toBeInTheDocument();
  });

  it('offers no Run Now to those who may not write scrapers', async () => {
    renderResources('/catalog/scrapers', { scrapers: SCRAPERS, user: { roles: ['viewer'] } });
    await findTable('Catalog Scraper');
    expect(await screen.findByText('kubernetes-prod')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Run Now/ })).toBeNull();
  });
});
