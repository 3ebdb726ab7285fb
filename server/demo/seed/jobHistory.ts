import type { Rng } from './random';
import { DAY, LOCAL_AGENT_ID, MINUTE, before, duration, pickSome, weighted } from './sampling';

/** Something that runs on a schedule and leaves job_history rows. */
export interface JobTarget {
  job: 'canary' | 'config_scraper' | 'topology' | 'team' | 'system';
  name: string;
  resourceType: string;
  resourceId: string;
  resourceName: string;
  agentId: string;
  intervalMs: number;
  meanDurationMs: number;
  /** Scraper flavour (kubernetes, aws, ...) for realistic summaries. */
  flavour?: string;
}

export interface JobHistoryRow {
  id: string;
  agent_id: string;
  name: string;
  success_count: number;
  error_count: number;
  details: Record<string, unknown>;
  hostname: string;
  duration_millis: number | null;
  resource_type: string;
  resource_id: string;
  status: string;
  time_start: Date;
  time_end: Date | null;
  created_at: Date;
}

export const JOB_HISTORY_TYPES = {
  id: 'uuid',
  agent_id: 'uuid',
  name: 'text',
  success_count: 'int4',
  error_count: 'int4',
  details: 'jsonb',
  hostname: 'text',
  duration_millis: 'int4',
  resource_type: 'text',
  resource_id: 'text',
  status: 'text',
  time_start: 'timestamptz',
  time_end: 'timestamptz',
  created_at: 'timestamptz',
} as const;

export const SYSTEM_JOBS: ReadonlyArray<{
  name: string;
  intervalMs: number;
  meanDurationMs: number;
}> = [
  { name: 'IncidentRules', intervalMs: 5 * MINUTE, meanDurationMs: 420 },
  { name: 'ReconcileAll', intervalMs: 30 * MINUTE, meanDurationMs: 6500 },
  { name: 'CleanupStaleJobHistory', intervalMs: 60 * MINUTE, meanDurationMs: 900 },
  { name: 'RefreshConfigItemSummary7d', intervalMs: 15 * MINUTE, meanDurationMs: 3200 },
  { name: 'CheckStatusSummaryRefresh', intervalMs: 10 * MINUTE, meanDurationMs: 1800 },
  { name: 'CleanupEventQueue', intervalMs: 60 * MINUTE, meanDurationMs: 350 },
  { name: 'SyncPlaybookRunsToUpstream', intervalMs: 5 * MINUTE, meanDurationMs: 260 },
  { name: 'CleanupSoftDeletedComponents', intervalMs: 6 * 60 * MINUTE, meanDurationMs: 2400 },
];

const SHARE: Record<JobTarget['job'], number> = {
  canary: 0.4,
  config_scraper: 0.25,
  topology: 0.15,
  team: 0.05,
  system: 0.15,
};

const HOSTNAMES: Record<JobTarget['job'], readonly string[]> = {
  canary: ['canary-checker-7b4f9c6d8-mw2lx', 'canary-checker-7b4f9c6d8-t5vqz'],
  config_scraper: ['config-db-5d8c7b9f4-hn6tq'],
  topology: ['canary-checker-7b4f9c6d8-mw2lx'],
  team: ['mission-control-6c9d8f7b5d-4xk2p'],
  system: ['mission-control-6c9d8f7b5d-4xk2p', 'mission-control-6c9d8f7b5d-q8zr7'],
};

const FAILURES: Record<JobTarget['job'], readonly string[]> = {
  canary: [
    'check api-health: Get "https://api.acme.io/healthz": context deadline exceeded',
    'check dns-lookup: lookup payments.internal on 10.96.0.10:53: server misbehaving',
    'check orders-db: pq: too many connections for role "canary"',
    'check tls-expiry: x509: certificate has expired or is not yet valid',
  ],
  config_scraper: [
    'failed to list *v1.Pod: Unauthorized',
    'ThrottlingException: Rate exceeded (Service: AWS Config, Status Code: 400)',
    'failed to watch *v1.Event: the server has asked for the client to provide credentials',
    'AccessDenied: User is not authorized to perform: rds:DescribeDBInstances',
  ],
  topology: [
    'component lookup payments-api: no configs matched selector "type=Kubernetes::Deployment,name=payments-api"',
    'failed to evaluate template for property "version": map has no entry for key "image"',
  ],
  team: ['team component selector matched no components'],
  system: [
    'pq: canceling statement due to statement timeout',
    'failed to refresh materialized view: deadlock detected',
  ],
};

const SCRAPED_TYPES: Record<string, readonly string[]> = {
  kubernetes: [
    'Kubernetes::Pod',
    'Kubernetes::Deployment',
    'Kubernetes::ReplicaSet',
    'Kubernetes::Service',
  ],
  aws: ['AWS::EC2::Instance', 'AWS::RDS::DBInstance', 'AWS::S3::Bucket', 'AWS::IAM::Role'],
  azure: ['Azure::VirtualMachine', 'Azure::SQL::Database'],
  gcp: ['GCP::Compute::Instance', 'GCP::BigQuery::Dataset'],
};

