import type { SeedContext, Seeder } from './context';
import { bulkInsert } from './bulk';
import { CONNECTION_COLUMNS, EVENT_QUEUE_COLUMNS, definitionColumns } from './columns';
import { loadScrapers, peopleWithRole, requirePeople, teamNamespaces } from './estate';
import { JOB_HISTORY_TYPES, SYSTEM_JOBS, buildJobHistory, type JobTarget } from './jobHistory';
import { insertPermissions, type PermissionRow } from './permissionRows';
import {
  definitionRow,
  definitionTimes,
  ensureConnections,
  ensureIncidentRules,
  uiAuthor,
} from './prerequisites';
import {
  APPLICATIONS,
  INTEGRATIONS,
  LOGGING_BACKENDS,
  PROPERTIES,
  QUEUED_EVENTS,
  SAVED_QUERIES,
  SCOPES,
  TESTABLE_CONNECTIONS,
} from './settingsCatalog';
import {
  DAY,
  LOCAL_AGENT_ID,
  MINUTE,
  after,
  before,
  copiesFor,
  fill,
  scaledCount,
} from './sampling';
import { VIEWS } from './viewCatalog';
import { evaluateView } from '../views/evaluate';

async function seedProperties(ctx: SeedContext): Promise<void> {
  const admin = ctx.rng.pick(peopleWithRole(ctx.refs, ['admin']));
  for (const property of PROPERTIES) {
    await ctx.db.query(
      `INSERT INTO properties (name, value, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $4) ON CONFLICT (name) DO NOTHING`,
      [property.name, property.value, admin.id, before(ctx.now, 90 * DAY).toISOString()],
    );
  }
}

async function seedScopes(
  ctx: SeedContext,
  namespaces: readonly string[],
): Promise<Array<{ namespace: string; name: string }>> {
  const editors = peopleWithRole(ctx.refs, ['admin', 'editor']);
  const remoteAgent = ctx.refs.agents.find((agent) => agent.id !== LOCAL_AGENT_ID)?.name ?? 'local';
  const teamScopes = Math.min(namespaces.length, Math.max(3, Math.round(3 * ctx.scale)));
  const rows: Array<Record<string, unknown>> = [];
  for (const definition of SCOPES) {
    const targets = definition.name.includes('{ns}') ? namespaces.slice(0, teamScopes) : [''];
    for (const ns of targets) {
      const values = { ns, agent: remoteAgent };
      const scope = {
        name: fill(definition.name, values),
        namespace: fill(definition.namespace, values),
        description: fill(definition.description, values),
        targets: JSON.parse(fill(JSON.stringify(definition.targets), values)) as unknown,
        source: definition.source,
      };
      rows.push(definitionRow(ctx, scope, uiAuthor(ctx, definition.source, editors)));
    }
  }
  await bulkInsert(
    ctx.db,
    'scopes',
    definitionColumns({
      name: 'text',
      namespace: 'text',
      description: 'text',
      targets: 'jsonb',
      source: 'text',
    }),
    rows,
  );
  return rows.map((row) => ({ namespace: row.namespace as string, name: row.name as string }));
}

