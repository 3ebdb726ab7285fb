import type { SqlClient } from '../../server/demo/db/types';
import type { PostgrestEngine } from '../../server/demo/postgrest';
import { catalogChanges } from '../../server/demo/routes/catalog/changes';
import { parseChangesRequest, parseSummaryRequest } from '../../server/demo/routes/catalog/request';
import { catalogSummary } from '../../server/demo/routes/catalog/summary';

export interface QueryCase {
  name: string;
  relation: string;
  query: string;
  count: boolean;
}

/** Five typical list reads of the console (api.md CAT-01, CAT-20, CAT-27, PERM-01, HEALTH-05). */
export function typicalQueries(ids: { configId: string; checkId: string }): QueryCase[] {
  return [
    {
      name: 'catalog list: type filter, tri-state, agent embed, order, count (CAT-01)',
      relation: 'configs',
      query:
        'select=id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis' +
        '&select=agent:agents(id,name)&type=eq.Kubernetes::Pod&health.filter=healthy,!unknown' +
        '&order=name.asc&deleted_at=is.null&limit=50&offset=100',
      count: true,
    },
    {
      name: 'catalog search: or(ilike) over name, type, description, namespace, count (CAT-01)',
      relation: 'configs',
      query:
        'select=id,type,config_class,status,health,name,tags,created_at&select=agent:agents(id,name)' +
        '&or=(name.ilike.*api*,type.ilike.*api*,description.ilike.*api*,namespace.ilike.*api*)' +
        '&order=created_at.desc&deleted_at=is.null&limit=50&offset=0',
      count: true,
    },
    {
      name: 'insights list with config embed, order, count (CAT-27)',
      relation: 'config_analysis_items',
      query:
        'select=id,analysis_type,analyzer,severity,status,first_observed,last_observed,config:configs(id,name,config_class,type)' +
        '&limit=50&offset=0&order=first_observed.desc',
      count: true,
    },
    {
      name: 'changes of one config in a time window, count (CAT-20)',
      relation: 'config_changes',
      query: `config_id=eq.${ids.configId}&order=created_at.desc&limit=50&offset=0&and=(created_at.gte.2000-01-01T00:00:00Z,created_at.lte.2100-01-01T00:00:00Z)`,
      count: true,
    },
    {
      name: 'check status history page, count (HEALTH-05)',
      relation: 'check_statuses',
      query: `check_id=eq.${ids.checkId}&order=time.desc&limit=50&offset=0`,
      count: true,
    },
  ];
}

export interface QueryFigure {
  name: string;
  medianMs: number;
  rows: number;
  total: string;
}

