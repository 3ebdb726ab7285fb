import { createHash } from 'node:crypto';
import type { PlaybookRunStatus } from '../../../contracts/playbooks';
import { FINAL_RUN_STATUSES } from '../../../contracts/playbooks';
import { withContentType } from '../playbooks/contentType';
import { actionType } from '../playbooks/spec';
import type { SeedRefs } from './context';
import { componentsOfTypes, configsOfTypes } from './estate';
import type { ActionTemplate, ParameterTemplate, PlaybookTemplate } from './playbookCatalog';
import type { Rng } from './random';
import {
  DAY,
  LOCAL_AGENT_ID,
  MINUTE,
  SECOND,
  after,
  before,
  duration,
  fill,
  recentAge,
  weighted,
} from './sampling';

export interface SeededPlaybook {
  id: string;
  name: string;
  namespace: string;
  template: PlaybookTemplate;
  spec: Record<string, unknown>;
}

type RunStatus = PlaybookRunStatus;

const STATUSES: ReadonlyArray<readonly [RunStatus, number]> = [
  ['completed', 62],
  ['failed', 14],
  ['cancelled', 4],
  ['timed_out', 3],
  ['running', 5],
  ['scheduled', 3],
  ['pending_approval', 4],
  ['waiting', 2],
  ['sleeping', 1],
  ['retrying', 2],
];

const ACTIVE = new Set<RunStatus>([
  'running',
  'scheduled',
  'pending_approval',
  'waiting',
  'sleeping',
  'retrying',
]);

/** One planned run: what it ran on and how it ended; filled into rows once namespaces are known. */
export interface RunPlan {
  id: string;
  playbook: SeededPlaybook;
  status: RunStatus;
  createdAt: Date;
  createdBy: string | null;
  configId: string | null;
  componentId: string | null;
  checkId: string | null;
  resourceName: string;
  agentId: string;
  parameters: Record<string, string>;
  parentId: string | null;
}

export interface RunRows {
  runs: Array<Record<string, unknown>>;
  actions: Array<Record<string, unknown>>;
  approvals: Array<Record<string, unknown>>;
  artifacts: Array<Record<string, unknown>>;
}

export interface RunInputs {
  rng: Rng;
  now: Date;
  refs: SeedRefs;
  playbooks: readonly SeededPlaybook[];
  total: number;
  /** People who may approve runs. */
  approvers: ReadonlyArray<{ id: string }>;
  approverTeamId: string | null;
  remoteAgentId: string | null;
}

function parameterValue(rng: Rng, parameter: ParameterTemplate, refs: SeedRefs): string {
  switch (parameter.type) {
    case 'checkbox':
      return rng.chance(parameter.default === 'true' ? 0.8 : 0.25) ? 'true' : 'false';
    case 'list': {
      const options = (parameter.properties?.options as Array<{ value: string }> | undefined) ?? [];
      return options.length > 0 && rng.chance(0.6)
        ? rng.pick(options).value
        : (parameter.default ?? '');
    }
    case 'config':
      return refs.configs.length > 0 ? rng.pick(refs.configs).id : '';
    case 'component':
      return refs.components.length > 0 ? rng.pick(refs.components).id : '';
    case 'check':
      return refs.checks.length > 0 ? rng.pick(refs.checks).id : '';
    case 'people':
      return refs.people.length > 0 ? rng.pick(refs.people).id : '';
    case 'team':
      return refs.teams.length > 0 ? rng.pick(refs.teams).id : '';
    default:
      return parameter.samples && parameter.samples.length > 0
        ? rng.pick(parameter.samples)
        : (parameter.default ?? '');
  }
}

function pickStatus(rng: Rng, playbook: SeededPlaybook): RunStatus {
  const status = weighted(rng, STATUSES);
  if (status === 'pending_approval' && !playbook.template.approval) return 'running';
  return status;
}

