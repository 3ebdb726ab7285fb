/** Incident stories: a failure mode with its hypotheses tree, evidence and discussion. */

export type IncidentType =
  | 'availability'
  | 'performance'
  | 'security'
  | 'cost'
  | 'compliance'
  | 'integration'
  | 'technicalDebt'
  | 'reliability';
export type Severity = 'low' | 'medium' | 'high' | 'blocker' | 'critical';
export type HypothesisStatus =
  'proven' | 'likely' | 'possible' | 'unlikely' | 'improbable' | 'disproven';
export type EvidenceKind =
  'config' | 'config_change' | 'config_analysis' | 'topology' | 'check' | 'log' | 'comment';
export type IncidentStatus = 'new' | 'open' | 'investigating' | 'mitigated' | 'resolved' | 'closed';

export interface HypothesisTemplate {
  type: 'root' | 'factor' | 'solution';
  title: string;
  /** Status once the incident is resolved. */
  status: HypothesisStatus;
  /** Index of the parent hypothesis in the story's list. */
  parent?: number;
  evidence: EvidenceKind[];
}

export interface IncidentStory {
  title: string;
  description: string;
  type: IncidentType;
  severities: Severity[];
  subject: 'config' | 'component' | 'check';
  /** Config types (config subject) or component types (component subject) the story is about. */
  types: string[];
  ruleCreated?: boolean;
  hypotheses: HypothesisTemplate[];
  comments: string[];
  logLines: string[];
}

