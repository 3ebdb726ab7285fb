import { bulkInsert } from './bulk';
import type { SeedContext, Seeder } from './context';
import { DAY_MS, MINUTE_MS, NIL_UUID, SECOND_MS, ago, hex, sample } from './helpers';
import { weighted } from './sampling';
import {
  AGENTS,
  DEMO_ACCOUNTS,
  type DemoRole,
  FIRST_NAMES,
  LAST_NAMES,
  TEAMS,
  TIMEZONES,
  TITLES,
} from './peopleCatalog';
import { seedIdentities } from './identities';
import { definitionColumns } from './columns';

const PEOPLE_TYPES = {
  id: 'uuid',
  name: 'text',
  email: 'text',
  avatar: 'text',
  type: 'text',
  title: 'text',
  organization: 'text',
  phone: 'text',
  properties: 'jsonb',
  external_id: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  last_login: 'timestamptz',
} as const;

interface PersonRow {
  id: string;
  name: string;
  email: string | null;
  role: DemoRole | null;
  title: string | null;
  created_at: Date;
  updated_at: Date;
  last_login: Date | null;
  type: string | null;
  properties: Record<string, string> | null;
}

/** How many people besides the role accounts: a medium company, growing slowly with scale. */
function colleagueCount(scale: number): number {
  return Math.min(400, Math.max(8, Math.round(30 * Math.sqrt(scale))));
}

function buildPeople(ctx: SeedContext): PersonRow[] {
  const { rng, now } = ctx;
  const people: PersonRow[] = [
    {
      id: rng.uuid(),
      name: 'System',
      email: null,
      role: null,
      title: null,
      type: 'system',
      properties: null,
      created_at: ago(now, 400 * DAY_MS),
      updated_at: ago(now, 400 * DAY_MS),
      last_login: null,
    },
  ];
  for (const account of DEMO_ACCOUNTS) {
    people.push({
      id: rng.uuid(),
      name: account.name,
      email: account.email,
      role: account.role,
      title: account.role === 'admin' ? 'Platform Lead' : rng.pick(TITLES),
      type: null,
      properties: { timezone: rng.pick(TIMEZONES) },
      created_at: ago(now, rng.int(200, 380) * DAY_MS),
      updated_at: ago(now, rng.int(1, 60) * DAY_MS),
      last_login: ago(now, rng.int(5, 72 * 60) * MINUTE_MS),
    });
  }
  const used = new Set<string>();
  const count = colleagueCount(ctx.scale);
  for (let i = 0; i < count; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    let local = `${first}.${last}`.toLowerCase();
    for (let n = 2; used.has(local); n++) local = `${first}.${last}${n}`.toLowerCase();
    used.add(local);
    const role = weighted<DemoRole>(rng, [
      ['editor', 5],
      ['responder', 4],
      ['viewer', 6],
      ['commander', 1],
      ['admin', 1],
      ['guest', 1],
    ]);
    const created = ago(now, rng.int(10, 700) * DAY_MS);
    people.push({
      id: rng.uuid(),
      name: `${first} ${last}`,
      email: `${local}@demo.local`,
      role,
      title: rng.pick(TITLES),
      type: null,
      properties: { timezone: rng.pick(TIMEZONES) },
      created_at: created,
      updated_at: ago(now, rng.int(0, 9) * DAY_MS),
      last_login: rng.chance(0.8) ? ago(now, rng.int(10, 20 * 24 * 60) * MINUTE_MS) : null,
    });
  }
  return people;
}

