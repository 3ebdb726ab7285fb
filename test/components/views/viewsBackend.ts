import { HttpResponse, http } from 'msw';
import type {
  ViewColumn,
  ViewPanel,
  ViewResult,
  ViewVariable,
} from '../../../src/api/schemas/views';
import { server } from '../../support/msw';

export const PODS_ID = '018f4b8e-7777-7000-8000-000000000001';
export const DEPLOYMENTS_ID = '018f4b8e-7777-7000-8000-000000000002';

/** The columns of the pods view: one per type the console draws. */
export const COLUMNS: ViewColumn[] = [
  { name: 'name', type: 'string', primaryKey: true },
  { name: 'health', type: 'health', filter: { type: 'multiselect' } },
  { name: 'status', type: 'status', filter: { type: 'multiselect' } },
  {
    name: 'cpu_usage',
    type: 'gauge',
    gauge: { min: 0, max: 200, thresholds: [{ percent: 75, color: '#cd4246' }] },
  },
  { name: 'memory', type: 'bytes' },
  { name: 'age', type: 'duration' },
  { name: 'created', type: 'datetime' },
  { name: 'link', type: 'url' },
  { name: 'kind', type: 'badge' },
  { name: 'cpu_request', type: 'millicore' },
  { name: 'ratio', type: 'decimal' },
  { name: 'restarts', type: 'number', unit: 'times' },
  { name: 'ready', type: 'boolean' },
  { name: 'labels', type: 'labels' },
  { name: 'secret', type: 'string', hidden: true },
];

export const ROWS: Record<string, unknown>[] = [
  {
    name: 'api-7f9c',
    health: 'healthy',
    status: 'Running',
    cpu_usage: 160,
    memory: 1536,
    age: 127_000_000_000,
    created: '2024-05-01T10:00:00Z',
    link: 'https://grafana.example.com/d/pods',
    kind: 'Pod',
    cpu_request: 250,
    ratio: 3.14159,
    restarts: 2,
    ready: true,
    labels: { app: 'api' },
    secret: 'hunter2',
  },
  {
    name: 'worker-1a2b',
    health: 'unhealthy',
    status: 'CrashLoopBackOff',
    cpu_usage: 20,
    memory: 3 * 1024 * 1024 * 1024,
    age: 3_900_000_000_000,
    created: null,
    link: null,
    kind: 'Pod',
    cpu_request: 1500,
    ratio: 0.5,
    restarts: 14,
    ready: false,
    labels: null,
    secret: 'x',
  },
];

export const VARIABLES: ViewVariable[] = [
  { key: 'cluster', label: 'Cluster', type: 'text', options: ['prod', 'staging'], default: 'prod' },
];

/** Panels as VIEW-02 sends them, their numbers depending on the cluster chosen. */
export function panelsFor(cluster: string): ViewPanel[] {
  const pods = cluster === 'staging' ? 7 : 42;
  return [
    {
      name: 'Pods by health',
      type: 'piechart',
      rows: [
        { health: 'healthy', count: pods - 2 },
        { health: 'unhealthy', count: 2 },
      ],
    },
    {
      name: 'Pods',
      type: 'number',
      number: { unit: 'pods', precision: 0 },
      rows: [{ value: pods }],
    },
    {
      name: 'Average CPU',
      type: 'number',
      number: { unit: '%', precision: 1 },
      rows: [{ value: 12.345 }],
    },
    { name: 'Notes', type: 'text', rows: [{ value: `Cluster ${cluster}` }] },
    {
      name: 'By namespace',
      type: 'table',
      rows: [
        { label: 'default', value: 3 },
        { label: 'kube-system', value: 9 },
      ],
    },
    {
      name: 'Memory used',
      type: 'gauge',
      gauge: { min: 0, max: 100, unit: '%', thresholds: [{ percent: 80, color: '#cd4246' }] },
      rows: [{ value: 85 }],
    },
    { name: 'Deploy time', type: 'duration', rows: [{ value: 45_000_000_000 }] },
  ];
}

