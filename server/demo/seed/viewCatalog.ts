/**
 * The seeded view definitions: View specs (the subset server/demo/views evaluates) over the
 * seeded catalog and checks. The seed stores them and evaluates each with its default
 * variables, which fills `view_{ns}_{name}` and `view_panels`.
 */
import type { ViewSpec } from '../views/spec';

export interface SeedView {
  name: string;
  namespace: string;
  source: 'UI' | 'KubernetesCRD';
  labels: Record<string, string>;
  spec: ViewSpec;
}

const CACHE = { maxAge: '15m' };

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
];
