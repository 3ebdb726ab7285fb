/**
 * The seeded view definitions: View specs (the subset server/demo/views evaluates) over the
 * seeded catalog, checks, changes, incidents and playbook runs. The seed stores them and
 * evaluates each with its default variables, which fills `view_{ns}_{name}` and `view_panels`.
 * `mission-control-dashboard` is the home page's dashboard (`GET /api/dashboard`);
 * `operations-overview` only gathers other views as sections; `unhealthy-configs` shows its
 * rows as cards; `workloads` has multi-select variables; `panel-gallery` has every panel kind.
 */
import type { ViewSpecInput } from '../views/spec';

export interface SeedView {
  name: string;
  namespace: string;
  source: 'UI' | 'KubernetesCRD';
  labels: Record<string, string>;
  spec: ViewSpecInput;
}

const CACHE = { maxAge: '15m' };

/** The last 7 days in 6-hour buckets, up to the current one (for panel SQL). */
const SIX_HOUR_BUCKETS = `generate_series(
  date_bin('6 hours', now(), TIMESTAMPTZ '2000-01-01') - interval '7 days' + interval '6 hours',
  date_bin('6 hours', now(), TIMESTAMPTZ '2000-01-01'),
  interval '6 hours')`;

export const VIEWS: readonly SeedView[] = [
  {
    name: 'pods',
    namespace: 'mission-control',
    source: 'KubernetesCRD',
    labels: { category: 'kubernetes' },
    spec: {
      display: { title: 'Pods', icon: 'k8s-pod', ordinal: 1, sidebar: true },
      templating: [
        {
          key: 'cluster',
          label: 'Cluster',
          valueFrom: { config: { types: ['Kubernetes::Cluster'] } },
        },
        {
          key: 'namespace',
          label: 'Namespace',
          valueFrom: {
            config: { types: ['Kubernetes::Namespace'], tagSelector: 'cluster=$(var.cluster)' },
          },
          default: 'default',
        },
      ],
      queries: {
        pods: {
          configs: {
            types: ['Kubernetes::Pod'],
            tagSelector: 'cluster=$(var.cluster),namespace=$(var.namespace)',
          },
        },
      },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'string', description: 'Pod name' },
        { name: 'namespace', type: 'string' },
        { name: 'cluster', type: 'string' },
        { name: 'status', type: 'status', filter: { type: 'multiselect' } },
        { name: 'health', type: 'health', filter: { type: 'multiselect' } },
        { name: 'created', type: 'datetime' },
      ],
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
          piechart: {
            showLabels: true,
            colors: { healthy: '#28C19B', unhealthy: '#F04E6E', warning: '#F4B23C' },
          },
          query: `SELECT COALESCE(health, 'unknown') AS health, COUNT(*) AS count FROM pods GROUP BY 1 ORDER BY 1`,
        },
        { name: 'Pods', type: 'number', query: 'SELECT COUNT(*) AS value FROM pods' },
        {
          name: 'Healthy',
          type: 'gauge',
          description: 'Share of the pods that are healthy',
          gauge: {
            min: 0,
            max: 100,
            unit: '%',
            thresholds: [
              { percent: 0, color: 'red' },
              { percent: 80, color: 'orange' },
              { percent: 95, color: 'green' },
            ],
          },
          query: `SELECT COALESCE(ROUND(100.0 * COUNT(*) FILTER (WHERE health = 'healthy') / NULLIF(COUNT(*), 0)), 0) AS value FROM pods`,
        },
        {
          name: 'Oldest pod',
          type: 'duration',
          query: `SELECT COALESCE(EXTRACT(EPOCH FROM now() - MIN(created_at)) * 1000000000, 0)::bigint AS value FROM pods`,
        },
        {
          name: 'Not running',
          type: 'text',
          query: `SELECT COALESCE(string_agg(name, ', ' ORDER BY name), 'All pods are running') AS value FROM pods WHERE status IS DISTINCT FROM 'Running'`,
        },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'deployments',
    namespace: 'mission-control',
    source: 'KubernetesCRD',
    labels: { category: 'kubernetes' },
    spec: {
      display: {
        title: 'Deployments',
        icon: 'k8s-deployment',
        ordinal: 2,
        sidebar: true,
        plugins: [{ configTab: { types: ['Kubernetes::Namespace'] } }],
      },
      queries: { deployments: { configs: { types: ['Kubernetes::Deployment'] } } },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'string' },
        { name: 'namespace', type: 'string', filter: { type: 'multiselect' } },
        { name: 'replicas', type: 'number' },
        { name: 'status', type: 'status' },
        { name: 'health', type: 'health', filter: { type: 'multiselect' } },
        { name: 'updated', type: 'datetime' },
      ],
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
          query: `SELECT COALESCE(health, 'unknown') AS health, COUNT(*) AS count FROM deployments GROUP BY 1 ORDER BY 1`,
        },
        {
          name: 'By namespace',
          type: 'table',
          query: `SELECT tags ->> 'namespace' AS namespace, COUNT(*) AS count FROM deployments GROUP BY 1 ORDER BY 2 DESC, 1`,
        },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'failing-checks',
    namespace: 'mission-control',
    source: 'UI',
    labels: { category: 'health' },
    spec: {
      display: { title: 'Failing Health Checks', icon: 'health', ordinal: 3, sidebar: true },
      queries: { checks: { checks: { status: 'unhealthy' } } },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'string' },
        { name: 'type', type: 'string', filter: { type: 'multiselect' } },
        { name: 'severity', type: 'string', filter: { type: 'multiselect' } },
        { name: 'health', type: 'health' },
        { name: 'since', type: 'datetime' },
      ],
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
          query: `SELECT COALESCE(severity, 'info') AS severity, COUNT(*) AS count FROM checks GROUP BY 1 ORDER BY 1`,
        },
        {
          name: 'Failing',
          type: 'number',
          number: { unit: 'checks', precision: 0 },
          query: 'SELECT COUNT(*) AS value FROM checks',
        },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'databases',
    namespace: 'mission-control',
    source: 'UI',
    labels: { category: 'cloud' },
    spec: {
      display: { title: 'Databases', icon: 'database', ordinal: 4, sidebar: true },
      queries: {
        databases: { configs: { types: ['AWS::RDS::DBInstance', 'Azure::SQL::Database'] } },
      },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'string' },
        { name: 'type', type: 'string', filter: { type: 'multiselect' } },
        { name: 'status', type: 'status' },
        { name: 'health', type: 'health' },
        { name: 'cost', type: 'decimal', unit: 'USD', description: 'Cost over 30 days' },
        { name: 'created', type: 'datetime' },
      ],
      mapping: {
        id: 'row.id',
        name: 'row.name',
        type: 'row.type',
        status: 'row.status',
        health: 'row.health',
        cost: 'row.cost_total_30d',
        created: 'row.created_at',
      },
      panels: [
        {
          name: 'Cost (30d)',
          type: 'number',
          number: { unit: 'USD', precision: 2 },
          query: 'SELECT COALESCE(SUM(cost_total_30d), 0) AS value FROM databases',
        },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'namespaces',
    namespace: 'mission-control',
    source: 'KubernetesCRD',
    labels: { category: 'kubernetes' },
    spec: {
      display: { title: 'Namespaces', icon: 'k8s-namespace', ordinal: 5, sidebar: false },
      queries: { namespaces: { configs: { types: ['Kubernetes::Namespace'] } } },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'string' },
        { name: 'cluster', type: 'string', filter: { type: 'multiselect' } },
        { name: 'health', type: 'health' },
        { name: 'created', type: 'datetime' },
      ],
      mapping: {
        id: 'row.id',
        name: 'row.name',
        cluster: 'row.tags.cluster',
        health: 'row.health',
        created: 'row.created_at',
      },
      panels: [
        { name: 'Namespaces', type: 'number', query: 'SELECT COUNT(*) AS value FROM namespaces' },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'ec2-instances',
    namespace: 'finops',
    source: 'UI',
    labels: { category: 'cloud', team: 'finops' },
    spec: {
      display: {
        title: 'EC2 Instances',
        icon: 'aws-ec2-instance',
        ordinal: 10,
        sidebar: false,
        plugins: [{ configTab: { types: ['AWS::EC2::Instance'] } }],
      },
      queries: { instances: { configs: { types: ['AWS::EC2::Instance'] } } },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'string' },
        { name: 'instance_type', type: 'string', filter: { type: 'multiselect' } },
        { name: 'state', type: 'status' },
        { name: 'health', type: 'health' },
        { name: 'cost', type: 'decimal', unit: 'USD' },
        { name: 'launched', type: 'datetime' },
      ],
      mapping: {
        id: 'row.id',
        name: 'row.name',
        instance_type: 'row.config.InstanceType',
        state: 'row.status',
        health: 'row.health',
        cost: 'row.cost_total_30d',
        launched: 'row.created_at',
      },
      panels: [
        {
          name: 'By instance type',
          type: 'piechart',
          query: `SELECT config ->> 'InstanceType' AS instance_type, COUNT(*) AS count FROM instances GROUP BY 1 ORDER BY 1`,
        },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'mission-control-dashboard',
    namespace: 'mission-control',
    source: 'UI',
    labels: { category: 'dashboard' },
    spec: {
      description: 'The home page: the estate at a glance.',
      display: { title: 'Dashboard', icon: 'dashboard', ordinal: 0, sidebar: false },
      queries: {
        checks: { checks: {} },
        incidents: { incidents: {} },
        changes: { changes: { from: 'now-7d' } },
        costs: { configs: { tagSelector: 'account' } },
        accounts: { configs: { types: ['AWS::::Account'] } },
        runs: { playbookRuns: { from: 'now-30d' } },
      },
      panels: [
        {
          name: 'Estate health',
          type: 'piechart',
          description: 'Health checks by status',
          piechart: {
            showLabels: true,
            colors: { healthy: '#28C19B', unhealthy: '#F04E6E', unknown: '#666666' },
          },
          query: `SELECT COALESCE(status, 'unknown') AS status, COUNT(*) AS count FROM checks GROUP BY 1 ORDER BY 1`,
        },
        {
          name: 'Failing checks',
          type: 'table',
          description: 'Unhealthy health checks, the most severe first',
          query: `SELECT name, type, COALESCE(severity, 'info') AS severity, updated_at AS since FROM checks
                   WHERE status = 'unhealthy'
                   ORDER BY CASE severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END, name
                   LIMIT 10`,
        },
        {
          name: 'Open incidents',
          type: 'number',
          number: { unit: 'incidents', precision: 0 },
          query: `SELECT COUNT(*) AS value FROM incidents WHERE status NOT IN ('resolved', 'closed')`,
        },
        {
          name: 'Recent changes',
          type: 'timeseries',
          description: 'Config changes over the last 7 days, every 6 hours',
          timeseries: { timeKey: 'timestamp', style: 'area', legend: { enable: true } },
          query: `SELECT b.t AS timestamp,
                         COUNT(c.id) FILTER (WHERE c.change_type = 'diff') AS diffs,
                         COUNT(c.id) FILTER (WHERE c.change_type IS DISTINCT FROM 'diff') AS events
                    FROM ${SIX_HOUR_BUCKETS} AS b(t)
                    LEFT JOIN changes c
                      ON date_bin('6 hours', c.created_at, TIMESTAMPTZ '2000-01-01') = b.t
                   GROUP BY b.t ORDER BY b.t`,
        },
        {
          name: 'Cost by account',
          type: 'bargauge',
          description: 'Cost of the last 30 days by cloud account',
          bargauge: { min: 0, unit: 'USD', precision: 0 },
          query: `SELECT COALESCE(a.name, c.tags ->> 'account') AS name, ROUND(SUM(c.cost_total_30d), 2) AS value
                    FROM costs c LEFT JOIN accounts a ON a.tags ->> 'account' = c.tags ->> 'account'
                   GROUP BY 1 HAVING SUM(c.cost_total_30d) > 0 ORDER BY 2 DESC`,
        },
        {
          name: 'Playbook runs',
          type: 'piechart',
          description: 'Runs of the last 30 days by status',
          query: `SELECT status, COUNT(*) AS count FROM runs GROUP BY 1 ORDER BY 1`,
        },
      ],
      sections: [
        {
          title: 'Unhealthy resources',
          icon: 'health',
          uiRef: { configs: { health: 'unhealthy,warning' } },
        },
        { title: 'Changes of the last day', icon: 'diff', uiRef: { changes: { from: '24h' } } },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'operations-overview',
    namespace: 'mission-control',
    source: 'UI',
    labels: { category: 'dashboard' },
    spec: {
      description: 'Gathers the health and workload views, each as a section.',
      display: { title: 'Operations overview', icon: 'view-details', ordinal: 6, sidebar: true },
      sections: [
        {
          title: 'Failing health checks',
          icon: 'health',
          viewRef: { namespace: 'mission-control', name: 'failing-checks' },
        },
        {
          title: 'Deployments',
          icon: 'k8s-deployment',
          viewRef: { namespace: 'mission-control', name: 'deployments' },
        },
        {
          title: 'Unhealthy configs',
          icon: 'config',
          viewRef: { namespace: 'mission-control', name: 'unhealthy-configs' },
        },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'unhealthy-configs',
    namespace: 'mission-control',
    source: 'UI',
    labels: { category: 'health' },
    spec: {
      display: {
        title: 'Unhealthy configs',
        icon: 'config',
        ordinal: 7,
        sidebar: false,
        card: { columns: 2, default: true },
      },
      queries: { configs: { configs: { health: 'unhealthy,warning' } } },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'config_item', card: { position: 'title' }, width: '2' },
        {
          name: 'type',
          type: 'string',
          card: { position: 'subtitle' },
          filter: { type: 'multiselect' },
        },
        { name: 'health', type: 'health', card: { position: 'headerRight', useForAccent: true } },
        { name: 'status', type: 'status', card: { position: 'deck' } },
        {
          name: 'labels',
          type: 'labels',
          card: { position: 'body' },
          filter: { type: 'multiselect' },
        },
        { name: 'updated', type: 'datetime', card: { position: 'footer' }, width: '150px' },
      ],
      mapping: { updated: 'row.updated_at' },
      panels: [
        {
          name: 'By type',
          type: 'bargauge',
          bargauge: { min: 0, precision: 0 },
          query: `SELECT type AS name, COUNT(*) AS value FROM configs GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 8`,
        },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'workloads',
    namespace: 'mission-control',
    source: 'UI',
    labels: { category: 'kubernetes' },
    spec: {
      display: {
        title: 'Workloads',
        icon: 'k8s-deployment',
        ordinal: 8,
        sidebar: false,
        // A cluster's page shows its workloads: the tab passes the cluster's name.
        plugins: [
          {
            configTab: { types: ['Kubernetes::Cluster'] },
            variables: { cluster: '$(.config.name)' },
          },
        ],
      },
      templating: [
        {
          key: 'namespaces',
          label: 'Namespaces',
          type: 'multiselect',
          valueFrom: { config: { types: ['Kubernetes::Namespace'] } },
        },
        {
          key: 'health',
          label: 'Health',
          type: 'multiselect',
          values: ['healthy', 'unhealthy', 'warning', 'unknown'],
          default: 'unhealthy,warning',
        },
        {
          key: 'cluster',
          label: 'Cluster',
          type: 'multiselect',
          valueFrom: { config: { types: ['Kubernetes::Cluster'] } },
        },
      ],
      queries: {
        workloads: {
          configs: {
            types: ['Kubernetes::Deployment', 'Kubernetes::StatefulSet', 'Kubernetes::DaemonSet'],
            tagSelector: 'cluster in ($(var.cluster)),namespace in ($(var.namespaces))',
            health: '$(var.health)',
          },
        },
      },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'config_item' },
        { name: 'namespace', type: 'string', filter: { type: 'multiselect' } },
        { name: 'kind', type: 'string' },
        { name: 'health', type: 'health' },
      ],
      mapping: { namespace: 'row.tags.namespace', kind: 'row.type' },
      panels: [
        { name: 'Workloads', type: 'number', query: 'SELECT COUNT(*) AS value FROM workloads' },
        {
          name: 'By namespace',
          type: 'piechart',
          query: `SELECT tags ->> 'namespace' AS namespace, COUNT(*) AS count FROM workloads GROUP BY 1 ORDER BY 1`,
        },
      ],
      cache: CACHE,
    },
  },
  {
    name: 'panel-gallery',
    namespace: 'mission-control',
    source: 'UI',
    labels: { category: 'dashboard' },
    spec: {
      description: 'Every panel kind, over the seeded estate.',
      display: { title: 'Panel gallery', icon: 'dashboard', ordinal: 9, sidebar: false },
      queries: {
        checks: { checks: {} },
        pods: { configs: { types: ['Kubernetes::Pod'] } },
        changes: { changes: { from: 'now-7d' } },
        runs: { playbookRuns: { from: 'now-90d' } },
        accounts: { configs: { types: ['AWS::::Account'] } },
      },
      panels: [
        {
          name: 'Changes by severity',
          type: 'timeseries',
          timeseries: { timeKey: 'timestamp', style: 'lines', legend: { layout: 'horizontal' } },
          query: `SELECT b.t AS timestamp,
                         COUNT(c.id) FILTER (WHERE c.severity IN ('critical', 'high')) AS high,
                         COUNT(c.id) FILTER (WHERE c.severity IS NULL OR c.severity NOT IN ('critical', 'high')) AS other
                    FROM ${SIX_HOUR_BUCKETS} AS b(t)
                    LEFT JOIN changes c
                      ON date_bin('6 hours', c.created_at, TIMESTAMPTZ '2000-01-01') = b.t
                   GROUP BY b.t ORDER BY b.t`,
        },
        {
          name: 'Changes',
          type: 'timeseries',
          timeseries: { timeKey: 'timestamp', valueKey: 'value', style: 'points' },
          query: `SELECT b.t AS timestamp, COUNT(c.id) AS value
                    FROM ${SIX_HOUR_BUCKETS} AS b(t)
                    LEFT JOIN changes c
                      ON date_bin('6 hours', c.created_at, TIMESTAMPTZ '2000-01-01') = b.t
                   GROUP BY b.t ORDER BY b.t`,
        },
        {
          name: 'Playbook runs by day',
          type: 'heatmap',
          heatmap: { mode: 'calendar' },
          query: `SELECT to_char(created_at, 'YYYY-MM-DD') AS date,
                         COUNT(*) FILTER (WHERE status = 'completed') AS successful,
                         COUNT(*) FILTER (WHERE status IN ('failed', 'timed_out', 'cancelled')) AS failed
                    FROM runs GROUP BY 1 ORDER BY 1`,
        },
        {
          name: 'Changes by day',
          type: 'heatmap',
          heatmap: { mode: 'compact' },
          query: `SELECT to_char(created_at, 'YYYY-MM-DD') AS date, COUNT(*) AS count FROM changes GROUP BY 1 ORDER BY 1`,
        },
        {
          name: 'Healthy pods by namespace',
          type: 'bargauge',
          bargauge: {
            min: 0,
            max: 100,
            unit: '%',
            precision: 1,
            group: 'cluster',
            format: 'percentage',
            thresholds: [
              { percent: 0, color: '#ef4444' },
              { percent: 80, color: '#eab308' },
              { percent: 95, color: '#10b981' },
            ],
          },
          query: `SELECT tags ->> 'namespace' AS name, tags ->> 'cluster' AS cluster,
                         ROUND(100.0 * COUNT(*) FILTER (WHERE health = 'healthy') / COUNT(*), 1) AS value
                    FROM pods GROUP BY 1, 2 ORDER BY 2, 1`,
        },
        {
          name: 'Estate',
          type: 'properties',
          query: `SELECT 'Pods' AS label, COUNT(*)::text AS value FROM pods
                  UNION ALL SELECT 'Health checks', COUNT(*)::text FROM checks
                  UNION ALL SELECT 'Cloud accounts', string_agg(name, ', ' ORDER BY name) FROM accounts
                  UNION ALL SELECT 'Changes (7 days)', COUNT(*)::text FROM changes`,
        },
        {
          name: 'Checks passing',
          type: 'gauge',
          gauge: {
            min: 0,
            max: 100,
            unit: '%',
            precision: 1,
            thresholds: [
              { percent: 0, color: 'red' },
              { percent: 80, color: 'orange' },
              { percent: 95, color: 'green' },
            ],
          },
          query: `SELECT COALESCE(ROUND(100.0 * COUNT(*) FILTER (WHERE status = 'healthy') / NULLIF(COUNT(*), 0), 1), 0) AS value FROM checks`,
        },
        {
          name: 'Pod restarts',
          type: 'gauge',
          description: 'A gauge without a maximum',
          gauge: { min: 0, unit: 'pods' },
          query: `SELECT COUNT(*) FILTER (WHERE status IS DISTINCT FROM 'Running') AS value FROM pods`,
        },
        {
          name: 'Mean run time',
          type: 'number',
          number: { unit: 's', precision: 1 },
          query: `SELECT COALESCE(AVG(EXTRACT(EPOCH FROM end_time - start_time)), 0) AS value FROM runs WHERE end_time IS NOT NULL`,
        },
        {
          name: 'Runs by status',
          type: 'piechart',
          piechart: { showLabels: true, colors: { completed: '#28C19B', failed: '#F04E6E' } },
          query: `SELECT status, COUNT(*) AS count FROM runs GROUP BY 1 ORDER BY 2 DESC, 1`,
        },
        {
          name: 'Longest run',
          type: 'duration',
          query: `SELECT COALESCE(MAX(EXTRACT(EPOCH FROM end_time - start_time)) * 1000000000, 0)::bigint AS value FROM runs`,
        },
        {
          name: 'Busiest playbook',
          type: 'text',
          query: `SELECT COALESCE((SELECT playbook FROM runs GROUP BY 1 ORDER BY COUNT(*) DESC, 1 LIMIT 1), 'No runs') AS value`,
        },
        {
          name: 'Recent runs',
          type: 'table',
          query: `SELECT playbook, status, created_at FROM runs ORDER BY created_at DESC LIMIT 5`,
        },
      ],
      cache: CACHE,
    },
  },
];
