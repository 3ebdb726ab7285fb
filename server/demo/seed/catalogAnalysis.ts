import type { ConfigDraft } from './catalogModel';
import type { SeedContext } from './context';
import { DAY_MS, HOUR_MS, MINUTE_MS, ago } from './helpers';
import { weighted } from './sampling';
import type { Rng } from './random';

export const ANALYSIS_COLUMNS = {
  id: 'uuid',
  config_id: 'uuid',
  scraper_id: 'uuid',
  source: 'text',
  analyzer: 'text',
  analysis_type: 'text',
  severity: 'text',
  summary: 'text',
  status: 'text',
  message: 'text',
  analysis: 'jsonb',
  properties: 'jsonb',
  first_observed: 'timestamptz',
  last_observed: 'timestamptz',
} as const;

type Row = Record<string, unknown>;

interface AnalysisRule {
  analyzer: string;
  type: string;
  severity: string;
  source: string;
  summary: (item: ConfigDraft) => string;
  message: (item: ConfigDraft) => string;
  applies: (item: ConfigDraft, rng: Rng) => boolean;
}

const RULES: Readonly<Record<string, readonly AnalysisRule[]>> = {
  Pod: [
    {
      analyzer: 'pod-security-context',
      type: 'security',
      severity: 'medium',
      source: 'Polaris',
      summary: () => 'Container runs as root',
      message: (item) =>
        `Container **${item.name.split('-')[0]}** should set \`securityContext.runAsNonRoot: true\`.`,
      applies: (_item, rng) => rng.chance(0.05),
    },
    {
      analyzer: 'privileged-container',
      type: 'security',
      severity: 'high',
      source: 'Trivy',
      summary: () => 'Privileged container',
      message: () => 'The container runs with `privileged: true`, which grants access to the host.',
      applies: (_item, rng) => rng.chance(0.01),
    },
    {
      analyzer: 'crash-looping',
      type: 'availability',
      severity: 'high',
      source: 'Kubernetes',
      summary: () => 'Pod is crash looping',
      message: (item) => `Pod ${item.name} restarted ${String(item.meta.restarts)} times.`,
      applies: (item) => item.health === 'unhealthy',
    },
  ],
  Deployment: [
    {
      analyzer: 'single-replica',
      type: 'availability',
      severity: 'medium',
      source: 'kube-score',
      summary: () => 'Deployment has a single replica',
      message: (item) => `${item.name} runs 1 replica; a node failure takes it down.`,
      applies: (item) => Number(item.meta.replicas) === 1,
    },
    {
      analyzer: 'missing-resource-limits',
      type: 'reliability',
      severity: 'low',
      source: 'Polaris',
      summary: () => 'Memory limit not set',
      message: () => 'Set `resources.limits.memory` so a leak cannot exhaust the node.',
      applies: (_item, rng) => rng.chance(0.08),
    },
    {
      analyzer: 'image-tag-latest',
      type: 'technical_debt',
      severity: 'low',
      source: 'kube-score',
      summary: () => 'Image uses a mutable tag',
      message: () => 'Pin images to a digest or an immutable version tag.',
      applies: (_item, rng) => rng.chance(0.04),
    },
  ],
  VirtualMachine: [
    {
      analyzer: 'ec2-underutilized',
      type: 'cost',
      severity: 'low',
      source: 'AWS Trusted Advisor',
      summary: () => 'Low utilization instance',
      message: (item) =>
        `Average CPU of ${item.name} was below 5% over 14 days; consider a smaller instance type.`,
      applies: (item, rng) => !item.meta.stopped && rng.chance(0.07),
    },
    {
      analyzer: 'ec2-imdsv1-enabled',
      type: 'security',
      severity: 'high',
      source: 'AWS Security Hub',
      summary: () => 'IMDSv1 is enabled',
      message: () => 'EC2 instances should use Instance Metadata Service Version 2 (IMDSv2).',
      applies: (_item, rng) => rng.chance(0.04),
    },
    {
      analyzer: 'ec2-stopped-instance',
      type: 'cost',
      severity: 'info',
      source: 'AWS Trusted Advisor',
      summary: () => 'Stopped instance with attached volumes',
      message: () =>
        'The instance has been stopped for more than 30 days; its EBS volumes still cost money.',
      applies: (item) => Boolean(item.meta.stopped),
    },
  ],
  Database: [
    {
      analyzer: 'rds-public-access',
      type: 'security',
      severity: 'critical',
      source: 'AWS Security Hub',
      summary: () => 'RDS instance is publicly accessible',
      message: (item) =>
        `**${item.name}** has \`PubliclyAccessible: true\`. Restrict it to the VPC.`,
      applies: (item) => Boolean(item.meta.publicAccess),
    },
    {
      analyzer: 'rds-backup-retention',
      type: 'reliability',
      severity: 'medium',
      source: 'AWS Trusted Advisor',
      summary: () => 'Backup retention below 7 days',
      message: () => 'Increase the backup retention period to at least 7 days.',
      applies: (_item, rng) => rng.chance(0.3),
    },
    {
      analyzer: 'rds-multi-az-disabled',
      type: 'availability',
      severity: 'medium',
      source: 'AWS Trusted Advisor',
      summary: () => 'Multi-AZ is disabled',
      message: () => 'Enable Multi-AZ for production databases.',
      applies: (_item, rng) => rng.chance(0.2),
    },
  ],
  Bucket: [
    {
      analyzer: 's3-bucket-public-read',
      type: 'security',
      severity: 'critical',
      source: 'AWS Security Hub',
      summary: () => 'Bucket allows public read',
      message: (item) => `Block public access on **${item.name}**.`,
      applies: (item) => Boolean(item.meta.publicRead),
    },
    {
      analyzer: 's3-versioning-disabled',
      type: 'compliance',
      severity: 'low',
      source: 'AWS Config',
      summary: () => 'Versioning is not enabled',
      message: () => 'Enable versioning to protect objects from accidental deletion.',
      applies: (_item, rng) => rng.chance(0.25),
    },
  ],
  Lambda: [
    {
      analyzer: 'lambda-deprecated-runtime',
      type: 'technical_debt',
      severity: 'medium',
      source: 'AWS Trusted Advisor',
      summary: () => 'Deprecated runtime',
      message: (item) =>
        `${String(item.meta.runtime)} is deprecated; upgrade the function runtime.`,
      applies: (item) => item.meta.runtime === 'python3.8' || item.meta.runtime === 'go1.x',
    },
  ],
  Node: [
    {
      analyzer: 'node-disk-pressure',
      type: 'performance',
      severity: 'high',
      source: 'Kubernetes',
      summary: () => 'Node under disk pressure',
      message: () => 'The kubelet reports DiskPressure; pods may be evicted.',
      applies: (item) => item.health !== 'healthy',
    },
  ],
  Role: [
    {
      analyzer: 'iam-admin-policy',
      type: 'security',
      severity: 'high',
      source: 'AWS IAM Access Analyzer',
      summary: () => 'Role has AdministratorAccess',
      message: () => 'Replace AdministratorAccess with a least-privilege policy.',
      applies: (item) => Boolean(item.meta.admin),
    },
    {
      analyzer: 'iam-role-unused',
      type: 'security',
      severity: 'low',
      source: 'AWS IAM Access Analyzer',
      summary: () => 'Role unused for 90 days',
      message: () => 'The role has not been assumed in 90 days; consider removing it.',
      applies: (_item, rng) => rng.chance(0.1),
    },
  ],
  SecurityGroup: [
    {
      analyzer: 'sg-open-ssh',
      type: 'security',
      severity: 'high',
      source: 'AWS Security Hub',
      summary: () => 'SSH open to the internet',
      message: () => 'Port 22 is open to 0.0.0.0/0.',
      applies: (item) => Boolean(item.meta.openSsh),
    },
  ],
};

