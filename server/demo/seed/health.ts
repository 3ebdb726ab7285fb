import { bulkInsert } from './bulk';
import { withBulkLoad } from './bulkLoad';
import { type CheckBehaviour, buildCheckHistory } from './checkHistory';
import { CHECK_TYPES, type CheckType } from './checkTypes';
import type { SeedContext, Seeder } from './context';
import { NAMESPACE_SERVICES, planEstate } from './estatePlan';
import { DAY_MS, MINUTE_MS, NIL_UUID, ago, clamp } from './helpers';
import { weighted } from './sampling';
import { teamOfNamespace } from './peopleCatalog';

const SCHEDULES: ReadonlyArray<readonly [number, number]> = [
  [30, 2],
  [60, 5],
  [120, 3],
  [300, 4],
  [600, 2],
  [900, 1],
];

const BEHAVIOURS: ReadonlyArray<readonly [CheckBehaviour, number]> = [
  ['stable', 74],
  ['flapping', 6],
  ['failing', 5],
  ['degraded', 5],
  ['recovered', 6],
  ['slow', 4],
];

const CHECKS_PER_CANARY: ReadonlyArray<readonly [number, number]> = [
  [1, 3],
  [2, 3],
  [3, 4],
  [4, 3],
  [5, 2],
  [6, 1],
  [8, 1],
];

const CANARY_TYPES = {
  id: 'uuid',
  agent_id: 'uuid',
  name: 'text',
  namespace: 'text',
  labels: 'jsonb',
  annotations: 'jsonb',
  spec: 'jsonb',
  source: 'text',
  created_at: 'timestamptz',
  created_by: 'uuid',
  updated_at: 'timestamptz',
  deleted_at: 'timestamptz',
} as const;

const CHECK_COLUMNS = {
  id: 'uuid',
  canary_id: 'uuid',
  agent_id: 'uuid',
  type: 'text',
  name: 'text',
  namespace: 'text',
  description: 'text',
  icon: 'text',
  spec: 'jsonb',
  labels: 'jsonb',
  owner: 'text',
  severity: 'text',
  last_runtime: 'timestamptz',
  last_transition_time: 'timestamptz',
  next_runtime: 'timestamptz',
  silenced_at: 'timestamptz',
  status: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  deleted_at: 'timestamptz',
} as const;

const STATUS_COLUMNS = {
  check_id: 'uuid',
  time: 'timestamptz',
  status: 'boolean',
  duration: 'integer',
  message: 'text',
  error: 'text',
  details: 'jsonb',
  created_at: 'timestamptz',
} as const;

/** Statuses kept per check: a rich history at small scale, bounded at benchmark scale. */
export function statusesPerCheck(scale: number): number {
  return Math.round(clamp(120 / Math.sqrt(Math.max(scale, 0.01)), 30, 150));
}

function intervalLabel(seconds: number): string {
  return seconds < 60 ? `@every ${seconds}s` : `@every ${seconds / 60}m`;
}

function fillTarget(text: string, target: string): string {
  return text.replace(/\{target\}/g, target);
}

interface CanaryDraft {
  row: Record<string, unknown>;
  checks: Array<Record<string, unknown>>;
}

export const seedHealth: Seeder = async (ctx) => {
  const { db, rng, refs } = ctx;
  const plan = planEstate(ctx.scale);
  const namespaces = Object.keys(NAMESPACE_SERVICES);
  const remoteAgents = refs.agents.filter((agent) => agent.id !== NIL_UUID);
  const uiAuthors = refs.people.filter((person) => ['admin', 'editor'].includes(person.role));
  const perCheck = statusesPerCheck(ctx.scale);
  const canaryNames = new Set<string>();

  const canaries: CanaryDraft[] = [];
  let checkCount = 0;
  const statusRows: Array<Record<string, unknown>> = [];
  while (checkCount < plan.checkTarget) {
    const type = weighted(
      rng,
      CHECK_TYPES.map((t) => [t, t.weight] as const),
    );
    const namespace = rng.pick(namespaces);
    const service = rng.pick(NAMESPACE_SERVICES[namespace] ?? ['app']);
    let name = `${service}-${type.type}`;
    for (let n = 2; canaryNames.has(`${namespace}/${name}`); n++)
      name = `${service}-${type.type}-${n}`;
    canaryNames.add(`${namespace}/${name}`);
    const size = Math.min(weighted(rng, CHECKS_PER_CANARY), plan.checkTarget - checkCount);
    const draft = buildCanary(ctx, {
      type,
      name,
      namespace,
      service,
      size,
      perCheck,
      agentId: remoteAgents.length > 0 && rng.chance(0.2) ? rng.pick(remoteAgents).id : NIL_UUID,
      authorId: uiAuthors.length > 0 ? rng.pick(uiAuthors).id : null,
      statusRows,
    });
    canaries.push(draft);
    checkCount += draft.checks.length;
  }

  await bulkInsert(
    db,
    'canaries',
    CANARY_TYPES,
    canaries.map((canary) => canary.row),
  );
  const checks = canaries.flatMap((canary) => canary.checks);
  await withBulkLoad(db, ['checks', 'check_statuses'], async () => {
    await bulkInsert(db, 'checks', CHECK_COLUMNS, checks);
    await bulkInsert(db, 'check_statuses', STATUS_COLUMNS, statusRows);
  });

  for (const canary of canaries) {
    if (canary.row.deleted_at) continue;
    refs.canaries.push({
      id: canary.row.id as string,
      name: canary.row.name as string,
      namespace: canary.row.namespace as string,
    });
  }
  for (const check of checks) {
    if (check.deleted_at) continue;
    refs.checks.push({
      id: check.id as string,
      name: check.name as string,
      canaryId: check.canary_id as string,
      type: check.type as string,
    });
  }
  ctx.log(
    `health: ${canaries.length} canaries, ${checks.length} checks, ${statusRows.length} statuses`,
  );
};

