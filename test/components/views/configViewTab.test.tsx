import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CONFIG_ITEM_TABS } from '../../../src/features/catalog/item/model/tabs';
import { pagesAt, renderPages } from '../../support/renderPages';
import { disabledFeatures } from '../../support/shellHandlers';
import { ITEM, ITEM_ID, configItemBackend } from '../catalog/item/configItemBackend';
import { DEPLOYMENTS_ID, viewsBackend } from './viewsBackend';
import { SLOW, findTable } from '../../support/tables';
import { server } from '../../support/msw';

// Monaco needs a real browser; the editor is replaced by its text.
jest.mock('../../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => jest.requireActual('../../support/monacoMock'));

jest.setTimeout(60_000);

/** What the item gives the Deployments view (its display plugin's variables). */
const ITEM_VARIABLES = { namespace: 'shop', cluster: 'prod' };

function render(url: string, properties = disabledFeatures()) {
  configItemBackend();
  const backend = viewsBackend({ pluginVariables: ITEM_VARIABLES });
  return { ...renderPages(pagesAt('/catalog/:id/*'), url, { properties }), backend };
}

describe("config item's view tabs", () => {
  it("adds a tab per view of the config (VIEW-06) that opens the view with the item's variables", async () => {
    const { backend, user, currentUrl } = render(`/catalog/${ITEM_ID}/spec`);
    await screen.findByRole('heading', { level: 2, name: ITEM.name! }, SLOW);
    const tab = await screen.findByRole('tab', { name: 'Deployments' }, SLOW);
    expect(backend.configViewReads[0]!.search).toBe(`?config_id=${ITEM_ID}`);

    await user.click(tab);
    expect(currentUrl()).toBe(`/catalog/${ITEM_ID}/view/${DEPLOYMENTS_ID}`);
    expect(screen.getByRole('tab', { name: 'Deployments' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = await screen.findByRole('region', { name: 'Replicas' }, SLOW);
    expect(within(panel).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Deployments' })).toBeInTheDocument();
    // The item's variables are asked for first, then the view is evaluated with them.
    expect(backend.pluginReads.map((url) => url.pathname + url.search)).toEqual([
      `/api/view/display-plugin-variables/${DEPLOYMENTS_ID}?config_id=${ITEM_ID}`,
    ]);
    expect(backend.evaluations).toEqual([
      { id: DEPLOYMENTS_ID, body: { variables: ITEM_VARIABLES }, cacheControl: null },
    ]);
    expect(screen.queryByRole('group', { name: 'Variables' })).not.toBeInTheDocument();
    await findTable('View table');
  });

  it("opens a view tab from its address with the item's variables, ignoring those there", async () => {
    const { backend } = render(
      `/catalog/${ITEM_ID}/view/${DEPLOYMENTS_ID}?var-cluster=staging&other=1`,
    );
    expect(await screen.findByRole('region', { name: 'Replicas' }, SLOW)).toBeInTheDocument();
    expect(backend.evaluations).toHaveLength(1);
    expect(backend.evaluations[0]!.body).toEqual({ variables: ITEM_VARIABLES });
  });

  it("says why when the item's variables cannot be read, and evaluates nothing", async () => {
    configItemBackend();
    const backend = viewsBackend();
    server.use(
      http.get('*/api/view/display-plugin-variables/:id', () =>
        HttpResponse.json({ error: 'config(id=x) not found' }, { status: 404 }),
      ),
    );
    renderPages(pagesAt('/catalog/:id/*'), `/catalog/${ITEM_ID}/view/${DEPLOYMENTS_ID}`, {
      properties: disabledFeatures(),
    });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent("Error loading the item's variables for this view");
    expect(alert).toHaveTextContent('config(id=x) not found');
    expect(backend.evaluations).toHaveLength(0);
  });

  it('lists no view tabs when views are disabled', async () => {
    const { backend } = render(`/catalog/${ITEM_ID}/spec`, disabledFeatures('views'));
    await screen.findByRole('heading', { level: 2, name: ITEM.name! }, SLOW);
    // The item's own tabs only.
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(CONFIG_ITEM_TABS.length));
    expect(screen.queryByRole('tab', { name: 'Deployments' })).not.toBeInTheDocument();
    expect(backend.configViewReads).toHaveLength(0);
  });
});
