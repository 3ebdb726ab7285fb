import '../../support/withEditableMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { CRD_TEAM_ID, SLOW, TOPOLOGY_ID, renderResources } from './resourcesBackend';
import { findTable } from '../../support/tables';

const ui = {
  table: (name: string) => findTable(name),
  rows: (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1),
  row: (name: string) => screen.getByText(name).closest('tr')!,
  header: (table: string, name: string) =>
    within(screen.getByRole('table', { name: table })).getByRole('columnheader', { name }),
};

/** A read's path and parameters, decoded, in order. */
function request(read: { url: URL }) {
  return { path: read.url.pathname, params: [...read.url.searchParams.entries()] };
}

describe('generic resource list', () => {
  it('lists teams from their status view, newest first, with creator and last job', async () => {
    const { backend } = renderResources('/settings/teams');
    await ui.table('Teams');
    expect(request(backend.teamsView.reads[0]!)).toEqual({
      path: '/api/db/teams_with_status',
      params: [
        ['select', '*,created_by(id,name,avatar,email)'],
        ['order', 'created_at.desc'],
        ['deleted_at', 'is.null'],
        ['limit', '100'],
      ],
    });
    const names = ui.rows('Teams').map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['Platform', 'Database']);
    const platform = ui.row('Platform');
    expect(within(platform).getByRole('img', { name: 'FAILED' })).toHaveAttribute(
      'data-color',
      'red',
    );
    expect(within(platform).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(ui.row('Database')).getByText('KubernetesCRD')).toBeInTheDocument();
    expect(within(ui.row('Database')).getByText('Bob Builder')).toBeInTheDocument();
  });

  it('embeds the agent for topologies and shows it', async () => {
    const { backend } = renderResources('/settings/topologies');
    await ui.table('Topology');
    expect(backend.topologiesView.reads[0]!.url.searchParams.get('select')).toBe(
      '*,created_by(id,name,avatar,email),agent:agent_id(id,name,description)',
    );
    const row = ui.row('payments');
    expect(within(row).getByText('eu-west')).toBeInTheDocument();
    expect(within(row).getByText('prod')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'SUCCESS' })).toHaveAttribute(
      'data-color',
      'green',
    );
  });

  it('lists scrapers under the catalog, without the agent embed', async () => {
    const { backend } = renderResources('/catalog/scrapers');
    await ui.table('Catalog Scraper');
    expect(backend.scrapersView.reads[0]!.url.pathname).toBe('/api/db/config_scrapers_with_status');
    expect(backend.scrapersView.reads[0]!.url.searchParams.get('select')).toBe(
      '*,created_by(id,name,avatar,email)',
    );
    // An empty table says so in the spec's words (spec 000 §8).
    expect(screen.getByText('No resources found')).toBeInTheDocument();
    expect(screen.queryByText('No data available')).toBeNull();
  });

  it('lists rules from the table itself, without a job status column', async () => {
    const { backend } = renderResources('/settings/incident_rules');
    await ui.table('Rules');
    expect(backend.rules.reads[0]!.url.pathname).toBe('/api/db/incident_rules');
    expect(within(ui.row('page-on-outage')).getByText('Carol Chen')).toBeInTheDocument();
    const headers = within(screen.getByRole('table', { name: 'Rules' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Source', 'Created By', 'Created', 'Updated']);
  });

  it('sorts on the server by the header clicked, keeping the sort in the address', async () => {
    const { user, backend, currentUrl } = renderResources('/settings/teams');
    await ui.table('Teams');
    await user.click(within(ui.header('Teams', 'Name')).getByRole('button'));
    await waitFor(() =>
      expect(backend.teamsView.reads.at(-1)!.url.searchParams.get('order')).toBe('name.asc'),
    );
    expect(currentUrl()).toMatch(/sortBy=name/);
    await waitFor(() =>
      expect(
        ui.rows('Teams').map((row) => within(row).getAllByRole('cell')[0]!.textContent),
      ).toEqual(['Database', 'Platform']),
    );
  });

  it('opens a row, by click or with Enter, and Add opens an empty editor', async () => {
    const { user, currentUrl, unmount } = renderResources('/settings/teams');
    await ui.table('Teams');
    await user.click(screen.getByText('Database'));
    await waitFor(() => expect(currentUrl()).toBe(`/settings/teams/${CRD_TEAM_ID}`));
    unmount();

    const again = renderResources('/settings/topologies');
    await ui.table('Topology');
    ui.row('payments').focus();
    await again.user.keyboard('{Enter}');
    await waitFor(() => expect(again.currentUrl()).toBe(`/settings/topologies/${TOPOLOGY_ID}`));
  });

  it('offers Add to writers only', async () => {
    const writer = renderResources('/settings/teams');
    await ui.table('Teams');
    await writer.user.click(await screen.findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writer.currentUrl()).toBe('/settings/teams/new'));
    writer.unmount();

    renderResources('/settings/teams', { user: { roles: ['viewer'] } });
    await ui.table('Teams');
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it("shows the server's reason with a Retry that asks again", async () => {
    const { user, backend } = renderResources('/settings/teams');
    backend.teamsView.fail('GET', 500, { message: 'relation is broken' }, { times: 1 });
    expect(await screen.findByText('relation is broken', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Error loading Teams')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await ui.table('Teams');
    expect(await screen.findByText('Platform')).toBeInTheDocument();
  });

  it('says when the table is not one it knows', async () => {
    renderResources('/settings/people');
    expect(await screen.findByText('Not found', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('There is no settings table named people.')).toBeInTheDocument();
  });
});