export interface EvaluateCall {
  id: string;
  body: unknown;
  cacheControl: string | null;
}

export interface ViewsBackendOptions {
  /** Answers VIEW-02 for a view instead of evaluating it. */
  evaluate?: (id: string) => Response | undefined;
  /** The refresh error VIEW-02 reports. */
  refreshError?: string;
  /** More views by id, evaluated for the variables asked. */
  views?: Record<string, (variables: Record<string, string>) => ViewResult>;
  /** More VIEW-05 tables by name (`view_ns_name`). */
  tables?: Record<string, Record<string, unknown>[]>;
  /** More view ids by `namespace/name`, besides the pods and deployments views (the metadata's sections). */
  viewIds?: Record<string, string>;
  /** What the display plugin variables answer for any view and config. Default `{}`. */
  pluginVariables?: Record<string, string>;
  /**
   * `GET /api/dashboard`: the metadata of the view with this id, or this response (a 404 when
   * there is no dashboard view). Not answered by default.
   */
  dashboard?: string | Response;
}

/** The fingerprint of an evaluation: one per set of variables. */
export const fingerprintOf = (cluster: string) => `fp-${cluster}`;

export function viewResult(
  id: string,
  variables: Record<string, string>,
  options: ViewsBackendOptions = {},
) {
  const cluster = variables.cluster ?? 'prod';
  const pods = id === PODS_ID;
  const result: ViewResult = {
    namespace: 'mission-control',
    name: pods ? 'pods' : 'deployments',
    title: pods ? 'Pods' : 'Deployments',
    icon: 'cube',
    lastRefreshedAt: '2024-05-02T08:30:00Z',
    requestFingerprint: fingerprintOf(cluster),
    refreshError: options.refreshError ?? null,
    columns: pods ? COLUMNS : [{ name: 'name', type: 'string' }],
    panels: pods
      ? panelsFor(cluster)
      : [{ name: 'Replicas', type: 'number', rows: [{ value: 3 }] }],
    variables: pods ? VARIABLES : [],
    // `health` as older backends send it, `status` as newer ones do.
    columnOptions: {
      health: ['healthy', 'unhealthy'],
      status: { list: ['Running', 'CrashLoopBackOff'] },
    },
  };
  return result;
}

/** The ids of the views by `namespace/name`. */
export const VIEW_IDS: Record<string, string> = {
  'mission-control/pods': PODS_ID,
  'mission-control/deployments': DEPLOYMENTS_ID,
};

/**
 * VIEW-02, `GET /api/view/metadata/{id}` (the view and its `viewRef` sections' views evaluated
 * with their defaults, keyed `namespace/name`, as upstream answers), VIEW-05 (the tables `view_mission_control_pods` and `…_deployments`, with
 * `{col}.filter` applied as mission-control does for plain values) and VIEW-06, recording what
 * the console asked.
 */
