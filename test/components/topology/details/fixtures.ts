import { HttpResponse, http } from 'msw';
import type {
  ComponentChange,
  ComponentCheck,
  ComponentConfig,
  ComponentIncident,
  ComponentInsightRow,
  ComponentTeam,
  TopologyComponent,
} from '../../../../src/api/schemas/topology';
import { server } from '../../../support/msw';

export const COMPONENT_ID = '018f4b8e-7777-7000-8000-000000000001';
export const CHECK_HEALTHY_ID = '018f4b8e-4444-7000-8000-000000000001';
export const CHECK_UNHEALTHY_ID = '018f4b8e-4444-7000-8000-000000000002';
export const CHECK_WARNING_ID = '018f4b8e-4444-7000-8000-000000000003';
export const DEPLOYMENT_ID = '018f4b8e-1111-7000-8000-000000000001';
export const DATABASE_ID = '018f4b8e-1111-7000-8000-000000000002';
export const INSIGHT_ID = '018f4b8e-5555-7000-8000-000000000001';
export const OTHER_INSIGHT_ID = '018f4b8e-5555-7000-8000-000000000002';
export const TEAM_ID = '018f4b8e-6666-7000-8000-000000000001';

/** A service with properties of every kind (one hidden), labels, an owner and costs. */
export const COMPONENT: TopologyComponent = {
  id: COMPONENT_ID,
  name: 'checkout',
  title: 'Checkout service',
  type: 'KubernetesService',
  icon: 'k8s',
  status: 'unhealthy',
  status_reason: '2 of 3 pods are crash looping',
  description: 'Takes payments for the shop',
  owner: 'payments-oncall',
  namespace: 'shop',
  external_id: 'shop/checkout',
  labels: { app: 'checkout', tier: 'backend', region: 'eu-west-1' },
  properties: [
    { name: 'version', label: 'Version', text: 'v2.4.1' },
    { name: 'memory', label: 'Memory', value: 800, max: 1000, unit: 'bytes' },
    { name: 'secret-hash', label: 'Secret hash', type: 'hidden', text: 'd41d8cd98f00' },
  ],
  cost_per_minute: 0.25,
  cost_total_1d: 360,
  cost_total_7d: null,
  cost_total_30d: 10800,
  created_at: '2026-01-10T08:00:00Z',
  updated_at: '2026-01-12T09:30:00Z',
};

export const TEAMS: ComponentTeam[] = [
  {
    component_id: COMPONENT_ID,
    team_id: TEAM_ID,
    role: 'owner',
    selector_id: 'payments',
    team: { id: TEAM_ID, name: 'Payments' },
  },
];

/** Healthy, unhealthy and warning, in an order that is not the shown one. */
export const CHECKS: ComponentCheck[] = [
  {
    id: CHECK_HEALTHY_ID,
    component_id: COMPONENT_ID,
    name: 'checkout-http',
    type: 'http',
    status: 'healthy',
    severity: 'critical',
  },
  {
    id: CHECK_WARNING_ID,
    component_id: COMPONENT_ID,
    name: 'checkout-latency',
    type: 'prometheus',
    status: 'warning',
    severity: 'medium',
  },
  {
    id: CHECK_UNHEALTHY_ID,
    component_id: COMPONENT_ID,
    name: 'checkout-db',
    type: 'postgres',
    status: 'unhealthy',
    severity: 'high',
  },
];

export const CONFIGS: ComponentConfig[] = [
  {
    component_id: COMPONENT_ID,
    config_id: DEPLOYMENT_ID,
    selector_id: 'checkout',
    configs: {
      id: DEPLOYMENT_ID,
      name: 'checkout-api',
      type: 'Kubernetes::Deployment',
      config_class: 'Deployment',
    },
  },
  {
    component_id: COMPONENT_ID,
    config_id: DATABASE_ID,
    selector_id: 'checkout',
    configs: {
      id: DATABASE_ID,
      name: 'checkout-db',
      type: 'AWS::RDS::DBInstance',
      config_class: 'Database',
    },
  },
];

const DEPLOYMENT = {
  id: DEPLOYMENT_ID,
  name: 'checkout-api',
  config_class: 'Deployment',
  type: 'Kubernetes::Deployment',
};

/** The deployment's security analysis, in both rows of CAT-28. */
const CVE_ANALYSIS = {
  id: OTHER_INSIGHT_ID,
  analyzer: 'CVE-2025-0001',
  analysis_type: 'security',
  message: 'openssl is vulnerable',
  severity: 'critical',
  analysis: { package: 'openssl' },
};

