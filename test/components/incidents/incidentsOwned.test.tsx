import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { appPages } from '../../../src/app/routes';
import { server } from '../../support/msw';
import { ownershipBackend } from '../../support/ownershipBackend';
import { renderPages } from '../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { CHECKOUT_ID, LEAK_ID, incidentsBackend } from './incidentsBackend';

jest.setTimeout(60_000);

const PAGES = appPages.filter((page) => page.path === '/incidents');

/**
 * The incident list's backend, the user's teams, and INC-04's views narrowed by owner:
 * Checkout latency through a config, Credentials in logs through a component.
 */
function renderOwned(url: string) {
  const backend = incidentsBackend();
  ownershipBackend();
  const lookups: URL[] = [];
  const answer =
    (id: string) =>
    ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      lookups.push(url);
      return HttpResponse.json(
        [...url.searchParams.keys()].some((key) => key.includes('->>')) ? [{ id }] : [],
      );
    };
  server.use(
    http.get('*/api/db/incidents_by_config', answer(CHECKOUT_ID)),
    http.get('*/api/db/incidents_by_component', answer(LEAK_ID)),
  );
  return { ...renderPages(PAGES, url), backend, lookups };
}

describe('incident list: Owned by my teams', () => {
  it('lists the incidents with evidence on a config or component the teams own', async () => {
    const { backend, lookups } = renderOwned('/incidents?status=all&owned=mine');
    const table = await findTable('Incidents');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2), SLOW);
    expect(within(table).getByText(/Checkout latency/)).toBeInTheDocument();
    expect(within(table).getByText(/Credentials in logs/)).toBeInTheDocument();
    const byConfig = lookups.find((url) => url.pathname.endsWith('/incidents_by_config'))!;
    expect([...byConfig.searchParams]).toEqual([
      ['select', 'id,config:config_items!inner(id)'],
      ['config.labels->>owner', 'in.(Checkout,Payments)'],
    ]);
    const byComponent = lookups.find((url) => url.pathname.endsWith('/incidents_by_component'))!;
    expect([...byComponent.searchParams]).toEqual([
      ['select', 'id,component:components!inner(id)'],
      ['component.labels->>owner', 'in.(Checkout,Payments)'],
    ]);
    const list = backend.summaries.reads.at(-1)!.url.searchParams;
    expect(list.get('id')).toBe(`in.(${CHECKOUT_ID},${LEAK_ID})`);
    expect(screen.getByRole('checkbox', { name: 'Owned by my teams' })).toBeChecked();
  });

  it('keeps the switch in the address', async () => {
    const { user, currentUrl } = renderOwned('/incidents');
    await findTable('Incidents');
    await user.click(screen.getByRole('checkbox', { name: 'Owned by my teams' }));
    await waitFor(() => expect(currentUrl()).toBe('/incidents?owned=mine'));
  });
});