async function seedPeopleAndTeamPermissions(
  ctx: SeedContext,
  scopes: ReadonlyArray<{ namespace: string; name: string }>,
): Promise<void> {
  const { rng, refs } = ctx;
  const people = requirePeople(refs);
  const admins = peopleWithRole(refs, ['admin']);
  const groups = [
    {
      name: 'oncall-engineers',
      namespace: 'mission-control',
      selectors: {
        people: people.slice(0, 4).map((person) => person.email),
        teams: refs.teams.slice(0, 1).map((t) => t.name),
      },
      source: 'KubernetesCRD',
    },
    {
      name: 'auditors',
      namespace: 'mission-control',
      selectors: { people: people.slice(-2).map((person) => person.email) },
      source: 'UI',
    },
  ];
  const groupRows = groups.map((group) =>
    definitionRow(ctx, group, uiAuthor(ctx, group.source, admins)),
  );
  await bulkInsert(
    ctx.db,
    'permission_groups',
    definitionColumns({
      name: 'text',
      namespace: 'text',
      selectors: 'jsonb',
      source: 'text',
    }),
    groupRows,
  );

  const rows: PermissionRow[] = [];
  const add = (
    row: Omit<
      PermissionRow,
      'id' | 'name' | 'namespace' | 'created_at' | 'updated_at' | 'created_by' | 'deny'
    > &
      Partial<Pick<PermissionRow, 'deny' | 'namespace'>>,
  ): void => {
    const crd = row.source === 'KubernetesCRD';
    rows.push({
      id: rng.uuid(),
      name: crd
        ? `${row.subject_type}-${row.action.replace(/[^a-z]+/g, '-')}-${rows.length + 1}`
        : rng.uuid(),
      namespace: row.namespace ?? (crd ? 'mission-control' : null),
      deny: row.deny ?? false,
      created_by: crd ? null : rng.pick(admins).id,
      ...definitionTimes(ctx),
      ...row,
    });
  };

  const copies = copiesFor(ctx.scale);
  for (let copy = 0; copy < copies; copy++) {
    const team = refs.teams.length > 0 ? refs.teams[copy % refs.teams.length] : undefined;
    const person = people[copy % people.length] ?? rng.pick(people);
    const other = people[(copy + 3) % people.length] ?? rng.pick(people);
    const scope = scopes[copy % Math.max(1, scopes.length)];
    if (team) {
      add({
        description: `${team.name} can read the whole catalog`,
        source: 'KubernetesCRD',
        subject_type: 'team',
        subject: team.id,
        action: 'read',
        object: 'catalog',
      });
      add({
        description: `${team.name} may run any playbook`,
        source: 'UI',
        subject_type: 'team',
        subject: team.id,
        action: 'playbook:run',
        object_selector: { playbooks: [{ name: '*' }] },
      });
    }
    if (scope) {
      add({
        description: `${person.name} reads and edits resources of scope ${scope.namespace}/${scope.name}`,
        source: 'UI',
        subject_type: 'person',
        subject: person.id,
        action: 'read,update',
        object_selector: { scopes: [{ namespace: scope.namespace, name: scope.name }] },
      });
    }
    const config = refs.configs.length > 0 ? rng.pick(refs.configs) : undefined;
    if (config) {
      add({
        description: `Temporary write access to ${config.name} during the migration`,
        source: 'UI',
        subject_type: 'person',
        subject: other.id,
        action: 'update',
        config_id: config.id,
        until: after(ctx.now, rng.int(2, 20) * DAY),
      });
    }
    const component = refs.components.length > 0 ? rng.pick(refs.components) : undefined;
    if (component) {
      add({
        description: `Read access to the ${component.name} component`,
        source: 'UI',
        subject_type: 'person',
        subject: person.id,
        action: 'read',
        component_id: component.id,
      });
    }
    const canary = refs.canaries.length > 0 ? rng.pick(refs.canaries) : undefined;
    if (canary) {
      add({
        description: `May trigger the ${canary.name} health checks`,
        source: 'UI',
        subject_type: team ? 'team' : 'person',
        subject: team ? team.id : person.id,
        action: 'update',
        canary_id: canary.id,
      });
    }
    const connection = refs.connections.length > 0 ? rng.pick(refs.connections) : undefined;
    if (connection) {
      add({
        description: `Use of the ${connection.name} connection`,
        source: 'UI',
        subject_type: team ? 'team' : 'person',
        subject: team ? team.id : person.id,
        action: 'read',
        connection_id: connection.id,
      });
    }
    add({
      description: 'Nobody outside the admins deletes catalog items',
      source: 'KubernetesCRD',
      subject_type: 'person',
      subject: other.id,
      action: 'delete',
      object: 'catalog',
      deny: true,
    });
    add({
      description: 'On-call engineers approve runs of remediation playbooks',
      source: 'KubernetesCRD',
      subject_type: 'group',
      subject: 'oncall-engineers',
      action: 'playbook:approve',
      object: 'playbook',
    });
    add({
      description: 'Auditors can read everything',
      source: 'UI',
      subject_type: 'group',
      subject: 'auditors',
      action: 'read',
      object: 'catalog',
    });
  }
  await insertPermissions(ctx.db, rows);
}

