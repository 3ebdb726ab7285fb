import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import type { PostgrestQuery } from '../postgrest';
import { AVATAR_COLUMNS, pg, pgCondition } from '../postgrest';
import type { ChartChange, ChartIncident, ChartRun } from '../schemas/chartEvents';
import { ChartChangesStruct, ChartIncidentsStruct, ChartRunsStruct } from '../schemas/chartEvents';
import { responseSchema } from '../validate';

/** At most this many events of each kind are drawn on a chart: the newest of its window. */
export const CHART_EVENTS_LIMIT = 200;

/**
 * The resources a chart shows, whose events it draws: a check, configs, components. Without a
 * scope (a view's panel that aggregates the estate) every event of the window is drawn.
 */
export interface ChartEventScope {
  checkId?: string;
  configIds?: readonly string[];
  componentIds?: readonly string[];
}

/** A chart's window (ISO times) and the resources in view. */
export interface ChartEventsArgs {
  from: string;
  to: string;
  scope?: ChartEventScope;
}

/** `check_id.eq.X`, `config_id.in.(…)`, `component_id.in.(…)` for the resources the scope names. */
function scopeConditions(scope: ChartEventScope): string[] {
  const conditions: string[] = [];
  if (scope.checkId) conditions.push(pgCondition('check_id', 'eq', scope.checkId));
  if (scope.configIds?.length) conditions.push(pgCondition('config_id', 'in', scope.configIds));
  if (scope.componentIds?.length) {
    conditions.push(pgCondition('component_id', 'in', scope.componentIds));
  }
  return conditions;
}

/** Rows created inside the window, the newest first, a page of `CHART_EVENTS_LIMIT`. */
function inWindow(query: PostgrestQuery, { from, to }: ChartEventsArgs): PostgrestQuery {
  return query
    .gte('created_at', from)
    .lte('created_at', to)
    .order('created_at', 'desc')
    .limit(CHART_EVENTS_LIMIT);
}

/**
 * CAT-21's table over a window: `config_changes?created_at=gte.…&created_at=lte.…` of the
 * scope's configs (`config_id=in.(…)`), with the changed config's name.
 */
export function chartChangesRequest(args: ChartEventsArgs): RequestArgs {
  let query = pg('config_changes');
  if (args.scope) query = query.in('config_id', args.scope.configIds ?? []);
  return inWindow(query, args)
    .select(
      'id,config_id,change_type,summary,source,external_created_by,created_at',
      'config:configs(id,name,type)',
    )
    .toRequest();
}

/**
 * PB-10 over a window: the top-level runs created in it, of the scope's check, configs or
 * components (`or=(check_id.eq.…,config_id.in.(…),component_id.in.(…))`).
 */
export function chartRunsRequest(args: ChartEventsArgs): RequestArgs {
  let query = pg('playbook_runs').is('parent_id', null);
  if (args.scope) query = query.or(scopeConditions(args.scope));
  return inWindow(query, args)
    .select(
      'id,status,created_at,start_time',
      `created_by(${AVATAR_COLUMNS})`,
      'playbooks(id,name,title)',
    )
    .toRequest();
}

/**
 * INC-03 over a window: the incidents declared in it; with a scope, those with evidence of the
 * scope's check, configs or components (evidence hangs off an incident's hypotheses, so both
 * are embedded `!inner` and the evidence filtered: `hypotheses.evidences.or=(…)`).
 */
export function chartIncidentsRequest(args: ChartEventsArgs): RequestArgs {
  const columns = ['id,incident_id,title,severity,created_at', `created_by(${AVATAR_COLUMNS})`];
  let query = pg('incidents');
  if (args.scope) {
    columns.push('hypotheses!inner(id,evidences!inner(id))');
    query = query.param('hypotheses.evidences.or', `(${scopeConditions(args.scope).join(',')})`);
  }
  return inWindow(query, args)
    .select(...columns)
    .toRequest();
}

export const chartEventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Config changes drawn on a chart. */
    getChartChanges: build.query<ChartChange[], ChartEventsArgs>({
      query: chartChangesRequest,
      responseSchema: responseSchema(ChartChangesStruct, 'GET /api/db/config_changes'),
      providesTags: [{ type: 'ConfigChanges', id: 'LIST' }],
    }),
    /** Playbook runs drawn on a chart. */
    getChartRuns: build.query<ChartRun[], ChartEventsArgs>({
      query: chartRunsRequest,
      responseSchema: responseSchema(ChartRunsStruct, 'GET /api/db/playbook_runs'),
      providesTags: [{ type: 'PlaybookRuns', id: 'LIST' }],
    }),
    /** Incidents drawn on a chart. */
    getChartIncidents: build.query<ChartIncident[], ChartEventsArgs>({
      query: chartIncidentsRequest,
      responseSchema: responseSchema(ChartIncidentsStruct, 'GET /api/db/incidents'),
      providesTags: [{ type: 'Incidents', id: 'LIST' }],
    }),
  }),
});

export const { useGetChartChangesQuery, useGetChartRunsQuery, useGetChartIncidentsQuery } =
  chartEventsApi;
