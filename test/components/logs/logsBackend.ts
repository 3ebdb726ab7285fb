import { HttpResponse, http } from 'msw';
import type { LogLine } from '../../../src/api/schemas/logs';
import { server } from '../../support/msw';
import { minutesAgo } from '../../support/time';

export const PAYMENTS_ID = '018f4b8e-1065-7000-8000-000000000001';
export const CHECKOUT_ID = '018f4b8e-1065-7000-8000-000000000002';

/** The components with log selectors, as TOPO-06 and TOPO-01 describe them. */
export const LOGGED_COMPONENTS = [
  {
    id: PAYMENTS_ID,
    name: 'payments-api',
    type: 'Deployment',
    icon: 'kubernetes',
    logs: [
      { name: 'payments-api-logs', type: 'loki' },
      { name: 'payments-audit', type: 'loki' },
    ],
  },
  {
    id: CHECKOUT_ID,
    name: 'checkout-web',
    type: 'Deployment',
    icon: 'kubernetes',
    logs: [{ name: 'checkout-web-logs', type: 'loki' }],
  },
];

/** Lines of every kind: levels in labels, in the message, none; a grouped line; an old one. */
export function logLines(): LogLine[] {
  return [
    {
      timestamp: minutesAgo(5),
      message: 'failed to connect to postgres: dial tcp: i/o timeout',
      labels: { level: 'error', pod: 'payments-api-7d9f-abcde', container: 'payments-api' },
    },
    {
      timestamp: minutesAgo(10),
      message: '{"level":"warn","msg":"slow query took 2300ms"}',
      labels: { pod: 'payments-api-7d9f-abcde' },
    },
    {
      timestamp: minutesAgo(20),
      message: 'readiness probe failed: HTTP probe failed with statuscode: 503',
      labels: { level: 'warn', pod: 'payments-api-7d9f-fghij' },
      count: 12,
      firstObserved: minutesAgo(80),
      lastObserved: minutesAgo(20),
    },
    {
      timestamp: minutesAgo(30),
      message: 'GET /api/v1/orders 200 12ms',
      labels: { pod: 'payments-api-7d9f-fghij' },
    },
    {
      timestamp: minutesAgo(40),
      message: 'level=debug msg="cache lookup hit=true"',
    },
    {
      // Older than the default day: a real backend ignores the window, the page does not.
      timestamp: minutesAgo(3 * 24 * 60),
      message: 'ancient line from last week',
      labels: { level: 'info' },
    },
  ];
}

export interface LogSearchBody {
  id?: string;
  name?: string;
  labels?: Record<string, string>;
  start?: string;
  end?: string;
}

export interface LogsBackendOptions {
  /** What LOG-01 answers; a function gets the body. Default: `logLines()` for any selector. */
  search?: (body: LogSearchBody, lines: LogLine[]) => { status?: number; body: unknown };
  components?: typeof LOGGED_COMPONENTS;
}

/** TOPO-06, TOPO-01 (by id) and LOG-01, recording the searches sent. */
export function logsBackend(options: LogsBackendOptions = {}) {
  const searches: LogSearchBody[] = [];
  const lines = logLines();
  const components = options.components ?? LOGGED_COMPONENTS;
  server.use(
    http.get('*/api/db/components_with_logs', ({ request }) => {
      if (new URL(request.url).searchParams.get('order') !== 'name.asc') {
        return HttpResponse.json({ error: 'unexpected order' }, { status: 400 });
      }
      return HttpResponse.json(components);
    }),
    http.get('*/api/canary/api/topology', ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      const component = components.find((c) => c.id === id);
      if (!component)
        return HttpResponse.json({ error: `component ${id} not found` }, { status: 404 });
      return HttpResponse.json({
        components: [component],
        healthStatuses: [],
        teams: [],
        tags: {},
        types: [],
      });
    }),
    http.post('*/api/logs', async ({ request }) => {
      const body = (await request.json()) as LogSearchBody;
      searches.push(body);
      const answer = options.search?.(body, lines) ?? {
        body: { total: lines.length, results: lines },
      };
      return HttpResponse.json(answer.body as Record<string, unknown>, {
        status: answer.status ?? 200,
      });
    }),
  );
  return { searches, lines };
}
