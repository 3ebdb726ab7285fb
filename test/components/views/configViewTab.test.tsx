import { screen, waitFor, within } from '@testing-library/react';
import { CONFIG_ITEM_TABS } from '../../../src/features/catalog/item/model/tabs';
import { pagesAt, renderPages } from '../../support/renderPages';
import { disabledFeatures } from '../../support/shellHandlers';
import { ITEM, ITEM_ID, configItemBackend } from '../catalog/item/configItemBackend';
import { DEPLOYMENTS_ID, viewsBackend } from './viewsBackend';
import { SLOW, findTable } from '../../support/tables';

// Monaco needs a real browser; the editor is replaced by its text.
jest.mock('../../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => jest.requireActual('../../support/monacoMock'));

jest.setTimeout(60_000);

function render(url: string, properties = disabledFeatures()) {
  configItemBackend();
  const backend = viewsBackend();
  return { ...renderPages(pagesAt('/catalog/:id/*'), url, { properties }), backend };
}

describe("config item's view tabs", () => {
  it('adds a tab per view of the config (VIEW-06) that opens the view with no variables', async () => {
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
    expect(backend.evaluations).toEqual([
      { id: DEPLOYMENTS_ID, body: { variables: {} }, cacheControl: null },
    ]);
    expect(screen.queryByRole('group', { name: 'Variables' })).not.toBeInTheDocument();
    await findTable('View table');
  });

  it('opens a view tab from its address, ignoring variables there', async () => {
    const { backend } = render(`/catalog/${ITEM_ID}/view/${DEPLOYMENTS_ID}?var-cluster=staging`);
    expect(await screen.findByRole('region', { name: 'Replicas' }, SLOW)).toBeInTheDocument();
    expect(backend.evaluations[0]!.body).toEqual({ variables: {} });
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
