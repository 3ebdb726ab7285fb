import { HttpResponse, http } from 'msw';
import type { ResourceIncident } from '../../../../src/api/schemas/incidents';
import type {
  ConfigChange,
  ConfigCheck,
  ConfigDetail,
  ConfigInsightDetail,
  PlaybookRun,
  RelatedConfig,
} from '../../../../src/api/schemas/configItem';
import { server } from '../../../support/msw';
import { postgrestTable, valuesTable } from '../../../support/postgrestTable';
import { daysAgo, hoursAgo } from '../../../support/time';
import type { AccessRow } from '../../../../src/api/schemas/configAccess';

export const ITEM_ID = '018f4b8e-1111-7000-8000-000000000001';
export const CLUSTER_ID = '018f4b8e-1111-7000-8000-0000000000c1';
export const NAMESPACE_ID = '018f4b8e-1111-7000-8000-0000000000a1';
export const POD_ID = '018f4b8e-1111-7000-8000-0000000000b1';
export const DELETED_ID = '018f4b8e-1111-7000-8000-0000000000d1';
export const EMPTY_ID = '018f4b8e-1111-7000-8000-0000000000e1';
export const MISSING_ID = '018f4b8e-1111-7000-8000-0000000000ff';
export const SCRAPER_ID = '018f4b8e-2222-7000-8000-000000000001';
export const COMPONENT_ID = '018f4b8e-3333-7000-8000-000000000001';
export const MANUAL_COMPONENT_ID = '018f4b8e-3333-7000-8000-000000000002';
export const OTHER_COMPONENT_ID = '018f4b8e-3333-7000-8000-000000000003';
export const CHECK_ID = '018f4b8e-4444-7000-8000-000000000001';
export const INSIGHT_ID = '018f4b8e-5555-7000-8000-000000000001';
export const INCIDENT_ID = '018f4b8e-6666-7000-8000-000000000001';
export const OLD_INCIDENT_ID = '018f4b8e-6666-7000-8000-000000000002';

export const ALICE_ID = '018f4b8e-7777-7000-8000-000000000001';
export const BOB_ID = '018f4b8e-7777-7000-8000-000000000002';
export const ADMINS_ID = '018f4b8e-8888-7000-8000-000000000001';

/** The external users the item's sign-ins embed. */
const EXTERNAL_USERS: Record<string, { name: string; email: string; user_type: string }> = {
  [ALICE_ID]: { name: 'alice', email: 'alice@acme.io', user_type: 'user' },
  [BOB_ID]: { name: 'bob', email: 'bob@acme.io', user_type: 'user' },
};

/** Who reaches the item: alice directly, bob through platform-admins (stale: 120 days). */
export const ITEM_ACCESS: AccessRow[] = [
  {
    config_id: ITEM_ID,
    config_name: 'checkout-api',
    config_type: 'Kubernetes::Deployment',
    external_user_id: ALICE_ID,
    external_group_id: null,
    role: 'cluster-admin',
    user: 'alice',
    email: 'alice@acme.io',
    user_type: 'user',
    created_at: daysAgo(200),
    last_signed_in_at: daysAgo(3),
    last_reviewed_at: null,
  },
  {
    config_id: ITEM_ID,
    config_name: 'checkout-api',
    config_type: 'Kubernetes::Deployment',
    external_user_id: BOB_ID,
    external_group_id: ADMINS_ID,
    role: 'view',
    user: 'bob',
    email: 'bob@acme.io',
    user_type: 'user',
    created_at: daysAgo(300),
    last_signed_in_at: daysAgo(120),
    last_reviewed_at: '2026-01-05T10:00:00Z',
  },
];

/** The item's sign-ins, per external user (`config_access_logs`). */
export const ITEM_ACCESS_LOGS = [
  {
    config_id: ITEM_ID,
    external_user_id: BOB_ID,
    scraper_id: SCRAPER_ID,
    mfa: false,
    properties: null,
    count: 1,
    created_at: daysAgo(120),
  },
  {
    config_id: ITEM_ID,
    external_user_id: ALICE_ID,
    scraper_id: SCRAPER_ID,
    mfa: true,
    properties: { ip: '10.0.0.4', client: 'kubectl' },
    count: 12,
    created_at: daysAgo(3),
  },
];

