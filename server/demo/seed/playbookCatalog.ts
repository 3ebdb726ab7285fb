/**
 * Playbook definitions. `spec` parts are stored as the playbook spec; `samples`, `result`, `error`
 * and `artifacts` only drive the generated run history. `{name}`, `{namespace}` and `{<param>}`
 * placeholders in results are filled per run.
 */
import { SYSTEM_PROMPT, generationInfo } from '../playbooks/aiAction';

export interface ParameterTemplate {
  name: string;
  label: string;
  type:
    | 'text'
    | 'list'
    | 'checkbox'
    | 'config'
    | 'component'
    | 'check'
    | 'people'
    | 'team'
    | 'number'
    | 'code'
    | 'duration'
    | 'configs';
  description?: string;
  default?: string;
  required?: boolean;
  properties?: Record<string, unknown>;
  /** Values a run may have been submitted with (text, number and code parameters). */
  samples?: string[];
}

export interface ActionTemplate {
  spec: Record<string, unknown> & { name: string };
  result: Record<string, unknown>;
  error: string;
  meanMs: number;
  artifacts?: Array<{ filename: string; contentType: string; lines: string[] }>;
}

export interface PlaybookTemplate {
  name: string;
  title: string;
  icon: string;
  category: string;
  description: string;
  source: 'UI' | 'KubernetesCRD' | 'ConfigFile';
  target: 'config' | 'component' | 'check' | 'none';
  types: string[];
  parameters: ParameterTemplate[];
  actions: ActionTemplate[];
  approval?: boolean;
  runsOnAgent?: boolean;
  timeout?: string;
  on?: Record<string, unknown>;
  /** Relative share of the run history. */
  weight: number;
}

const SLACK = 'connection://mission-control/slack-incidents';

/** The AI diagnosis the history of "Explain Health with AI" shows (`{name}` filled per run). */
const DIAGNOSIS =
  '### Summary\n{name} is restarting because the container exceeds its 512Mi memory limit (7 OOMKilled restarts in 40 minutes).\n\n### Likely cause\nThe image update 40 minutes ago added an in-memory cache that grows with traffic.\n\n### Recommended fix\n1. Raise the memory limit to 1Gi, or\n2. Roll back to the previous image.';

/** The prompt that diagnosis answered: the question and the item's context, as the ai action sends them. */
const DIAGNOSIS_PROMPT = [
  SYSTEM_PROMPT,
  '',
  '# Question',
  'Why is this unhealthy?',
  '',
  '# Context',
  '## Kubernetes::Pod {name}',
  'health: unhealthy; status: CrashLoopBackOff',
  '### Changes in the last 24h',
  '- Pulled x7: Successfully pulled image',
  '- BackOff x7: Back-off restarting failed container',
  '- UpdateImage x1: image updated',
  '### Open insights',
  '- OOMKilled (high)',
].join('\n');

/** A pod's logs as JSON lines (the diagnostics playbook prints and keeps them). */
const LOG_LINES = [
  '{"level":"info","ts":"2024-05-02T10:14:03Z","msg":"starting server","port":8080}',
  '{"level":"warn","ts":"2024-05-02T10:14:09Z","msg":"slow query","duration_ms":1843,"query":"SELECT * FROM orders WHERE status = $1"}',
  '{"level":"error","ts":"2024-05-02T10:15:41Z","msg":"upstream timeout","upstream":"inventory:8080","after":"5s"}',
  '{"level":"error","ts":"2024-05-02T10:15:42Z","msg":"OOMKilled: container exceeded memory limit 512Mi"}',
];

/** Last month's cost per team, from the billing export. */
const COST_ROWS = [
  { team: 'payments', sum: 18432.11 },
  { team: 'checkout', sum: 9211.4 },
  { team: 'data-platform', sum: 27190.02 },
  { team: 'platform', sum: 12044.75 },
];

/** The cost report as HTML, as the report's command prints it for the run page. */
const COST_REPORT_HTML = [
  '<h2>Cost report for {account}</h2>',
  '<table style="border-collapse:collapse">',
  '<tr><th align="left">Team</th><th align="right">Cost (USD)</th></tr>',
  ...COST_ROWS.map(
    (row) => `<tr><td>${row.team}</td><td align="right">${row.sum.toFixed(2)}</td></tr>`,
  ),
  '</table>',
].join('');

/** The cost per team as a bar chart (an SVG picture). */
const COST_CHART_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120">',
  ...COST_ROWS.map(
    (row, index) =>
      `<rect x="${10 + index * 75}" y="${110 - Math.round(row.sum / 300)}" width="50" height="${Math.round(row.sum / 300)}" fill="#2d72d2"/>`,
  ),
  '</svg>',
];

