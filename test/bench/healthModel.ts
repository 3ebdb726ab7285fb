import { performance } from 'node:perf_hooks';
import { validate } from 'superstruct';
import { HealthSummaryResponseStruct } from '../../src/api/schemas/healthSummary';
import { filterChecks, prepareSearch } from '../../src/features/health/model/filterChecks';
import type { GroupBy } from '../../src/features/health/model/groupChecks';
import { groupChecks } from '../../src/features/health/model/groupChecks';
import type { LabelFilter } from '../../src/features/health/model/labels';
import { collectLabels, labelFilterOf } from '../../src/features/health/model/labels';
import { sortMembers, sortRows } from '../../src/features/health/model/sortRows';
import { checksInTab, tabsOf } from '../../src/features/health/model/tabs';
import type { HealthCheck, HealthRow, SortState } from '../../src/features/health/model/types';
import { flattenRows } from '../../src/ui/DataTable/rows';

/** Checks in the synthetic estate (the scale the health page is built for). */
export const BENCH_CHECK_COUNT = 5_000;
/** Runs per figure; the median is reported. */
const RUNS = 31;

/** A small deterministic generator (mulberry32), so every run times the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = ['http', 'dns', 'tcp', 'kubernetes', 'postgres', 'prometheus', 'tls', 'exec'];
const TEAMS = ['payments', 'search', 'platform', 'identity', 'data', 'edge', 'mobile', 'growth'];
const ENVS = ['prod', 'staging', 'dev'];

/**
 * `count` checks spread over canaries of ten checks (one team each), 25 namespaces and 4
 * agents, with labels (team, env, tier, a flag), 85% healthy, a few deleted, some names with a
 * path.
 */