/** A deployment with a document, summary counts, labels, tags, costs and a scraper. */
export const ITEM: ConfigDetail = {
  id: ITEM_ID,
  name: 'checkout-api',
  type: 'Kubernetes::Deployment',
  config_class: 'Deployment',
  status: 'Running',
  health: 'healthy',
  description: 'Serves the checkout',
  labels: { app: 'checkout' },
  tags: { cluster: 'prod-eu', namespace: 'shop', account: 'acme', team: 'payments' },
  config: { apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 3 } },
  path: `${CLUSTER_ID}.${NAMESPACE_ID}`,
  external_id: ['shop/checkout-api'],
  agent_id: '00000000-0000-0000-0000-000000000000',
  created_at: '2026-01-10T08:00:00Z',
  updated_at: '2026-01-12T09:30:00Z',
  deleted_at: null,
  cost_per_minute: 0.0123,
  cost_total_1d: 17.7,
  cost_total_7d: 124,
  cost_total_30d: 1520.5,
  last_scraped_time: '2026-01-12T10:00:00Z',
  agent_name: 'local',
  summary: { relationships: 4, analysis: 3, changes: 12, playbook_runs: 2, checks: 1 },
  scraper: { id: SCRAPER_ID, name: 'kubernetes-prod' },
};

/** A deleted pod without a summary. */
export const DELETED_ITEM: ConfigDetail = {
  id: DELETED_ID,
  name: 'checkout-api-7f9c',
  type: 'Kubernetes::Pod',
  config_class: 'Pod',
  health: 'unhealthy',
  status: 'Terminated',
  config: { kind: 'Pod' },
  created_at: '2026-01-10T08:00:00Z',
  deleted_at: '2026-01-11T07:45:00Z',
  summary: null,
  scraper: null,
};

/** An item with no document. */
export const EMPTY_ITEM: ConfigDetail = {
  id: EMPTY_ID,
  name: 'empty-config',
  type: 'Custom::Thing',
  config: null,
  summary: { relationships: 0, analysis: 0, changes: 0, playbook_runs: 0, checks: 0 },
};

export const CHANGES: ConfigChange[] = [
  {
    id: 'ch-1',
    config_id: ITEM_ID,
    change_type: 'diff',
    severity: 'info',
    source: 'kubernetes',
    summary: 'replicas 2 → 3',
    created_at: hoursAgo(3),
    name: 'checkout-api',
    type: 'Kubernetes::Deployment',
    tags: { cluster: 'prod-eu', namespace: 'shop' },
    external_created_by: 'kubectl',
  },
  {
    id: 'ch-2',
    config_id: POD_ID,
    change_type: 'Pulled',
    severity: 'high',
    source: 'kubernetes/events',
    summary: 'Image pulled',
    created_at: hoursAgo(5),
    name: 'checkout-api-5d8',
    type: 'Kubernetes::Pod',
    created_by: null,
  },
];

export const INSIGHTS: Array<ConfigInsightDetail & { config_id: string }> = [
  {
    id: INSIGHT_ID,
    config_id: ITEM_ID,
    source: 'Kubernetes',
    analyzer: 'no-resource-limits',
    analysis_type: 'reliability',
    message: 'Container has no memory limit',
    severity: 'medium',
    status: 'open',
    analysis: { container: 'api', limits: null },
    first_observed: '2026-01-11T12:00:00Z',
    config: {
      id: ITEM_ID,
      name: 'checkout-api',
      config_class: 'Deployment',
      type: 'Kubernetes::Deployment',
    },
  },
  {
    id: '018f4b8e-5555-7000-8000-000000000002',
    config_id: ITEM_ID,
    source: 'Trivy',
    analyzer: 'CVE-2025-0001',
    analysis_type: 'security',
    message: 'openssl is vulnerable',
    severity: 'critical',
    status: 'open',
    analysis: { package: 'openssl' },
    first_observed: '2026-01-10T12:00:00Z',
    config: {
      id: ITEM_ID,
      name: 'checkout-api',
      config_class: 'Deployment',
      type: 'Kubernetes::Deployment',
    },
  },
];

