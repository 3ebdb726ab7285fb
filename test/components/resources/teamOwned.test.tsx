import '../../support/withEditableMonacoMock';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { OwnedComponent } from '../../../src/api/endpoints/ownership';
import type { ConfigSummaryRow } from '../../../src/api/schemas/catalog';
import { server } from '../../support/msw';
import { SLOW } from '../../support/tables';
import { TEAM_ID, renderResources } from './resourcesBackend';

const OWNED_URL = `/settings/teams/${TEAM_ID}?tab=owned`;

const ROWS: ConfigSummaryRow[] = [
  {
    type: 'Kubernetes::Pod',
    count: 12,
    health: { unhealthy: 2, healthy: 10 },
    changes: 31,
    analysis: { security: 2, reliability: 1 },
  },
  {
    type: 'AWS::RDS::DBInstance',
    count: 1,
    health: { warning: 1 },
    changes: 0,
    analysis: {},
  },
];

/** CAT-02 answering `rows`, its bodies recorded. */
function summary(rows: ConfigSummaryRow[]) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/catalog/summary', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(rows);
    }),
  );
  return bodies;
}

const COMPONENTS: OwnedComponent[] = [
  {
    id: '0190d1a2-7c4e-7000-8000-0000000c0001',
    name: 'checkout-api',
    icon: null,
    type: 'Application',
    health: 'unhealthy',
    status: 'unhealthy',
  },
  {
    id: '0190d1a2-7c4e-7000-8000-0000000c0002',
    name: 'payments-db',
    icon: null,
    type: 'Database',
    health: 'healthy',
    status: 'healthy',
  },
];

/** The components read answering `rows`, its addresses recorded. */
function components(rows: OwnedComponent[]) {
  const reads: URL[] = [];
  server.use(
    http.get('*/api/db/components', ({ request }) => {
      reads.push(new URL(request.url));
      return HttpResponse.json(rows);
    }),
  );
  return reads;
}

describe("a team's Owned tab", () => {
  it("lists what the team's owner label marks, by type, with health, open insights and changes", async () => {
    const bodies = summary(ROWS);
    components([]);
    renderResources(OWNED_URL, { config: { ownerLabel: 'acme.io/team' } });
    const table = await screen.findByRole('table', { name: 'Owned by the team' }, SLOW);
    expect(bodies[0]).toMatchObject({
      groupBy: ['type'],
      deleted: false,
      filter: { 'acme.io/team': 'Platform' },
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'AWS::RDS::DBInstance',
      'Kubernetes::Pod',
    ]);
    const pods = within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(pods).toEqual(['12', '10 healthy2 unhealthy', '3', '31']);
    expect(screen.getByRole('tab', { name: 'Owned' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says how ownership is given when the team owns nothing', async () => {
    summary([]);
    components([]);
    renderResources(OWNED_URL);
    expect(await screen.findByText('The team owns no config items', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('The team owns no components', {}, SLOW)).toBeInTheDocument();
    expect(
      screen.getByText('Items are the team\'s when their "owner" label names it.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Components are the team\'s when their "owner" label names it.'),
    ).toBeInTheDocument();
  });

  it('lists the components the owner label marks, by name, each a link to its topology page', async () => {
    summary([]);
    const reads = components(COMPONENTS);
    renderResources(OWNED_URL, { config: { ownerLabel: 'acme.io/team' } });
    const table = await screen.findByRole('table', { name: 'Components owned by the team' }, SLOW);
    const query = reads[0]!.searchParams;
    expect(query.get('labels->>"acme.io/team"')).toBe('eq.Platform');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('order')).toBe('name.asc');
    const rows = within(table).getAllByRole('row').slice(1);
    const link = within(rows[0]!).getByRole('link', { name: 'checkout-api' });
    expect(link).toHaveAttribute('href', `/topology/${COMPONENTS[0]!.id}`);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Application', 'unhealthy', 'unhealthy']);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('payments-db');
  });
});
