/** Definitions of the settings area: connections, properties, scopes, backends, rules, apps. */

export interface ConnectionDefinition {
  name: string;
  type: string;
  url?: string;
  username?: string;
  password?: string;
  certificate?: string;
  properties?: Record<string, string>;
  insecureTls?: boolean;
  source: 'UI' | 'KubernetesCRD';
  /** Copied into every team namespace when the estate is scaled up. */
  perTeam?: boolean;
}

export const CONNECTIONS: readonly ConnectionDefinition[] = [
  {
    name: 'slack-sre-alerts',
    type: 'slack',
    password: 'secret://slack-bot/token',
    properties: { channel: '#sre-alerts' },
    source: 'KubernetesCRD',
  },
  {
    name: 'slack-incidents',
    type: 'slack',
    password: 'secret://slack-bot/token',
    properties: { channel: '#incidents' },
    source: 'UI',
    perTeam: true,
  },
  {
    name: 'teams-platform',
    type: 'teams',
    url: 'secret://msteams-webhook/url',
    properties: { title: 'Mission Control' },
    source: 'UI',
  },
  {
    name: 'smtp-corporate',
    type: 'smtp',
    url: 'smtp://smtp.office365.com:587/?auth=Plain&encryption=ExplicitTLS',
    username: 'alerts@acme.io',
    password: 'secret://smtp-credentials/password',
    properties: { from: 'Mission Control <alerts@acme.io>', port: '587' },
    source: 'KubernetesCRD',
  },
  {
    name: 'opsgenie-oncall',
    type: 'opsgenie',
    password: 'secret://opsgenie/api-key',
    properties: { region: 'eu', responders: 'team:sre' },
    source: 'UI',
  },
  {
    name: 'orders-db',
    type: 'postgres',
    url: 'postgres://$(username):$(password)@orders-db.prod.internal:5432/orders?sslmode=require',
    username: 'secret://orders-db-readonly/username',
    password: 'secret://orders-db-readonly/password',
    insecureTls: false,
    source: 'KubernetesCRD',
    perTeam: true,
  },
  {
    name: 'legacy-crm',
    type: 'mysql',
    url: 'mysql://$(username):$(password)@crm-mysql.corp.internal:3306/crm',
    username: 'mc_reader',
    password: 'secret://crm-mysql/password',
    source: 'UI',
  },
  {
    name: 'aws-prod',
    type: 'aws',
    username: 'secret://aws-prod/access-key-id',
    password: 'secret://aws-prod/secret-access-key',
    properties: {
      region: 'eu-west-1',
      assumeRole: 'arn:aws:iam::412376091843:role/mission-control-readonly',
      endpoint: '',
    },
    insecureTls: false,
    source: 'KubernetesCRD',
  },
  {
    name: 'aws-staging',
    type: 'aws',
    username: 'secret://aws-staging/access-key-id',
    password: 'secret://aws-staging/secret-access-key',
    properties: { region: 'us-east-1' },
    insecureTls: false,
    source: 'UI',
  },
  {
    name: 'gcp-analytics',
    type: 'gcp',
    certificate: 'secret://gcp-analytics-sa/credentials.json',
    properties: { project: 'acme-analytics-prod' },
    source: 'UI',
  },
  {
    name: 'azure-corp',
    type: 'azure',
    username: 'f3c1b2a4-7d9e-4a61-9b0c-2e5f8d7a6c31',
    password: 'secret://azure-sp/client-secret',
    properties: { tenant: '8a2d5e7f-1c3b-4d9a-b6e0-7f4c2a1d9e85' },
    source: 'UI',
  },
  {
    name: 'prometheus-prod',
    type: 'prometheus',
    url: 'http://prometheus-operated.monitoring.svc:9090',
    source: 'KubernetesCRD',
  },
  {
    name: 'loki-prod',
    type: 'loki',
    url: 'http://loki-gateway.logging.svc:80',
    username: 'mission-control',
    password: 'secret://loki-basic-auth/password',
    source: 'KubernetesCRD',
  },
  {
    name: 'github-platform',
    type: 'github',
    password: 'secret://github-bot/token',
    properties: { owner: 'acme' },
    source: 'UI',
  },
  {
    name: 'gitops-repo',
    type: 'git',
    url: 'https://github.com/acme/gitops-prod.git',
    username: 'mc-bot',
    password: 'secret://github-bot/token',
    properties: { branch: 'main' },
    source: 'KubernetesCRD',
  },
  {
    name: 'eks-prod-eu',
    type: 'kubernetes',
    certificate: 'secret://kubeconfig-eks-prod-eu/kubeconfig',
    source: 'KubernetesCRD',
  },
  {
    name: 'openai',
    type: 'openai',
    password: 'secret://openai/api-key',
    properties: { model: 'gpt-4o' },
    source: 'UI',
  },
  {
    name: 'statuspage',
    type: 'http',
    url: 'https://api.statuspage.io/v1/pages/8k2xq9v0bz4m',
    password: 'secret://statuspage/api-key',
    properties: { header: 'Authorization' },
    source: 'UI',
  },
  {
    name: 'elasticsearch-logs',
    type: 'elasticsearch',
    url: 'https://logs-es.observability.svc:9200',
    username: 'elastic',
    password: 'secret://es-elastic-user/elastic',
    insecureTls: true,
    source: 'UI',
  },
];