export function syntheticChecks(count = BENCH_CHECK_COUNT, seed = 42): HealthCheck[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const now = Date.parse('2024-06-01T12:00:00Z');
  const checks: HealthCheck[] = [];
  for (let i = 0; i < count; i += 1) {
    const canary = Math.floor(i / 10);
    const type = pick(TYPES);
    const team = TEAMS[canary % TEAMS.length] as string;
    const healthy = next() < 0.85;
    const passed = Math.floor(next() * 500);
    const failed = healthy && next() < 0.7 ? 0 : Math.floor(next() * 50);
    checks.push({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      canary_id: `canary-${canary}`,
      canary_name: `${team}-probes-${canary}`,
      namespace: `ns-${canary % 25}`,
      agent_id: canary % 4 === 0 ? null : `agent-${canary % 4}`,
      name: next() < 0.3 ? `${team}/${type}-check-${i}` : `${type}-check-${i}`,
      description: `${type.toUpperCase()} check ${i} of ${team}`,
      endpoint: `https://${team}.example.com/api/v1/endpoint-${i}`,
      type,
      icon: type,
      status: healthy ? 'healthy' : 'unhealthy',
      labels: {
        team,
        env: pick(ENVS),
        tier: String(1 + (i % 3)),
        ...(i % 5 === 0 ? { critical: 'true' } : {}),
      },
      uptime: { passed, failed },
      latency: { rolling1h: Math.floor(next() * 3000) },
      last_runtime: new Date(now - Math.floor(next() * 3 * 86_400_000)).toISOString(),
      last_transition_time: new Date(now - Math.floor(next() * 30 * 86_400_000)).toISOString(),
      deleted_at: i % 97 === 0 ? new Date(now - 86_400_000).toISOString() : null,
    });
  }
  return checks;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(run: (index: number) => unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    run(i);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

interface Scenario {
  groupBy: GroupBy;
  sort: SortState;
}

/**
 * The work of one keystroke (or filter click) on the health page, as the page memoises it:
 * filter, tabs, the tab's checks, grouping, sorting and the rows shown with every group
 * collapsed. The label catalog is built once per answer, not per keystroke.
 */
function pipeline(
  checks: readonly HealthCheck[],
  labels: LabelFilter,
  query: string,
  scenario: Scenario,
): number {
  const filtered = filterChecks(checks, { query, hidePassing: false, labels });
  tabsOf(filtered, 'namespace');
  const inTab = checksInTab(filtered, 'namespace', null);
  const rows = sortRows(groupChecks(inTab, scenario.groupBy), scenario.sort);
  return flattenRows(
    rows,
    (row: HealthRow) => row.id,
    (row) => (row.kind === 'group' ? sortMembers(row, scenario.sort) : undefined),
    new Set(),
  ).length;
}

/**
 * Medians (ms) of the health page's model at 5,000 checks: each step alone, and the whole
 * keystroke pipeline (filter + tabs + group + sort + rows) for several groupings. The budget
 * for a keystroke is one frame, 16 ms.
 */
export async function benchHealthModel(): Promise<Array<{ name: string; ms: number }>> {
  const checks = syntheticChecks();
  const body = { duration: 40, runnerName: 'local', checks_summary: checks };
  const catalog = collectLabels(checks);
  const noLabels = labelFilterOf({}, catalog);
  const queries = ['a', 'ap', 'api', 'api/', 'api/v1', 'pay', 'payments', 'check-4', 'xyz'];
  const byName: SortState = { column: 'name', desc: false };
  const byLatency: SortState = { column: 'latency', desc: true };

  // Search text is cached per check object: the page prepares it once per answer, after
  // rendering; a keystroke before that pays for it in the filter.
  const coldSamples: number[] = [];
  const prepareSamples: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    const fresh = syntheticChecks(BENCH_CHECK_COUNT, 100 + i);
    let started = performance.now();
    filterChecks(fresh, { query: 'api', hidePassing: false, labels: noLabels });
    coldSamples.push(performance.now() - started);
    const other = syntheticChecks(BENCH_CHECK_COUNT, 200 + i);
    started = performance.now();
    prepareSearch(other);
    prepareSamples.push(performance.now() - started);
  }
  const excludeDev = labelFilterOf({ 'canary:env:dev': -1 }, catalog);

  const grouped = groupChecks(checks, 'canary_name');
  const results = [
    {
      name: 'validate summary response (superstruct)',
      ms: time(() => validate(body, HealthSummaryResponseStruct)),
    },
    { name: 'collect labels', ms: time(() => collectLabels(checks)) },
    { name: 'prepare search texts (once per answer)', ms: median(prepareSamples) },
    { name: 'filter before the texts are prepared', ms: median(coldSamples) },
    {
      name: 'filter: search keystroke',
      ms: time((i) =>
        filterChecks(checks, { query: queries[i % queries.length] ?? '', hidePassing: false }),
      ),
    },
    {
      name: 'filter: hide passing + label exclude',
      ms: time(() =>
        filterChecks(checks, {
          query: '',
          hidePassing: true,
          labels: excludeDev,
        }),
      ),
    },
    { name: 'tabs by namespace', ms: time(() => tabsOf(checks, 'namespace')) },
    { name: 'group by canary_name', ms: time(() => groupChecks(checks, 'canary_name')) },
    { name: 'group by name (split on /)', ms: time(() => groupChecks(checks, 'name')) },
    { name: 'group by label team', ms: time(() => groupChecks(checks, 'label:team')) },
    { name: 'sort groups by name', ms: time(() => sortRows(grouped, byName)) },
    {
      name: 'sort 5,000 rows by latency',
      ms: time(() => sortRows(groupChecks(checks, 'no-group'), byLatency)),
    },
    {
      name: 'keystroke: filter+tabs+group(canary_name)+sort',
      ms: time((i) =>
        pipeline(checks, excludeDev, queries[i % queries.length] ?? '', {
          groupBy: 'canary_name',
          sort: byName,
        }),
      ),
    },
    {
      name: 'keystroke: filter+tabs+no-group+sort by latency',
      ms: time((i) =>
        pipeline(checks, excludeDev, queries[i % queries.length] ?? '', {
          groupBy: 'no-group',
          sort: byLatency,
        }),
      ),
    },
    {
      name: 'keystroke: filter+tabs+group(name)+sort',
      ms: time((i) =>
        pipeline(checks, excludeDev, queries[i % queries.length] ?? '', {
          groupBy: 'name',
          sort: byName,
        }),
      ),
    },
    {
      name: 'clear search: every check, group(canary_name)+sort',
      ms: time(() => pipeline(checks, noLabels, '', { groupBy: 'canary_name', sort: byName })),
    },
  ];
  return results;
}

if (process.argv[1]?.endsWith('healthModel.ts')) {
  benchHealthModel()
    .then((rows) => {
      const width = Math.max(...rows.map((row) => row.name.length));
      console.log(`Health page model, ${BENCH_CHECK_COUNT} checks (median of ${RUNS})`);
      for (const row of rows) {
        const note = row.name.startsWith('keystroke')
          ? `  budget < 16 ms: ${row.ms < 16 ? 'within' : 'OVER'}`
          : '';
        console.log(`  ${row.name.padEnd(width)}  ${row.ms.toFixed(2).padStart(8)} ms${note}`);
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