export const seedPeople: Seeder = async (ctx) => {
  const { db, rng, now } = ctx;
  const people = buildPeople(ctx);
  const agentPeople = AGENTS.map((agent) => ({
    id: rng.uuid(),
    name: `agent-${agent.name}`,
    email: null,
    role: null,
    title: null,
    type: 'agent',
    properties: null,
    created_at: ago(now, rng.int(100, 300) * DAY_MS),
    updated_at: ago(now, rng.int(1, 30) * DAY_MS),
    last_login: null,
  }));
  await bulkInsert(
    db,
    'people',
    PEOPLE_TYPES,
    [...people, ...agentPeople].map((person) => ({
      ...person,
      organization: person.email ? 'Acme Corp' : null,
      phone:
        person.email && rng.chance(0.5)
          ? `+44 20 7946 ${String(rng.int(0, 9999)).padStart(4, '0')}`
          : null,
      external_id: person.email ? `okta|${hex(rng, 20)}` : null,
      avatar: null,
    })),
  );

  const humans = people.filter((person) => person.email !== null && person.role !== null);
  const admin = humans[0];
  if (!admin) throw new Error('the admin account was not built');

  await bulkInsert(
    db,
    'casbin_rule',
    { ptype: 'text', v0: 'text', v1: 'text' },
    humans.map((person) => ({ ptype: 'g', v0: person.id, v1: person.role })),
  );

  const teams = await seedTeams(ctx, humans, admin.id);
  const agents = await seedAgents(ctx, agentPeople, admin.id);
  await seedTokens(ctx, humans, agentPeople, admin.id);
  await seedProperties(ctx, admin.id);
  await seedIdentities(ctx, humans);

  ctx.refs.people.push(
    ...humans.map((person) => ({
      id: person.id,
      name: person.name,
      email: person.email as string,
      role: person.role as string,
    })),
  );
  ctx.refs.teams.push(...teams);
  ctx.refs.agents.push(...agents);
  ctx.log(`people: ${humans.length} people, ${teams.length} teams, ${agents.length} agents`);
};

/**
 * How teams are reached as incident responders. The console links a responder to its ticket
 * with `linkUrl`, `${ID}` replaced by the responder's external id (api.md INC-19).
 */
const RESPONDER_CLIENTS = {
  jira: {
    url: 'https://acme.atlassian.net',
    defaults: { project: 'OPS', issueType: 'Incident', priority: 'High' },
    linkUrl: 'https://acme.atlassian.net/browse/${ID}',
  },
  service_now: {
    url: 'https://acme.service-now.com',
    linkUrl: 'https://acme.service-now.com/nav_to.do?uri=incident.do?sysparm_query=number=${ID}',
  },
  email: { to: 'oncall@acme.io' },
};

async function seedTeams(
  ctx: SeedContext,
  humans: PersonRow[],
  adminId: string,
): Promise<Array<{ id: string; name: string }>> {
  const { db, rng, now } = ctx;
  const teams = TEAMS.map((team) => ({
    id: rng.uuid(),
    name: team.name,
    icon: team.icon,
    source: rng.chance(0.7) ? 'UI' : 'KubernetesCRD',
    spec: {
      components: team.namespaces.map((namespace) => ({ labelSelector: `namespace=${namespace}` })),
      configs: [{ tagSelector: `namespace=${team.namespaces[0]}` }],
      notifications: [{ connection: `connection://default/slack-${team.name.toLowerCase()}` }],
      responder_clients: RESPONDER_CLIENTS,
    },
    created_by: adminId,
    created_at: ago(now, rng.int(150, 400) * DAY_MS),
    updated_at: ago(now, rng.int(1, 100) * DAY_MS),
  }));
  await bulkInsert(
    db,
    'teams',
    definitionColumns({
      name: 'text',
      icon: 'text',
      source: 'text',
      spec: 'jsonb',
    }),
    teams,
  );

  const members: Array<{ team_id: string; person_id: string; source: string }> = [];
  const primary = new Map<string, string>();
  for (const person of humans) {
    const count = person.role === 'guest' ? 1 : rng.int(1, 2);
    for (const team of sample(rng, teams, count)) {
      members.push({ team_id: team.id, person_id: person.id, source: team.source });
      if (!primary.has(person.id)) primary.set(person.id, team.id);
    }
  }
  await bulkInsert(
    db,
    'team_members',
    { team_id: 'uuid', person_id: 'uuid', source: 'text' },
    members,
  );
  const ids = [...primary.keys()];
  await db.query(
    `UPDATE people SET team_id = t.team_id
     FROM unnest($1::uuid[], $2::uuid[]) AS t(person_id, team_id)
     WHERE people.id = t.person_id`,
    [ids, ids.map((id) => primary.get(id))],
  );
  return teams.map((team) => ({ id: team.id, name: team.name }));
}