/**
 * The host name by which connections point at the demo's own database: testing a Postgres
 * connection with this host runs a query against it (api.md CONN-02).
 */
export const EMBEDDED_DATABASE_HOST = 'mission-control-db';

/**
 * Connections the demo backend can test for real from the machine it runs on: its own database
 * and its own about endpoint (on the default port). Seeded after everything else.
 */
export const TESTABLE_CONNECTIONS: readonly ConnectionDefinition[] = [
  {
    name: 'mission-control-db',
    type: 'postgres',
    url: `postgres://$(username):$(password)@${EMBEDDED_DATABASE_HOST}:5432/mission_control`,
    username: 'mission_control',
    password: 'secret://mission-control-postgres/password',
    source: 'UI',
  },
  {
    name: 'mission-control-api',
    type: 'http',
    url: 'http://localhost:3000/api/about',
    source: 'UI',
  },
];

/**
 * Events waiting in the queue besides the notification and incident ones: pushes to the
 * upstream instance that keep failing and a team sync that is still running. `failed` of the
 * `count` rows carry `error`.
 */
export const QUEUED_EVENTS: ReadonlyArray<{
  name: string;
  count: number;
  failed: number;
  error: string;
}> = [
  {
    name: 'push_queue.create',
    count: 7,
    failed: 4,
    error: 'push to https://mc.acme.io/upstream failed: 503 Service Unavailable',
  },
  {
    name: 'playbook.approval.inserted',
    count: 2,
    failed: 1,
    error: 'notification rule approvers-email: smtp: 550 mailbox unavailable',
  },
  {
    name: 'team.update',
    count: 3,
    failed: 0,
    error: '',
  },
];

/** A few ordinary properties (no feature flag is disabled). */
export const PROPERTIES: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'incidents.default_severity', value: 'medium' },
  { name: 'playbook.run.timeout', value: '30m' },
  { name: 'notifications.max_send_attempts', value: '4' },
  { name: 'check.status.retention.days', value: '30' },
  { name: 'job.history.retention.days', value: '7' },
  { name: 'scraper.concurrency', value: '12' },
  { name: 'access_token.default_expiry', value: '2160h' },
  { name: 'artifacts.max_size', value: '50Mi' },
];

export interface ScopeDefinition {
  name: string;
  namespace: string;
  description: string;
  source: 'UI' | 'KubernetesCRD';
  targets: Array<Record<string, Record<string, string>>>;
}

/** `{ns}` is replaced by a team namespace of the estate. */
export const SCOPES: readonly ScopeDefinition[] = [
  {
    name: '{ns}-workloads',
    namespace: '{ns}',
    description: 'Kubernetes workloads, components and playbooks owned by the {ns} team',
    source: 'KubernetesCRD',
    targets: [
      { config: { tagSelector: 'namespace={ns}' } },
      { component: { tagSelector: 'namespace={ns}' } },
      { playbook: { name: '*' } },
    ],
  },
  {
    name: 'production-catalog',
    namespace: 'mission-control',
    description:
      'Everything scraped from the prod-eu-west-1 cluster, and the production components',
    source: 'KubernetesCRD',
    targets: [
      { config: { tagSelector: 'cluster=prod-eu-west-1' } },
      { component: { tagSelector: 'env=prod' } },
    ],
  },
  {
    name: 'everything',
    namespace: 'mission-control',
    description: 'All resources of every kind',
    source: 'UI',
    targets: [{ global: { name: '*' } }],
  },
  {
    name: 'sre-runbooks',
    namespace: 'sre',
    description: 'Remediation playbooks the SRE rotation may run',
    source: 'UI',
    targets: [
      { playbook: { name: 'restart-deployment' } },
      { playbook: { name: 'scale-deployment' } },
      { playbook: { name: 'drain-node' } },
    ],
  },
  {
    name: 'platform-health-checks',
    namespace: 'platform',
    description: 'Health checks labelled for the platform team',
    source: 'UI',
    targets: [{ canary: { tagSelector: 'team=platform' } }],
  },
  {
    name: 'remote-agent-configs',
    namespace: 'mission-control',
    description: 'Catalog items reported by the remote agent {agent}',
    source: 'UI',
    targets: [{ config: { agent: '{agent}', name: '*' } }],
  },
];

