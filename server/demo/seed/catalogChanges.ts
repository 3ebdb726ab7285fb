import { createTwoFilesPatch } from 'diff';
import yaml from 'js-yaml';
import type { ConfigDraft } from './catalogModel';
import type { SeedContext } from './context';
import { DAY_MS, HOUR_MS, MINUTE_MS, ago } from './helpers';
import type { Rng } from './random';

export const CHANGE_COLUMNS = {
  id: 'uuid',
  config_id: 'uuid',
  external_change_id: 'text',
  external_created_by: 'text',
  change_type: 'text',
  severity: 'text',
  source: 'text',
  summary: 'text',
  patches: 'jsonb',
  diff: 'text',
  details: 'jsonb',
  created_by: 'uuid',
  created_at: 'timestamptz',
  count: 'integer',
  first_observed: 'timestamptz',
  inserted_at: 'timestamptz',
} as const;

type Row = Record<string, unknown>;

const ENGINEERS = [
  'alice@demo.local',
  'bob@demo.local',
  'chen.zhang@demo.local',
  'ines.silva@demo.local',
  'ci-bot',
];
const GITOPS = ['argocd', 'flux', 'helm', 'kubectl'];

/** A moment within the last week, denser near now; a few reach back a month. */
function changeTime(rng: Rng, now: Date, notBefore: Date): Date {
  const span = rng.chance(0.9) ? 7 * DAY_MS : 30 * DAY_MS;
  const age = Math.pow(rng.next(), 1.4) * span;
  return new Date(Math.max(notBefore.getTime(), now.getTime() - age));
}

/** The release before `version`: the previous patch, or the previous minor's last patch. */
function previousVersion(version: string): string {
  const [major = 1, minor = 0, patch = 0] = version.split('.').map(Number);
  if (patch > 0) return `${major}.${minor}.${patch - 1}`;
  if (minor > 0) return `${major}.${minor - 1}.9`;
  return `${Math.max(0, major - 1)}.9.9`;
}

type DocPath = ReadonlyArray<string | number>;

/** A deep copy of a JSON document. */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyOf(item)]));
  }
  return value;
}

/** A copy of `doc` with the value at `path` replaced (missing objects on the way are made). */
function withValueAt(doc: Record<string, unknown>, path: DocPath, value: unknown): unknown {
  const copy = copyOf(doc) as Record<string | number, unknown>;
  let node = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}

/**
 * The unified diff between the item's document with `before` at `path` and the same document
 * with `after` there, both as YAML: what a scraper records when it sees that field change.
 */
export function documentDiff(
  doc: Record<string, unknown>,
  path: DocPath,
  before: unknown,
  after: unknown,
): string {
  const text = (value: unknown) => yaml.dump(withValueAt(doc, path, value), { noRefs: true });
  return createTwoFilesPatch('a/config.yaml', 'b/config.yaml', text(before), text(after), '', '', {
    context: 3,
  })
    .split('\n')
    .filter((line) => !line.startsWith('====') && !line.startsWith('Index:'))
    .join('\n')
    .trimEnd();
}

