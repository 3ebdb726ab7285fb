import type { SeedContext } from './context';
import { peopleWithRole, teamNamespaces } from './estate';
import { DAY, HOUR, after, before, copiesFor, copyNamespace } from './sampling';
import { CONNECTIONS, INCIDENT_RULES } from './settingsCatalog';
import { bulkInsert } from './bulk';
import { CONNECTION_COLUMNS, definitionColumns } from './columns';

/**
 * Definitions several second-half areas depend on: connections (used by playbooks,
 * notifications and permissions) and incident rules (used by incidents). Whichever seeder needs
 * them first seeds them, so the areas work in any order.
 */

/** A creation time between 20 and 200 days ago, and an update time after it. */
export function definitionTimes(ctx: SeedContext): { created_at: Date; updated_at: Date } {
  const created = before(ctx.now, ctx.rng.int(20, 200) * DAY + ctx.rng.int(0, 23) * HOUR);
  return { created_at: created, updated_at: after(created, ctx.rng.int(0, 15) * DAY) };
}

/**
 * The row of a definition: a new id, its fields, who made it (`createdBy`, asked after the id
 * is drawn) and when (`definitionTimes`), drawing on the random source in that order.
 */
export function definitionRow(
  ctx: SeedContext,
  fields: object,
  createdBy: () => string | null,
): Record<string, unknown> {
  const id = ctx.rng.uuid();
  return { id, ...fields, created_by: createdBy(), ...definitionTimes(ctx) };
}

/** Who made a definition: one of `people` for a definition made in the UI, else nobody. */
export function uiAuthor(
  ctx: SeedContext,
  source: string,
  people: readonly { id: string }[],
): () => string | null {
  return () => (source === 'UI' ? ctx.rng.pick(people).id : null);
}

async function seedConnections(ctx: SeedContext): Promise<void> {
  const namespaces = await teamNamespaces(ctx.db);
  const admins = peopleWithRole(ctx.refs, ['admin', 'editor']);
  const rows: Array<Record<string, unknown>> = [];
  const copies = copiesFor(ctx.scale);
  for (let copy = 0; copy < copies; copy++) {
    const definitions =
      copy === 0 ? CONNECTIONS : CONNECTIONS.filter((definition) => definition.perTeam);
    for (const definition of definitions) {
      // Later copies belong to team namespaces; each team gets its own slack channel and database.
      const namespace = copyNamespace('mission-control', copy, namespaces);
      const team = copy === 0 ? '' : namespace;
      rows.push({
        id: ctx.rng.uuid(),
        name: definition.name,
        namespace,
        type: definition.type,
        url:
          definition.url?.replace('orders-db.prod', team ? `${team}-db.prod` : 'orders-db.prod') ??
          null,
        source: definition.source,
        username: definition.username ?? null,
        password: definition.password ?? null,
        certificate: definition.certificate ?? null,
        properties:
          team && definition.type === 'slack'
            ? { ...definition.properties, channel: `#${team}-alerts` }
            : (definition.properties ?? {}),
        insecure_tls: definition.insecureTls ?? false,
        created_by: definition.source === 'UI' ? ctx.rng.pick(admins).id : null,
        ...definitionTimes(ctx),
      });
    }
  }
  await bulkInsert(ctx.db, 'connections', CONNECTION_COLUMNS, rows);
  ctx.refs.connections = rows.map((row) => ({
    id: row.id as string,
    name: row.name as string,
    type: row.type as string,
  }));
}

async function seedIncidentRules(ctx: SeedContext): Promise<void> {
  const admins = peopleWithRole(ctx.refs, ['admin', 'commander']);
  const rows = INCIDENT_RULES.map(({ name, spec, source }) =>
    definitionRow(ctx, { name, spec, source }, () => ctx.rng.pick(admins).id),
  );
  await bulkInsert(
    ctx.db,
    'incident_rules',
    definitionColumns({
      name: 'text',
      spec: 'jsonb',
      source: 'text',
    }),
    rows,
  );
}

/** Seeds the connections (filling refs.connections) unless they are there already. */
export async function ensureConnections(ctx: SeedContext): Promise<void> {
  if (ctx.refs.connections.length > 0) return;
  await seedConnections(ctx);
}

/** Seeds the incident rules unless some exist already. */
export async function ensureIncidentRules(ctx: SeedContext): Promise<void> {
  const { rows } = await ctx.db.query('SELECT 1 FROM incident_rules LIMIT 1');
  if (rows.length > 0) return;
  await seedIncidentRules(ctx);
}