export interface LoggingBackendDefinition {
  name: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
  source: 'UI' | 'KubernetesCRD';
  remote: boolean;
}

export const LOGGING_BACKENDS: readonly LoggingBackendDefinition[] = [
  {
    name: 'loki-prod',
    labels: { env: 'production' },
    spec: {
      loki: [
        {
          url: 'http://loki-gateway.logging.svc:80',
          connection: 'connection://mission-control/loki-prod',
          routes: [{ type: 'Kubernetes::Pod' }, { type: 'KubernetesPod' }],
          labels: { cluster: 'prod' },
        },
      ],
    },
    source: 'KubernetesCRD',
    remote: false,
  },
  {
    name: 'elasticsearch-apps',
    labels: { env: 'production', team: 'observability' },
    spec: {
      elasticsearch: [
        {
          url: 'https://logs-es.observability.svc:9200',
          index: 'apps-*',
          query: 'kubernetes.namespace: "{{.namespace}}" AND kubernetes.pod.name: "{{.name}}"',
          routes: [{ type: 'Application' }],
        },
      ],
    },
    source: 'UI',
    remote: false,
  },
  {
    name: 'opensearch-audit',
    labels: { purpose: 'audit' },
    spec: {
      opensearch: [
        {
          url: 'https://audit-os.security.svc:9200',
          index: 'audit-*',
          routes: [{ type: 'Database' }],
        },
      ],
    },
    source: 'UI',
    remote: true,
  },
  {
    name: 'cloudwatch-eu-west-1',
    labels: { cloud: 'aws', region: 'eu-west-1' },
    spec: {
      cloudwatch: [
        {
          connection: 'connection://mission-control/aws-prod',
          logGroup: '/aws/eks/prod-eu/cluster',
          routes: [{ type: 'AWS::EKS::Cluster' }],
        },
      ],
    },
    source: 'KubernetesCRD',
    remote: true,
  },
];

export const INCIDENT_RULES: ReadonlyArray<{
  name: string;
  source: 'UI' | 'KubernetesCRD';
  spec: Record<string, unknown>;
}> = [
  {
    name: 'critical-health-checks',
    source: 'KubernetesCRD',
    spec: {
      name: 'critical-health-checks',
      components: [{ types: ['Application', 'API'] }],
      filter: { status: ['unhealthy'], severity: ['critical', 'high'], age: '5m' },
      autoAssignOwner: true,
      autoClose: { timeout: '1h' },
      priority: 10,
      template: { severity: 'critical', type: 'availability', status: 'open' },
      responders: { email: [{ to: 'sre-oncall@acme.io', subject: 'New critical incident' }] },
    },
  },
  {
    name: 'crashlooping-workloads',
    source: 'KubernetesCRD',
    spec: {
      name: 'crashlooping-workloads',
      components: [{ types: ['KubernetesPod'] }],
      filter: { status: ['unhealthy'], category: ['CrashLoopBackOff'], age: '10m' },
      autoAssignOwner: true,
      template: { severity: 'high', type: 'availability' },
      responders: { jira: [{ project: 'OPS', issueType: 'Incident', priority: 'High' }] },
    },
  },
  {
    name: 'database-saturation',
    source: 'UI',
    spec: {
      name: 'database-saturation',
      components: [{ types: ['Database'] }],
      filter: { status: ['warning', 'unhealthy'], age: '15m' },
      template: { severity: 'high', type: 'performance' },
    },
  },
  {
    name: 'security-findings',
    source: 'UI',
    spec: {
      name: 'security-findings',
      filter: { category: ['security'], severity: ['critical'] },
      template: { severity: 'critical', type: 'security' },
      responders: { email: [{ to: 'secops@acme.io' }] },
    },
  },
  {
    name: 'cost-anomalies',
    source: 'UI',
    spec: {
      name: 'cost-anomalies',
      filter: { category: ['cost'] },
      template: { severity: 'medium', type: 'cost' },
    },
  },
];

