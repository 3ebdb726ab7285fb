import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { appPages, createNavigation } from '../../../src/app/routes';
import type { CommandPaletteProps } from '../../../src/features/palette/CommandPalette';
import { CommandPalette } from '../../../src/features/palette/CommandPalette';
import { Layout } from '../../../src/shell/Layout';
import { ShellProvider } from '../../../src/shell/ShellContext';
import { postgrestTable } from '../../support/postgrestTable';
import { renderApp } from '../../support/renderApp';
import { paletteBackend } from './paletteBackend';

function QuickPalette(props: CommandPaletteProps): ReactElement {
  return <CommandPalette {...props} debounceMs={20} />;
}

const navigation = createNavigation(appPages);

const item = (id: string, name: string, type: string, owner?: string) => ({
  id,
  name,
  type,
  health: 'healthy',
  status: 'Running',
  labels: owner ? { 'acme.io/team': owner } : {},
  deleted_at: null,
});

/** The shell with the palette, MISC-03 answering nothing, and items labelled with owners. */
function renderShell() {
  const backend = paletteBackend({
    resources: { checks: [], configs: [], components: [], playbooks: [], connections: [] },
    incidents: [],
    rules: [],
    views: [],
  });
  const configs = postgrestTable('configs', [
    item('cfg-1', 'payments-db', 'AWS::RDS::DBInstance', 'Payments'),
    item('cfg-2', 'ledger', 'Kubernetes::Deployment', 'Payments'),
    item('cfg-3', 'search-api', 'Kubernetes::Deployment', 'Discovery'),
  ]);
  const components = postgrestTable('components', [
    item('comp-1', 'billing', 'Service', 'Payments'),
    item('comp-2', 'catalog', 'Service'),
  ]);
  const view = renderApp(
    [
      {
        element: (
          <ShellProvider commandPalette={QuickPalette} ownerLabel="acme.io/team">
            <Layout navigation={navigation} />
          </ShellProvider>
        ),
        children: [{ path: '*', element: <p>Page</p> }],
      },
    ],
    { url: '/topology' },
  );
  return { ...view, backend, configs, components };
}

const optionNames = (group: HTMLElement) =>
  within(group)
    .queryAllByRole('option')
    .map((option) => option.querySelector('.mc-palette-option-name')?.textContent);

describe('command palette: owner:<team>', () => {
  it("finds the config items and components whose owner label holds the team's name", async () => {
    const { user, backend, configs, components } = renderShell();
    await screen.findByText('Page');
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    const input = within(dialog).getByRole('combobox', { name: 'Search and commands' });
    await user.type(input, 'owner:pay');
    const catalog = await within(dialog).findByRole('group', { name: 'Catalog' });
    await waitFor(() => expect(optionNames(catalog)).toEqual(['ledger', 'payments-db']));
    expect(optionNames(within(dialog).getByRole('group', { name: 'Components' }))).toEqual([
      'billing',
    ]);
    const query = configs.reads.at(-1)!.url.searchParams;
    expect(query.get('labels->>"acme.io/team"')).toBe('ilike.*pay*');
    expect(query.get('select')).toBe('id,name,type,health,status');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(components.reads.at(-1)!.url.searchParams.get('labels->>"acme.io/team"')).toBe(
      'ilike.*pay*',
    );
    // MISC-03 and the other searches are not asked for an owner query.
    expect(backend.received.some((r) => r.text.startsWith('owner:'))).toBe(false);
  });
});
