import { HttpResponse, http } from 'msw';
import type { SavedQuery } from '../../../../src/api/schemas/savedQueries';
import { server } from '../../../support/msw';
import { postgrestTable, valuesTable } from '../../../support/postgrestTable';

/** A catalog row as `/api/config/query` answers it: tags and labels as JSON text. */
interface QueryRow {
  id: string;
  name: string;
  type: string;
  health: string;
  status: string;
  tags: string;
  labels: string;
  created_at: string;
}

const row = (id: string, name: string, type: string, health: string): QueryRow => ({
  id: `018f4b8e-2222-7000-8000-00000000000${id}`,
  name,
  type,
  health,
  status: 'Running',
  tags: JSON.stringify({ cluster: 'prod' }),
  labels: JSON.stringify({ app: name }),
  created_at: '2026-11-01T10:00:00Z',
});

export const ITEMS: readonly QueryRow[] = [
  row('1', 'cart-api', 'Kubernetes::Pod', 'healthy'),
  row('2', 'orders-api', 'Kubernetes::Pod', 'unhealthy'),
  row('3', 'orders-db', 'AWS::RDS::DBInstance', 'healthy'),
];

export const UNHEALTHY: SavedQuery = {
  id: '018f4b8e-4444-7000-8000-000000000001',
  description: 'Unhealthy items',
  query: "SELECT * FROM config_items WHERE deleted_at IS NULL AND health = 'unhealthy'",
};
export const DATABASES: SavedQuery = {
  id: '018f4b8e-4444-7000-8000-000000000002',
  description: 'Databases',
  query: "SELECT * FROM config_items WHERE deleted_at IS NULL AND type = 'AWS::RDS::DBInstance'",
};

/** The items a query selects: its `type = '…'` and `health = '…'` conditions, if any. */
function selected(query: string): QueryRow[] {
  const type = /type = '([^']*)'/.exec(query)?.[1];
  const health = /health = '([^']*)'/.exec(query)?.[1];
  return ITEMS.filter(
    (item) => (!type || item.type === type) && (!health || item.health === health),
  );
}

/**
 * The queries page's backend: `/api/config/query` over three items (a `count(*)` query answers
 * their count; `broken` in a query answers 400 as the demo does), the saved queries, and the
 * builder's option lists. `queries` records each query text received.
 */
export function queriesBackend(saved: readonly SavedQuery[] = [UNHEALTHY, DATABASES]) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/config/query', ({ request }) => {
      const query = new URL(request.url).searchParams.get('query') ?? '';
      queries.push(query);
      if (query.includes('broken')) {
        return HttpResponse.json({ error: 'query: unknown column "broken"' }, { status: 400 });
      }
      const rows = selected(query);
      if (/^SELECT count\(\*\)/.test(query)) {
        return HttpResponse.json({ count: 1, results: [{ count: rows.length }] });
      }
      return HttpResponse.json({ count: rows.length, results: rows });
    }),
  );
  valuesTable('config_types', 'type', ['AWS::RDS::DBInstance', 'Kubernetes::Pod']);
  valuesTable('config_statuses', 'status', ['Running', 'Stopped']);
  const savedQueries = postgrestTable('saved_query', [...saved], {
    onInsert: (body) => ({ ...body, id: '018f4b8e-4444-7000-8000-00000000000f' }) as SavedQuery,
  });
  return { queries, savedQueries };
}