/** The changes of one config item, newest last. */
export function changesOf(ctx: SeedContext, item: ConfigDraft, people: readonly string[]): Row[] {
  const { rng, now } = ctx;
  const rows: Row[] = [];
  const push = (fields: Row & { change_type: string; created_at: Date }) => {
    const first = (fields.first_observed as Date | undefined) ?? fields.created_at;
    rows.push({
      id: rng.uuid(),
      config_id: item.id,
      external_change_id: null,
      external_created_by: null,
      severity: 'info',
      source: item.source,
      summary: null,
      patches: null,
      diff: null,
      details: null,
      created_by: null,
      count: 1,
      ...fields,
      first_observed: first,
      inserted_at: fields.created_at,
    });
  };
  const since = item.createdAt;
  if (item.createdAt.getTime() > now.getTime() - 7 * DAY_MS) {
    push({
      change_type: 'CREATE',
      created_at: item.createdAt,
      summary: `${item.configClass} ${item.name} created`,
      severity: 'info',
    });
  }
  if (item.deletedAt) {
    push({
      change_type: 'DELETE',
      created_at: item.deletedAt,
      summary: `${item.configClass} ${item.name} deleted`,
      severity: 'low',
    });
  }
  switch (item.configClass) {
    case 'Deployment':
    case 'StatefulSet':
      workloadChanges(ctx, item, push, people, since);
      break;
    case 'Pod':
      podEvents(ctx, item, push, since);
      break;
    case 'Node':
      if (item.health !== 'healthy' || rng.chance(0.2)) {
        const notReady = item.health === 'unhealthy';
        push({
          change_type: notReady
            ? 'NodeNotReady'
            : item.status === 'Cordoned'
              ? 'NodeNotSchedulable'
              : 'NodeReady',
          created_at: changeTime(rng, now, since),
          severity: notReady ? 'critical' : 'medium',
          source: 'Kubernetes',
          summary: notReady
            ? `Node ${item.name} status is now: NodeNotReady`
            : `Node ${item.name} status is now: ${item.status === 'Cordoned' ? 'NodeNotSchedulable' : 'NodeReady'}`,
          external_created_by: 'kubelet',
          details: {
            reason: notReady ? 'NodeNotReady' : 'NodeReady',
            source: { component: 'node-controller' },
          },
        });
      }
      break;
    case 'ConfigMap':
      if (rng.chance(0.3)) {
        const data = item.config.data as Record<string, unknown> | undefined;
        const after = String(data?.LOG_LEVEL ?? 'info');
        const before = after === 'debug' ? 'info' : 'debug';
        push({
          change_type: 'diff',
          created_at: changeTime(rng, now, since),
          summary: `data.LOG_LEVEL: ${before} → ${after}`,
          diff: documentDiff(item.config, ['data', 'LOG_LEVEL'], before, after),
          patches: { data: { LOG_LEVEL: after } },
          external_created_by: rng.pick(GITOPS),
          source: 'Kubernetes',
        });
      }
      break;
    case 'VirtualMachine':
      ec2Changes(ctx, item, push, since);
      break;
    case 'Database':
      for (let day = 0; day < 7; day++) {
        if (!rng.chance(0.6)) continue;
        const at = ago(now, day * DAY_MS + rng.int(60, 240) * MINUTE_MS);
        push({
          change_type: 'BackupCompleted',
          created_at: at,
          source: 'AWS Backup',
          summary: `Automated snapshot of ${item.name} completed`,
          external_created_by: 'AWS Backup',
          details: {
            snapshotId: `rds:${item.name}-${at.toISOString().slice(0, 10)}`,
            sizeGiB: rng.int(20, 900),
          },
        });
      }
      if (rng.chance(0.3)) {
        push({
          change_type: 'ModifyDBInstance',
          created_at: changeTime(rng, now, since),
          severity: 'medium',
          source: 'CloudTrail',
          summary: `DB instance class changed to db.r6g.xlarge`,
          external_created_by: rng.pick(ENGINEERS),
          details: {
            eventName: 'ModifyDBInstance',
            requestParameters: {
              dBInstanceIdentifier: item.name,
              dBInstanceClass: 'db.r6g.xlarge',
              applyImmediately: false,
            },
          },
        });
      }
      break;
    case 'Bucket':
      if (rng.chance(0.35)) {
        const eventName = rng.pick([
          'PutBucketPolicy',
          'PutBucketEncryption',
          'PutBucketVersioning',
          'PutBucketLifecycle',
        ]);
        push({
          change_type: eventName,
          created_at: changeTime(rng, now, since),
          severity: eventName === 'PutBucketPolicy' ? 'high' : 'low',
          source: 'CloudTrail',
          summary: `${eventName} on ${item.name}`,
          external_created_by: rng.pick(ENGINEERS),
          details: {
            eventName,
            eventSource: 's3.amazonaws.com',
            requestParameters: { bucketName: item.name },
          },
        });
      }
      break;
    case 'Lambda':
      for (let i = 0; i < rng.int(0, 3); i++) {
        push({
          change_type: 'UpdateFunctionCode',
          created_at: changeTime(rng, now, since),
          source: 'CloudTrail',
          summary: `Deployed new code to ${item.name}`,
          external_created_by: 'ci-bot',
          details: {
            eventName: 'UpdateFunctionCode20150331v2',
            requestParameters: { functionName: item.name, publish: true },
          },
        });
      }
      break;
    case 'Role':
      if (rng.chance(0.15)) {
        push({
          change_type: 'AttachRolePolicy',
          created_at: changeTime(rng, now, since),
          severity: item.meta.admin ? 'critical' : 'medium',
          source: 'CloudTrail',
          summary: `Policy ${item.meta.admin ? 'AdministratorAccess' : 'AmazonS3ReadOnlyAccess'} attached to ${item.name}`,
          external_created_by: rng.pick(ENGINEERS),
          details: { eventName: 'AttachRolePolicy', requestParameters: { roleName: item.name } },
        });
      }
      break;
    default:
      break;
  }
  return rows;
}

