/** View definitions with the queries that fill their materialised tables from the seeded estate. */

export interface ViewColumn {
  name: string;
  type:
    | 'string'
    | 'number'
    | 'boolean'
    | 'datetime'
    | 'duration'
    | 'health'
    | 'status'
    | 'gauge'
    | 'bytes';
  primaryKey?: boolean;
  hidden?: boolean;
  description?: string;
  unit?: string;
}

export interface ViewDefinition {
  name: string;
  namespace: string;
  title: string;
  icon: string;
  ordinal: number;
  sidebar: boolean;
  source: 'UI' | 'KubernetesCRD';
  labels: Record<string, string>;
  columns: ViewColumn[];
  queries: Record<string, unknown>;
  mapping: Record<string, string>;
  panels: Array<{ name: string; type: 'piechart' | 'number' | 'table' | 'gauge'; query: string }>;
  /** SELECT returning the non-extra columns, in `columns` order. */
  rowsSql: string;
  /** SELECT returning one jsonb value: the panel results. */
  panelsSql: string;
}

const LIVE = 'deleted_at IS NULL';

export const VIEWS: readonly ViewDefinition[] = [
  {
    name: 'pods',
    namespace: 'mission-control',
    title: 'Pods',
    icon: 'k8s-pod',
    ordinal: 1,
    sidebar: true,
    source: 'KubernetesCRD',
    labels: { category: 'kubernetes' },
    columns: [
      { name: 'id', type: 'string', primaryKey: true, hidden: true },
      { name: 'name', type: 'string', description: 'Pod name' },
      { name: 'namespace', type: 'string' },
      { name: 'cluster', type: 'string' },
      { name: 'status', type: 'status' },
      { name: 'health', type: 'health' },
      { name: 'created', type: 'datetime' },
    ],
    queries: { pods: { configs: { types: ['Kubernetes::Pod'] } } },
    mapping: {
      id: 'row.id',
      name: 'row.name',
      namespace: 'row.tags.namespace',
      cluster: 'row.tags.cluster',
      status: 'row.status',
      health: 'row.health',
      created: 'row.created_at',
    },
    panels: [
      {
        name: 'Health',
        type: 'piechart',
        query: 'SELECT health, COUNT(*) AS count FROM pods GROUP BY health',
      },
      { name: 'Pods', type: 'number', query: 'SELECT COUNT(*) AS value FROM pods' },
    ],
    rowsSql: `SELECT id::text, name, tags ->> 'namespace', tags ->> 'cluster', status, health, created_at
      FROM config_items WHERE type = 'Kubernetes::Pod' AND ${LIVE}`,
    panelsSql: `SELECT jsonb_build_array(
        jsonb_build_object('name', 'Health', 'type', 'piechart', 'rows',
          COALESCE((SELECT jsonb_agg(jsonb_build_object('health', h, 'count', n) ORDER BY h)
            FROM (SELECT COALESCE(health, 'unknown') h, count(*) n FROM config_items
                  WHERE type = 'Kubernetes::Pod' AND ${LIVE} GROUP BY 1) x), '[]')),
        jsonb_build_object('name', 'Pods', 'type', 'number', 'rows',
          jsonb_build_array(jsonb_build_object('value',
            (SELECT count(*) FROM config_items WHERE type = 'Kubernetes::Pod' AND ${LIVE})))))`,
  },
  {
    name: 'deployments',
    namespace: 'mission-control',
    title: 'Deployments',
    icon: 'k8s-deployment',
    ordinal: 2,
    sidebar: true,
    source: 'KubernetesCRD',
    labels: { category: 'kubernetes' },
    columns: [
      { name: 'id', type: 'string', primaryKey: true, hidden: true },
      { name: 'name', type: 'string' },
      { name: 'namespace', type: 'string' },
      { name: 'replicas', type: 'number' },
      { name: 'status', type: 'status' },
      { name: 'health', type: 'health' },
      { name: 'updated', type: 'datetime' },
    ],
    queries: { deployments: { configs: { types: ['Kubernetes::Deployment'] } } },
    mapping: {
      id: 'row.id',
      name: 'row.name',
      namespace: 'row.tags.namespace',
      replicas: 'row.config.spec.replicas',
      status: 'row.status',
      health: 'row.health',
      updated: 'row.updated_at',
    },
    panels: [
      {
        name: 'Health',
        type: 'piechart',
        query: 'SELECT health, COUNT(*) AS count FROM deployments GROUP BY health',
      },
    ],
    rowsSql: `SELECT id::text, name, tags ->> 'namespace',
        CASE WHEN jsonb_typeof(config -> 'spec' -> 'replicas') = 'number'
          THEN (config -> 'spec' ->> 'replicas')::numeric END,
        status, health, COALESCE(updated_at, created_at)
      FROM config_items WHERE type = 'Kubernetes::Deployment' AND ${LIVE}`,
    panelsSql: `SELECT jsonb_build_array(
        jsonb_build_object('name', 'Health', 'type', 'piechart', 'rows',
          COALESCE((SELECT jsonb_agg(jsonb_build_object('health', h, 'count', n) ORDER BY h)
            FROM (SELECT COALESCE(health, 'unknown') h, count(*) n FROM config_items
                  WHERE type = 'Kubernetes::Deployment' AND ${LIVE} GROUP BY 1) x), '[]')))`,
  },
  {
    name: 'failing-checks',
    namespace: 'mission-control',
    title: 'Failing Health Checks',
    icon: 'health',
    ordinal: 3,
    sidebar: true,
    source: 'UI',
    labels: { category: 'health' },
    columns: [
      { name: 'id', type: 'string', primaryKey: true, hidden: true },
      { name: 'name', type: 'string' },
      { name: 'type', type: 'string' },
      { name: 'severity', type: 'string' },
      { name: 'health', type: 'health' },
      { name: 'since', type: 'datetime' },
    ],
    queries: { checks: { checks: { statuses: ['unhealthy'] } } },
    mapping: {
      id: 'row.id',
      name: 'row.name',
      type: 'row.type',
      severity: 'row.severity',
      health: 'row.status',
      since: 'row.updated_at',
    },
    panels: [
      {
        name: 'By severity',
        type: 'piechart',
        query: 'SELECT severity, COUNT(*) AS count FROM checks GROUP BY severity',
      },
    ],
    rowsSql: `SELECT id::text, name, type, severity, status, updated_at
      FROM checks WHERE status = 'unhealthy' AND ${LIVE}`,
    panelsSql: `SELECT jsonb_build_array(
        jsonb_build_object('name', 'By severity', 'type', 'piechart', 'rows',
          COALESCE((SELECT jsonb_agg(jsonb_build_object('severity', s, 'count', n) ORDER BY s)
            FROM (SELECT COALESCE(severity, 'info') s, count(*) n FROM checks
                  WHERE status = 'unhealthy' AND ${LIVE} GROUP BY 1) x), '[]')))`,
  },
  {
    name: 'databases',
    namespace: 'mission-control',
    title: 'Databases',
    icon: 'database',
    ordinal: 4,
    sidebar: true,
    source: 'UI',
    labels: { category: 'cloud' },
    columns: [
      { name: 'id', type: 'string', primaryKey: true, hidden: true },
      { name: 'name', type: 'string' },
      { name: 'type', type: 'string' },
      { name: 'status', type: 'status' },
      { name: 'health', type: 'health' },
      { name: 'created', type: 'datetime' },
    ],
    queries: {
      databases: { configs: { types: ['AWS::RDS::DBInstance', 'Azure::SQL::Database'] } },
    },
    mapping: {
      id: 'row.id',
      name: 'row.name',
      type: 'row.type',
      status: 'row.status',
      health: 'row.health',
      created: 'row.created_at',
    },
    panels: [],
    rowsSql: `SELECT id::text, name, type, status, health, created_at
      FROM config_items WHERE (config_class = 'Database' OR type LIKE '%RDS%') AND ${LIVE}`,
    panelsSql: `SELECT '[]'::jsonb`,
  },
  {
    name: 'namespaces',
    namespace: 'mission-control',
    title: 'Namespaces',
    icon: 'k8s-namespace',
    ordinal: 5,
    sidebar: false,
    source: 'KubernetesCRD',
    labels: { category: 'kubernetes' },
    columns: [
      { name: 'id', type: 'string', primaryKey: true, hidden: true },
      { name: 'name', type: 'string' },
      { name: 'cluster', type: 'string' },
      { name: 'pods', type: 'number' },
      { name: 'unhealthy_pods', type: 'number' },
      { name: 'health', type: 'health' },
    ],
    queries: { namespaces: { configs: { types: ['Kubernetes::Namespace'] } } },
    mapping: { id: 'row.id', name: 'row.name', cluster: 'row.tags.cluster', health: 'row.health' },
    panels: [],
    rowsSql: `SELECT n.id::text, n.name, n.tags ->> 'cluster', COALESCE(p.total, 0), COALESCE(p.unhealthy, 0), n.health
      FROM config_items n
      LEFT JOIN (
        SELECT tags ->> 'namespace' AS namespace, count(*) AS total,
          count(*) FILTER (WHERE health = 'unhealthy') AS unhealthy
        FROM config_items WHERE type = 'Kubernetes::Pod' AND ${LIVE} GROUP BY 1
      ) p ON p.namespace = n.name
      WHERE n.type = 'Kubernetes::Namespace' AND n.deleted_at IS NULL`,
    panelsSql: `SELECT '[]'::jsonb`,
  },
  {
    name: 'ec2-instances',
    namespace: 'finops',
    title: 'EC2 Instances',
    icon: 'aws-ec2-instance',
    ordinal: 10,
    sidebar: false,
    source: 'UI',
    labels: { category: 'cloud', team: 'finops' },
    columns: [
      { name: 'id', type: 'string', primaryKey: true, hidden: true },
      { name: 'name', type: 'string' },
      { name: 'instance_type', type: 'string' },
      { name: 'state', type: 'status' },
      { name: 'health', type: 'health' },
      { name: 'launched', type: 'datetime' },
    ],
    queries: { instances: { configs: { types: ['AWS::EC2::Instance'] } } },
    mapping: {
      id: 'row.id',
      name: 'row.name',
      instance_type: 'row.config.InstanceType',
      state: 'row.status',
      health: 'row.health',
      launched: 'row.created_at',
    },
    panels: [],
    rowsSql: `SELECT id::text, name, config ->> 'InstanceType', status, health, created_at
      FROM config_items WHERE type = 'AWS::EC2::Instance' AND ${LIVE}`,
    panelsSql: `SELECT '[]'::jsonb`,
  },
];

