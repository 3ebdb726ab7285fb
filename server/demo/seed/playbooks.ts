import type { SeedContext, Seeder } from './context';
import { bulkInsert } from './bulk';
import { PLAYBOOK_COLUMNS, artifactColumns } from './columns';
import { configNamespaces, peopleWithRole, requirePeople, teamNamespaces } from './estate';
import { insertPermissions, type PermissionRow } from './permissionRows';
import { ensureConnections } from './prerequisites';
import { PLAYBOOKS, playbookSpec } from './playbookCatalog';
import { buildRunRows, planRuns, type RunInputs, type SeededPlaybook } from './playbookRuns';
import { insertPlaybookResources } from './playbookResources';
import { insertScenarioPlaybooks, stableUuid } from './playbookScenarios';
import { EVERYONE_GROUP } from '../../../contracts/playbookAccess';
import {
  DAY,
  LOCAL_AGENT_ID,
  after,
  before,
  copiesFor,
  copyNamespace,
  scaledCount,
} from './sampling';

const RUN_TYPES = {
  id: 'uuid',
  playbook_id: 'uuid',
  status: 'text',
  created_at: 'timestamptz',
  start_time: 'timestamptz',
  scheduled_time: 'timestamptz',
  end_time: 'timestamptz',
  created_by: 'uuid',
  check_id: 'uuid',
  config_id: 'uuid',
  component_id: 'uuid',
  parameters: 'jsonb',
  agent_id: 'uuid',
  parent_id: 'uuid',
  error: 'text',
} as const;

const ACTION_TYPES = {
  id: 'uuid',
  name: 'text',
  status: 'text',
  retry_count: 'int4',
  playbook_run_id: 'uuid',
  start_time: 'timestamptz',
  scheduled_time: 'timestamptz',
  end_time: 'timestamptz',
  result: 'jsonb',
  agent_id: 'uuid',
  error: 'text',
} as const;

async function insertPlaybooks(ctx: SeedContext): Promise<SeededPlaybook[]> {
  const { rng, refs } = ctx;
  const namespaces = await teamNamespaces(ctx.db);
  const remoteAgent = refs.agents.find((agent) => agent.id !== LOCAL_AGENT_ID) ?? null;
  const approverTeam =
    refs.teams.find((team) => /sre|platform|ops/i.test(team.name)) ?? refs.teams[0];
  const approverPeople = peopleWithRole(refs, ['admin', 'commander']).slice(0, 3);
  const editors = peopleWithRole(refs, ['admin', 'editor']);
  const seeded: SeededPlaybook[] = [];
  const rows: Array<Record<string, unknown>> = [];
  const copies = copiesFor(ctx.scale);
  for (let copy = 0; copy < copies; copy++) {
    for (const template of PLAYBOOKS) {
      const namespace = copyNamespace(
        template.source === 'UI' ? 'default' : 'mission-control',
        copy,
        namespaces,
      );
      const spec = playbookSpec(template, {
        agentName: remoteAgent?.name ?? null,
        approverTeams: approverTeam ? [approverTeam.name] : [],
        approverPeople: approverPeople.map((person) => person.email),
      });
      const id = rng.uuid();
      const created = before(ctx.now, rng.int(30, 240) * DAY);
      rows.push({
        id,
        namespace,
        name: template.name,
        title: template.title,
        icon: template.icon,
        description: template.description,
        spec,
        created_by: template.source === 'UI' ? rng.pick(editors).id : null,
        source: template.source,
        category: template.category,
        created_at: created,
        updated_at: after(created, rng.int(0, 25) * DAY),
      });
      seeded.push({ id, name: template.name, namespace, template, spec });
    }
  }
  await bulkInsert(ctx.db, 'playbooks', PLAYBOOK_COLUMNS, rows);
  refs.playbooks = seeded.map((playbook) => ({ id: playbook.id, name: playbook.name }));
  return seeded;
}