type Push = (fields: Row & { change_type: string; created_at: Date }) => void;

function workloadChanges(
  ctx: SeedContext,
  item: ConfigDraft,
  push: Push,
  people: readonly string[],
  since: Date,
): void {
  const { rng, now } = ctx;
  let version = String(item.meta.version ?? '1.0.0');
  const image = String(item.meta.image ?? item.name);
  const deploys = rng.int(0, 3);
  const times = Array.from({ length: deploys }, () => changeTime(rng, now, since)).sort(
    (a, b) => b.getTime() - a.getTime(),
  );
  for (const at of times) {
    const before = previousVersion(version);
    push({
      change_type: 'diff',
      created_at: at,
      severity: 'info',
      source: 'Kubernetes',
      summary: `spec.template.spec.containers[0].image: ${image}:${before} → ${image}:${version}`,
      diff: documentDiff(
        item.config,
        ['spec', 'template', 'spec', 'containers', 0, 'image'],
        `${image}:${before}`,
        `${image}:${version}`,
      ),
      patches: {
        spec: {
          template: { spec: { containers: [{ name: item.name, image: `${image}:${version}` }] } },
        },
      },
      external_created_by: rng.pick(GITOPS),
      details: { revision: rng.int(10, 400) },
    });
    version = before;
  }
  if (rng.chance(0.35)) {
    const replicas = Number(item.meta.replicas ?? 2);
    const from = Math.max(1, replicas + rng.pick([-1, 1]));
    push({
      change_type: 'ScalingReplicaSet',
      created_at: changeTime(rng, now, since),
      severity: 'low',
      source: 'Kubernetes',
      summary: `Scaled ${item.name} from ${from} to ${replicas}`,
      external_created_by: 'deployment-controller',
      details: {
        reason: 'ScalingReplicaSet',
        message: `Scaled up replica set ${item.name} to ${replicas}`,
        from,
        to: replicas,
      },
    });
  }
  if (rng.chance(0.06)) {
    push({
      change_type: 'PlaybookCompleted',
      created_at: changeTime(rng, now, since),
      severity: 'info',
      source: 'playbook',
      summary: `Playbook "Restart Deployment" completed on ${item.name}`,
      created_by: people.length > 0 ? rng.pick(people) : null,
      details: { playbook: 'restart-deployment', status: 'completed' },
    });
  }
  if (item.health === 'unhealthy' && rng.chance(0.7)) {
    push({
      change_type: 'Rollback',
      created_at: ago(now, rng.int(5, 180) * MINUTE_MS),
      severity: 'high',
      source: 'Kubernetes',
      summary: `Rolled back ${item.name} to revision ${rng.int(10, 200)}`,
      external_created_by: rng.pick(ENGINEERS),
    });
  }
}