/** Decides, for `total` runs, which playbook ran on what, when, by whom and how it ended. */
export function planRuns(input: RunInputs): RunPlan[] {
  const { rng, now, refs, playbooks } = input;
  const choices = playbooks.map((playbook) => [playbook, playbook.template.weight] as const);
  const people = refs.people;
  const plans: RunPlan[] = [];
  const approvalPlaybooks = playbooks.filter((playbook) => playbook.template.approval);
  // With enough runs, the first ones go through every status once so that each is on show.
  const showcase = input.total >= 4 * STATUSES.length ? STATUSES.map(([status]) => status) : [];
  for (let i = 0; i < input.total; i++) {
    const forced = showcase[i];
    const playbook =
      forced === 'pending_approval' && approvalPlaybooks.length > 0
        ? rng.pick(approvalPlaybooks)
        : weighted(rng, choices);
    const status =
      forced && (forced !== 'pending_approval' || playbook.template.approval)
        ? forced
        : pickStatus(rng, playbook);
    const template = playbook.template;
    // Live runs are recent: a running one older than its 30-minute timeout would only time out
    // once the executor takes it over. Runs waiting for approval may wait longer.
    const createdAt = ACTIVE.has(status)
      ? before(
          now,
          rng.int(1, status === 'pending_approval' ? 50 : 20) * MINUTE + rng.int(0, 59) * SECOND,
        )
      : before(now, 55 * MINUTE + recentAge(rng, 30 * DAY));
    let configId: string | null = null;
    let componentId: string | null = null;
    let checkId: string | null = null;
    let resourceName = template.title;
    if (template.target === 'config' && refs.configs.length > 0) {
      const config = rng.pick(configsOfTypes(refs.configs, template.types));
      configId = config.id;
      resourceName = config.name;
    } else if (template.target === 'component' && refs.components.length > 0) {
      const component = rng.pick(componentsOfTypes(refs.components, template.types));
      componentId = component.id;
      resourceName = component.name;
    } else if (template.target === 'check' && refs.checks.length > 0) {
      const check = rng.pick(refs.checks);
      checkId = check.id;
      resourceName = check.name;
    }
    const parameters: Record<string, string> = {};
    for (const parameter of template.parameters)
      parameters[parameter.name] = parameterValue(rng, parameter, refs);
    const automated = template.on !== undefined || rng.chance(0.12);
    plans.push({
      id: rng.uuid(),
      playbook,
      status,
      createdAt,
      createdBy: automated || people.length === 0 ? null : rng.pick(people).id,
      configId,
      componentId,
      checkId,
      resourceName,
      agentId: template.runsOnAgent && input.remoteAgentId ? input.remoteAgentId : LOCAL_AGENT_ID,
      parameters,
      parentId: null,
    });
  }
  plans.push(...planChildren(input, plans));
  return plans;
}

/** Runs of "restart component workloads" fan out into child runs of "restart deployment". */
function planChildren(input: RunInputs, parents: readonly RunPlan[]): RunPlan[] {
  const { rng, refs, playbooks } = input;
  const deployments = configsOfTypes(refs.configs, ['Kubernetes::Deployment']);
  const children: RunPlan[] = [];
  for (const parent of parents) {
    if (parent.playbook.template.name !== 'restart-component-workloads') continue;
    if (['scheduled', 'pending_approval', 'waiting'].includes(parent.status)) continue;
    const child = playbooks.find(
      (playbook) =>
        playbook.template.name === 'restart-deployment' &&
        playbook.namespace === parent.playbook.namespace,
    );
    if (!child || deployments.length === 0) continue;
    const count = rng.int(1, 3);
    for (let i = 0; i < count; i++) {
      const deployment = rng.pick(deployments);
      const status: RunStatus =
        parent.status === 'running'
          ? i === count - 1
            ? 'running'
            : 'completed'
          : parent.status === 'failed' && i === count - 1
            ? 'failed'
            : parent.status === 'cancelled' || parent.status === 'timed_out'
              ? parent.status
              : 'completed';
      children.push({
        id: rng.uuid(),
        playbook: child,
        status,
        createdAt: after(parent.createdAt, (i + 1) * 5 * SECOND),
        createdBy: parent.createdBy,
        configId: deployment.id,
        componentId: null,
        checkId: null,
        resourceName: deployment.name,
        agentId: parent.agentId,
        parameters: { reason: parent.parameters.reason ?? 'Component restart', notify: 'false' },
        parentId: parent.id,
      });
    }
  }
  return children;
}