const SQL_TYPES: Record<ViewColumn['type'], string> = {
  string: 'text',
  health: 'text',
  status: 'text',
  number: 'numeric',
  boolean: 'boolean',
  datetime: 'timestamptz',
  duration: 'bigint',
  bytes: 'bigint',
  gauge: 'double precision',
};

/** `view_<namespace>_<name>` with dashes turned into underscores. */
export function viewTableName(namespace: string, name: string): string {
  return `view_${namespace}_${name}`.replace(/-/g, '_');
}

/** DDL of the table the backend keeps for a view's rows. */
export function viewTableDdl(view: ViewDefinition): string {
  const table = viewTableName(view.namespace, view.name);
  const columns = view.columns.map(
    (column) => `"${column.name}" ${SQL_TYPES[column.type]}${column.primaryKey ? ' NOT NULL' : ''}`,
  );
  const keys = view.columns
    .filter((column) => column.primaryKey)
    .map((column) => `"${column.name}"`);
  return `CREATE TABLE IF NOT EXISTS ${table} (
    ${columns.join(',\n    ')},
    __row__attributes jsonb,
    __grants jsonb,
    request_fingerprint text NOT NULL DEFAULT '',
    agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000',
    is_pushed boolean DEFAULT false,
    PRIMARY KEY (${[...keys, 'request_fingerprint'].join(', ')})
  )`;
}

/** The View CRD spec stored in views.spec. */
export function viewSpec(view: ViewDefinition): Record<string, unknown> {
  return {
    display: { title: view.title, icon: view.icon, ordinal: view.ordinal, sidebar: view.sidebar },
    columns: view.columns,
    queries: view.queries,
    mapping: view.mapping,
    panels: view.panels,
    cache: { maxAge: '15m', minAge: '1m', refreshTimeout: '5s' },
  };
}