/** Two rows of CAT-28: each names one analysis of the config's list. */
export const INSIGHT_ROWS: ComponentInsightRow[] = [
  {
    analysis_id: INSIGHT_ID,
    config: {
      ...DEPLOYMENT,
      analysis: [
        CVE_ANALYSIS,
        {
          id: INSIGHT_ID,
          analyzer: 'no-resource-limits',
          analysis_type: 'reliability',
          message: 'Container has no memory limit',
          severity: 'medium',
          analysis: { container: 'api', limits: null },
        },
      ],
    },
  },
  {
    analysis_id: OTHER_INSIGHT_ID,
    config: {
      ...DEPLOYMENT,
      analysis: [CVE_ANALYSIS],
    },
  },
];

/** `count` changes of the deployment, the config embedded under `created_at` as CAT-22 has it. */
export function changes(count: number): ComponentChange[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `change-${index + 1}`,
    type: 'Kubernetes::Deployment',
    config_id: DEPLOYMENT_ID,
    name: 'checkout-api',
    change_type: `Change${index + 1}`,
    config_class: 'Deployment',
    created_at: { id: DEPLOYMENT_ID, name: 'checkout-api', type: 'Kubernetes::Deployment' },
  }));
}

export const INCIDENTS: ComponentIncident[] = [
  {
    id: 'incident-1',
    title: 'Checkout returns 502',
    severity: 'high',
    status: 'open',
    type: 'availability',
    created_at: '2026-01-12T08:00:00Z',
  },
];

/** The calls of the panel, by the name the tests use. */
export const CALLS = {
  teams: '/api/db/team_components',
  checks: '/api/db/checks_by_component',
  configs: '/api/db/config_component_relationships',
  insights: '/api/db/analysis_by_component',
  changes: '/api/db/changes_by_component',
  incidents: '/api/db/incidents_by_component',
} as const;
export type CallName = keyof typeof CALLS;

export interface PanelData {
  teams: ComponentTeam[];
  checks: ComponentCheck[];
  configs: ComponentConfig[];
  insights: ComponentInsightRow[];
  /** CAT-28's total (`Content-Range`); default the rows' count. */
  insightTotal?: number;
  changes: ComponentChange[];
  incidents: ComponentIncident[];
}

export const FULL: PanelData = {
  teams: TEAMS,
  checks: CHECKS,
  configs: CONFIGS,
  insights: INSIGHT_ROWS,
  insightTotal: 75,
  changes: changes(25),
  incidents: INCIDENTS,
};

/** One empty list per call of the panel. */
const emptyLists = () => ({
  teams: [],
  checks: [],
  configs: [],
  insights: [],
  changes: [],
  incidents: [],
});

export const EMPTY: PanelData = emptyLists();

/** A request the fake answered. */
export interface Recorded {
  url: URL;
  prefer: string | null;
}

/**
 * msw handlers for the panel's six calls, answering `data`; every request is recorded by call.
 * `fail(call, status, body)` answers that call with the error until `recover(call)`.
 */
export function componentDetailsBackend(data: PanelData = FULL) {
  const requests: Record<CallName, Recorded[]> = emptyLists();
  const failures = new Map<CallName, { status: number; body: Record<string, unknown> }>();
  const handler = (call: CallName, answer: () => Response) =>
    http.get(`*${CALLS[call]}`, ({ request }) => {
      requests[call].push({ url: new URL(request.url), prefer: request.headers.get('prefer') });
      const failure = failures.get(call);
      if (failure) return HttpResponse.json(failure.body, { status: failure.status });
      return answer();
    });
  server.use(
    handler('teams', () => HttpResponse.json(data.teams)),
    handler('checks', () => HttpResponse.json(data.checks)),
    handler('configs', () => HttpResponse.json(data.configs)),
    handler('insights', () => {
      const total = data.insightTotal ?? data.insights.length;
      const range = data.insights.length === 0 ? '*' : `0-${data.insights.length - 1}`;
      return HttpResponse.json(data.insights, {
        headers: { 'Content-Range': `${range}/${total}` },
      });
    }),
    handler('changes', () => HttpResponse.json(data.changes)),
    handler('incidents', () => HttpResponse.json(data.incidents)),
  );
  return {
    requests,
    fail(call: CallName, status: number, body: Record<string, unknown>) {
      failures.set(call, { status, body });
    },
    recover(call: CallName) {
      failures.delete(call);
    },
  };
}
