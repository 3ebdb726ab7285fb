import { HttpResponse, http } from 'msw';
import type { TopologyComponent } from '../../../src/api/schemas/topology';
import { server } from '../../support/msw';
import { EMPTY, componentDetailsBackend } from './details/fixtures';

export const CLUSTER_ID = '018f4b8e-aaaa-7000-8000-000000000001';
export const DB_ID = '018f4b8e-aaaa-7000-8000-000000000002';
export const HIDDEN_ID = '018f4b8e-aaaa-7000-8000-000000000003';
export const NS_ID = '018f4b8e-aaaa-7000-8000-000000000011';
export const NS2_ID = '018f4b8e-aaaa-7000-8000-000000000012';
export const AGENT_ID = '018f4b8e-bbbb-7000-8000-000000000001';

const namespace = (
  id: string,
  name: string,
  health: string,
  hidden = false,
): TopologyComponent => ({
  id,
  name,
  type: 'KubernetesNamespace',
  icon: 'namespace',
  health,
  status: health,
  hidden,
  parent_id: CLUSTER_ID,
  path: CLUSTER_ID,
  owner: 'Payments',
  summary: { healthy: 2, unhealthy: 0, warning: 0, unknown: 0 },
});

/** A cluster with properties of every type and two namespaces (one hidden). */
export const CLUSTER: TopologyComponent = {
  id: CLUSTER_ID,
  name: 'prod-eu-1',
  type: 'KubernetesCluster',
  icon: 'kubernetes',
  health: 'warning',
  status: 'warning',
  status_reason: '1 of 2 children unhealthy',
  owner: 'Platform',
  agent_id: '00000000-0000-0000-0000-000000000000',
  hidden: false,
  path: '',
  labels: { env: 'prod' },
  properties: [
    { name: 'cpu', value: 9500, max: 10000, unit: 'millicores', headline: true },
    { name: 'memory', value: 8 * 1024 ** 3, unit: 'bytes', headline: true },
    { name: 'console', type: 'url', url: 'https://k8s.example.com', headline: true },
    { name: 'tier', type: 'badge', text: 'gold', headline: true },
    { name: 'monthly', type: 'currency', value: 2500, unit: 'USD', headline: true },
    { name: 'token', type: 'hidden', text: 's3cret', headline: true },
  ],
  summary: {
    healthy: 3,
    unhealthy: 1,
    warning: 0,
    unknown: 2,
    checks: { healthy: 5, unhealthy: 2 },
    incidents: { availability: { High: 1 } },
    insights: { security: { critical: 2 } },
  },
  cost_total_30d: 1520.5,
  components: [
    namespace(NS_ID, 'payments', 'healthy'),
    namespace(NS2_ID, 'legacy', 'unhealthy', true),
  ],
};

export const DATABASE: TopologyComponent = {
  id: DB_ID,
  name: 'orders-db',
  type: 'RDSInstance',
  icon: 'aws-rds',
  health: 'healthy',
  status: 'healthy',
  owner: 'Payments',
  agent_id: AGENT_ID,
  properties: [{ name: 'connections', value: 40, max: 500, headline: true }],
  summary: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 },
};

export const HIDDEN: TopologyComponent = {
  id: HIDDEN_ID,
  name: 'old-cluster',
  type: 'KubernetesCluster',
  health: 'unknown',
  status: 'info',
  hidden: true,
  owner: 'Platform',
};

export interface TopologyBackend {
  /** The query of every TOPO-01 request. */
  reads: URLSearchParams[];
  /** Every TOPO-01 request, in order (its `signal` tells whether it was cancelled). */
  requests: Request[];
  patches: Array<{ url: URL; body: unknown }>;
}

function byId(id: string): TopologyComponent | undefined {
  return (
    [CLUSTER, DATABASE, HIDDEN].find((c) => c.id === id) ??
    CLUSTER.components?.find((c) => c.id === id)
  );
}

/** The filters' choices TOPO-01 answers with. */
const CHOICES = {
  healthStatuses: ['healthy', 'info', 'warning'],
  teams: ['Payments', 'Platform'],
  tags: { env: ['prod', 'dev'] },
  types: ['KubernetesCluster', 'KubernetesNamespace', 'RDSInstance'],
};

/** TOPO-01 (roots, or a component with its children), TOPO-03, TOPO-05 and the panel's calls. */
export function topologyBackend(
  options: {
    fail?: string;
    /** Holds the answer to a TOPO-01 request until the promise it gives (if any) settles. */
    hold?: (params: URLSearchParams) => Promise<void> | undefined;
    /** The roots TOPO-01 answers with, as they are (of any shape), instead of the estate's. */
    roots?: readonly unknown[];
  } = {},
): TopologyBackend {
  const backend: TopologyBackend = { reads: [], requests: [], patches: [] };
  const hidden = new Set([HIDDEN_ID, NS2_ID]);
  const withHidden = (c: TopologyComponent): TopologyComponent => ({
    ...c,
    hidden: hidden.has(c.id),
    ...(c.components ? { components: c.components.map(withHidden) } : {}),
  });
  componentDetailsBackend(EMPTY);
  server.use(
    http.get('/api/canary/api/topology', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      backend.reads.push(params);
      backend.requests.push(request);
      await options.hold?.(params);
      if (options.fail) return HttpResponse.json({ error: options.fail }, { status: 500 });
      if (options.roots) return HttpResponse.json({ ...CHOICES, components: options.roots });
      const id = params.get('id');
      let components: TopologyComponent[];
      if (id) {
        const found = byId(id);
        components = found ? [withHidden(found)] : [];
      } else {
        components = [CLUSTER, DATABASE, HIDDEN].map(withHidden);
        const status = params.get('status');
        if (status) components = components.filter((c) => c.status === status);
      }
      return HttpResponse.json({ ...CHOICES, components });
    }),
    http.patch('/api/db/components', async ({ request }) => {
      const url = new URL(request.url);
      const body = (await request.json()) as { hidden?: boolean };
      backend.patches.push({ url, body });
      const id = (url.searchParams.get('id') ?? '').replace(/^eq\./, '');
      if (body.hidden) hidden.add(id);
      else hidden.delete(id);
      return HttpResponse.json([{ id, hidden: body.hidden }]);
    }),
    http.get('/api/db/component_names', ({ request }) => {
      const id = (new URL(request.url).searchParams.get('id') ?? '').replace(/^eq\./, '');
      const found = byId(id);
      return HttpResponse.json(found ? [{ id, name: found.name, type: found.type }] : []);
    }),
    http.get('/api/db/agents', () =>
      HttpResponse.json([
        { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
        { id: AGENT_ID, name: 'aws-agent' },
      ]),
    ),
  );
  return backend;
}
