import { bulkInsert } from './bulk';
import type { Seeder } from './context';
import { DAY_MS, SECOND_MS, hex, kubeSuffix } from './helpers';
import { weighted } from './sampling';
import { type Rng, createRng } from './random';

/**
 * The log lines behind the demo's log search (LOG-01): for every log selector of a live
 * component, a few hundred application log lines over the last three days, with Kubernetes
 * labels (pod, container, namespace, app, level, stream) and, for repeated messages, a grouped
 * line (count, first and last observed). Components of the application topologies get log
 * selectors of their own, so the estate always has several to search, even at small scales.
 *
 * Everything is drawn from a source of its own, so the areas seeded before and after this one
 * are unchanged.
 */

const LOGS_SEED = 0x10_65_27_0;

/** The window the lines fall into. */
export const LOG_WINDOW_MS = 3 * DAY_MS;

/** Lines per selector, before the total budget splits them. */
const LINES_PER_SELECTOR = 320;
/** At most this many lines in all (the benchmark estate has many selectors). */
const TOTAL_LINE_BUDGET = 60_000;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVELS: ReadonlyArray<readonly [LogLevel, number]> = [
  ['info', 66],
  ['debug', 14],
  ['warn', 13],
  ['error', 7],
];

/** How a line is written: plain text, logfmt with a level key, or JSON with a level field. */
type LineFormat = 'text' | 'logfmt' | 'json';

const PATHS = ['/api/v1/orders', '/api/v1/users/me', '/healthz', '/api/v1/search', '/metrics'];
const METHODS = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
const PEERS = ['postgres', 'redis', 'kafka', 'payments-api', 'identity-api', 's3'];

/** Messages per level; `{x}` parts are filled from the line's draw. */
const MESSAGES: Record<LogLevel, ReadonlyArray<(rng: Rng) => string>> = {
  debug: [
    (rng) => `cache lookup key=session:${hex(rng, 8)} hit=${rng.chance(0.7)}`,
    (rng) => `acquired connection from pool (idle=${rng.int(0, 8)}, in_use=${rng.int(1, 20)})`,
    (rng) =>
      `resolved ${rng.pick(PEERS)} to 10.${rng.int(0, 40)}.${rng.int(0, 255)}.${rng.int(2, 250)}`,
    (rng) => `feature flag checkout.v2 evaluated to ${rng.chance(0.5)} for tenant ${hex(rng, 6)}`,
  ],
  info: [
    (rng) =>
      `${rng.pick(METHODS)} ${rng.pick(PATHS)} ${rng.pick([200, 200, 200, 201, 204, 304])} ${rng.int(2, 480)}ms`,
    (rng) => `processed batch of ${rng.int(10, 500)} events in ${rng.int(20, 2000)}ms`,
    (rng) => `scheduled job reconcile-${hex(rng, 4)} completed`,
    () => 'server listening on :8080',
    (rng) => `consumer group rebalanced, assigned ${rng.int(1, 12)} partitions`,
    (rng) => `user ${hex(rng, 8)} signed in`,
  ],
  warn: [
    (rng) => `slow query took ${rng.int(1000, 9000)}ms: SELECT * FROM orders WHERE status = $1`,
    (rng) => `retrying request to ${rng.pick(PEERS)} (attempt ${rng.int(2, 5)} of 5)`,
    (rng) => `memory usage at ${rng.int(80, 95)}% of limit`,
    () => 'deprecated API version v1beta1 used by client',
    (rng) => `rate limit approaching for tenant ${hex(rng, 6)}: ${rng.int(850, 990)}/1000 rps`,
  ],
  error: [
    (rng) => `failed to connect to ${rng.pick(PEERS)}: dial tcp: i/o timeout`,
    (rng) =>
      `${rng.pick(METHODS)} ${rng.pick(PATHS)} 500 ${rng.int(5, 3000)}ms: internal server error`,
    () => 'panic recovered: runtime error: invalid memory address or nil pointer dereference',
    (rng) => `transaction ${hex(rng, 12)} rolled back: deadlock detected`,
    () => 'certificate verify failed: x509: certificate has expired or is not yet valid',
  ],
};

/** Messages that repeat and arrive grouped. */
const REPEATED: ReadonlyArray<readonly [LogLevel, string]> = [
  ['warn', 'readiness probe failed: HTTP probe failed with statuscode: 503'],
  ['error', 'connection reset by peer'],
  ['warn', 'context deadline exceeded while waiting for upstream'],
  ['info', 'health check passed'],
];

interface Selector {
  name: string;
  labels: Record<string, string>;
}

interface LoggedComponent {
  id: string;
  name: string;
  namespace: string | null;
  selectors: Selector[];
}