function fillDeep(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') return fill(value, values);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, values));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillDeep(item, values)]),
    );
  }
  return value;
}

interface ActionOutcome {
  status: string;
  withEnd: boolean;
  error: boolean;
  retry?: number;
}

/** How far a run got through its actions, by run status. */
function actionOutcomes(rng: Rng, status: RunStatus, count: number): ActionOutcome[] {
  const done: ActionOutcome = { status: 'completed', withEnd: true, error: false };
  if (count === 0) return [];
  switch (status) {
    case 'completed':
      return Array.from({ length: count }, () => ({ ...done }));
    case 'failed': {
      const at = rng.int(0, count - 1);
      return [
        ...Array.from({ length: at }, () => ({ ...done })),
        { status: 'failed', withEnd: true, error: true },
      ];
    }
    case 'timed_out': {
      const at = rng.int(0, count - 1);
      return [
        ...Array.from({ length: at }, () => ({ ...done })),
        { status: 'failed', withEnd: true, error: true },
      ];
    }
    case 'cancelled': {
      const at = rng.int(0, count - 1);
      return Array.from({ length: at }, () => ({ ...done }));
    }
    case 'running': {
      const at = rng.int(0, count - 1);
      return [
        ...Array.from({ length: at }, () => ({ ...done })),
        { status: 'running', withEnd: false, error: false },
      ];
    }
    case 'waiting': {
      const at = rng.int(0, count - 1);
      return [
        ...Array.from({ length: at }, () => ({ ...done })),
        { status: 'waiting', withEnd: false, error: false },
      ];
    }
    case 'sleeping': {
      const at = rng.int(0, count - 1);
      return [
        ...Array.from({ length: at }, () => ({ ...done })),
        { status: 'sleeping', withEnd: false, error: false },
      ];
    }
    case 'retrying': {
      const at = rng.int(0, count - 1);
      return [
        ...Array.from({ length: at }, () => ({ ...done })),
        { status: 'failed', withEnd: true, error: true, retry: 0 },
        { status: 'scheduled', withEnd: false, error: false, retry: 1 },
      ];
    }
    default:
      return [];
  }
}

function artifactRows(
  rng: Rng,
  action: ActionTemplate,
  actionId: string,
  runId: string,
  at: Date,
  values: Record<string, string>,
): RunRows['artifacts'] {
  return (action.artifacts ?? []).map((artifact) => {
    const content = Buffer.from(
      `${artifact.lines.map((line) => fill(line, values)).join('\n')}\n`,
      'utf8',
    );
    return {
      id: rng.uuid(),
      playbook_run_action_id: actionId,
      path: `playbooks/${runId}/${action.spec.name}/${artifact.filename}`,
      filename: artifact.filename,
      content_type: artifact.contentType,
      size: content.length,
      checksum: createHash('sha256').update(content).digest('hex'),
      compression_type: 'none',
      created_at: at,
      updated_at: at,
      expires_at: after(at, 30 * DAY),
      content: new Uint8Array(content),
    };
  });
}

