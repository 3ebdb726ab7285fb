import { HttpResponse, http } from 'msw';
import type { ConfigListItem, ConfigSummaryRow } from '../../../src/api/schemas/catalog';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';

const AGENT = { id: '00000000-0000-0000-0000-000000000000', name: 'local' };
const HOME = { id: '6f1f1d1e-9c5f-4c57-8d5b-5c2d0e4f5a10', name: 'eu-west' };

function item(
  id: string,
  name: string,
  type: string,
  fields: Partial<ConfigListItem> = {},
): ConfigListItem {
  return {
    id,
    name,
    type,
    config_class: type.split('::')[1] ?? type,
    status: 'Running',
    health: 'healthy',
    labels: {},
    tags: {},
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    deleted_at: null,
    cost_per_minute: 0,
    cost_total_1d: 0,
    cost_total_7d: 0,
    cost_total_30d: 0,
    changes: 0,
    analysis: null,
    agent: AGENT,
    ...fields,
  };
}

export const CHECKOUT = item(
  '0c5a3d4e-1b2f-4a6b-9c8d-7e6f5a4b3c21',
  'checkout-api',
  'Kubernetes::Deployment',
  {
    tags: { namespace: 'shop', cluster: 'prod', account: '1234', zone: 'a' },
    labels: { app: 'checkout', team: 'payments' },
    changes: 4,
    analysis: { security: 2 },
    cost_total_30d: 120.5,
    created_at: '2026-11-10T10:00:00Z',
  },
);
export const CART = item(
  '1d6b4e5f-2c3a-4b7c-8d9e-8f7a6b5c4d32',
  'cart-api',
  'Kubernetes::Deployment',
  {
    tags: { namespace: 'shop' },
    labels: { app: 'cart', team: 'payments' },
    health: 'unhealthy',
    status: 'Degraded',
    created_at: '2026-11-09T10:00:00Z',
  },
);
export const OLD_POD = item(
  '2e7c5f6a-3d4b-4c8d-9e0f-9a8b7c6d5e43',
  'cart-api-7d9f',
  'Kubernetes::Pod',
  {
    tags: { namespace: 'shop' },
    health: 'unknown',
    status: 'Terminated',
    deleted_at: '2026-11-20T08:30:00Z',
    created_at: '2026-11-08T10:00:00Z',
  },
);
export const ORDERS_DB = item(
  '3f8d6a7b-4e5c-4d9e-8f1a-0b9c8d7e6f54',
  'orders-db',
  'AWS::RDS::DBInstance',
  {
    config_class: 'Database',
    health: 'warning',
    status: 'available',
    tags: { account: '1234', region: 'eu-west-1' },
    agent: HOME,
    created_at: '2026-11-07T10:00:00Z',
  },
);

export const CONFIGS = [CHECKOUT, CART, OLD_POD, ORDERS_DB];

export const SUMMARY: ConfigSummaryRow[] = [
  {
    type: 'Kubernetes::Deployment',
    count: 2,
    health: { healthy: 1, unhealthy: 1 },
    changes: 4,
    analysis: { security: 2 },
    created_at: '2026-11-10T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    cost_30d: 120.5,
  },
  {
    type: 'Kubernetes::Pod',
    count: 40,
    health: { healthy: 38, unknown: 2 },
    changes: 12,
    analysis: {},
    created_at: '2026-11-10T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    cost_30d: 0,
  },
  {
    type: 'AWS::RDS::DBInstance',
    count: 1,
    health: { warning: 1 },
    changes: 0,
    analysis: { cost: 1 },
    created_at: '2026-11-07T10:00:00Z',
    updated_at: '2026-11-19T10:00:00Z',
    cost_30d: 310,
  },
];

/**
 * The catalog's backend: the `configs` view (CAT-01) as a PostgREST table, the summary
 * (CAT-02) answering `summary` (bodies recorded), and the option lists of the filters.
 */
export function catalogBackend(options: { summary?: ConfigSummaryRow[] } = {}) {
  const configs = postgrestTable('configs', CONFIGS);
  const summaryBodies: unknown[] = [];
  server.use(
    http.post('*/api/catalog/summary', async ({ request }) => {
      summaryBodies.push(await request.json());
      return HttpResponse.json(options.summary ?? SUMMARY);
    }),
    http.get('*/api/db/config_types', () =>
      HttpResponse.json([...new Set(CONFIGS.map((c) => c.type))].sort().map((type) => ({ type }))),
    ),
    http.get('*/api/db/config_statuses', () =>
      HttpResponse.json(
        ['Degraded', 'Running', 'Terminated', 'available'].map((status) => ({ status })),
      ),
    ),
    http.get('*/api/db/config_labels', () =>
      HttpResponse.json([
        { key: 'app', value: 'cart' },
        { key: 'app', value: 'checkout' },
        { key: 'team', value: 'payments' },
      ]),
    ),
    http.get('*/api/db/config_tags', () =>
      HttpResponse.json([
        { key: 'region', value: 'eu-west-1' },
        { key: 'namespace', value: 'shop' },
      ]),
    ),
    http.get('*/api/db/config_tags_labels_keys', () =>
      HttpResponse.json([{ key: 'tag:namespace' }, { key: 'tag:account' }, { key: 'label:app' }]),
    ),
  );
  /** The query of the last list read, as sent. */
  const lastListQuery = () => configs.reads[configs.reads.length - 1]?.url.searchParams;
  return { configs, summaryBodies, lastListQuery };
}