async function seedLoggingBackends(ctx: SeedContext): Promise<void> {
  const remote = ctx.refs.agents.filter((agent) => agent.id !== LOCAL_AGENT_ID);
  const rows = LOGGING_BACKENDS.map((definition) => ({
    id: ctx.rng.uuid(),
    name: definition.name,
    labels: definition.labels,
    spec: definition.spec,
    source: definition.source,
    agent_id: definition.remote && remote.length > 0 ? ctx.rng.pick(remote).id : LOCAL_AGENT_ID,
    created_by:
      definition.source === 'UI' ? ctx.rng.pick(peopleWithRole(ctx.refs, ['admin'])).id : null,
    ...definitionTimes(ctx),
  }));
  await bulkInsert(
    ctx.db,
    'logging_backends',
    definitionColumns({
      name: 'text',
      labels: 'jsonb',
      spec: 'jsonb',
      source: 'source',
      agent_id: 'uuid',
    }),
    rows,
  );
}

async function seedApplicationsAndIntegrations(ctx: SeedContext): Promise<void> {
  const editors = peopleWithRole(ctx.refs, ['admin', 'editor']);
  await bulkInsert(
    ctx.db,
    'applications',
    definitionColumns({
      name: 'text',
      namespace: 'text',
      description: 'text',
      spec: 'jsonb',
      labels: 'jsonb',
      source: 'source',
    }),
    APPLICATIONS.map((application) =>
      definitionRow(ctx, application, uiAuthor(ctx, application.source, editors)),
    ),
  );
  await bulkInsert(
    ctx.db,
    'integrations',
    definitionColumns({
      name: 'text',
      icon: 'text',
      spec: 'jsonb',
      source: 'text',
    }),
    INTEGRATIONS.map((integration) =>
      definitionRow(ctx, integration, () => ctx.rng.pick(editors).id),
    ),
  );
  await bulkInsert(
    ctx.db,
    'saved_query',
    {
      id: 'uuid',
      icon: 'text',
      description: 'text',
      query: 'text',
      columns: 'jsonb',
      created_by: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    SAVED_QUERIES.map((saved) => definitionRow(ctx, saved, () => ctx.rng.pick(editors).id)),
  );
}

/**
 * View definitions; each is evaluated with its default variables, which materialises its table
 * rows and caches its panels as a request would.
 */
async function seedViews(ctx: SeedContext): Promise<void> {
  const editors = peopleWithRole(ctx.refs, ['admin', 'editor']);
  // The view queries read the freshly loaded estate: without statistics the planner picks
  // nested loops that take minutes at large scales.
  await ctx.db.exec('ANALYZE config_items; ANALYZE checks;');
  for (const view of VIEWS) {
    const id = ctx.rng.uuid();
    const times = definitionTimes(ctx);
    await ctx.db.query(
      `INSERT INTO views (id, name, namespace, spec, source, labels, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        view.name,
        view.namespace,
        JSON.stringify(view.spec),
        view.source,
        JSON.stringify(view.labels),
        view.source === 'UI' ? ctx.rng.pick(editors).id : null,
        times.created_at.toISOString(),
        times.updated_at.toISOString(),
      ],
    );
    const outcome = await evaluateView(ctx.db, id, {}, { now: before(ctx.now, 10 * MINUTE) });
    if (!outcome.ok) throw new Error(`seeded view ${view.name}: ${outcome.error}`);
    if (outcome.result.refreshError) {
      throw new Error(`seeded view ${view.name}: ${outcome.result.refreshError}`);
    }
  }
}

async function seedJobHistory(ctx: SeedContext): Promise<void> {
  const { refs } = ctx;
  const scrapers = await loadScrapers(ctx.db);
  const targets: JobTarget[] = [
    ...refs.canaries.map((canary) => ({
      job: 'canary' as const,
      name: 'Canary',
      resourceType: 'canary',
      resourceId: canary.id,
      resourceName: canary.name,
      agentId: LOCAL_AGENT_ID,
      intervalMs: 5 * MINUTE,
      meanDurationMs: 2500,
    })),
    ...scrapers.map((scraper) => ({
      job: 'config_scraper' as const,
      name: 'Scraper',
      resourceType: 'config_scraper',
      resourceId: scraper.id,
      resourceName: scraper.name,
      agentId: scraper.agentId,
      intervalMs: 15 * MINUTE,
      meanDurationMs: scraper.kind === 'kubernetes' ? 45_000 : 110_000,
      flavour: scraper.kind,
    })),
    ...refs.topologies.map((topology) => ({
      job: 'topology' as const,
      name: 'Topology',
      resourceType: 'topology',
      resourceId: topology.id,
      resourceName: topology.name,
      agentId: LOCAL_AGENT_ID,
      intervalMs: 10 * MINUTE,
      meanDurationMs: 4200,
    })),
    ...refs.teams.map((team) => ({
      job: 'team' as const,
      name: 'TeamComponentOwnership',
      resourceType: 'team',
      resourceId: team.id,
      resourceName: team.name,
      agentId: LOCAL_AGENT_ID,
      intervalMs: 60 * MINUTE,
      meanDurationMs: 300,
    })),
    ...SYSTEM_JOBS.map((job) => ({
      job: 'system' as const,
      name: job.name,
      resourceType: '',
      resourceId: '',
      resourceName: job.name,
      agentId: LOCAL_AGENT_ID,
      intervalMs: job.intervalMs,
      meanDurationMs: job.meanDurationMs,
    })),
  ];
  const rows = buildJobHistory(ctx.rng, ctx.now, targets, scaledCount(3000, ctx.scale, 50));
  await bulkInsert(
    ctx.db,
    'job_history',
    JOB_HISTORY_TYPES,
    rows as unknown as Array<Record<string, unknown>>,
  );
}

/**
 * Rows for the integrations pages that draw on the random source after everything else, so the
 * rest of the estate stays as it was: connections the demo can test for real and queued events
 * of several kinds, some failing.
 */
async function seedIntegrationExtras(ctx: SeedContext): Promise<void> {
  const { rng, now } = ctx;
  const admins = peopleWithRole(ctx.refs, ['admin']);
  const connections = TESTABLE_CONNECTIONS.map((definition) => ({
    id: rng.uuid(),
    name: definition.name,
    namespace: 'mission-control',
    type: definition.type,
    url: definition.url ?? null,
    source: definition.source,
    username: definition.username ?? null,
    password: definition.password ?? null,
    properties: definition.properties ?? {},
    insecure_tls: definition.insecureTls ?? false,
    created_by: rng.pick(admins).id,
    ...definitionTimes(ctx),
  }));
  await bulkInsert(ctx.db, 'connections', CONNECTION_COLUMNS, connections);
  ctx.refs.connections.push(
    ...connections.map((row) => ({ id: row.id, name: row.name, type: row.type })),
  );

  const events: Array<Record<string, unknown>> = [];
  for (const event of QUEUED_EVENTS) {
    for (let i = 0; i < event.count; i++) {
      const failed = i < event.failed;
      const created = before(now, rng.int(2, 36 * 60) * MINUTE);
      const attempts = failed ? rng.int(2, 6) : rng.int(0, 1);
      events.push({
        id: rng.uuid(),
        event_id: rng.uuid(),
        name: event.name,
        properties: { id: rng.uuid() },
        error: failed ? event.error : null,
        created_at: created,
        last_attempt: attempts > 0 ? after(created, attempts * 3 * MINUTE) : null,
        attempts,
        priority: 100,
      });
    }
  }
  await bulkInsert(ctx.db, 'event_queue', EVENT_QUEUE_COLUMNS, events);
}

/**
 * Settings and system data: properties, connections (refs.connections), scopes, permission groups
 * and the people/team permissions, logging backends, incident rules, applications, integrations,
 * saved queries, views with their tables and panels, and job history.
 */
export const seedSettings: Seeder = async (ctx) => {
  requirePeople(ctx.refs);
  const namespaces = await teamNamespaces(ctx.db);
  await seedProperties(ctx);
  await ensureConnections(ctx);
  const scopes = await seedScopes(ctx, namespaces);
  await seedPeopleAndTeamPermissions(ctx, scopes);
  await seedLoggingBackends(ctx);
  await ensureIncidentRules(ctx);
  await seedApplicationsAndIntegrations(ctx);
  await seedViews(ctx);
  await seedJobHistory(ctx);
  await seedIntegrationExtras(ctx);
  ctx.log(
    `settings: ${ctx.refs.connections.length} connections, ${scopes.length} scopes, job history`,
  );
};