export const STORIES: readonly IncidentStory[] = [
  {
    title: '{name} pods in CrashLoopBackOff after deploy',
    description:
      'Pods of {name} in {namespace} restart every few minutes since the last rollout. Error rate on the public API rose to 12%.',
    type: 'availability',
    severities: ['high', 'critical'],
    subject: 'config',
    types: ['Kubernetes::Deployment'],
    ruleCreated: true,
    hypotheses: [
      {
        type: 'root',
        title: 'The new release of {name} is broken',
        status: 'proven',
        evidence: ['config_change'],
      },
      {
        type: 'factor',
        title: 'Containers are OOMKilled: the new in-memory cache does not fit the 512Mi limit',
        status: 'proven',
        parent: 0,
        evidence: ['log', 'config'],
      },
      {
        type: 'factor',
        title: 'DATABASE_POOL_SIZE missing from the new config map',
        status: 'disproven',
        parent: 0,
        evidence: ['config'],
      },
      {
        type: 'solution',
        title: 'Roll back to the previous image and raise the memory limit to 1Gi',
        status: 'proven',
        parent: 1,
        evidence: ['config'],
      },
    ],
    comments: [
      'Rollout started 14:02, first restarts at 14:05. Looks tied to the release.',
      'Memory climbs linearly until the limit, then OOMKilled. Heap dump attached to the ticket.',
      'Rolled back with the restart playbook, error rate back under 0.1%.',
      'Follow-up: the cache needs a size bound before we ship it again.',
    ],
    logLines: [
      'level=info msg="cache warmed" entries=1843211',
      'level=warn msg="heap above 85% of limit" heap_mb=447',
      'fatal error: runtime: out of memory',
    ],
  },
  {
    title: 'p99 latency of {name} above SLO',
    description:
      'p99 latency of {name} is at 2.4 s against an SLO of 800 ms for the last 45 minutes.',
    type: 'performance',
    severities: ['high', 'medium'],
    subject: 'component',
    types: ['API', 'Application', 'Service'],
    hypotheses: [
      {
        type: 'root',
        title: 'Database contention on the orders table',
        status: 'proven',
        evidence: ['topology'],
      },
      {
        type: 'factor',
        title: 'Missing index on orders(customer_id) after the schema migration',
        status: 'proven',
        parent: 0,
        evidence: ['config_analysis'],
      },
      {
        type: 'factor',
        title: 'Autovacuum is falling behind on order_items',
        status: 'possible',
        parent: 0,
        evidence: [],
      },
      {
        type: 'solution',
        title: 'Create the index concurrently and tune autovacuum scale factor',
        status: 'proven',
        parent: 1,
        evidence: ['check'],
      },
    ],
    comments: [
      'Slow query log shows sequential scans on orders, 1.8 s each.',
      'The migration dropped and recreated the table without the index.',
      'Index created concurrently, p99 back to 310 ms.',
    ],
    logLines: [
      'LOG:  duration: 1843.112 ms  statement: SELECT * FROM orders WHERE customer_id = $1',
      'LOG:  automatic vacuum of table "orders.public.order_items": index scans: 1',
    ],
  },
  {
    title: '{name} health check failing',
    description:
      'The {name} health check has failed for 10 consecutive runs. Users report intermittent errors.',
    type: 'availability',
    severities: ['critical', 'high'],
    subject: 'check',
    types: [],
    ruleCreated: true,
    hypotheses: [
      {
        type: 'root',
        title: 'An upstream dependency is unavailable',
        status: 'likely',
        evidence: ['check'],
      },
      {
        type: 'factor',
        title: 'DNS lookups for payments.internal time out in kube-system',
        status: 'proven',
        parent: 0,
        evidence: ['log'],
      },
      {
        type: 'factor',
        title: 'The upstream TLS certificate expired',
        status: 'disproven',
        parent: 0,
        evidence: ['check'],
      },
      {
        type: 'solution',
        title: 'Scale CoreDNS from 2 to 4 replicas',
        status: 'proven',
        parent: 1,
        evidence: ['topology'],
      },
    ],
    comments: [
      'coredns pods at 100% CPU since the node pool was resized.',
      'Scaled coredns to 4, check is green again.',
    ],
    logLines: [
      '[ERROR] plugin/errors: 2 payments.internal. A: read udp 10.2.4.17:51812->10.0.0.2:53: i/o timeout',
      '[WARNING] plugin/health: Local health request to "http://:8080/health" took more than 1s',
    ],
  },
  {
    title: 'Storage almost full on {name}',
    description:
      'Free storage on {name} dropped below 8%. At the current write rate it fills up in about 30 hours.',
    type: 'availability',
    severities: ['high', 'medium'],
    subject: 'config',
    types: ['AWS::RDS::DBInstance', 'Database'],
    hypotheses: [
      {
        type: 'root',
        title: 'Write volume grew faster than provisioned storage',
        status: 'proven',
        evidence: ['config'],
      },
      {
        type: 'factor',
        title: 'The audit table grew 4x after verbose logging was enabled',
        status: 'proven',
        parent: 0,
        evidence: ['config_change'],
      },
      {
        type: 'factor',
        title: 'Storage autoscaling is disabled',
        status: 'proven',
        parent: 0,
        evidence: ['config_analysis'],
      },
      {
        type: 'solution',
        title: 'Enable storage autoscaling and archive audit rows older than 90 days',
        status: 'likely',
        parent: 2,
        evidence: ['config'],
      },
    ],
    comments: ['Snapshot taken before any cleanup.', 'Autoscaling enabled with a 2 TiB ceiling.'],
    logLines: ['WARNING: FreeStorageSpace below threshold: 7.8% (39.1 GiB)'],
  },
  {
    title: 'Node {name} NotReady',
    description: 'Node {name} stopped reporting Ready; 23 pods were evicted and rescheduled.',
    type: 'availability',
    severities: ['high', 'medium'],
    subject: 'config',
    types: ['Kubernetes::Node'],
    hypotheses: [
      {
        type: 'root',
        title: 'The kubelet stopped posting node status',
        status: 'proven',
        evidence: ['config'],
      },
      {
        type: 'factor',
        title: 'Disk pressure from container logs on the root volume',
        status: 'likely',
        parent: 0,
        evidence: ['log'],
      },
      {
        type: 'factor',
        title: 'The EC2 instance is scheduled for retirement',
        status: 'unlikely',
        parent: 0,
        evidence: [],
      },
      {
        type: 'solution',
        title: 'Drain and replace the node; cap container log size',
        status: 'proven',
        parent: 1,
        evidence: [],
      },
    ],
    comments: [
      'Node drained with the playbook, replacement joined the cluster.',
      'Set containerLogMaxSize to 50Mi in the node template.',
    ],
    logLines: [
      'kubelet: eviction manager: attempting to reclaim ephemeral-storage',
      'kubelet: PLEG is not healthy: pleg was last seen active 3m0s ago',
    ],
  },
  {
    title: 'Public access enabled on {name}',
    description:
      'Security scan found {name} reachable from the internet. No evidence of access so far.',
    type: 'security',
    severities: ['critical'],
    subject: 'config',
    types: ['AWS::RDS::DBInstance', 'AWS::S3::Bucket'],
    hypotheses: [
      {
        type: 'root',
        title: 'A Terraform change enabled public access',
        status: 'proven',
        evidence: ['config_change'],
      },
      {
        type: 'factor',
        title: 'The shared module defaults publicly_accessible to true',
        status: 'proven',
        parent: 0,
        evidence: ['config_analysis'],
      },
      {
        type: 'solution',
        title: 'Disable public access and rotate the credentials',
        status: 'proven',
        parent: 1,
        evidence: ['config'],
      },
    ],
    comments: [
      'Public access disabled 11:20, credentials rotated 11:45.',
      'CloudTrail shows no connections from outside the VPC.',
    ],
    logLines: [],
  },
  {
    title: 'Cost spike on {name}',
    description: 'Daily spend of {name} tripled over the last week.',
    type: 'cost',
    severities: ['medium', 'low'],
    subject: 'config',
    types: ['AWS::EC2::Instance', 'Kubernetes::Deployment'],
    hypotheses: [
      {
        type: 'root',
        title: 'Capacity was raised and never lowered again',
        status: 'proven',
        evidence: ['config_change'],
      },
      {
        type: 'factor',
        title: 'Instance type changed from m5.large to m5.4xlarge for a load test',
        status: 'proven',
        parent: 0,
        evidence: ['config'],
      },
      {
        type: 'solution',
        title: 'Right-size to m5.xlarge and add a budget alert',
        status: 'likely',
        parent: 1,
        evidence: [],
      },
    ],
    comments: ['Load test ended two weeks ago; nobody scaled back.'],
    logLines: [],
  },
  {
    title: 'Consumer lag growing on {name}',
    description:
      'Lag of the orders-projector consumer group passed 250k messages and keeps growing.',
    type: 'performance',
    severities: ['medium', 'high'],
    subject: 'component',
    types: ['Kafka', 'KafkaTopic', 'Queue'],
    hypotheses: [
      {
        type: 'root',
        title: 'Consumers are stuck in a rebalance loop',
        status: 'likely',
        evidence: ['topology'],
      },
      {
        type: 'factor',
        title: 'max.poll.interval.ms exceeded by slow batch processing',
        status: 'likely',
        parent: 0,
        evidence: ['log'],
      },
      {
        type: 'solution',
        title: 'Lower max.poll.records and restart the consumers',
        status: 'possible',
        parent: 1,
        evidence: [],
      },
    ],
    comments: ['Rebalances every 90 s in the consumer logs.'],
    logLines: [
      'Member consumer-3 sending LeaveGroup request to coordinator due to consumer poll timeout has expired.',
    ],
  },
  {
    title: 'Login failures spiking on {name}',
    description: '38% of logins fail with "invalid signature" since 09:00.',
    type: 'availability',
    severities: ['critical', 'blocker'],
    subject: 'component',
    types: ['Application', 'API', 'Service'],
    hypotheses: [
      {
        type: 'root',
        title: 'SAML assertions no longer validate',
        status: 'proven',
        evidence: ['log'],
      },
      {
        type: 'factor',
        title: 'The identity provider rotated its signing certificate',
        status: 'proven',
        parent: 0,
        evidence: [],
      },
      {
        type: 'solution',
        title: 'Refresh the IdP metadata in the service provider config',
        status: 'proven',
        parent: 1,
        evidence: ['topology'],
      },
    ],
    comments: [
      'IdP rotated the certificate without notice.',
      'Metadata refreshed, failures back to baseline.',
    ],
    logLines: ['saml: assertion signature invalid: x509: certificate signed by unknown authority'],
  },
  {
    title: 'Certificate for {name} expires in 3 days',
    description: 'cert-manager has not renewed the certificate used by {name}.',
    type: 'security',
    severities: ['medium', 'high'],
    subject: 'check',
    types: [],
    hypotheses: [
      {
        type: 'root',
        title: 'Renewal is failing in cert-manager',
        status: 'proven',
        evidence: ['check'],
      },
      {
        type: 'factor',
        title: 'DNS01 challenge credentials expired',
        status: 'proven',
        parent: 0,
        evidence: ['log'],
      },
      {
        type: 'solution',
        title: 'Rotate the Route53 credentials and renew manually',
        status: 'proven',
        parent: 1,
        evidence: [],
      },
    ],
    comments: ['Renewed with the renew-certificate playbook.'],
    logLines: [
      'cert-manager: error presenting challenge: failed to change Route 53 record set: AccessDenied',
    ],
  },
  {
    title: '5xx errors on {name}',
    description: 'The load balancer reports 4% 502 responses for {name}.',
    type: 'availability',
    severities: ['high'],
    subject: 'config',
    types: ['Kubernetes::Ingress', 'Kubernetes::Service', 'Kubernetes::Deployment'],
    hypotheses: [
      {
        type: 'root',
        title: 'Pods receive traffic before they are ready',
        status: 'proven',
        evidence: ['config'],
      },
      {
        type: 'factor',
        title: 'The readiness probe points at /healthz instead of /ready',
        status: 'proven',
        parent: 0,
        evidence: ['config_change'],
      },
      {
        type: 'solution',
        title: 'Fix the probe path and add a preStop sleep',
        status: 'proven',
        parent: 1,
        evidence: [],
      },
    ],
    comments: ['Errors only during rollouts, a classic readiness problem.'],
    logLines: [
      'upstream prematurely closed connection while reading response header from upstream',
    ],
  },
  {
    title: 'Nightly backup of {name} failing',
    description: 'The last three nightly backups of {name} failed.',
    type: 'integration',
    severities: ['medium'],
    subject: 'config',
    types: ['AWS::RDS::DBInstance', 'Database'],
    hypotheses: [
      {
        type: 'root',
        title: 'The backup job cannot write to the bucket',
        status: 'proven',
        evidence: ['log'],
      },
      {
        type: 'factor',
        title: 'The IAM role lost s3:PutObject in the policy clean-up',
        status: 'proven',
        parent: 0,
        evidence: ['config_change'],
      },
      {
        type: 'solution',
        title: 'Restore the policy statement and re-run the backup',
        status: 'proven',
        parent: 1,
        evidence: [],
      },
    ],
    comments: ['Policy restored, manual backup completed in 42 minutes.'],
    logLines: [
      'upload failed: s3://acme-db-backups/orders/2024-05-02.dump An error occurred (AccessDenied) when calling the PutObject operation',
    ],
  },
  {
    title: 'Memory leak in {name}',
    description: 'Memory of {name} grows ~40 MiB per hour until the pods are OOMKilled.',
    type: 'performance',
    severities: ['medium', 'low'],
    subject: 'component',
    types: ['Application', 'API', 'Service', 'Worker'],
    hypotheses: [
      {
        type: 'root',
        title: 'Connections are not returned to the HTTP client pool',
        status: 'likely',
        evidence: ['topology'],
      },
      {
        type: 'factor',
        title: 'Response bodies are not closed on error paths',
        status: 'likely',
        parent: 0,
        evidence: ['log'],
      },
      {
        type: 'solution',
        title: 'Close bodies with defer and add a leak test',
        status: 'possible',
        parent: 1,
        evidence: [],
      },
    ],
    comments: ['pprof shows 40k goroutines blocked in net/http.'],
    logLines: ['goroutine profile: total 40211', 'net/http.(*persistConn).readLoop'],
  },
  {
    title: 'Deprecated API versions used by {name}',
    description: '{name} still uses policy/v1beta1, which the next cluster upgrade removes.',
    type: 'technicalDebt',
    severities: ['low'],
    subject: 'config',
    types: ['Kubernetes::Deployment'],
    hypotheses: [
      {
        type: 'root',
        title: 'Manifests were never migrated to policy/v1',
        status: 'proven',
        evidence: ['config'],
      },
      {
        type: 'solution',
        title: 'Migrate the PodDisruptionBudget manifests',
        status: 'likely',
        parent: 0,
        evidence: [],
      },
    ],
    comments: ['Tracked in the upgrade epic.'],
    logLines: [],
  },
  {
    title: 'Containers of {name} run as root',
    description: 'Compliance scan: containers of {name} run as UID 0 without a security context.',
    type: 'compliance',
    severities: ['medium'],
    subject: 'config',
    types: ['Kubernetes::Pod', 'Kubernetes::Deployment'],
    hypotheses: [
      {
        type: 'root',
        title: 'No securityContext is set in the chart',
        status: 'proven',
        evidence: ['config_analysis'],
      },
      {
        type: 'solution',
        title: 'Set runAsNonRoot and a read-only root filesystem',
        status: 'likely',
        parent: 0,
        evidence: ['config'],
      },
    ],
    comments: ['Chart change in review.'],
    logLines: [],
  },
];

