/** Notification rules, silences and the event shapes their send history is made of. */

export type RuleTarget = 'person' | 'team' | 'slack' | 'teams' | 'email' | 'opsgenie' | 'playbook';

export interface RuleTemplate {
  name: string;
  title: string;
  template: string;
  events: string[];
  filter?: string;
  target: RuleTarget;
  /** Connection name used by custom services. */
  connection?: string;
  /** Playbook name run by the rule. */
  playbook?: string;
  /** Config or component types the events are about. */
  types: string[];
  repeatInterval?: string;
  waitForMinutes?: number;
  groupBy?: string[];
  inhibitions?: Array<Record<string, unknown>>;
  watchdog?: string;
  error?: string;
  source: 'UI' | 'KubernetesCRD';
  /** Relative share of the send history. */
  weight: number;
}

const CONFIG_TEMPLATE =
  '{{.config.type}} {{.config.name}} is {{.config.health}}\n\n{{.config.status}}: {{.config.description}}\n\n[Open in Mission Control]({{.permalink}})';
const CHECK_TEMPLATE =
  'Check {{.check.name}} has {{if eq .status "healthy"}}recovered{{else}}failed{{end}}\n\n{{.check.error}}\n\n[Open in Mission Control]({{.permalink}})';

export const RULES: readonly RuleTemplate[] = [
  {
    name: 'critical-check-failures',
    title: 'Check {{.check.name}} failed',
    template: CHECK_TEMPLATE,
    events: ['check.failed', 'check.passed'],
    filter: "check.severity in ['high', 'critical']",
    target: 'team',
    types: [],
    repeatInterval: '1h',
    source: 'KubernetesCRD',
    weight: 9,
  },
  {
    name: 'crashlooping-pods',
    title: 'Pod {{.config.name}} is crashlooping',
    template: CONFIG_TEMPLATE,
    events: ['config.unhealthy'],
    filter: "config.type == 'Kubernetes::Pod' && config.status == 'CrashLoopBackOff'",
    target: 'slack',
    connection: 'slack-sre-alerts',
    types: ['Kubernetes::Pod'],
    waitForMinutes: 5,
    groupBy: ['tag:namespace'],
    repeatInterval: '4h',
    source: 'KubernetesCRD',
    weight: 12,
  },
  {
    name: 'deployment-health',
    title: 'Deployment {{.config.name}} is {{.config.health}}',
    template: CONFIG_TEMPLATE,
    events: ['config.warning', 'config.unhealthy', 'config.healthy'],
    filter: "config.type == 'Kubernetes::Deployment'",
    target: 'slack',
    connection: 'slack-incidents',
    types: ['Kubernetes::Deployment'],
    repeatInterval: '2h',
    inhibitions: [
      {
        direction: 'outgoing',
        from: 'Kubernetes::Deployment',
        to: ['Kubernetes::Pod', 'Kubernetes::ReplicaSet'],
      },
    ],
    source: 'KubernetesCRD',
    weight: 8,
  },
  {
    name: 'database-alerts',
    title: 'Database {{.config.name}} is {{.config.health}}',
    template: CONFIG_TEMPLATE,
    events: ['config.unhealthy', 'config.warning'],
    filter: "config.config_class == 'Database'",
    target: 'opsgenie',
    connection: 'opsgenie-oncall',
    types: ['AWS::RDS::DBInstance', 'Database'],
    repeatInterval: '30m',
    source: 'UI',
    weight: 4,
  },
  {
    name: 'node-not-ready',
    title: 'Node {{.config.name}} is NotReady',
    template: CONFIG_TEMPLATE,
    events: ['config.unhealthy'],
    filter: "config.type == 'Kubernetes::Node'",
    target: 'opsgenie',
    connection: 'opsgenie-oncall',
    types: ['Kubernetes::Node'],
    waitForMinutes: 3,
    source: 'KubernetesCRD',
    weight: 3,
  },
  {
    name: 'auto-restart-crashloops',
    title: 'Restarting {{.config.name}}',
    template: 'Restarting {{.config.name}} automatically after repeated crashes',
    events: ['config.unhealthy'],
    filter: "config.type == 'Kubernetes::Deployment' && config.status == 'Degraded'",
    target: 'playbook',
    playbook: 'restart-deployment',
    types: ['Kubernetes::Deployment'],
    waitForMinutes: 10,
    source: 'KubernetesCRD',
    weight: 4,
  },
  {
    name: 'diagnostics-on-crash',
    title: 'Collecting diagnostics for {{.config.name}}',
    template: 'Collecting logs and events of {{.config.name}}',
    events: ['config.unhealthy'],
    filter: "config.type == 'Kubernetes::Pod'",
    target: 'playbook',
    playbook: 'collect-diagnostics',
    types: ['Kubernetes::Pod'],
    source: 'UI',
    weight: 3,
  },
  {
    name: 'new-incident-commander',
    title: 'New incident: {{.incident.title}}',
    template: '{{.incident.incident_id}} {{.incident.title}} ({{.incident.severity}}) was opened.',
    events: ['incident.created'],
    target: 'person',
    types: [],
    source: 'UI',
    weight: 3,
  },
  {
    name: 'incident-updates',
    title: '{{.incident.incident_id}} is {{.incident.status}}',
    template: '{{.incident.title}} changed to {{.incident.status}}.',
    events: [
      'incident.status.resolved',
      'incident.status.closed',
      'incident.responder.added',
      'incident.comment.added',
    ],
    target: 'slack',
    connection: 'slack-incidents',
    types: [],
    source: 'UI',
    weight: 4,
  },
  {
    name: 'platform-components',
    title: 'Component {{.component.name}} is {{.component.health}}',
    template:
      '{{.component.name}} ({{.component.type}}) is {{.component.health}}: {{.component.status_reason}}',
    events: ['component.unhealthy', 'component.warning'],
    target: 'team',
    types: [],
    repeatInterval: '1h',
    source: 'KubernetesCRD',
    weight: 6,
  },
  {
    name: 'tls-check-failures',
    title: 'Certificate problem: {{.check.name}}',
    template: CHECK_TEMPLATE,
    events: ['check.failed'],
    filter: "check.type == 'http'",
    target: 'email',
    connection: 'smtp-corporate',
    types: [],
    repeatInterval: '24h',
    source: 'UI',
    weight: 3,
  },
  {
    name: 'all-check-failures-email',
    title: 'Health check {{.check.name}} failed',
    template: CHECK_TEMPLATE,
    events: ['check.failed'],
    target: 'person',
    types: [],
    repeatInterval: '6h',
    source: 'UI',
    weight: 5,
  },
  {
    name: 'config-recovered',
    title: '{{.config.name}} recovered',
    template: CONFIG_TEMPLATE,
    events: ['config.healthy'],
    filter: "config.tags.cluster == 'prod'",
    target: 'teams',
    connection: 'teams-platform',
    types: ['Kubernetes::Deployment', 'Kubernetes::StatefulSet'],
    source: 'UI',
    weight: 3,
  },
  {
    name: 'ec2-instance-health',
    title: 'Instance {{.config.name}} is {{.config.health}}',
    template: CONFIG_TEMPLATE,
    events: ['config.unhealthy', 'config.warning'],
    filter: "config.type == 'AWS::EC2::Instance'",
    target: 'slack',
    connection: 'slack-sre-alerts',
    types: ['AWS::EC2::Instance'],
    repeatInterval: '12h',
    source: 'UI',
    weight: 2,
  },
  {
    name: 'helm-releases-degraded',
    title: 'Helm release {{.config.name}} degraded',
    template: CONFIG_TEMPLATE,
    events: ['config.degraded'],
    target: 'team',
    types: ['Kubernetes::HelmRelease', 'HelmRelease'],
    source: 'KubernetesCRD',
    weight: 2,
  },
  {
    name: 'canary-watchdog',
    title: 'Notification pipeline is alive',
    template: 'Watchdog: notifications are being delivered.',
    events: ['check.failed'],
    filter: "check.labels.watchdog == 'true'",
    target: 'slack',
    connection: 'slack-sre-alerts',
    types: [],
    watchdog: '0 9 * * *',
    source: 'KubernetesCRD',
    weight: 1,
  },
  {
    name: 'legacy-team-channel',
    title: '{{.config.name}} is {{.config.health}}',
    template: CONFIG_TEMPLATE,
    events: ['config.unhealthy'],
    target: 'slack',
    connection: 'slack-incidents',
    types: ['Kubernetes::Service'],
    error: 'slack: failed to post message: channel_not_found',
    source: 'UI',
    weight: 2,
  },
  {
    name: 'security-findings',
    title: 'Security: {{.config.name}} is {{.config.health}}',
    template: CONFIG_TEMPLATE,
    events: ['config.unhealthy'],
    filter: "config.type in ['AWS::S3::Bucket', 'AWS::IAM::Role', 'AWS::RDS::DBInstance']",
    target: 'email',
    connection: 'smtp-corporate',
    types: ['AWS::S3::Bucket', 'AWS::IAM::Role', 'AWS::RDS::DBInstance'],
    source: 'UI',
    weight: 2,
  },
  {
    name: 'stateful-workloads',
    title: 'StatefulSet {{.config.name}} is {{.config.health}}',
    template: CONFIG_TEMPLATE,
    events: ['config.unhealthy', 'config.warning'],
    target: 'team',
    types: ['Kubernetes::StatefulSet'],
    repeatInterval: '2h',
    source: 'KubernetesCRD',
    weight: 2,
  },
  {
    name: 'oncall-handover',
    title: 'Open incidents at handover',
    template: '{{.incident.incident_id}} {{.incident.title}} is still {{.incident.status}}.',
    events: ['incident.responder.added'],
    target: 'person',
    types: [],
    source: 'UI',
    weight: 1,
  },
];