interface CanaryInput {
  type: CheckType;
  name: string;
  namespace: string;
  service: string;
  size: number;
  perCheck: number;
  agentId: string;
  authorId: string | null;
  statusRows: Array<Record<string, unknown>>;
}

function buildCanary(ctx: SeedContext, input: CanaryInput): CanaryDraft {
  const { rng, now } = ctx;
  const { type, namespace, service } = input;
  const id = rng.uuid();
  const intervalSeconds = weighted(rng, SCHEDULES);
  const source = weighted(rng, [
    ['KubernetesCRD', 6],
    ['UI', 3],
    ['ConfigFile', 1],
  ] as const);
  const team = teamOfNamespace(namespace);
  const env = weighted(rng, [
    ['production', 6],
    ['staging', 3],
    ['dev', 1],
  ] as const);
  const labels = { team: team.toLowerCase(), env, app: service };
  const canaryDeleted = rng.chance(0.02)
    ? ago(now, rng.int(1, 5) * DAY_MS + rng.int(0, 600) * MINUTE_MS)
    : null;
  const created = ago(now, rng.int(20, 300) * DAY_MS);

  const checks: Array<Record<string, unknown>> = [];
  const specs: Array<Record<string, unknown>> = [];
  for (let i = 0; i < input.size; i++) {
    const target = type.targets[i % type.targets.length] as string;
    const round = Math.floor(i / type.targets.length);
    const checkName = `${service}-${target}${round > 0 ? `-${round + 1}` : ''}`;
    const spec = type.spec(checkName, namespace, service);
    specs.push(spec);
    const deleted = canaryDeleted ?? (rng.chance(0.02) ? ago(now, rng.int(1, 4) * DAY_MS) : null);
    const behaviour = weighted(rng, BEHAVIOURS);
    const latencyMean = Math.max(1, Math.round(type.latencyMean * (0.5 + rng.next() * 2)));
    const history = buildCheckHistory(rng, {
      behaviour,
      latencyMean,
      latencyDeviation: Math.max(1, latencyMean * 0.3),
      intervalSeconds,
      count: deleted ? Math.ceil(input.perCheck / 2) : input.perCheck,
      until: deleted ?? now,
      errors: type.errors.map((error) => fillTarget(error, service)),
      message: type.message,
    });
    const checkId = rng.uuid();
    const oldest = history.statuses[history.statuses.length - 1]?.time ?? now;
    const checkCreated = new Date(
      Math.max(created.getTime(), oldest.getTime() - rng.int(1, 90) * DAY_MS),
    );
    for (const status of history.statuses) {
      input.statusRows.push({
        check_id: checkId,
        time: status.time,
        status: status.status,
        duration: status.duration,
        message: status.message,
        error: status.error,
        details: type.type === 'http' ? { code: status.status ? 200 : 503 } : null,
        created_at: status.time,
      });
    }
    checks.push({
      id: checkId,
      canary_id: id,
      agent_id: input.agentId,
      type: type.type,
      name: checkName,
      namespace,
      description: `${type.type.toUpperCase()} check of ${target} for ${service}`,
      icon: type.icon,
      spec,
      labels: { ...labels, check: target },
      owner: `${team.toLowerCase()}-team`,
      severity: weighted(rng, [
        ['critical', 1],
        ['high', 3],
        ['medium', 4],
        ['low', 2],
        ['info', 1],
      ] as const),
      last_runtime: history.lastRuntime,
      last_transition_time: history.lastTransitionTime,
      next_runtime: deleted ? null : history.nextRuntime,
      silenced_at: !deleted && rng.chance(0.01) ? ago(now, rng.int(1, 48) * 60 * MINUTE_MS) : null,
      status: history.status,
      created_at: checkCreated,
      updated_at: new Date(
        Math.min(now.getTime(), checkCreated.getTime() + rng.int(0, 30) * DAY_MS),
      ),
      deleted_at: deleted,
    });
  }

  const schedule = rng.chance(0.1)
    ? { interval: intervalSeconds }
    : { schedule: intervalLabel(intervalSeconds) };
  return {
    row: {
      id,
      agent_id: input.agentId,
      name: input.name,
      namespace,
      labels,
      annotations:
        source === 'KubernetesCRD'
          ? { 'argocd.argoproj.io/tracking-id': `${namespace}:canaries/${input.name}` }
          : null,
      spec: { ...schedule, [type.type]: specs },
      source,
      created_at: created,
      created_by: source === 'UI' ? input.authorId : null,
      updated_at: ago(now, rng.int(0, 20) * DAY_MS),
      deleted_at: canaryDeleted,
    },
    checks,
  };
}
