import { HttpResponse, http } from 'msw';
import type {
  CanarySpec,
  CheckDetail,
  CheckGraph,
  CheckStatus,
} from '../../../../src/api/schemas/checks';
import { server } from '../../../support/msw';
import type { PostgrestRead } from '../../../support/postgrestTable';
import { postgrestTable } from '../../../support/postgrestTable';

export const CHECK_ID = '0190a3f2-7c1e-7d5a-9b6e-00000000c001';
export const CANARY_ID = '0190a3f2-7c1e-7d5a-9b6e-00000000ca01';

const MINUTE = 60_000;
export const minutesAgo = (minutes: number) =>
  new Date(Date.now() - minutes * MINUTE).toISOString();

/**
 * A check as HEALTH-02 returns it: an http check of the payments team, last run two and a half
 * days ago.
 */
export function checkFixture(overrides: Partial<CheckDetail> = {}): CheckDetail {
  return {
    id: CHECK_ID,
    canary_id: CANARY_ID,
    agent_id: '0190a3f2-7c1e-7d5a-9b6e-0000000a9e01',
    type: 'http',
    name: 'payments-api-health',
    namespace: 'payments',
    icon: 'http',
    description: 'HTTP check of health for payments-api',
    status: 'healthy',
    severity: 'high',
    owner: 'payments-team',
    spec: { name: 'payments-api-health', url: 'https://payments.example.com/health' },
    last_runtime: minutesAgo(2.5 * 24 * 60),
    last_transition_time: minutesAgo(5 * 60),
    next_runtime: new Date(Date.now() + 150 * 60_000).toISOString(),
    canaries: { id: CANARY_ID, name: 'payments-api', source: 'UI' },
    agents: { id: '0190a3f2-7c1e-7d5a-9b6e-0000000a9e01', name: 'eu-west-agent' },
    components: [{ components: { id: 'comp-1', name: 'payments-api', icon: 'server' } }],
    configs: [
      {
        configs: {
          id: 'cfg-1',
          name: 'payments-deployment',
          type: 'Kubernetes::Deployment',
          deleted_at: null,
        },
      },
      {
        configs: {
          id: 'cfg-2',
          name: 'payments-legacy-service',
          type: 'Kubernetes::Service',
          deleted_at: '2024-05-01T10:00:00Z',
        },
      },
    ],
    ...overrides,
  };
}

export const graphFixture: CheckGraph = {
  status: [
    { time: minutesAgo(1), status: true, duration: 120 },
    { time: minutesAgo(2), duration: 900, error: 'timeout' },
    { time: minutesAgo(3), status: true, duration: 80 },
  ],
  uptime: { passed: 199, failed: 1 },
  latency: { p95: 120, p97: 250, p99: 1500, rolling1h: 100 },
};

export function statusRows(count: number, from = 0): CheckStatus[] {
  return Array.from({ length: count }, (_, i) => ({
    check_id: CHECK_ID,
    time: minutesAgo(from + i + 1),
    status: (from + i) % 5 !== 0,
    duration: 100 + from + i,
    message: (from + i) % 5 !== 0 ? 'OK' : '',
    error: (from + i) % 5 !== 0 ? '' : 'connection refused\nretry failed',
  }));
}

export const canarySpecFixture: CanarySpec = {
  id: CANARY_ID,
  name: 'payments-api',
  namespace: 'payments',
  source: 'UI',
  spec: {
    schedule: '@every 5m',
    http: [{ name: 'payments-api-health', url: 'https://payments.example.com/health' }],
  },
};

export interface CheckBackendOptions {
  check?: CheckDetail | null;
  graph?: CheckGraph;
  /**
   * History rows, a minute apart from a minute ago (default 120); each request answers its page
   * of the rows its filters match.
   */
  historyTotal?: number;
  /** A failing history answer. */
  historyFails?: { status: number; body: Record<string, unknown> };
  canary?: CanarySpec;
  /** A failing run answer. */
  runFails?: { status: number; body: Record<string, unknown> };
}

const params = (reads: readonly PostgrestRead[]) => reads.map((read) => read.url.searchParams);

/**
 * The detail calls: the checks, check_statuses and canaries tables (postgrestTable fakes) and
 * the canary service's graph and run calls, recording what the console asked.
 */
export function checkBackend(options: CheckBackendOptions = {}) {
  const check = options.check === undefined ? checkFixture() : options.check;
  const checks = postgrestTable('checks', check ? [check] : []);
  const history = postgrestTable('check_statuses', statusRows(options.historyTotal ?? 120));
  if (options.historyFails) {
    history.fail('GET', options.historyFails.status, options.historyFails.body);
  }
  const canaries = postgrestTable('canaries', [options.canary ?? canarySpecFixture]);
  const graph: URLSearchParams[] = [];
  const runs: string[] = [];

  server.use(
    http.get('*/api/canary/api/graph', ({ request }) => {
      graph.push(new URL(request.url).searchParams);
      return HttpResponse.json({ runnerName: 'local', ...(options.graph ?? graphFixture) });
    }),
    http.post('*/api/canary/run/check/:id', ({ params }) => {
      runs.push(String(params.id));
      if (options.runFails) {
        return HttpResponse.json(options.runFails.body, { status: options.runFails.status });
      }
      return HttpResponse.json({ id: params.id, pass: true, duration: 42 });
    }),
  );
  const requests = {
    get detail() {
      return params(checks.reads);
    },
    get history() {
      return history.reads.map(({ url, prefer }) => ({ params: url.searchParams, prefer }));
    },
    graph,
    get spec() {
      return params(canaries.reads);
    },
    runs,
  };
  return { requests, checks, history, canaries };
}