export const GENERIC_COMMENTS: readonly string[] = [
  'Joining the bridge now.',
  'Customer support confirms tickets are coming in for this.',
  'Status page updated.',
  'Can we get someone from the database team on this?',
  'Adding the dashboard link: p95/p99 per endpoint.',
  'No related changes in the last 24 hours on the network side.',
];

/**
 * A story whose hypotheses form the whole root → factor → solution chain, span the status
 * scale, and carry evidence of every kind the console renders.
 */
export const SHOWCASE_STORY: IncidentStory = {
  title: 'Checkout requests to {name} time out intermittently',
  description:
    'About 3% of checkout requests to {name} in {namespace} time out after 30 s since this morning; retries mostly succeed.',
  type: 'reliability',
  severities: ['high'],
  subject: 'config',
  types: ['Kubernetes::Deployment'],
  hypotheses: [
    {
      type: 'root',
      title: 'Connections to the payments database are exhausted at peak',
      status: 'proven',
      evidence: ['check', 'topology', 'comment'],
    },
    {
      type: 'factor',
      title: 'The connection pool of {name} was lowered in the last release',
      status: 'likely',
      parent: 0,
      evidence: ['config_change', 'config'],
    },
    {
      type: 'factor',
      title: 'Long-running reporting queries hold connections',
      status: 'improbable',
      parent: 0,
      evidence: ['log'],
    },
    {
      type: 'factor',
      title: 'A noisy neighbour on the database node',
      status: 'disproven',
      parent: 0,
      evidence: ['config_analysis'],
    },
    {
      type: 'solution',
      title: 'Restore the pool size to 50 and add a pool-saturation alert',
      status: 'possible',
      parent: 1,
      evidence: ['config'],
    },
    {
      type: 'solution',
      title: 'Move reporting to the read replica',
      status: 'unlikely',
      parent: 2,
      evidence: [],
    },
  ],
  comments: [
    'Timeouts line up with the 09:00 and 12:00 traffic peaks.',
    'Pool metrics show 20/20 connections in use during every spike.',
    'Release 4.18 changed DB_POOL_MAX from 50 to 20.',
  ],
  logLines: [
    'level=warn msg="waiting for a database connection" waited_ms=29871',
    'level=error msg="context deadline exceeded" route=/api/checkout',
  ],
};