function podEvents(ctx: SeedContext, item: ConfigDraft, push: Push, since: Date): void {
  const { rng, now } = ctx;
  const image = item.meta.image ?? 'the container image';
  if (item.health === 'unhealthy') {
    const first = ago(now, rng.int(1, 48) * HOUR_MS);
    const reason = String(item.meta.reason || 'BackOff');
    const imagePull = reason === 'ImagePullBackOff';
    push({
      change_type: imagePull ? 'Failed' : 'BackOff',
      created_at: ago(now, rng.int(1, 30) * MINUTE_MS),
      first_observed: first,
      count: rng.int(5, 300),
      severity: 'high',
      source: 'Kubernetes',
      summary: imagePull
        ? `Failed to pull image: manifest unknown`
        : 'Back-off restarting failed container',
      external_created_by: 'kubelet',
      external_change_id: rng.uuid(),
      details: {
        reason: imagePull ? 'Failed' : 'BackOff',
        source: { component: 'kubelet' },
        message: imagePull
          ? `Failed to pull image "${String(image)}": not found`
          : 'Back-off restarting failed container',
      },
    });
    if (!imagePull && rng.chance(0.6)) {
      push({
        change_type: 'Unhealthy',
        created_at: ago(now, rng.int(1, 60) * MINUTE_MS),
        first_observed: first,
        count: rng.int(3, 120),
        severity: 'medium',
        source: 'Kubernetes',
        summary: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
        external_created_by: 'kubelet',
        external_change_id: rng.uuid(),
      });
    }
    return;
  }
  if (item.createdAt.getTime() > now.getTime() - 7 * DAY_MS && rng.chance(0.5)) {
    const started = item.createdAt;
    for (const [reason, summary] of [
      ['Scheduled', `Successfully assigned ${item.name} to a node`],
      ['Pulled', 'Container image already present on machine'],
      ['Started', 'Started container'],
    ] as const) {
      push({
        change_type: reason,
        created_at: new Date(started.getTime() + rng.int(1, 20) * 1000),
        source: 'Kubernetes',
        summary,
        external_created_by: reason === 'Scheduled' ? 'default-scheduler' : 'kubelet',
        external_change_id: rng.uuid(),
      });
    }
  }
  if (item.deletedAt) {
    push({
      change_type: 'Killing',
      created_at: new Date(item.deletedAt.getTime() - 30_000),
      source: 'Kubernetes',
      severity: 'low',
      summary: 'Stopping container',
      external_created_by: 'kubelet',
      external_change_id: rng.uuid(),
    });
  }
  if (Number(item.meta.restarts ?? 0) > 0 && rng.chance(0.5)) {
    push({
      change_type: 'Unhealthy',
      created_at: changeTime(rng, now, since),
      severity: 'medium',
      source: 'Kubernetes',
      summary: 'Liveness probe failed: context deadline exceeded',
      external_created_by: 'kubelet',
      external_change_id: rng.uuid(),
    });
  }
}

function ec2Changes(ctx: SeedContext, item: ConfigDraft, push: Push, since: Date): void {
  const { rng, now } = ctx;
  const who = rng.pick(ENGINEERS);
  const instanceId = item.externalId[0];
  if (item.meta.stopped) {
    push({
      change_type: 'StopInstances',
      created_at: changeTime(rng, now, since),
      severity: 'medium',
      source: 'CloudTrail',
      summary: `Instance ${instanceId} stopped`,
      external_created_by: who,
      details: {
        eventName: 'StopInstances',
        userIdentity: { type: 'IAMUser', userName: who },
        requestParameters: { instancesSet: { items: [{ instanceId }] } },
      },
    });
  }
  const roll = rng.next();
  if (roll < 0.25) {
    const eventName = rng.pick([
      'ModifyInstanceAttribute',
      'CreateTags',
      'RebootInstances',
      'StartInstances',
    ]);
    push({
      change_type: eventName,
      created_at: changeTime(rng, now, since),
      severity: eventName === 'RebootInstances' ? 'medium' : 'low',
      source: 'CloudTrail',
      summary: `${eventName} on ${instanceId}`,
      external_created_by: who,
      details: {
        eventName,
        sourceIPAddress: `203.0.113.${rng.int(1, 254)}`,
        userIdentity: { type: 'IAMUser', userName: who },
      },
    });
  } else if (roll < 0.35) {
    const current = String(item.config.InstanceType ?? item.meta.instanceType ?? 't3.medium');
    const previous = current === 't3.medium' ? 't3.large' : 't3.medium';
    push({
      change_type: 'diff',
      created_at: changeTime(rng, now, since),
      severity: 'low',
      source: 'AWS',
      summary: `InstanceType: ${previous} → ${current}`,
      diff: documentDiff(item.config, ['InstanceType'], previous, current),
      patches: { InstanceType: current },
    });
  }
}