function readSelectors(value: unknown): Selector[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): Selector[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, labels } = item as { name?: unknown; labels?: unknown };
    if (typeof name !== 'string' || name === '') return [];
    const stringLabels: Record<string, string> = {};
    if (typeof labels === 'object' && labels !== null) {
      for (const [key, text] of Object.entries(labels)) stringLabels[key] = String(text);
    }
    return [{ name, labels: stringLabels }];
  });
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function formatLine(format: LineFormat, level: LogLevel, text: string, at: Date): string {
  switch (format) {
    case 'logfmt':
      return `ts=${at.toISOString()} level=${level} msg="${text.replace(/"/g, '\\"')}"`;
    case 'json':
      return JSON.stringify({ time: at.toISOString(), level, msg: text });
    default:
      return text;
  }
}

/** The lines of one selector of one component, newest last. */
function linesOf(
  rng: Rng,
  component: LoggedComponent,
  selector: Selector,
  count: number,
  now: Date,
): Array<Record<string, unknown>> {
  const app = selector.labels.app ?? slug(component.name);
  const namespace = selector.labels.namespace ?? component.namespace ?? 'default';
  const format = rng.pick<LineFormat>(['text', 'logfmt', 'json']);
  const replicaSet = kubeSuffix(rng, 9);
  const pods = Array.from(
    { length: rng.int(1, 3) },
    () => `${app}-${replicaSet}-${kubeSuffix(rng, 5)}`,
  );
  const base = { ...selector.labels, app, namespace };
  const row = (
    at: Date,
    level: LogLevel,
    text: string,
    labels: Record<string, string>,
    group?: { count: number; first: Date },
  ): Record<string, unknown> => ({
    component_id: component.id,
    selector: selector.name,
    timestamp: at,
    message: formatLine(format, level, text, at),
    labels: {
      ...base,
      ...labels,
      container: app,
      stream: level === 'error' ? 'stderr' : 'stdout',
    },
    count: group?.count ?? null,
    first_observed: group?.first ?? null,
    last_observed: group ? at : null,
  });
  const rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(now.getTime() - Math.floor(rng.next() * LOG_WINDOW_MS));
    const pod = rng.pick(pods);
    if (rng.chance(0.08)) {
      const [level, text] = rng.pick(REPEATED);
      const times = rng.int(3, 240);
      const first = new Date(at.getTime() - rng.int(60, 6 * 3600) * SECOND_MS);
      rows.push(row(at, level, text, { pod, level }, { count: times, first }));
      continue;
    }
    const level = weighted(rng, LEVELS);
    const text = rng.pick(MESSAGES[level])(rng);
    // Plain-text lines carry their level only in the labels, as a log shipper adds it.
    const withLevel = !(format === 'text' && rng.chance(0.3));
    rows.push(row(at, level, text, withLevel ? { pod, level } : { pod }));
  }
  return rows;
}

const LINE_COLUMNS = {
  component_id: 'uuid',
  selector: 'text',
  timestamp: 'timestamptz',
  message: 'text',
  labels: 'jsonb',
  count: 'integer',
  first_observed: 'timestamptz',
  last_observed: 'timestamptz',
} as const;

/** Gives every application root (one per team) an application and an audit log selector. */
async function addApplicationSelectors(ctx: Parameters<Seeder>[0]): Promise<void> {
  await ctx.db.exec(`
    UPDATE components
       SET log_selectors = jsonb_build_array(
             jsonb_build_object(
               'name', lower(regexp_replace(name, '[^A-Za-z0-9]+', '-', 'g')) || '-app',
               'type', 'loki',
               'labels', jsonb_build_object('team', lower(owner), 'namespace', coalesce(namespace, 'default'))),
             jsonb_build_object(
               'name', lower(regexp_replace(name, '[^A-Za-z0-9]+', '-', 'g')) || '-audit',
               'type', 'loki',
               'labels', jsonb_build_object('team', lower(owner), 'stream', 'audit')))
     WHERE type = 'Application' AND parent_id IS NULL AND log_selectors IS NULL
       AND deleted_at IS NULL`);
}

export const seedLogs: Seeder = async (ctx) => {
  const rng = createRng(LOGS_SEED);
  await addApplicationSelectors(ctx);
  const { rows } = await ctx.db.query<{
    id: string;
    name: string;
    namespace: string | null;
    log_selectors: unknown;
  }>(
    `SELECT id, name, namespace, log_selectors FROM components
      WHERE deleted_at IS NULL AND log_selectors IS NOT NULL
      ORDER BY external_id, id`,
  );
  const components = rows
    .map((row) => ({ ...row, selectors: readSelectors(row.log_selectors) }))
    .filter((component) => component.selectors.length > 0);
  const selectorCount = components.reduce((sum, c) => sum + c.selectors.length, 0);
  if (selectorCount === 0) return;
  const perSelector = Math.max(
    20,
    Math.min(LINES_PER_SELECTOR, Math.floor(TOTAL_LINE_BUDGET / selectorCount)),
  );
  const lines = components.flatMap((component) =>
    component.selectors.flatMap((selector) =>
      linesOf(
        rng,
        component,
        selector,
        rng.int(Math.round(perSelector * 0.6), perSelector),
        ctx.now,
      ),
    ),
  );
  await bulkInsert(ctx.db, 'demo_log_lines', LINE_COLUMNS, lines);
  ctx.log(`seeded ${lines.length} log lines for ${selectorCount} log selectors`);
};