async function seedAgents(
  ctx: SeedContext,
  agentPeople: Array<{ id: string }>,
  adminId: string,
): Promise<Array<{ id: string; name: string }>> {
  const { db, rng, now } = ctx;
  const rows = AGENTS.map((agent, i) => ({
    id: rng.uuid(),
    name: agent.name,
    hostname: agent.hostname,
    description: `Mission Control agent in ${agent.region}`,
    ip: agent.ip,
    version: agent.lastSeenMs === null ? null : rng.pick(['v0.1.412', 'v0.1.418', 'v0.1.420']),
    username: `agent-${agent.name}`,
    person_id: agentPeople[i]?.id ?? null,
    properties: { region: agent.region, cluster: agent.name },
    created_by: adminId,
    created_at: ago(now, rng.int(60, 300) * DAY_MS),
    updated_at: ago(now, rng.int(1, 30) * DAY_MS),
    last_seen: agent.lastSeenMs === null ? null : ago(now, agent.lastSeenMs),
    last_received: agent.lastSeenMs === null ? null : ago(now, agent.lastSeenMs + 5 * SECOND_MS),
  }));
  await bulkInsert(
    db,
    'agents',
    {
      id: 'uuid',
      name: 'text',
      hostname: 'text',
      description: 'text',
      ip: 'text',
      version: 'text',
      username: 'text',
      person_id: 'uuid',
      properties: 'jsonb',
      created_by: 'uuid',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
      last_seen: 'timestamptz',
      last_received: 'timestamptz',
    },
    rows,
  );
  return [{ id: NIL_UUID, name: 'local' }, ...rows.map((row) => ({ id: row.id, name: row.name }))];
}

async function seedTokens(
  ctx: SeedContext,
  humans: PersonRow[],
  agentPeople: Array<{ id: string; name: string }>,
  adminId: string,
): Promise<void> {
  const { db, rng, now } = ctx;
  const tokens: Array<Record<string, unknown>> = agentPeople.map((person) => ({
    id: rng.uuid(),
    name: `${person.name}-token`,
    person_id: person.id,
    value: hex(rng, 64),
    auto_renew: true,
    created_at: ago(now, rng.int(30, 200) * DAY_MS),
    created_by: adminId,
    expires_at: null,
  }));
  const owners = humans.slice(0, 3);
  for (const [i, name] of [
    'ci-deploy',
    'grafana-datasource',
    'mcp-claude',
    'backup-exporter',
  ].entries()) {
    const owner = owners[i % owners.length] as PersonRow;
    const created = ago(now, rng.int(5, 120) * DAY_MS);
    tokens.push({
      id: rng.uuid(),
      name,
      person_id: owner.id,
      value: hex(rng, 64),
      auto_renew: rng.chance(0.5),
      created_at: created,
      created_by: owner.id,
      expires_at: i === 3 ? ago(now, 2 * DAY_MS) : new Date(created.getTime() + 90 * DAY_MS),
    });
  }
  await bulkInsert(
    db,
    'access_tokens',
    {
      id: 'uuid',
      name: 'text',
      person_id: 'uuid',
      value: 'text',
      auto_renew: 'boolean',
      created_at: 'timestamptz',
      created_by: 'uuid',
      expires_at: 'timestamptz',
    },
    tokens,
  );
}

async function seedProperties(ctx: SeedContext, adminId: string): Promise<void> {
  const { db, now } = ctx;
  const rows = [
    ['incidents.disable', 'false'],
    ['logs.disable', 'false'],
    ['applications.disable', 'false'],
    // The flows page is off unless switched on; the demo shows it.
    ['settings.flows.disable', 'false'],
    ['catalog.changes.retention', '30d'],
    ['notification.send.rate_limit', '50'],
    ['support.email', 'support@demo.local'],
  ].map(([name, value], i) => ({
    name,
    value,
    created_by: i < 4 ? adminId : null,
    created_at: ago(now, (30 + i) * DAY_MS),
    updated_at: ago(now, (2 + i) * DAY_MS),
  }));
  await bulkInsert(
    db,
    'properties',
    {
      name: 'text',
      value: 'text',
      created_by: 'uuid',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows,
  );
}
