import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createRoutes } from '../../../src/app/routes';
import { server } from '../../support/msw';
import { ownershipBackend } from '../../support/ownershipBackend';
import { renderApp } from '../../support/renderApp';
import { SLOW } from '../../support/tables';
import { healthUi, loadHealthPageFirst, summaryBackend, summaryCheck } from './healthBackend';

jest.mock('../../../src/features/health/detail/CheckDetailDialog', () => ({
  CheckDetailDialog: () => null,
}));

loadHealthPageFirst();

const ofComponent = summaryCheck({ name: 'checkout-http', status: 'unhealthy' });
const ofConfig = summaryCheck({ name: 'payments-db', status: 'unhealthy' });
const labelled = summaryCheck({
  name: 'ledger-ping',
  status: 'unhealthy',
  labels: { owner: 'Payments' },
});
const others = summaryCheck({
  name: 'search',
  status: 'unhealthy',
  labels: { owner: 'Discovery' },
});

/** The summary, the user's teams, and the checks linked to owned components and configs. */
function renderHealth(url: string) {
  summaryBackend([ofComponent, ofConfig, labelled, others]);
  ownershipBackend();
  const links: URL[] = [];
  server.use(
    http.get('*/api/db/check_component_relationships', ({ request }) => {
      links.push(new URL(request.url));
      return HttpResponse.json([{ check_id: ofComponent.id }]);
    }),
    http.get('*/api/db/check_config_relationships', ({ request }) => {
      links.push(new URL(request.url));
      return HttpResponse.json([{ check_id: ofConfig.id }, { check_id: ofConfig.id }]);
    }),
  );
  const rendered = renderApp(createRoutes({ publicRoutes: [] }), { url });
  return { ...rendered, links };
}

const owned = () => screen.getByRole('checkbox', { name: 'Owned by my teams' });

describe('health page: Owned by my teams', () => {
  it('keeps the checks of owned components and configs, and those labelled with a team', async () => {
    const { links } = renderHealth('/health?groupBy=no-group&owned=mine');
    await healthUi.table();
    await waitFor(
      () => expect(healthUi.titles()).toEqual(['checkout-http', 'ledger-ping', 'payments-db']),
      SLOW,
    );
    expect(owned()).toBeChecked();
    const byPath = (path: string) => links.find((url) => url.pathname.endsWith(path))!;
    const components = byPath('/check_component_relationships').searchParams;
    expect(components.getAll('select')).toEqual(['check_id,component:components!inner(id)']);
    expect(components.get('component.labels->>owner')).toBe('in.(Checkout,Payments)');
    expect(components.get('deleted_at')).toBe('is.null');
    const configs = byPath('/check_config_relationships').searchParams;
    expect(configs.getAll('select')).toEqual(['check_id,config:config_items!inner(id)']);
    expect(configs.get('config.labels->>owner')).toBe('in.(Checkout,Payments)');
  });

  it('is off by default, and the switch writes owned=mine to the address', async () => {
    const { user, currentUrl, links } = renderHealth('/health?groupBy=no-group');
    await healthUi.table();
    expect(healthUi.titles()).toHaveLength(4);
    expect(links).toEqual([]);
    await user.click(owned());
    await waitFor(() => expect(currentUrl()).toContain('owned=mine'));
    await waitFor(() => expect(healthUi.titles()).toHaveLength(3), SLOW);
  });
});