function scrapeSummary(
  rng: Rng,
  flavour: string | undefined,
  failed: boolean,
): { config_types: Record<string, Record<string, number>> } {
  const types = SCRAPED_TYPES[flavour ?? ''] ?? ['Kubernetes::Pod', 'Kubernetes::ConfigMap'];
  const configTypes: Record<string, Record<string, number>> = {};
  for (const type of pickSome(rng, types, rng.int(2, types.length))) {
    const counts: Record<string, number> = {
      added: rng.chance(0.3) ? rng.int(1, 12) : 0,
      updated: rng.int(0, 80),
      unchanged: rng.int(20, 900),
      deleted: rng.chance(0.2) ? rng.int(1, 5) : 0,
      ...(failed && rng.chance(0.5) ? { errors: rng.int(1, 4) } : {}),
    };
    // The failing items are told in the run's errors; an update of a scraped item records one
    // change; zero counts are left out, as config-db leaves them out of its ScrapeSummary.
    delete counts.errors;
    counts.changes = counts.updated ?? 0;
    configTypes[type] = Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
  }
  return { config_types: configTypes };
}

/**
 * A run's details, with its errors in the three shapes Mission Control's jobs report them:
 * a map from the item that failed to its error (config-db's scrapers), a single string (the
 * platform's own jobs) or a list of strings (checks, topologies, teams).
 */
function details(rng: Rng, target: JobTarget, status: string): Record<string, unknown> {
  const errors =
    status === 'FAILED' || status === 'WARNING'
      ? pickSome(rng, FAILURES[target.job], status === 'FAILED' ? 2 : 1)
      : [];
  if (target.job === 'config_scraper') {
    const summary = scrapeSummary(rng, target.flavour, errors.length > 0);
    const [firstType = 'item'] = Object.keys(summary.config_types).sort();
    const byItem = Object.fromEntries(
      errors.map((error, index) => [`${firstType}/${index + 1}`, error]),
    );
    return { ...(errors.length > 0 ? { errors: byItem } : {}), scrape_summary: summary };
  }
  if (target.job === 'system') {
    if (errors.length > 0) return { errors: errors[0] };
    return status === 'SUCCESS' ? { summary: { processed: rng.int(0, 400) } } : {};
  }
  return errors.length > 0 ? { errors } : {};
}

/**
 * `total` job_history rows over the targets, each target running on its schedule back from `now`
 * (its latest run recent, a few still RUNNING), mostly SUCCESS with WARNING and FAILED runs.
 */
export function buildJobHistory(
  rng: Rng,
  now: Date,
  targets: readonly JobTarget[],
  total: number,
): JobHistoryRow[] {
  const groups = new Map<JobTarget['job'], JobTarget[]>();
  for (const target of targets) {
    groups.set(target.job, [...(groups.get(target.job) ?? []), target]);
  }
  const shareSum = [...groups.keys()].reduce((sum, job) => sum + SHARE[job], 0);
  const rows: JobHistoryRow[] = [];
  for (const [job, members] of groups) {
    const groupTotal = Math.max(members.length, Math.round((total * SHARE[job]) / shareSum));
    const perTarget = Math.max(1, Math.floor(groupTotal / members.length));
    for (const [targetIndex, target] of members.entries()) {
      const failureRate = weighted(rng, [
        [0.02, 5],
        [0.08, 3],
        [0.3, 1],
      ] as const);
      const interval = Math.min(target.intervalMs, (7 * DAY) / perTarget);
      const offset = rng.next() * interval;
      for (let k = 0; k < perTarget; k++) {
        const start = before(
          now,
          offset + k * interval + rng.next() * Math.min(interval / 10, MINUTE),
        );
        // The newest run of the first target of each kind, and a few others, are still going.
        const running = k === 0 && (targetIndex === 0 || rng.chance(0.06));
        const status = running
          ? 'RUNNING'
          : weighted(rng, [
              ['SUCCESS', 1 - failureRate - 0.06],
              ['WARNING', 0.06],
              ['FAILED', failureRate],
            ] as const);
        const took = duration(
          rng,
          target.meanDurationMs * (status === 'FAILED' ? 1.8 : 1),
          15,
          15 * MINUTE,
        );
        const items = target.job === 'canary' ? rng.int(1, 8) : rng.int(5, 400);
        const errorCount = status === 'FAILED' ? rng.int(1, 3) : status === 'WARNING' ? 1 : 0;
        rows.push({
          id: rng.uuid(),
          agent_id: target.agentId || LOCAL_AGENT_ID,
          name: target.name,
          success_count: status === 'RUNNING' ? 0 : Math.max(0, items - errorCount),
          error_count: status === 'RUNNING' ? 0 : errorCount,
          details: running ? {} : details(rng, target, status),
          hostname: rng.pick(HOSTNAMES[target.job]),
          duration_millis: running ? null : took,
          resource_type: target.resourceType,
          resource_id: target.resourceId,
          status,
          time_start: start,
          time_end: running ? null : new Date(start.getTime() + took),
          created_at: start,
        });
      }
    }
  }
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1));
  return rows;
}