export const PLAYBOOKS: readonly PlaybookTemplate[] = [
  {
    name: 'restart-deployment',
    title: 'Restart Deployment',
    icon: 'k8s-deployment',
    category: 'Kubernetes',
    description: 'Performs a rolling restart of a deployment and waits for the rollout to finish',
    source: 'KubernetesCRD',
    target: 'config',
    types: ['Kubernetes::Deployment'],
    weight: 9,
    parameters: [
      {
        name: 'reason',
        label: 'Reason',
        type: 'text',
        required: true,
        samples: [
          'Memory leak, pods above 90% of limit',
          'Pick up rotated secret',
          'Stuck consumers after broker failover',
        ],
      },
      { name: 'notify', label: 'Notify the team channel', type: 'checkbox', default: 'true' },
    ],
    actions: [
      {
        spec: {
          name: 'restart',
          exec: {
            script:
              'kubectl rollout restart deployment/{{.config.name}} -n {{.config.tags.namespace}}',
          },
        },
        result: { stdout: 'deployment.apps/{name} restarted', stderr: '', exitCode: 0 },
        error:
          'Error from server (Forbidden): deployments.apps "{name}" is forbidden: User "system:serviceaccount:mission-control:playbooks" cannot patch resource',
        meanMs: 1800,
      },
      {
        spec: {
          name: 'wait-for-rollout',
          exec: {
            script:
              'kubectl rollout status deployment/{{.config.name}} -n {{.config.tags.namespace}} --timeout=5m',
          },
        },
        result: {
          stdout:
            'Waiting for deployment "{name}" rollout to finish: 1 of 3 updated replicas are available...\ndeployment "{name}" successfully rolled out',
          stderr: '',
          exitCode: 0,
        },
        error: 'error: deployment "{name}" exceeded its progress deadline',
        meanMs: 65_000,
      },
      {
        spec: {
          name: 'notify-team',
          if: 'params.notify == "true"',
          notification: {
            connection: SLACK,
            title: 'Restarted {{.config.name}}',
            message:
              '{{.config.name}} in {{.config.tags.namespace}} was restarted: {{.params.reason}}',
          },
        },
        result: {
          title: 'Restarted {name}',
          message: '{name} in {namespace} was restarted: {reason}',
        },
        error: 'slack: failed to post message: channel_not_found',
        meanMs: 700,
      },
    ],
  },
  {
    name: 'scale-deployment',
    title: 'Scale Deployment',
    icon: 'k8s-deployment',
    category: 'Kubernetes',
    description: 'Changes the replica count of a deployment',
    source: 'KubernetesCRD',
    target: 'config',
    types: ['Kubernetes::Deployment'],
    weight: 6,
    parameters: [
      {
        name: 'replicas',
        label: 'Replicas',
        type: 'list',
        default: '3',
        properties: {
          options: ['0', '1', '2', '3', '5', '8', '12'].map((value) => ({ label: value, value })),
        },
      },
      {
        name: 'reason',
        label: 'Reason',
        type: 'text',
        samples: ['Black Friday load test', 'Scale down after incident', 'Queue backlog above 50k'],
      },
    ],
    actions: [
      {
        spec: {
          name: 'scale',
          exec: {
            script:
              'kubectl scale deployment/{{.config.name}} -n {{.config.tags.namespace}} --replicas={{.params.replicas}}',
          },
        },
        result: { stdout: 'deployment.apps/{name} scaled', stderr: '', exitCode: 0 },
        error: 'error: no objects passed to scale',
        meanMs: 1500,
      },
    ],
  },
  {
    name: 'delete-pod',
    title: 'Delete Pod',
    icon: 'k8s-pod',
    category: 'Kubernetes',
    description: 'Deletes a pod so that its controller schedules a fresh one',
    source: 'KubernetesCRD',
    target: 'config',
    types: ['Kubernetes::Pod'],
    weight: 8,
    parameters: [
      { name: 'force', label: 'Force (grace period 0)', type: 'checkbox', default: 'false' },
      {
        name: 'grace',
        label: 'Grace period',
        type: 'list',
        default: '30',
        properties: {
          options: [
            { label: 'Immediately', value: '0' },
            { label: '30 s', value: '30' },
            { label: '2 min', value: '120' },
          ],
        },
      },
    ],
    actions: [
      {
        spec: {
          name: 'delete',
          exec: {
            script:
              'kubectl delete pod {{.config.name}} -n {{.config.tags.namespace}} --grace-period={{.params.grace}}',
          },
        },
        result: { stdout: 'pod "{name}" deleted', stderr: '', exitCode: 0 },
        error: 'Error from server (NotFound): pods "{name}" not found',
        meanMs: 4000,
      },
    ],
  },
  {
    name: 'drain-node',
    title: 'Drain Node',
    icon: 'k8s-node',
    category: 'Kubernetes',
    description: 'Cordons a node and evicts its pods ahead of maintenance; needs an approval',
    source: 'KubernetesCRD',
    target: 'config',
    types: ['Kubernetes::Node'],
    approval: true,
    weight: 3,
    parameters: [
      {
        name: 'reason',
        label: 'Reason',
        type: 'text',
        required: true,
        samples: ['Kernel patching', 'Disk pressure', 'Instance retirement notice'],
      },
      { name: 'ignore_daemonsets', label: 'Ignore DaemonSets', type: 'checkbox', default: 'true' },
      {
        name: 'delete_emptydir',
        label: 'Delete emptyDir data',
        type: 'checkbox',
        default: 'false',
      },
    ],
    actions: [
      {
        spec: { name: 'cordon', exec: { script: 'kubectl cordon {{.config.name}}' } },
        result: { stdout: 'node/{name} cordoned', stderr: '', exitCode: 0 },
        error: 'Error from server (NotFound): nodes "{name}" not found',
        meanMs: 900,
      },
      {
        spec: {
          name: 'drain',
          exec: {
            script:
              'kubectl drain {{.config.name}} --ignore-daemonsets={{.params.ignore_daemonsets}} --timeout=10m',
          },
        },
        result: {
          stdout:
            'node/{name} already cordoned\nevicting pod payments/payments-api-7d9f8b6c5-x2kqp\npod/payments-api-7d9f8b6c5-x2kqp evicted\nnode/{name} drained',
          stderr:
            'Warning: ignoring DaemonSet-managed Pods: kube-system/aws-node-8xk2l, kube-system/kube-proxy-r7m4d',
          exitCode: 0,
        },
        error:
          'error when evicting pods/"orders-worker-5c7d9-qk2lm" -n "orders": Cannot evict pod as it would violate the pod\'s disruption budget.',
        meanMs: 180_000,
      },
      {
        spec: {
          name: 'announce',
          notification: {
            connection: 'connection://mission-control/slack-sre-alerts',
            title: 'Node {{.config.name}} drained',
            message: '{{.params.reason}}',
          },
        },
        result: { title: 'Node {name} drained', message: '{reason}' },
        error: 'slack: rate_limited',
        meanMs: 600,
      },
    ],
  },
  {
    name: 'rollback-helm-release',
    title: 'Rollback Helm Release',
    icon: 'helm',
    category: 'Kubernetes',
    description: 'Rolls a Helm release back to a previous revision',
    source: 'KubernetesCRD',
    target: 'config',
    types: ['Kubernetes::HelmRelease', 'HelmRelease', 'Kubernetes::Deployment'],
    approval: true,
    weight: 3,
    parameters: [
      {
        name: 'revision',
        label: 'Revision (empty for previous)',
        type: 'text',
        samples: ['', '41', '17'],
      },
      {
        name: 'reason',
        label: 'Reason',
        type: 'text',
        required: true,
        samples: ['5xx spike after 2.14.0', 'Bad migration in last release'],
      },
    ],
    actions: [
      {
        spec: {
          name: 'rollback',
          exec: {
            script:
              'helm rollback {{.config.name}} {{.params.revision}} -n {{.config.tags.namespace}} --wait',
          },
        },
        result: { stdout: 'Rollback was a success! Happy Helming!', stderr: '', exitCode: 0 },
        error: 'Error: release: not found',
        meanMs: 45_000,
      },
      {
        spec: {
          name: 'status',
          exec: { script: 'helm status {{.config.name}} -n {{.config.tags.namespace}}' },
        },
        result: {
          stdout: 'NAME: {name}\nNAMESPACE: {namespace}\nSTATUS: deployed\nREVISION: 43',
          stderr: '',
          exitCode: 0,
        },
        error: 'Error: release: not found',
        meanMs: 1200,
      },
    ],
  },
  {
    name: 'rotate-db-credentials',
    title: 'Rotate Database Credentials',
    icon: 'aws-rds',
    category: 'Database',
    description: 'Rotates the master secret of an RDS instance and refreshes the Kubernetes secret',
    source: 'UI',
    target: 'config',
    types: ['AWS::RDS::DBInstance'],
    approval: true,
    weight: 2,
    parameters: [
      {
        name: 'user',
        label: 'Database user',
        type: 'text',
        default: 'app',
        samples: ['app', 'reporting', 'migrations'],
      },
      { name: 'notify_team', label: 'Team to notify', type: 'team' },
    ],
    actions: [
      {
        spec: {
          name: 'rotate-secret',
          exec: {
            script:
              'aws secretsmanager rotate-secret --secret-id rds/{{.config.name}}/{{.params.user}}',
            connections: { aws: { connection: 'connection://mission-control/aws-prod' } },
          },
        },
        result: {
          stdout:
            '{"ARN":"arn:aws:secretsmanager:eu-west-1:412376091843:secret:rds/{name}/{user}-Xk2p9q","Name":"rds/{name}/{user}","VersionId":"b1f8e2d4-9c7a-4e51-8a3b-6d2c9f0e7a14"}',
          stderr: '',
          exitCode: 0,
        },
        error:
          "An error occurred (InvalidRequestException) when calling the RotateSecret operation: A previous rotation isn't complete.",
        meanMs: 9000,
      },
      {
        spec: {
          name: 'refresh-external-secret',
          exec: {
            script:
              'kubectl annotate externalsecret {{.config.name}}-db force-sync=$(date +%s) --overwrite',
          },
        },
        result: {
          stdout: 'externalsecret.external-secrets.io/{name}-db annotated',
          stderr: '',
          exitCode: 0,
        },
        error:
          'Error from server (NotFound): externalsecrets.external-secrets.io "{name}-db" not found',
        meanMs: 1100,
      },
    ],
  },
  {
    name: 'reboot-ec2-instance',
    title: 'Reboot EC2 Instance',
    icon: 'aws-ec2-instance',
    category: 'AWS',
    description: 'Reboots an instance and waits for its status checks to pass',
    source: 'KubernetesCRD',
    target: 'config',
    types: ['AWS::EC2::Instance'],
    approval: true,
    runsOnAgent: true,
    weight: 2,
    parameters: [
      {
        name: 'reason',
        label: 'Reason',
        type: 'text',
        samples: ['Status check failed: instance reachability', 'Hung NFS mount'],
      },
    ],
    actions: [
      {
        spec: {
          name: 'reboot',
          exec: { script: 'aws ec2 reboot-instances --instance-ids {{.config.config.InstanceId}}' },
        },
        result: { stdout: '', stderr: '', exitCode: 0 },
        error:
          'An error occurred (UnauthorizedOperation) when calling the RebootInstances operation',
        meanMs: 3000,
      },
      {
        spec: {
          name: 'wait-status-ok',
          exec: {
            script: 'aws ec2 wait instance-status-ok --instance-ids {{.config.config.InstanceId}}',
          },
        },
        result: { stdout: '', stderr: '', exitCode: 0 },
        error: 'Waiter InstanceStatusOk failed: Max attempts exceeded',
        meanMs: 240_000,
      },
    ],
  },
  {
    name: 'create-rds-snapshot',
    title: 'Create RDS Snapshot',
    icon: 'aws-rds',
    category: 'Database',
    description: 'Takes a manual snapshot of an RDS instance before risky changes',
    source: 'KubernetesCRD',
    target: 'config',
    types: ['AWS::RDS::DBInstance'],
    weight: 3,
    parameters: [
      {
        name: 'snapshot',
        label: 'Snapshot name',
        type: 'text',
        required: true,
        samples: ['pre-migration-2417', 'before-major-upgrade', 'weekly-manual'],
      },
    ],
    actions: [
      {
        spec: {
          name: 'snapshot',
          exec: {
            script:
              'aws rds create-db-snapshot --db-instance-identifier {{.config.name}} --db-snapshot-identifier {{.params.snapshot}}',
          },
        },
        result: {
          stdout:
            '{"DBSnapshot":{"DBSnapshotIdentifier":"{snapshot}","DBInstanceIdentifier":"{name}","Status":"creating"}}',
          stderr: '',
          exitCode: 0,
        },
        error:
          'An error occurred (DBSnapshotAlreadyExists) when calling the CreateDBSnapshot operation',
        meanMs: 5000,
      },
    ],
  },
  {
    name: 'flush-redis-cache',
    title: 'Flush Redis Keys',
    icon: 'redis',
    category: 'Database',
    description: 'Deletes cache keys matching a pattern',
    source: 'UI',
    target: 'component',
    types: ['Redis', 'Cache'],
    weight: 2,
    parameters: [
      {
        name: 'pattern',
        label: 'Key pattern',
        type: 'text',
        default: 'session:*',
        samples: ['session:*', 'catalog:v2:*', 'ratelimit:*'],
      },
      {
        name: 'confirm',
        label: 'I understand keys will be lost',
        type: 'checkbox',
        required: true,
      },
    ],
    actions: [
      {
        spec: {
          name: 'flush',
          exec: {
            script:
              "redis-cli -h {{.component.name}} --scan --pattern '{{.params.pattern}}' | xargs -r redis-cli -h {{.component.name}} del",
          },
        },
        result: { stdout: '(integer) 18422', stderr: '', exitCode: 0 },
        error: 'Could not connect to Redis at {name}:6379: Connection refused',
        meanMs: 6000,
      },
    ],
  },
  {
    name: 'vacuum-analyze-table',
    title: 'Vacuum and Analyze Table',
    icon: 'postgres',
    category: 'Database',
    description: 'Runs VACUUM (ANALYZE) on a bloated table',
    source: 'UI',
    target: 'config',
    types: ['AWS::RDS::DBInstance'],
    weight: 2,
    parameters: [
      {
        name: 'table',
        label: 'Table',
        type: 'text',
        required: true,
        samples: ['orders', 'order_items', 'payments_ledger', 'audit_events'],
      },
      { name: 'full', label: 'VACUUM FULL (locks the table)', type: 'checkbox', default: 'false' },
    ],
    actions: [
      {
        spec: {
          name: 'vacuum',
          sql: {
            connection: 'connection://mission-control/orders-db',
            query: 'VACUUM (ANALYZE, VERBOSE) {{.params.table}}',
          },
        },
        result: { count: 0, rows: [] },
        error: 'pq: canceling statement due to lock timeout',
        meanMs: 35_000,
      },
      {
        spec: {
          name: 'table-stats',
          sql: {
            connection: 'connection://mission-control/orders-db',
            query:
              "SELECT n_live_tup, n_dead_tup, last_vacuum FROM pg_stat_user_tables WHERE relname = '{{.params.table}}'",
          },
        },
        result: {
          count: 1,
          rows: [{ n_live_tup: 4812330, n_dead_tup: 1204, last_vacuum: '2024-05-02T03:11:09Z' }],
        },
        error: 'pq: relation "{table}" does not exist',
        meanMs: 400,
      },
    ],
  },
  {
    name: 'collect-diagnostics',
    title: 'Collect Pod Diagnostics',
    icon: 'k8s-pod',
    category: 'Observability',
    description: 'Gathers logs, the pod description and recent events as artifacts',
    source: 'KubernetesCRD',
    target: 'config',
    types: ['Kubernetes::Pod'],
    weight: 7,
    parameters: [
      {
        name: 'since',
        label: 'Logs since',
        type: 'list',
        default: '1h',
        properties: {
          options: ['15m', '1h', '6h', '24h'].map((value) => ({ label: value, value })),
        },
      },
      {
        name: 'previous',
        label: 'Include the previous container',
        type: 'checkbox',
        default: 'true',
      },
    ],
    actions: [
      {
        spec: {
          name: 'logs',
          exec: {
            script:
              'kubectl logs {{.config.name}} -n {{.config.tags.namespace}} --since={{.params.since}} --all-containers | tee /tmp/logs.txt',
            artifacts: [{ path: '/tmp/logs.txt' }],
          },
          contentType: 'application/log+json',
        },
        result: { stdout: LOG_LINES.join('\n'), stderr: '', exitCode: 0 },
        error:
          'Error from server (BadRequest): container "app" in pod "{name}" is waiting to start: trying and failing to pull image',
        meanMs: 5000,
        artifacts: [
          {
            filename: 'logs.txt',
            contentType: 'text/plain',
            lines: LOG_LINES,
          },
        ],
      },
      {
        spec: {
          name: 'describe',
          exec: {
            script:
              'kubectl describe pod {{.config.name}} -n {{.config.tags.namespace}} > /tmp/describe.txt && pod-summary /tmp/describe.txt',
            artifacts: [{ path: '/tmp/describe.txt' }],
          },
          contentType: 'text/markdown',
        },
        result: {
          stdout:
            '## Pod {name}\n\n**Status:** Running, restarted 7 times\n\n- Last state: *Terminated* (`OOMKilled`, exit code 137)\n- Namespace: `{namespace}`\n\nSee [memory limits](https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/).',
          stderr: '',
          exitCode: 0,
        },
        error: 'Error from server (NotFound): pods "{name}" not found',
        meanMs: 1500,
        artifacts: [
          {
            filename: 'describe.txt',
            contentType: 'text/plain',
            lines: [
              'Name:         {name}',
              'Namespace:    {namespace}',
              'Status:       Running',
              'Containers:',
              '  app:',
              '    State:          Running',
              '    Last State:     Terminated',
              '      Reason:       OOMKilled',
              '      Exit Code:    137',
              '    Restart Count:  7',
              'Events:',
              '  Warning  BackOff  3m (x14 over 41m)  kubelet  Back-off restarting failed container',
            ],
          },
        ],
      },
      {
        spec: {
          name: 'events',
          exec: {
            script:
              'kubectl get events -n {{.config.tags.namespace}} --field-selector involvedObject.name={{.config.name}}',
          },
          contentType: 'text/plain',
        },
        result: {
          stdout:
            'LAST SEEN   TYPE      REASON    OBJECT        MESSAGE\n3m          Warning   BackOff   pod/{name}   Back-off restarting failed container',
          stderr: '',
          exitCode: 0,
        },
        error: 'error: You must be logged in to the server (Unauthorized)',
        meanMs: 900,
      },
    ],
  },
  {
    name: 'open-jira-ticket',
    title: 'Open Jira Ticket',
    icon: 'jira',
    category: 'Incident Response',
    description: 'Files an OPS ticket for a catalog item with its current state attached',
    source: 'UI',
    target: 'config',
    types: [],
    weight: 4,
    parameters: [
      {
        name: 'summary',
        label: 'Summary',
        type: 'text',
        required: true,
        samples: [
          'Investigate repeated restarts',
          'Capacity review needed',
          'Certificate renewal failing',
        ],
      },
      {
        name: 'priority',
        label: 'Priority',
        type: 'list',
        default: 'Medium',
        properties: {
          options: ['Highest', 'High', 'Medium', 'Low'].map((value) => ({ label: value, value })),
        },
      },
      { name: 'assignee', label: 'Assignee', type: 'people', properties: { role: 'responder' } },
      {
        name: 'related',
        label: 'Related catalog item',
        type: 'config',
        properties: { filter: [{ types: ['Kubernetes::Deployment', 'AWS::RDS::DBInstance'] }] },
      },
      {
        name: 'details',
        label: 'Details',
        type: 'code',
        properties: { language: 'markdown' },
        samples: [
          'See the attached config diff.',
          '- started after the 14:00 deploy\n- only eu-west-1 affected',
        ],
      },
    ],
    actions: [
      {
        spec: {
          name: 'create-issue',
          http: {
            url: 'https://acme.atlassian.net/rest/api/3/issue',
            method: 'POST',
            connection: 'connection://mission-control/statuspage',
            body: '{"fields":{"project":{"key":"OPS"},"summary":"{{.params.summary}}","priority":{"name":"{{.params.priority}}"}}}',
          },
        },
        result: {
          code: 201,
          headers: { 'Content-Type': 'application/json' },
          content:
            '{"id":"10234","key":"OPS-1432","self":"https://acme.atlassian.net/rest/api/3/issue/10234"}',
        },
        error: 'POST https://acme.atlassian.net/rest/api/3/issue: 401 Unauthorized',
        meanMs: 1300,
      },
    ],
  },
  {
    name: 'page-oncall',
    title: 'Page On-call',
    icon: 'opsgenie',
    category: 'Incident Response',
    description:
      'Pages the on-call engineer about a failing health check and updates the status page',
    source: 'KubernetesCRD',
    target: 'check',
    types: [],
    weight: 4,
    parameters: [
      {
        name: 'message',
        label: 'Message',
        type: 'text',
        required: true,
        samples: ['Checkout health check failing for 10 minutes', 'Login latency above 2s'],
      },
      {
        name: 'severity',
        label: 'Severity',
        type: 'list',
        default: 'P2',
        properties: { options: ['P1', 'P2', 'P3'].map((value) => ({ label: value, value })) },
      },
      {
        name: 'statuspage',
        label: 'Update the public status page',
        type: 'checkbox',
        default: 'false',
      },
      {
        name: 'service',
        label: 'Affected service',
        type: 'component',
        properties: { filter: [{ types: ['API', 'Application'] }] },
      },
      {
        name: 'silence',
        label: 'Silence repeat alerts for',
        type: 'duration',
        description:
          'A duration such as 30m, 1h30m or 2d; the same alert is not paged again until then',
        default: '1h',
        properties: { min: '5m', max: '7d' },
      },
    ],
    actions: [
      {
        spec: {
          name: 'page',
          notification: {
            connection: 'connection://mission-control/opsgenie-oncall',
            title: '[{{.params.severity}}] {{.check.name}} failing',
            message: '{{.params.message}} (repeat alerts silenced for {{.params.silence}})',
          },
        },
        result: { title: '[{severity}] {name} failing', message: '{message}' },
        error: 'opsgenie: 422 Unprocessable Entity: Message can not be empty',
        meanMs: 800,
      },
      {
        spec: {
          name: 'status-page',
          if: 'params.statuspage == "true"',
          http: {
            url: 'https://api.statuspage.io/v1/pages/8k2xq9v0bz4m/incidents',
            method: 'POST',
            connection: 'connection://mission-control/statuspage',
          },
        },
        result: {
          code: 201,
          headers: { 'Content-Type': 'application/json' },
          content: '{"id":"p31zjtct2jer","status":"investigating"}',
        },
        error:
          'POST https://api.statuspage.io/v1/pages/8k2xq9v0bz4m/incidents: 429 Too Many Requests',
        meanMs: 900,
      },
    ],
  },
  {
    name: 'rerun-health-check',
    title: 'Re-run Health Check',
    icon: 'health',
    category: 'Observability',
    description: 'Triggers an immediate run of a health check',
    source: 'UI',
    target: 'check',
    types: [],
    weight: 5,
    parameters: [
      {
        name: 'note',
        label: 'Note',
        type: 'text',
        samples: ['after fix deploy', 'verify DNS change', ''],
      },
    ],
    actions: [
      {
        spec: {
          name: 'run',
          http: {
            url: 'http://canary-checker.mission-control.svc:8080/run/check/{{.check.id}}',
            method: 'POST',
          },
        },
        result: {
          code: 200,
          headers: { 'Content-Type': 'application/json' },
          content: '{"total":1,"failed":0,"success":1}',
        },
        error:
          'POST http://canary-checker.mission-control.svc:8080/run/check: context deadline exceeded',
        meanMs: 3500,
      },
    ],
  },
  {
    name: 'expand-pvc',
    title: 'Expand Persistent Volume',
    icon: 'k8s-persistentvolumeclaim',
    category: 'GitOps',
    description:
      'Raises the storage request of a claim through a pull request to the GitOps repository',
    source: 'KubernetesCRD',
    target: 'config',
    types: ['Kubernetes::PersistentVolumeClaim', 'Kubernetes::StatefulSet'],
    approval: true,
    weight: 2,
    parameters: [
      {
        name: 'size',
        label: 'New size',
        type: 'list',
        default: '50Gi',
        properties: {
          options: ['20Gi', '50Gi', '100Gi', '250Gi'].map((value) => ({ label: value, value })),
        },
      },
    ],
    actions: [
      {
        spec: {
          name: 'open-pull-request',
          gitops: {
            repo: {
              url: 'https://github.com/acme/gitops-prod.git',
              connection: 'connection://mission-control/gitops-repo',
              branch: 'pvc/{{.config.name}}-{{.params.size}}',
            },
            commit: {
              author: 'Mission Control',
              email: 'mc-bot@acme.io',
              message: 'Expand {{.config.name}} to {{.params.size}}',
            },
            pr: { title: 'Expand {{.config.name}} to {{.params.size}}' },
            patches: [
              {
                path: 'clusters/prod/{{.config.tags.namespace}}/pvc.yaml',
                yq: '.spec.resources.requests.storage = "{{.params.size}}"',
              },
            ],
          },
        },
        result: {
          commit: '9f2c1e7b4a',
          pr: 'https://github.com/acme/gitops-prod/pull/2817',
          branch: 'pvc/{name}-{size}',
        },
        error: 'git push: remote: Permission to acme/gitops-prod.git denied to mc-bot.',
        meanMs: 8000,
      },
    ],
  },
  {
    name: 'renew-certificate',
    title: 'Renew Certificate',
    icon: 'cert-manager',
    category: 'Kubernetes',
    description: 'Asks cert-manager to renew a certificate now',
    source: 'ConfigFile',
    target: 'config',
    types: ['Kubernetes::Certificate', 'Certificate', 'Kubernetes::Ingress'],
    weight: 2,
    parameters: [],
    actions: [
      {
        spec: {
          name: 'renew',
          exec: { script: 'cmctl renew {{.config.name}} -n {{.config.tags.namespace}}' },
        },
        result: {
          stdout: 'Manually triggered issuance of Certificate {namespace}/{name}',
          stderr: '',
          exitCode: 0,
        },
        error: 'error: certificates.cert-manager.io "{name}" not found',
        meanMs: 2000,
      },
    ],
  },
  {
    name: 'reset-consumer-offset',
    title: 'Reset Kafka Consumer Offset',
    icon: 'kafka',
    category: 'Messaging',
    description: 'Moves a consumer group to the earliest or latest offset of a topic',
    source: 'UI',
    target: 'component',
    types: ['Kafka', 'KafkaTopic', 'Queue'],
    approval: true,
    weight: 1,
    parameters: [
      {
        name: 'group',
        label: 'Consumer group',
        type: 'text',
        required: true,
        samples: ['orders-projector', 'email-sender', 'search-indexer'],
      },
      {
        name: 'topic',
        label: 'Topic',
        type: 'text',
        required: true,
        samples: ['orders.v1', 'customer-events', 'inventory.changes'],
      },
      {
        name: 'to',
        label: 'Reset to',
        type: 'list',
        default: 'latest',
        properties: {
          options: [
            { label: 'Earliest', value: 'earliest' },
            { label: 'Latest', value: 'latest' },
          ],
        },
      },
    ],
    actions: [
      {
        spec: {
          name: 'reset',
          exec: {
            script:
              'kafka-consumer-groups --bootstrap-server kafka:9092 --group {{.params.group}} --topic {{.params.topic}} --reset-offsets --to-{{.params.to}} --execute',
          },
        },
        result: {
          stdout:
            'GROUP                TOPIC       PARTITION  NEW-OFFSET\n{group}   {topic}   0          1842211',
          stderr: '',
          exitCode: 0,
        },
        error:
          "Error: Assignments can only be reset if the group '{group}' is inactive, but the current state is Stable.",
        meanMs: 7000,
      },
    ],
  },
  {
    name: 'restart-component-workloads',
    title: 'Restart Component Workloads',
    icon: 'refresh',
    category: 'Kubernetes',
    description: 'Restarts every deployment behind a component, one child run per deployment',
    source: 'KubernetesCRD',
    target: 'component',
    types: [],
    weight: 2,
    parameters: [
      {
        name: 'reason',
        label: 'Reason',
        type: 'text',
        required: true,
        samples: ['Config map change', 'Certificate rotation'],
      },
    ],
    actions: [
      {
        spec: {
          name: 'list-workloads',
          exec: {
            script: 'kubectl get deploy -l app.kubernetes.io/part-of={{.component.name}} -o name',
          },
        },
        result: {
          stdout: 'deployment.apps/{name}-api\ndeployment.apps/{name}-worker',
          stderr: '',
          exitCode: 0,
        },
        error: 'error: You must be logged in to the server (Unauthorized)',
        meanMs: 900,
      },
    ],
  },
  {
    name: 'update-image-tag',
    title: 'Update Image Tag',
    icon: 'github',
    category: 'GitOps',
    description: 'Commits a new image tag for a deployment to the GitOps repository',
    source: 'UI',
    target: 'config',
    types: ['Kubernetes::Deployment'],
    weight: 3,
    parameters: [
      {
        name: 'tag',
        label: 'Image tag',
        type: 'text',
        required: true,
        samples: ['v2.14.1', 'v2.15.0-rc.2', '2024.05.02-8f2c1e7'],
      },
      { name: 'reviewers', label: 'Reviewers', type: 'team' },
    ],
    actions: [
      {
        spec: {
          name: 'commit',
          gitops: {
            repo: {
              url: 'https://github.com/acme/gitops-prod.git',
              connection: 'connection://mission-control/gitops-repo',
            },
            commit: { message: 'chore({{.config.name}}): bump image to {{.params.tag}}' },
            patches: [
              {
                path: 'apps/{{.config.tags.namespace}}/{{.config.name}}/values.yaml',
                yq: '.image.tag = "{{.params.tag}}"',
              },
            ],
          },
        },
        result: { commit: 'a41d9e03c7', branch: 'main' },
        error: 'git: patch produced no change in apps/{namespace}/{name}/values.yaml',
        meanMs: 6000,
      },
      {
        spec: {
          name: 'wait-for-sync',
          github: {
            repo: 'acme/gitops-prod',
            workflow: 'flux-sync.yaml',
            token: 'secret://github-bot/token',
          },
        },
        result: {
          conclusion: 'success',
          run: 'https://github.com/acme/gitops-prod/actions/runs/8901234567',
        },
        error: 'github: workflow run concluded with failure',
        meanMs: 90_000,
      },
    ],
  },
  {
    name: 'explain-health',
    title: 'Explain Health with AI',
    icon: 'ai',
    category: 'AI',
    description:
      'Asks the AI assistant why an item is unhealthy, with its changes and events as context',
    source: 'UI',
    target: 'config',
    types: [],
    weight: 4,
    parameters: [
      {
        name: 'question',
        label: 'Question',
        type: 'text',
        default: 'Why is this unhealthy?',
        samples: ['Why is this unhealthy?', 'What changed in the last day?', 'How do I fix it?'],
      },
      { name: 'check', label: 'Related health check', type: 'check' },
    ],
    actions: [
      {
        spec: {
          name: 'diagnose',
          ai: {
            connection: 'connection://mission-control/openai',
            prompt: '{{.params.question}}',
            changes: { since: '24h' },
            analysis: { since: '7d' },
            relationships: [{ depth: 2, direction: 'all' }],
            formats: ['markdown'],
          },
        },
        result: {
          markdown: DIAGNOSIS,
          generationInfo: [generationInfo(DIAGNOSIS_PROMPT, DIAGNOSIS, 'gpt-4o-mini')],
        },
        error: 'openai: 429 You exceeded your current quota',
        meanMs: 14_000,
      },
    ],
  },
  {
    name: 'monthly-cost-report',
    title: 'Monthly Cost Report',
    icon: 'dollar',
    category: 'FinOps',
    description: 'Builds a cost breakdown per team from the billing export and mails it',
    source: 'KubernetesCRD',
    target: 'none',
    types: [],
    weight: 1,
    on: { schedule: [{ cron: '0 6 1 * *' }] },
    parameters: [
      {
        name: 'account',
        label: 'Account',
        type: 'list',
        default: 'prod',
        properties: {
          options: ['prod', 'staging', 'shared'].map((value) => ({ label: value, value })),
        },
      },
    ],
    actions: [
      {
        spec: {
          name: 'query-billing',
          sql: {
            connection: 'connection://mission-control/orders-db',
            query:
              "SELECT team, sum(cost) FROM billing_export WHERE month = date_trunc('month', now() - interval '1 month') GROUP BY team",
          },
        },
        result: {
          count: COST_ROWS.length,
          rows: COST_ROWS,
        },
        error: 'pq: relation "billing_export" does not exist',
        meanMs: 12_000,
      },
      {
        spec: {
          name: 'render-report',
          exec: {
            script: 'cost-report --account {{.params.account}} --format html --envelope',
            artifacts: [{ path: '/tmp/cost-by-team.svg' }, { path: '/tmp/cost-by-team.json' }],
          },
        },
        result: {
          stdout: JSON.stringify({ content: COST_REPORT_HTML, contentType: 'text/html' }),
          stderr: '',
          exitCode: 0,
        },
        error: 'cost-report: billing export is empty for {account}',
        meanMs: 2500,
        artifacts: [
          { filename: 'cost-by-team.svg', contentType: 'image/svg+xml', lines: COST_CHART_SVG },
          {
            filename: 'cost-by-team.json',
            contentType: 'application/json',
            lines: [JSON.stringify(COST_ROWS)],
          },
        ],
      },
      {
        spec: {
          name: 'mail',
          notification: {
            connection: 'connection://mission-control/smtp-corporate',
            title: 'Cost report for {{.params.account}}',
            message: 'Attached.',
          },
        },
        result: { title: 'Cost report for {account}', message: 'Attached.' },
        error: 'smtp: 535 5.7.3 Authentication unsuccessful',
        meanMs: 1500,
      },
    ],
  },
];

/** The stored playbook spec: the CRD shape the console edits and runs. */
export interface SpecContext {
  /** Name of the remote agent that runs agent-bound playbooks. */
  agentName: string | null;
  approverTeams: string[];
  approverPeople: string[];
}

export function playbookSpec(
  template: PlaybookTemplate,
  context: SpecContext,
): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    title: template.title,
    icon: template.icon,
    category: template.category,
    description: template.description,
  };
  if (template.target === 'config')
    spec.configs = [template.types.length > 0 ? { types: template.types } : { search: '*' }];
  if (template.target === 'component')
    spec.components = [template.types.length > 0 ? { types: template.types } : { search: '*' }];
  if (template.target === 'check') spec.checks = [{ search: '*' }];
  if (template.on) spec.on = template.on;
  spec.parameters = template.parameters.map(({ samples: _samples, ...parameter }) => parameter);
  spec.actions = template.actions.map((action) => action.spec);
  if (template.approval) {
    spec.approval = {
      type: 'any',
      approvers: { teams: context.approverTeams, people: context.approverPeople },
    };
  }
  if (template.runsOnAgent && context.agentName) spec.runsOn = [context.agentName];
  spec.timeout = template.timeout ?? '30m';
  return spec;
}
