import '../../../support/withMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { paths } from '../../../../src/shell/paths';
import { server } from '../../../support/msw';
import { ownershipBackend } from '../../../support/ownershipBackend';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../../support/tables';
import { CVE, insightsBackend } from './insightsBackend';

const INSIGHTS_PAGES = pagesAt(paths.catalogInsights.path);

/** The insights backend, with CAT-27 narrowed by owner answered here: CVE alone. */
function renderOwnedInsights(url: string) {
  insightsBackend();
  ownershipBackend();
  const reads: URL[] = [];
  server.use(
    http.get('*/api/db/config_analysis_items', ({ request }) => {
      const url = new URL(request.url);
      if (!url.searchParams.has('config.labels->>owner')) return undefined;
      reads.push(url);
      return HttpResponse.json([CVE], { headers: { 'Content-Range': '0-0/1' } });
    }),
  );
  return { ...renderPages(INSIGHTS_PAGES, url), reads };
}

describe('Owned by my teams on the insights page', () => {
  it("asks CAT-27 for the insights of configs the user's teams own, the config embedded !inner", async () => {
    const { reads } = renderOwnedInsights('/catalog/insights?owned=mine');
    const table = await findTable('Insights');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1), SLOW);
    expect(within(table).getByText(CVE.analyzer)).toBeInTheDocument();
    const query = reads.at(-1)!.searchParams;
    expect(query.get('config.labels->>owner')).toBe('in.(Checkout,Payments)');
    expect(query.get('select')).toMatch(/,config:configs!inner\(id,name,config_class,type\)$/);
    expect(screen.getByRole('checkbox', { name: 'Owned by my teams' })).toBeChecked();
  });

  it('keeps the switch in the address', async () => {
    const rendered = renderOwnedInsights('/catalog/insights');
    await findTable('Insights');
    await rendered.user.click(screen.getByRole('checkbox', { name: 'Owned by my teams' }));
    await waitFor(() => expect(rendered.currentUrl()).toContain('owned=mine'));
    await waitFor(() => expect(rendered.reads.length).toBeGreaterThan(0));
  });
});