/** Topology components: linked by a selector, linked by hand, and one not linked. */
export const COMPONENTS = [
  { id: COMPONENT_ID, name: 'Checkout', icon: 'k8s' },
  { id: MANUAL_COMPONENT_ID, name: 'Payments', icon: 'k8s' },
  { id: OTHER_COMPONENT_ID, name: 'Billing', icon: 'k8s' },
];

/** The item (first, as the RPC lists it), the namespace holding it, and its pod. */
export const RELATED: RelatedConfig[] = [
  {
    id: ITEM_ID,
    name: 'checkout-api',
    type: 'Kubernetes::Deployment',
    health: 'healthy',
    related_ids: [POD_ID],
  },
  {
    id: NAMESPACE_ID,
    related_ids: [ITEM_ID],
    name: 'shop',
    type: 'Kubernetes::Namespace',
    health: 'healthy',
    status: 'Active',
    tags: { cluster: 'prod-eu' },
    changes: 1,
    analysis: {},
    updated_at: hoursAgo(30),
  },
  {
    id: POD_ID,
    name: 'checkout-api-5d8',
    type: 'Kubernetes::Pod',
    health: 'unhealthy',
    status: 'CrashLoopBackOff',
    tags: { cluster: 'prod-eu', namespace: 'shop' },
    changes: 7,
    analysis: { security: 2, reliability: 1 },
    updated_at: hoursAgo(1),
  },
];

const CREATOR = { id: 'p1', name: 'Ada Admin', avatar: null };

export const RUNS: PlaybookRun[] = [
  {
    id: 'run-1',
    playbook_id: 'pb-1',
    status: 'completed',
    config_id: ITEM_ID,
    parent_id: null,
    created_at: '2026-01-12T10:00:00Z',
    start_time: '2026-01-12T10:00:00Z',
    end_time: '2026-01-12T10:02:05Z',
    created_by: CREATOR,
    playbooks: { id: 'pb-1', name: 'restart-deployment', title: 'Restart Deployment' },
  },
  {
    id: 'run-2',
    playbook_id: 'pb-2',
    status: 'failed',
    config_id: ITEM_ID,
    parent_id: null,
    created_at: '2026-01-11T10:00:00Z',
    start_time: '2026-01-11T10:00:00Z',
    end_time: '2026-01-11T10:00:42Z',
    created_by: null,
    playbooks: { id: 'pb-2', name: 'scale-up', title: null },
  },
  {
    id: 'run-child',
    playbook_id: 'pb-2',
    status: 'failed',
    config_id: ITEM_ID,
    parent_id: 'run-2',
    created_at: '2026-01-11T10:00:01Z',
    playbooks: { id: 'pb-2', name: 'child-step', title: null },
  },
];

export const CHECKS: ConfigCheck[] = [
  {
    id: CHECK_ID,
    config_id: ITEM_ID,
    name: 'checkout-http',
    type: 'http',
    status: 'healthy',
    last_runtime: hoursAgo(0.2),
  },
];

/** Rows of `incidents_by_config`: two of the item (one with an old numeric severity), one of a pod. */
export const INCIDENTS: Array<ResourceIncident & { config_id: string }> = [
  {
    id: INCIDENT_ID,
    config_id: ITEM_ID,
    title: 'Checkout is slow',
    severity: 'high',
    status: 'open',
    type: 'availability',
    created_at: hoursAgo(2),
  },
  {
    id: OLD_INCIDENT_ID,
    config_id: ITEM_ID,
    title: 'Certificate expired',
    severity: 2,
    status: 'closed',
    type: 'security',
    created_at: hoursAgo(72),
  },
  {
    id: '018f4b8e-6666-7000-8000-000000000003',
    config_id: POD_ID,
    title: 'Pod restarts',
    severity: 'low',
    status: 'open',
    type: 'issue',
    created_at: hoursAgo(1),
  },
];

export interface ConfigItemBackendOptions {
  items?: ConfigDetail[];
  changes?: ConfigChange[];
  /** What the relationships RPC (CAT-30) holds before its `.filter` parameters. */
  related?: RelatedConfig[];
}

/** The values of a `{col}.filter` (api.md §3) kept and left out (plain values only). */
function passesFilter(value: unknown, filter: string): boolean {
  const items = filter.split(',').filter((item) => item !== '');
  const excluded = items.filter((item) => item.startsWith('!')).map((item) => item.slice(1));
  const included = items.filter((item) => !item.startsWith('!'));
  const text = typeof value === 'string' ? value : '';
  if (excluded.includes(text)) return false;
  return included.length === 0 || included.includes(text);
}