/** Runs each query `runs` times through the PostgREST engine and reports the median latency. */
export async function timeQueries(
  engine: PostgrestEngine,
  cases: QueryCase[],
  runs = 15,
): Promise<QueryFigure[]> {
  const figures: QueryFigure[] = [];
  for (const c of cases) {
    const times: number[] = [];
    let rows = 0;
    let total = '';
    for (let i = 0; i < runs + 2; i++) {
      const started = process.hrtime.bigint();
      const response = await engine.handle({
        method: 'GET',
        relation: c.relation,
        query: new URLSearchParams(c.query),
        headers: c.count ? { prefer: 'count=exact' } : {},
      });
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      // 206 is PostgREST's answer to a partial page with an exact count.
      if (response.status !== 200 && response.status !== 206) {
        throw new Error(
          `${c.name}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
        );
      }
      if (i >= 2) times.push(elapsed);
      rows = Array.isArray(response.body) ? response.body.length : 0;
      total = response.headers['content-range'] ?? '';
    }
    times.sort((a, b) => a - b);
    figures.push({
      name: c.name,
      medianMs: times[Math.floor(times.length / 2)] ?? NaN,
      rows,
      total,
    });
  }
  return figures;
}

export interface CallCase {
  name: string;
  /** One answer; returns what the figure reports of it (rows, total). */
  run: () => Promise<string>;
  budgetMs?: number;
}

/**
 * The catalog endpoints' answers, called on the database directly with the bodies the console
 * sends: the summary of the catalog page (CAT-02) and the global changes page (CAT-19).
 */
export function catalogCalls(db: SqlClient): CallCase[] {
  const summary = parseSummaryRequest({
    groupBy: ['type'],
    deleted: false,
    changes: { since: '30d' },
    analysis: { since: '30d' },
    cost: '30d',
  });
  const changes = parseChangesRequest(
    { page_size: 50, recursive: 'none', include_deleted_configs: false, sort_by: '-created_at' },
    new Date(),
  );
  if (!summary.ok) throw new Error(summary.error);
  if (!changes.ok) throw new Error(changes.error);
  return [
    {
      name: 'catalog summary by type, 30-day changes, analyses and cost (CAT-02)',
      run: async () => `${(await catalogSummary(db, summary.value)).length} groups`,
      budgetMs: 200,
    },
    {
      name: 'catalog changes: last two days, page of 50, total and summary (CAT-19)',
      run: async () => {
        const answer = await catalogChanges(db, changes.value);
        return `${answer.changes.length} rows, total ${answer.total}`;
      },
    },
  ];
}

export interface CallFigure {
  name: string;
  medianMs: number;
  result: string;
  budgetMs?: number;
}

/** Runs each call `runs` times (after two warm-ups) and reports the median latency. */
export async function timeCalls(cases: CallCase[], runs = 15): Promise<CallFigure[]> {
  const figures: CallFigure[] = [];
  for (const c of cases) {
    const times: number[] = [];
    let result = '';
    for (let i = 0; i < runs + 2; i++) {
      const started = process.hrtime.bigint();
      result = await c.run();
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      if (i >= 2) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    figures.push({
      name: c.name,
      medianMs: times[Math.floor(times.length / 2)] ?? NaN,
      result,
      ...(c.budgetMs === undefined ? {} : { budgetMs: c.budgetMs }),
    });
  }
  return figures;
}

/**
 * The access review's reads (issue 38) through the PostgREST engine, as the console asks for them
 * with an exact count: a page of each summary and the filter options. The page's budget is 1 s
 * from navigation to its first rows; the answer gets half of it.
 */
export function accessCalls(engine: PostgrestEngine): CallCase[] {
  const read = (relation: string, query: string) => async () => {
    const response = await engine.handle({
      method: 'GET',
      relation,
      query: new URLSearchParams(query),
      headers: { prefer: 'count=exact' },
    });
    if (response.status !== 200 && response.status !== 206) {
      throw new Error(
        `${relation}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
      );
    }
    const rows = Array.isArray(response.body) ? `${response.body.length} rows` : 'one answer';
    return `${rows}, Content-Range ${response.headers['content-range'] ?? 'none'}`;
  };
  const page = 'select=*&limit=50&offset=0';
  return [
    {
      name: 'access review by user: a page of 50, count (config_access_summary_by_user)',
      run: read('config_access_summary_by_user', `${page}&order=user.asc`),
      budgetMs: 500,
    },
    {
      name: 'access review by group: a page of 50, count (config_access_summary_by_group)',
      run: read('config_access_summary_by_group', `${page}&order=group.asc`),
      budgetMs: 500,
    },
    {
      name: 'access review by item: a page of 50, count (config_access_summary_by_config)',
      run: read('config_access_summary_by_config', `${page}&order=config_name.asc`),
      budgetMs: 500,
    },
    {
      name: 'access review rows of one role: a page of 50, count (config_access_summary)',
      run: read('config_access_summary', `${page}&role=eq.cluster-admin&order=config_name.asc`),
      budgetMs: 500,
    },
    {
      name: 'access review filter options (rpc/config_access_filter_options)',
      run: read('rpc/config_access_filter_options', ''),
      budgetMs: 500,
    },
  ];
}