export function viewsBackend(options: ViewsBackendOptions = {}) {
  const evaluations: EvaluateCall[] = [];
  const tableReads: URL[] = [];
  const configViewReads: URL[] = [];
  const pluginReads: URL[] = [];
  const metadataReads: string[] = [];
  const ids = { ...VIEW_IDS, ...options.viewIds };
  /** VIEW-02's answer for a view and variables: the result, or the response that refuses it. */
  const answer = (id: string, variables: Record<string, string>): ViewResult | Response => {
    const given = options.evaluate?.(id);
    if (given) return given;
    const extra = options.views?.[id];
    if (extra) return extra(variables);
    if (id !== PODS_ID && id !== DEPLOYMENTS_ID) {
      return HttpResponse.json({ error: `view ${id} not found` }, { status: 404 });
    }
    return viewResult(id, variables, options);
  };
  /** The view evaluated with its defaults and its `viewRef` sections' views. */
  const metadata = (id: string): Response => {
    const view = answer(id, {});
    if (view instanceof Response) return view;
    const sectionResults: Record<string, ViewResult> = {};
    for (const section of view.sections ?? []) {
      if (!section.viewRef) continue;
      const key = `${section.viewRef.namespace ?? ''}/${section.viewRef.name}`;
      const sectionId = ids[key];
      const evaluated = sectionId ? answer(sectionId, {}) : undefined;
      if (evaluated && !(evaluated instanceof Response)) sectionResults[key] = evaluated;
    }
    return HttpResponse.json({ id, ...view, sectionResults });
  };
  const { dashboard } = options;
  server.use(
    ...(dashboard === undefined
      ? []
      : [
          http.get('*/api/dashboard', () =>
            typeof dashboard === 'string' ? metadata(dashboard) : dashboard.clone(),
          ),
        ]),
    http.get('*/api/view/metadata/:id', ({ params }) => {
      const id = String(params.id);
      metadataReads.push(id);
      return metadata(id);
    }),
    http.get('*/api/view/display-plugin-variables/:id', ({ request }) => {
      const url = new URL(request.url);
      pluginReads.push(url);
      if (!url.searchParams.get('config_id')) {
        return HttpResponse.json({ error: 'config_id is required' }, { status: 400 });
      }
      return HttpResponse.json(options.pluginVariables ?? {});
    }),
    http.get('*/api/view/list', ({ request }) => {
      const url = new URL(request.url);
      configViewReads.push(url);
      if (!url.searchParams.get('config_id')) {
        return HttpResponse.json({ error: 'config_id is required' }, { status: 400 });
      }
      return HttpResponse.json([
        {
          id: DEPLOYMENTS_ID,
          name: 'deployments',
          namespace: 'mission-control',
          title: 'Deployments',
        },
      ]);
    }),
    http.post('*/api/view/:id', async ({ request, params }) => {
      const id = String(params.id);
      const body = (await request.json()) as { variables?: Record<string, string> };
      evaluations.push({ id, body, cacheControl: request.headers.get('cache-control') });
      const evaluated = answer(id, body.variables ?? {});
      return evaluated instanceof Response ? evaluated : HttpResponse.json(evaluated);
    }),
    http.get('*/api/db/:table', ({ request, params }) => {
      const table = String(params.table);
      if (!table.startsWith('view_')) return undefined;
      const url = new URL(request.url);
      tableReads.push(url);
      const extra = options.tables?.[table];
      if (
        !extra &&
        table !== 'view_mission_control_pods' &&
        table !== 'view_mission_control_deployments'
      ) {
        return HttpResponse.json(
          { code: '42P01', message: `relation ${table} does not exist` },
          { status: 404 },
        );
      }
      let rows = extra ?? (table.endsWith('pods') ? ROWS : [{ name: 'api' }]);
      for (const [key, value] of url.searchParams) {
        if (!key.endsWith('.filter')) continue;
        const column = key.slice(0, -'.filter'.length);
        const items = value.split(',');
        const include = items.filter((item) => !item.startsWith('!'));
        const exclude = items.filter((item) => item.startsWith('!')).map((item) => item.slice(1));
        // A labels cell matches `key:value` items; other cells their value.
        const matches = (row: Record<string, unknown>, item: string) => {
          const cell = row[column];
          return typeof cell === 'object' && cell !== null
            ? Object.entries(cell).some(([key, value]) => `${key}:${String(value)}` === item)
            : String(cell) === item;
        };
        rows = rows.filter(
          (row) =>
            (include.length === 0 || include.some((item) => matches(row, item))) &&
            !exclude.some((item) => matches(row, item)),
        );
      }
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? rows.length);
      const page = rows.slice(offset, offset + limit);
      const range =
        page.length === 0
          ? `*/${rows.length}`
          : `${offset}-${offset + page.length - 1}/${rows.length}`;
      return HttpResponse.json(
        page.map((row) => ({
          ...row,
          request_fingerprint: url.searchParams.get('request_fingerprint'),
        })),
        { headers: { 'Content-Range': range } },
      );
    }),
  );
  return { evaluations, tableReads, configViewReads, pluginReads, metadataReads };
}