/** Health snapshots of a resource at event time, by event. */
export const EVENT_STATES: Record<
  string,
  Array<{ health: string; status: string; description: string }>
> = {
  'config.unhealthy': [
    {
      health: 'unhealthy',
      status: 'CrashLoopBackOff',
      description: 'Back-off restarting failed container app',
    },
    {
      health: 'unhealthy',
      status: 'ImagePullBackOff',
      description: 'Failed to pull image: manifest unknown',
    },
    {
      health: 'unhealthy',
      status: 'OOMKilled',
      description: 'Container exceeded its memory limit (512Mi)',
    },
    { health: 'unhealthy', status: 'NotReady', description: 'Kubelet stopped posting node status' },
    {
      health: 'unhealthy',
      status: 'Degraded',
      description: 'Deployment does not have minimum availability',
    },
    { health: 'unhealthy', status: 'Stopped', description: 'Instance state changed to stopped' },
  ],
  'config.warning': [
    {
      health: 'warning',
      status: 'Progressing',
      description: 'ReplicaSet is progressing: 2 of 3 updated replicas available',
    },
    {
      health: 'warning',
      status: 'Pending',
      description: '0/12 nodes are available: 12 Insufficient cpu',
    },
    { health: 'warning', status: 'storage-optimization', description: 'Free storage below 15%' },
  ],
  'config.healthy': [{ health: 'healthy', status: 'Running', description: '' }],
  'config.degraded': [
    {
      health: 'unhealthy',
      status: 'Degraded',
      description: 'Helm upgrade failed: timed out waiting for the condition',
    },
  ],
  'check.failed': [
    { health: 'unhealthy', status: 'unhealthy', description: 'expected status 200, got 503' },
    {
      health: 'unhealthy',
      status: 'unhealthy',
      description: 'context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
    },
    {
      health: 'unhealthy',
      status: 'unhealthy',
      description: 'x509: certificate has expired or is not yet valid',
    },
    {
      health: 'unhealthy',
      status: 'unhealthy',
      description: 'lookup api.acme.io on 10.96.0.10:53: no such host',
    },
  ],
  'check.passed': [{ health: 'healthy', status: 'healthy', description: '' }],
  'component.unhealthy': [
    { health: 'unhealthy', status: 'error', description: '2 of 3 replicas unavailable' },
    { health: 'unhealthy', status: 'unhealthy', description: 'Health check api-health failing' },
  ],
  'component.warning': [
    { health: 'warning', status: 'warning', description: 'p99 latency above 800ms' },
  ],
};