async function insertRuns(ctx: SeedContext, playbooks: readonly SeededPlaybook[]): Promise<number> {
  const { refs } = ctx;
  const approverTeam =
    refs.teams.find((team) => /sre|platform|ops/i.test(team.name)) ?? refs.teams[0];
  const inputs: RunInputs = {
    rng: ctx.rng,
    now: ctx.now,
    refs,
    playbooks,
    total: scaledCount(200, ctx.scale, 10),
    approvers: peopleWithRole(refs, ['admin', 'commander']),
    approverTeamId: approverTeam?.id ?? null,
    remoteAgentId: refs.agents.find((agent) => agent.id !== LOCAL_AGENT_ID)?.id ?? null,
  };
  const plans = planRuns(inputs);
  const namespaces = await configNamespaces(
    ctx.db,
    plans.flatMap((plan) => (plan.configId ? [plan.configId] : [])),
  );
  const rows = buildRunRows(inputs, plans, namespaces);
  const parents = rows.runs.filter((run) => run.parent_id === null);
  const children = rows.runs.filter((run) => run.parent_id !== null);
  // Each run keeps a snapshot of its playbook's spec; it is copied inside the database rather
  // than sent once per run.
  await bulkInsert(ctx.db, 'playbook_runs', RUN_TYPES, parents);
  await bulkInsert(ctx.db, 'playbook_runs', RUN_TYPES, children);
  await ctx.db.query(
    `UPDATE playbook_runs r SET spec = p.spec FROM playbooks p WHERE p.id = r.playbook_id AND r.spec = '{}'::jsonb`,
  );
  await bulkInsert(ctx.db, 'playbook_run_actions', ACTION_TYPES, rows.actions);
  await bulkInsert(
    ctx.db,
    'playbook_approvals',
    { id: 'uuid', run_id: 'uuid', person_id: 'uuid', team_id: 'uuid', created_at: 'timestamptz' },
    rows.approvals,
  );
  await bulkInsert(ctx.db, 'artifacts', artifactColumns('playbook_run_action_id'), rows.artifacts);
  return rows.runs.length;
}

/** Connection references (connection://<namespace>/<name>) inside a playbook spec. */
function referencedConnections(spec: Record<string, unknown>): string[] {
  const found = JSON.stringify(spec).match(/connection:\/\/[a-z0-9-]+\/([a-z0-9-]+)/g) ?? [];
  return [...new Set(found.map((reference) => reference.split('/').pop() ?? ''))];
}

async function insertPlaybookPermissions(
  ctx: SeedContext,
  playbooks: readonly SeededPlaybook[],
): Promise<void> {
  const { rng, refs } = ctx;
  const admins = peopleWithRole(refs, ['admin']);
  const commanders = peopleWithRole(refs, ['admin', 'commander']);
  const rows: PermissionRow[] = [];
  const base = (description: string, source: PermissionRow['source']) => {
    const created = before(ctx.now, rng.int(10, 120) * DAY);
    return {
      id: rng.uuid(),
      name: rng.uuid(),
      namespace: null,
      description,
      source,
      deny: false,
      created_by: source === 'UI' ? rng.pick(admins).id : null,
      created_at: created,
      updated_at: created,
    };
  };
  for (const playbook of playbooks) {
    const template = playbook.template;
    if (template.target === 'config' || template.target === 'component') {
      rows.push({
        ...base(
          `${template.title} reads the ${template.target === 'config' ? 'catalog' : 'topology'}`,
          'KubernetesCRD',
        ),
        subject_type: 'playbook',
        subject: playbook.id,
        action: 'read',
        object: template.target === 'config' ? 'catalog' : 'component',
      });
    }
    for (const name of referencedConnections(playbook.spec)) {
      const connection = refs.connections.find((candidate) => candidate.name === name);
      if (!connection) continue;
      rows.push({
        ...base(`${template.title} uses the ${connection.name} connection`, 'KubernetesCRD'),
        subject_type: 'playbook',
        subject: playbook.id,
        action: 'read',
        connection_id: connection.id,
      });
    }
    const team = refs.teams.length > 0 ? rng.pick(refs.teams) : null;
    if (team && rng.chance(0.5)) {
      rows.push({
        ...base(`${team.name} may run ${template.title}`, 'UI'),
        subject_type: 'team',
        subject: team.id,
        action: 'playbook:run',
        playbook_id: playbook.id,
      });
    }
    if (template.approval) {
      const approver = rng.pick(commanders);
      rows.push({
        ...base(`${approver.name} approves runs of ${template.title}`, 'UI'),
        subject_type: 'person',
        subject: approver.id,
        action: 'playbook:approve',
        playbook_id: playbook.id,
      });
    }
  }
  rows.push(...accessExamples(ctx, playbooks));
  await insertEveryoneGroup(ctx);
  await insertPermissions(ctx.db, rows);
}