/** Analyses of one config item. */
/** An insight's properties (duty's `types.Properties`): the rule, where it was found, by whom. */
function analysisProperties(rule: AnalysisRule, item: ConfigDraft): Row[] {
  return [
    { name: 'Rule', text: rule.analyzer, order: 1 },
    { name: 'Resource', text: item.name, order: 2 },
    { name: 'Config type', text: item.type, order: 3 },
    { name: 'Scanner', text: rule.source, order: 4 },
  ];
}

export function analysesOf(ctx: SeedContext, item: ConfigDraft): Row[] {
  const { rng, now } = ctx;
  const rules = RULES[item.configClass === 'StatefulSet' ? 'Deployment' : item.configClass] ?? [];
  const rows: Row[] = [];
  for (const rule of rules) {
    if (!rule.applies(item, rng)) continue;
    const status = item.deletedAt
      ? 'resolved'
      : weighted(rng, [
          ['open', 80],
          ['resolved', 14],
          ['silenced', 6],
        ] as const);
    const first = new Date(
      Math.max(item.createdAt.getTime(), now.getTime() - rng.int(1, 30) * DAY_MS),
    );
    rows.push({
      id: rng.uuid(),
      config_id: item.id,
      scraper_id: item.scraperId,
      source: rule.source,
      analyzer: rule.analyzer,
      analysis_type: rule.type,
      severity: rule.severity,
      summary: rule.summary(item),
      status,
      message: rule.message(item),
      analysis: {
        rule: rule.analyzer,
        resource: item.name,
        type: item.type,
        remediation: rule.summary(item),
      },
      properties: analysisProperties(rule, item),
      first_observed: first,
      last_observed:
        status === 'open'
          ? ago(now, rng.int(1, 60) * MINUTE_MS)
          : // Last seen some hours after it was first seen, and never after now.
            new Date(Math.min(now.getTime(), first.getTime() + rng.int(1, 48) * HOUR_MS)),
    });
  }
  return rows;
}