export const APPLICATIONS: ReadonlyArray<{
  name: string;
  namespace: string;
  description: string;
  labels: Record<string, string>;
  source: 'UI' | 'KubernetesCRD';
  spec: Record<string, unknown>;
}> = [
  {
    name: 'payments-platform',
    namespace: 'payments',
    description: 'Card and wallet payment processing, including the ledger and payout jobs',
    labels: { tier: '1', owner: 'payments' },
    source: 'KubernetesCRD',
    spec: {
      type: 'Service',
      description: 'Card and wallet payment processing',
      schedule: '@every 1h',
      mapping: {
        environments: {
          production: [
            { tagSelector: 'cluster=prod-eu-west-1,namespace=payments' },
            { tagSelector: 'cluster=prod-eu-west-1,namespace=ledger' },
          ],
        },
        datasources: [{ types: ['AWS::RDS::DBInstance'], labelSelector: 'Team=payments' }],
        logins: [{ types: ['Kubernetes::RoleBinding'], tagSelector: 'namespace=payments' }],
      },
      sections: [
        {
          title: 'Workloads',
          icon: 'kubernetes',
          viewRef: { namespace: 'mission-control', name: 'deployments' },
        },
      ],
    },
  },
  {
    name: 'checkout',
    namespace: 'checkout',
    description: 'Basket, pricing and order placement services',
    labels: { tier: '1', owner: 'checkout' },
    source: 'UI',
    spec: {
      type: 'Service',
      description: 'Basket, pricing and order placement',
      mapping: {
        environments: {
          production: [
            { tagSelector: 'namespace=checkout' },
            { tagSelector: 'namespace=cart' },
            { tagSelector: 'namespace=pricing' },
          ],
        },
      },
    },
  },
  {
    name: 'identity',
    namespace: 'identity',
    description: 'Login, SSO and session services',
    labels: { tier: '1', owner: 'identity' },
    source: 'UI',
    spec: {
      type: 'Service',
      description: 'Login, SSO and session services',
      mapping: {
        environments: { production: [{ types: ['AWS::IAM::User', 'AWS::IAM::Role'] }] },
        logins: [{ types: ['AWS::IAM::User'] }],
        roles: [{ types: ['AWS::IAM::Role'] }],
      },
    },
  },
  {
    name: 'data-pipeline',
    namespace: 'data-platform',
    description: 'Nightly ETL from the operational databases into the warehouse',
    labels: { tier: '2', owner: 'data-platform' },
    source: 'KubernetesCRD',
    spec: {
      type: 'Batch',
      description: 'Nightly ETL into the warehouse',
      mapping: {
        environments: { shared: [{ types: ['AWS::Lambda::Function'] }] },
        datasources: [{ types: ['AWS::RDS::DBInstance'], labelSelector: 'Environment=shared' }],
      },
    },
  },
];

export const INTEGRATIONS: ReadonlyArray<{
  name: string;
  icon: string;
  source: string;
  spec: Record<string, unknown>;
}> = [
  {
    name: 'Kubernetes',
    icon: 'kubernetes',
    source: 'UI',
    spec: { kubernetes: [{ clusterName: 'prod-eu' }] },
  },
  {
    name: 'AWS',
    icon: 'aws',
    source: 'UI',
    spec: { aws: [{ regions: ['eu-west-1', 'us-east-1'] }] },
  },
  {
    name: 'Loki',
    icon: 'loki',
    source: 'UI',
    spec: { logs: { loki: { url: 'http://loki-gateway.logging.svc' } } },
  },
];

export const SAVED_QUERIES: ReadonlyArray<{
  icon: string;
  description: string;
  query: string;
  columns: string[];
}> = [
  {
    icon: 'k8s-pod',
    description: 'Unhealthy pods in production',
    query: 'type=Kubernetes::Pod health=unhealthy tags.cluster=prod',
    columns: ['name', 'namespace', 'status', 'health', 'created_at'],
  },
  {
    icon: 'aws-rds',
    description: 'RDS instances without multi-AZ',
    query: 'type=AWS::RDS::DBInstance config.MultiAZ=false',
    columns: ['name', 'status', 'tags'],
  },
  {
    icon: 'k8s-deployment',
    description: 'Deployments changed in the last day',
    query: 'type=Kubernetes::Deployment updated_at>now-1d',
    columns: ['name', 'namespace', 'updated_at'],
  },
];