/**
 * The permission group of every person (`people: ['*']`, which Mission Control names
 * `everyone` as a subject), so that a permission given to the group `everyone` names a group
 * that exists. A fixed id, and nothing drawn from the generator.
 */
async function insertEveryoneGroup(ctx: SeedContext): Promise<void> {
  const time = before(ctx.now, 30 * DAY);
  await ctx.db.query(
    `INSERT INTO permission_groups (id, name, namespace, selectors, source, created_at, updated_at)
     VALUES ($1, $2, 'mission-control', $3, 'KubernetesCRD', $4, $4)`,
    [
      stableUuid(`permission-group/${EVERYONE_GROUP}`),
      EVERYONE_GROUP,
      JSON.stringify({ people: ['*'] }),
      time.toISOString(),
    ],
  );
}

/**
 * Permissions that show the kinds of access a playbook's Permissions dialog explains, with
 * fixed ids and times (they draw nothing from the generator, so the rows seeded after them do
 * not change): anyone may run Collect Pod Diagnostics, unrestricted (the dialog warns of it),
 * and a team may run Scale Deployment only on the configs of the `monitoring` namespace (an
 * object selector of playbooks and configs).
 */
function accessExamples(ctx: SeedContext, playbooks: readonly SeededPlaybook[]): PermissionRow[] {
  const rows: PermissionRow[] = [];
  const time = before(ctx.now, 30 * DAY);
  const fixed = (key: string) => ({
    id: stableUuid(`permission/${key}`),
    name: key,
    namespace: 'mission-control',
    source: 'KubernetesCRD' as const,
    deny: false,
    created_by: null,
    created_at: time,
    updated_at: time,
  });
  const diagnostics = playbooks.find((playbook) => playbook.name === 'collect-diagnostics');
  if (diagnostics) {
    rows.push({
      ...fixed('everyone-runs-collect-diagnostics'),
      description: 'Anyone may collect pod diagnostics',
      subject_type: 'group',
      subject: EVERYONE_GROUP,
      action: 'playbook:run',
      playbook_id: diagnostics.id,
    });
  }
  const scale = playbooks.find((playbook) => playbook.name === 'scale-deployment');
  const team = ctx.refs.teams[0];
  if (scale && team) {
    rows.push({
      ...fixed('team-scales-monitoring-deployments'),
      description: `${team.name} may scale the deployments of the monitoring namespace`,
      subject_type: 'team',
      subject: team.id,
      action: 'playbook:run',
      object_selector: {
        playbooks: [{ name: scale.name, namespace: scale.namespace }],
        configs: [{ name: '*', tagSelector: 'namespace=monitoring' }],
      },
    });
  }
  return rows;
}

/**
 * Playbooks (refs.playbooks) with real-looking specs, their run history in every status with
 * actions, approvals, artifacts and child runs, and the permissions of and on playbooks; then
 * the scenario playbooks (`playbookScenarios.ts`), which have no history and are not in
 * refs.playbooks, so that later areas seed the same rows as without them; last, the catalog's
 * config item of each playbook that comes from a Kubernetes resource (`playbookResources.ts`).
 */
export const seedPlaybooks: Seeder = async (ctx) => {
  requirePeople(ctx.refs);
  await ensureConnections(ctx);
  const playbooks = await insertPlaybooks(ctx);
  const runs = await insertRuns(ctx, playbooks);
  await insertPlaybookPermissions(ctx, playbooks);
  const scenarios = await insertScenarioPlaybooks(ctx);
  const resources = await insertPlaybookResources(ctx);
  ctx.log(
    `playbooks: ${playbooks.length + scenarios} playbooks (${resources} from Kubernetes resources), ${runs} runs`,
  );
};