/** Error texts by delivery channel. */
export const DELIVERY_ERRORS: Record<RuleTarget, readonly string[]> = {
  person: ['smtp: dial tcp 10.0.3.15:587: i/o timeout', 'smtp: 550 5.1.1 mailbox unavailable'],
  team: ['smtp: 452 4.2.2 mailbox full', 'slack: not_in_channel'],
  slack: [
    'slack: failed to post message: not_in_channel',
    'slack: rate_limited',
    'slack: invalid_auth',
  ],
  teams: [
    'teams: webhook responded with 400: Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 429',
  ],
  email: [
    'smtp: 535 5.7.3 Authentication unsuccessful',
    'smtp: dial tcp 10.0.3.15:587: i/o timeout',
  ],
  opsgenie: [
    'opsgenie: 422 Unprocessable Entity: Message can not be empty',
    'opsgenie: 429 Too Many Requests',
  ],
  playbook: ['playbook run failed: action restart: exit status 1'],
};

export interface SilenceTemplate {
  name: string;
  description: string;
  kind: 'config' | 'check' | 'component' | 'canary' | 'filter' | 'selectors';
  filter?: string;
  selectors?: Array<Record<string, unknown>>;
  recursive?: boolean;
  /** Hours from now; null = indefinitely; negative = already expired. */
  untilHours: number | null;
  fromHours: number;
  source: 'UI' | 'KubernetesCRD';
  deleted?: boolean;
}