/**
 * Incidents the demo always has, whatever the scale: one in every status, across the
 * severities and types, recent enough to be worked on, one of them built from SHOWCASE_STORY
 * with a team responder reached through Jira.
 */
export interface ShowcaseIncident {
  status: IncidentStatus;
  severity: Severity;
  /** How long ago it was opened, in minutes. */
  ageMinutes: number;
  /** The story: SHOWCASE_STORY, or the first of STORIES with this title template. */
  story: IncidentStory | string;
  /** A team responder on this channel, when set. */
  teamChannel?: 'jira' | 'service_now';
}

export const SHOWCASE_INCIDENTS: readonly ShowcaseIncident[] = [
  { status: 'new', severity: 'low', ageMinutes: 25, story: 'Cost spike on {name}' },
  {
    status: 'open',
    severity: 'critical',
    ageMinutes: 130,
    story: '5xx errors on {name}',
    teamChannel: 'service_now',
  },
  {
    status: 'investigating',
    severity: 'high',
    ageMinutes: 320,
    story: SHOWCASE_STORY,
    teamChannel: 'jira',
  },
  {
    status: 'mitigated',
    severity: 'blocker',
    ageMinutes: 660,
    story: 'Login failures spiking on {name}',
  },
  {
    status: 'resolved',
    severity: 'medium',
    ageMinutes: 30 * 60,
    story: 'Public access enabled on {name}',
  },
  {
    status: 'closed',
    severity: 'low',
    ageMinutes: 8 * 24 * 60,
    story: 'Deprecated API versions used by {name}',
  },
];