/** The RPC's rows that pass its `type.filter`, `status.filter` and `health.filter`. */
function applyRpcFilters(rows: readonly RelatedConfig[], url: URL): RelatedConfig[] {
  return rows.filter((row) =>
    (['type', 'status', 'health'] as const).every((column) => {
      const filter = url.searchParams.get(`${column}.filter`);
      return filter === null || passesFilter(row[column], filter);
    }),
  );
}

/**
 * The calls of a config item's page: PostgREST fakes for the item, its components, change
 * types, insights, playbook runs, checks and incidents, and recorders for the location parents, the
 * relationships RPC and the change search (CAT-19), whose bodies are kept.
 */
export function configItemBackend(options: ConfigItemBackendOptions = {}) {
  const detail = postgrestTable<ConfigDetail>(
    'config_detail',
    options.items ?? [ITEM, DELETED_ITEM, EMPTY_ITEM],
  );
  const components = postgrestTable(
    'config_component_relationships',
    [
      { config_id: ITEM_ID, component_id: COMPONENT_ID, selector_id: 'checkout-selector' },
      { config_id: ITEM_ID, component_id: MANUAL_COMPONENT_ID, selector_id: 'manual' },
    ],
    {
      key: ['component_id', 'config_id'],
      embed: {
        components: (_value, row) => COMPONENTS.find((c) => c.id === row.component_id) ?? null,
      },
    },
  );
  const changeTypes = valuesTable('change_types', 'change_type', ['diff', 'Pulled', '']);
  const insights = postgrestTable('config_analysis', INSIGHTS);
  const runs = postgrestTable('playbook_runs', RUNS);
  const checks = postgrestTable('check_summary_for_config', CHECKS);
  const incidents = postgrestTable('incidents_by_config', INCIDENTS);
  const access = postgrestTable('config_access_summary', ITEM_ACCESS);
  const accessLogs = postgrestTable('config_access_logs', ITEM_ACCESS_LOGS, {
    embed: { external_users: (_value, row) => EXTERNAL_USERS[row.external_user_id] ?? null },
  });

  const parents: URL[] = [];
  const relationships: URL[] = [];
  const changeBodies: Array<Record<string, unknown>> = [];
  let changes = options.changes ?? CHANGES;
  const related = options.related ?? RELATED;
  let relationshipsFailure: { status: number; body: Record<string, unknown> } | undefined;
  server.use(
    // VIEW-06: no views apply to the item (the views tests answer it themselves).
    http.get('*/api/view/list', () => HttpResponse.json([])),
    http.get('*/api/db/rpc/get_parents_by_location', ({ request }) => {
      parents.push(new URL(request.url));
      return HttpResponse.json([
        { id: CLUSTER_ID, name: 'prod-eu', type: 'Kubernetes::Cluster' },
        { id: NAMESPACE_ID, name: 'shop', type: 'Kubernetes::Namespace' },
      ]);
    }),
    http.get('*/api/db/rpc/related_configs_recursive', ({ request }) => {
      const url = new URL(request.url);
      relationships.push(url);
      if (relationshipsFailure) {
        return HttpResponse.json(relationshipsFailure.body, {
          status: relationshipsFailure.status,
        });
      }
      return HttpResponse.json(applyRpcFilters(related, url));
    }),
    http.post('*/api/catalog/changes', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      changeBodies.push(body);
      if (changes.length === 0) return HttpResponse.json({});
      return HttpResponse.json({
        summary: { diff: 1, Pulled: 1 },
        total: 60,
        changes,
      });
    }),
  );
  return {
    detail,
    components,
    changeTypes,
    insights,
    runs,
    checks,
    incidents,
    access,
    accessLogs,
    parents,
    relationships,
    changeBodies,
    /** Answers the change search with these changes from now on. */
    answerChanges(next: ConfigChange[]) {
      changes = next;
    },
    /** Answers the relationships RPC with this status and body until `recover` is called. */
    failRelationships(status: number, body: Record<string, unknown>) {
      relationshipsFailure = { status, body };
    },
    recoverRelationships() {
      relationshipsFailure = undefined;
    },
  };
}