/** Rows for the planned runs: runs, their actions with results, approvals and artifacts. */
export function buildRunRows(
  input: RunInputs,
  plans: readonly RunPlan[],
  namespaces: Map<string, string>,
): RunRows {
  const { rng, now } = input;
  const rows: RunRows = { runs: [], actions: [], approvals: [], artifacts: [] };
  for (const plan of plans) {
    const template = plan.playbook.template;
    const namespace = (plan.configId && namespaces.get(plan.configId)) || plan.playbook.namespace;
    const values: Record<string, string> = {
      ...plan.parameters,
      name: plan.resourceName,
      namespace,
    };
    const needsApproval = template.approval === true;
    const approvalDelay = needsApproval ? rng.int(2, 45) * MINUTE : 0;
    const scheduled =
      plan.status === 'scheduled'
        ? after(now, rng.int(1, 30) * MINUTE)
        : after(plan.createdAt, approvalDelay);
    const started = ['scheduled', 'pending_approval'].includes(plan.status)
      ? null
      : after(scheduled, rng.int(200, 3000));
    let cursor = started ?? scheduled;
    let failure: string | null = null;
    const outcomes = started ? actionOutcomes(rng, plan.status, template.actions.length) : [];
    outcomes.forEach((outcome, index) => {
      // A retried attempt runs the same action as the failed attempt before it.
      const actionIndex = outcome.retry === 1 ? index - 1 : index;
      const action = template.actions[Math.min(actionIndex, template.actions.length - 1)];
      if (!action) return;
      const actionId = rng.uuid();
      const timedOut = plan.status === 'timed_out' && outcome.error;
      const took = timedOut ? 30 * MINUTE : duration(rng, action.meanMs, 50, 20 * MINUTE);
      const start = outcome.status === 'waiting' || outcome.status === 'scheduled' ? null : cursor;
      const ends = outcome.withEnd ? after(cursor, took) : null;
      const endTime = ends && ends > now ? before(now, rng.int(1, 30) * SECOND) : ends;
      const error = outcome.error
        ? timedOut
          ? 'context deadline exceeded'
          : fill(action.error, values)
        : null;
      if (error) failure = `action ${action.spec.name}: ${error}`;
      rows.actions.push({
        id: actionId,
        name: action.spec.name,
        status: outcome.status,
        retry_count: outcome.retry ?? null,
        playbook_run_id: plan.id,
        start_time: start,
        scheduled_time:
          outcome.status === 'scheduled' ? after(now, rng.int(1, 5) * MINUTE) : cursor,
        end_time: endTime,
        result:
          outcome.status === 'completed'
            ? withContentType(
                fillDeep(action.result, values) as Record<string, unknown>,
                actionType(action.spec),
                action.spec.contentType,
              )
            : null,
        agent_id: plan.agentId,
        error,
      });
      if (outcome.status === 'completed' && endTime) {
        rows.artifacts.push(...artifactRows(rng, action, actionId, plan.id, endTime, values));
      }
      if (endTime) cursor = after(endTime, rng.int(100, 900));
    });
    const finished = FINAL_RUN_STATUSES.has(plan.status);
    const end = finished
      ? cursor > now
        ? before(now, rng.int(1, 30) * SECOND)
        : after(cursor, rng.int(100, 800))
      : null;
    rows.runs.push({
      id: plan.id,
      playbook_id: plan.playbook.id,
      status: plan.status,
      created_at: plan.createdAt,
      start_time: started,
      scheduled_time: scheduled,
      end_time: end,
      created_by: plan.createdBy,
      check_id: plan.checkId,
      config_id: plan.configId,
      component_id: plan.componentId,
      parameters: plan.parameters,
      agent_id: plan.agentId,
      parent_id: plan.parentId,
      error: plan.status === 'cancelled' ? 'cancelled by user' : failure,
    });
    if (
      needsApproval &&
      plan.status !== 'pending_approval' &&
      plan.status !== 'scheduled' &&
      plan.parentId === null
    ) {
      const byTeam = input.approverTeamId !== null && rng.chance(0.25);
      const approver = input.approvers.length > 0 ? rng.pick(input.approvers) : null;
      if (byTeam || approver) {
        rows.approvals.push({
          id: rng.uuid(),
          run_id: plan.id,
          person_id: byTeam ? null : approver?.id,
          team_id: byTeam ? input.approverTeamId : null,
          created_at: after(
            plan.createdAt,
            Math.max(SECOND, approvalDelay - rng.int(1, 60) * SECOND),
          ),
        });
      }
    }
  }
  return rows;
}