export const SILENCES: readonly SilenceTemplate[] = [
  {
    name: 'pod-under-investigation',
    description: 'Known crashloop, fix in progress',
    kind: 'config',
    untilHours: 20,
    fromHours: -4,
    source: 'UI',
  },
  {
    name: 'flaky-dns-check',
    description: 'DNS check flaps when the resolver cache is cold',
    kind: 'check',
    untilHours: null,
    fromHours: -240,
    source: 'UI',
  },
  {
    name: 'maintenance-window',
    description: 'Planned database maintenance',
    kind: 'component',
    recursive: true,
    untilHours: 30,
    fromHours: 6,
    source: 'UI',
  },
  {
    name: 'canary-migration',
    description: 'Canary is being migrated to the new cluster',
    kind: 'canary',
    untilHours: 72,
    fromHours: -2,
    source: 'UI',
  },
  {
    name: 'sandbox-namespace',
    description: 'Never alert on the sandbox namespace',
    kind: 'filter',
    filter: "config.tags.namespace == 'sandbox'",
    untilHours: null,
    fromHours: -720,
    source: 'KubernetesCRD',
  },
  {
    name: 'dev-jobs',
    description: 'Batch jobs in dev fail by design during load tests',
    kind: 'selectors',
    selectors: [{ types: ['Kubernetes::Job', 'Kubernetes::CronJob'], tagSelector: 'env=dev' }],
    untilHours: null,
    fromHours: -500,
    source: 'KubernetesCRD',
  },
  {
    name: 'last-weeks-upgrade',
    description: 'Cluster upgrade noise',
    kind: 'config',
    recursive: true,
    untilHours: -100,
    fromHours: -130,
    source: 'UI',
  },
  {
    name: 'old-test-silence',
    description: 'Test silence',
    kind: 'check',
    untilHours: -500,
    fromHours: -520,
    source: 'UI',
    deleted: true,
  },
];

export interface QueueEvent {
  name: string;
  about: 'incident' | 'config' | 'check' | 'playbook';
  error: string | null;
  errorRate: number;
  weight: number;
}

export const QUEUE_EVENTS: readonly QueueEvent[] = [
  {
    name: 'incident.responder.added',
    about: 'incident',
    error: 'jira: 401 Unauthorized: the API token of the OPS connection was revoked',
    errorRate: 0.6,
    weight: 3,
  },
  {
    name: 'incident.comment.added',
    about: 'incident',
    error: 'jira: comment failed: issue does not exist or you do not have permission to see it',
    errorRate: 0.4,
    weight: 3,
  },
  {
    name: 'incident.created',
    about: 'incident',
    error: 'ms_planner: 403 Forbidden: insufficient privileges to complete the operation',
    errorRate: 0.2,
    weight: 2,
  },
  { name: 'check.failed', about: 'check', error: null, errorRate: 0, weight: 4 },
  { name: 'config.unhealthy', about: 'config', error: null, errorRate: 0, weight: 4 },
  { name: 'config.updated', about: 'config', error: null, errorRate: 0, weight: 3 },
  {
    name: 'playbook.spec.approval.updated',
    about: 'playbook',
    error: null,
    errorRate: 0,
    weight: 1,
  },
  {
    name: 'push_queue.create',
    about: 'config',
    error: 'upstream: POST https://mc.acme.io/upstream/push: 503 Service Unavailable',
    errorRate: 0.8,
    weight: 3,
  },
];
