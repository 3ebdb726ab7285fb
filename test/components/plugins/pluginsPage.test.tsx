import { screen, within } from '@testing-library/react';
import type { PluginRow } from '../../../src/api/schemas/plugins';
import { postgrestTable } from '../../support/postgrestTable';
import type { PostgrestTable } from '../../support/postgrestTable';
import { pagesAt, renderPages } from '../../support/renderPages';
import { SLOW, findTable, rowCellsWith } from '../../support/tables';

jest.setTimeout(30_000);

const PAGES = pagesAt('/settings/plugins');

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const ROWS: PluginRow[] = [
  {
    id: '0191c1d2-0000-7000-8000-000000000001',
    name: 'kubernetes-logs',
    namespace: 'mission-control',
    source: 'KubernetesCRD',
    spec: { source: 'flanksource/kubernetes-logs', version: 'v0.3.0' },
    installed_path: '/opt/plugins/kubernetes-logs',
    plugin_version: 'v0.3.1',
    created_at: daysAgo(3),
    updated_at: daysAgo(1),
    deleted_at: null,
  },
  {
    id: '0191c1d2-0000-7000-8000-000000000002',
    name: 'postgres',
    namespace: 'default',
    source: 'UI',
    spec: { address: 'pg-plugin.tools:7000', version: 'v2' },
    installed_path: null,
    plugin_version: null,
    created_at: daysAgo(5),
    updated_at: daysAgo(5),
    deleted_at: null,
  },
];

let table: PostgrestTable<PluginRow>;

function renderPage(rows: PluginRow[] = ROWS, failOnce?: string) {
  table = postgrestTable('plugins', rows);
  if (failOnce) table.fail('GET', 500, { message: failOnce }, { times: 1 });
  return renderPages(PAGES, '/settings/plugins');
}

const cells = (name: string) => rowCellsWith('Plugins', name);

describe('Plugins page', () => {
  it('lists each plugin with its namespace, where it comes from, its version and age', async () => {
    renderPage();
    await findTable('Plugins');
    expect(decodeURIComponent(table.reads[0]!.url.search)).toBe(
      '?select=id,name,namespace,source,spec,installed_path,plugin_version,created_at,updated_at,deleted_at&deleted_at=is.null&order=namespace.asc,name.asc',
    );
    // The version the binary reported wins over the one the spec asks for.
    expect(cells('kubernetes-logs')).toEqual([
      'kubernetes-logs',
      'mission-control',
      'flanksource/kubernetes-logs',
      'v0.3.1',
      '3d ago',
    ]);
    // A remote plugin comes from its address.
    expect(cells('postgres')).toEqual([
      'postgres',
      'default',
      'pg-plugin.tools:7000',
      'v2',
      '5d ago',
    ]);
  });

  it('says when no plugin is installed', async () => {
    renderPage([]);
    expect(await screen.findByText('No plugins installed', {}, SLOW)).toBeInTheDocument();
  });

  it("shows the server's reason when the list cannot be read, and Retry reads it again", async () => {
    const { user } = renderPage(ROWS, 'permission denied for table plugins');
    expect(await screen.findByText('permission denied for table plugins', {}, SLOW)).toBeVisible();
    expect(screen.getByText('Error loading plugins')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('kubernetes-logs', {}, SLOW)).toBeInTheDocument();
  });

  it('sorts by a column when its header is clicked, keeping the sort in the address', async () => {
    const { user, currentUrl } = renderPage();
    await findTable('Plugins');
    await user.click(screen.getByRole('button', { name: /Namespace/ }));
    const names = () =>
      within(screen.getByRole('table', { name: 'Plugins' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(currentUrl()).toContain('sortBy=namespace');
    expect(names()).toEqual(['postgres', 'kubernetes-logs']);
  });
});
