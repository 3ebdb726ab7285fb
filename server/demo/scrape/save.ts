/**
 * Saves what a scrape found, as config-db does: the scraper's config items are matched by type
 * and external id; a new one is inserted (created at the run's time), one whose config, name,
 * labels, tags, health or status changed is updated (updated at the run's time) with a `diff`
 * change holding a JSON merge patch, an unchanged one is left alone, and a live one the scrape
 * no longer found is deleted (unless its type's list failed). An aws scrape's users, groups,
 * roles, memberships, grants and sign-ins are saved the same way, by their first alias. Rows are
 * written in batches (one statement per thousand), so five thousand items take one pass.
 */
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/types';
import type {
  ScrapeRead,
  ScrapedAccess,
  ScrapedAccessLog,
  ScrapedGroup,
  ScrapedItem,
  ScrapedRole,
  ScrapedUser,
} from './read';

/** Rows per batched statement. */
const BATCH = 1000;

export const DELETE_REASON = 'not found in the latest scrape';

export interface TypeSummary {
  added?: number;
  updated?: number;
  unchanged?: number;
  changes?: number;
  deleted?: number;
}

export interface EntitySummary {
  scraped?: number;
  saved?: number;
  skipped?: number;
  deleted?: number;
}

export interface ScrapeSummary {
  config_types: Record<string, TypeSummary>;
  external_users?: EntitySummary;
  external_groups?: EntitySummary;
  external_roles?: EntitySummary;
  config_access?: EntitySummary;
  access_logs?: EntitySummary;
}

/** A change as the run artifact lists it. */
export interface SavedChange {
  external_id: string;
  config_type: string;
  external_change_id: string;
  action: 'update';
  change_type: 'diff';
  patches: unknown;
  summary: string;
  severity: 'info';
  source: 'config-db';
  created_at: string;
}

export interface SavedAccessResults {
  external_users: unknown[];
  external_groups: unknown[];
  external_roles: unknown[];
  external_user_groups: unknown[];
  config_access: unknown[];
  config_access_logs: unknown[];
}

export interface SaveOutcome {
  summary: ScrapeSummary;
  changes: SavedChange[];
  access: SavedAccessResults;
  errors: string[];
  /** Debug lines: what was inserted, updated, deleted. */
  notes: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Deep equality of JSON values, keys in any order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return a === b || ((a === undefined || a === null) && (b === undefined || b === null));
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, i) => jsonEqual(value, b[i]));
  }
  const left = a as Json;
  const right = b as Json;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) {
    return false;
  }
  return keys.every((key) => key in right && jsonEqual(left[key], right[key]));
}

/** The JSON merge patch (RFC 7396) that turns `before` into `after`. */
export function mergePatch(before: unknown, after: unknown): unknown {
  if (!isObject(before) || !isObject(after)) return after === undefined ? null : after;
  const patch: Json = {};
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = null;
  for (const [key, value] of Object.entries(after)) {
    if (!jsonEqual(before[key], value)) patch[key] = mergePatch(before[key], value);
  }
  return patch;
}

/** The dotted paths a merge patch sets, two levels deep: `spec.replicas`, `metadata.labels`. */
function patchPaths(patch: unknown, prefix = '', depth = 0): string[] {
  if (!isObject(patch) || depth >= 2) return [prefix];
  const paths = Object.entries(patch).flatMap(([key, value]) =>
    patchPaths(value, prefix ? `${prefix}.${key}` : key, depth + 1),
  );
  return paths.length > 0 ? paths : [prefix];
}

const FIELDS = ['name', 'labels', 'tags', 'health', 'status'] as const;

interface LiveItem {
  id: string;
  external_id: string[];
  type: string;
  name: string | null;
  config: unknown;
  labels: unknown;
  tags: unknown;
  health: string | null;
  status: string | null;
  path: string | null;
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

function bump(summary: ScrapeSummary, type: string, key: keyof TypeSummary, by = 1): void {
  const counts = (summary.config_types[type] ??= {});
  counts[key] = (counts[key] ?? 0) + by;
}

/** Without its zero fields. */
function entitySummary(counts: Required<EntitySummary>): EntitySummary {
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
}

/** Where the scraper's items go: its id, agent and source name. */
export interface SaveTarget {
  scraperId: string;
  agentId: string;
  source: string;
  jobId: string;
}

/** Saves the config items; answers the ids of every external id of the scraper's live items. */
async function saveItems(
  tx: SqlClient,
  target: SaveTarget,
  read: ScrapeRead,
  runAt: Date,
  outcome: SaveOutcome,
): Promise<Map<string, string>> {
  const at = runAt.toISOString();
  const { rows: live } = await tx.query<LiveItem>(
    `SELECT id, external_id, type, name, config, labels, tags, health, status, path
       FROM config_items WHERE scraper_id = $1 AND deleted_at IS NULL`,
    [target.scraperId],
  );
  const byKey = new Map<string, LiveItem>();
  const idOf = new Map<string, { id: string; path: string | null }>();
  for (const row of live) {
    for (const ext of row.external_id ?? []) {
      const key = `${row.type}\u0000${ext}`;
      if (!byKey.has(key)) byKey.set(key, row);
      if (!idOf.has(ext)) idOf.set(ext, { id: row.id, path: row.path });
    }
  }
  const seen = new Set<string>();
  const inserts: Array<{ item: ScrapedItem; id: string }> = [];
  const updates: Json[] = [];
  const changeRows: Json[] = [];
  const taken = new Set<string>();
  for (const item of read.items) {
    const keys = item.externalId.map((ext) => `${item.type}\u0000${ext}`);
    if (keys.some((key) => taken.has(key))) {
      outcome.notes.push(`skipped a second ${item.type} ${item.externalId[0]}`);
      continue;
    }
    for (const key of keys) taken.add(key);
    const match = keys.map((key) => byKey.get(key)).find((row) => row && !seen.has(row.id));
    if (!match) {
      const id = randomUUID();
      inserts.push({ item, id });
      for (const ext of item.externalId) if (!idOf.has(ext)) idOf.set(ext, { id, path: null });
      bump(outcome.summary, item.type, 'added');
      continue;
    }
    seen.add(match.id);
    const configChanged = !jsonEqual(match.config, item.config);
    const changed = FIELDS.filter((field) => !jsonEqual(match[field], item[field]));
    if (!configChanged && changed.length === 0) {
      bump(outcome.summary, item.type, 'unchanged');
      continue;
    }
    updates.push({
      id: match.id,
      name: item.name,
      config: item.config,
      labels: item.labels,
      tags: item.tags,
      health: item.health,
      status: item.status,
      ready: item.ready,
    });
    bump(outcome.summary, item.type, 'updated');
    const patches = configChanged
      ? mergePatch(match.config, item.config)
      : mergePatch(
          Object.fromEntries(changed.map((field) => [field, match[field]])),
          Object.fromEntries(changed.map((field) => [field, item[field]])),
        );
    const paths = [...(configChanged ? patchPaths(patches) : []), ...changed];
    const summary = `${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ` and ${paths.length - 5} more` : ''} changed`;
    const externalChangeId = `${target.jobId}/${match.id}`;
    changeRows.push({
      config_id: match.id,
      external_change_id: externalChangeId,
      summary,
      patches,
    });
    outcome.changes.push({
      external_id: item.externalId[0] ?? '',
      config_type: item.type,
      external_change_id: externalChangeId,
      action: 'update',
      change_type: 'diff',
      patches,
      summary,
      severity: 'info',
      source: 'config-db',
      created_at: at,
    });
    bump(outcome.summary, item.type, 'changes');
  }

  // New items under their parents: the parent's id and the path through it.
  const pathOf = new Map<string, string | null>();
  const parentOf = new Map<string, string | null>();
  for (const { item, id } of inserts) {
    parentOf.set(id, item.parent ? (idOf.get(item.parent)?.id ?? null) : null);
  }
  const livePath = new Map(live.map((row) => [row.id, row.path]));
  const resolvePath = (id: string, depth = 0): string | null => {
    if (pathOf.has(id)) return pathOf.get(id) ?? null;
    const parent = parentOf.get(id);
    if (parent === undefined || parent === null || depth > 50) return null;
    const parentPath = parentOf.has(parent)
      ? resolvePath(parent, depth + 1)
      : (livePath.get(parent) ?? null);
    const path = parentPath ? `${parentPath}.${parent}` : parent;
    pathOf.set(id, path);
    return path;
  };
  const insertRows = inserts.map(({ item, id }) => {
    const parent = parentOf.get(id) ?? null;
    const path = resolvePath(id);
    return {
      id,
      config_class: item.configClass,
      status: item.status,
      health: item.health,
      ready: item.ready,
      external_id: item.externalId,
      type: item.type,
      name: item.name,
      config: item.config,
      labels: item.labels,
      tags: item.tags,
      parent_id: parent,
      path,
    };
  });
  for (const rows of chunks(insertRows)) {
    await tx.query(
      `INSERT INTO config_items (id, agent_id, scraper_id, config_class, status, health, ready,
                                 external_id, type, name, config, source, labels, tags, parent_id,
                                 path, created_at, updated_at, inserted_at, last_scraped_time)
       SELECT r.id, $2, $3, r.config_class, r.status, r.health, r.ready, r.external_id, r.type,
              r.name, r.config, $4, r.labels, r.tags, r.parent_id, r.path, $5, $5, $5, $5
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, config_class text, status text,
              health text, ready boolean, external_id text[], type text, name text, config jsonb,
              labels jsonb, tags jsonb, parent_id uuid, path text)`,
      [JSON.stringify(rows), target.agentId, target.scraperId, target.source, at],
    );
  }
  for (const rows of chunks(updates)) {
    await tx.query(
      `UPDATE config_items c
          SET name = r.name, config = r.config, labels = r.labels, tags = r.tags,
              health = r.health, status = r.status, ready = r.ready, updated_at = $2,
              last_scraped_time = $2
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, name text, config jsonb, labels jsonb,
              tags jsonb, health text, status text, ready boolean)
        WHERE c.id = r.id`,
      [JSON.stringify(rows), at],
    );
  }
  for (const rows of chunks(changeRows)) {
    await tx.query(
      `INSERT INTO config_changes (config_id, external_change_id, change_type, severity, source,
                                   summary, patches, created_at, first_observed, inserted_at)
       SELECT r.config_id, r.external_change_id, 'diff', 'info', 'config-db', r.summary,
              r.patches, $2, $2, $2
         FROM jsonb_to_recordset($1::jsonb) AS r(config_id uuid, external_change_id text,
              summary text, patches jsonb)
       ON CONFLICT (config_id, external_change_id) DO NOTHING`,
      [JSON.stringify(rows), at],
    );
  }
  const gone = live.filter((row) => !seen.has(row.id) && !read.failedTypes.has(row.type));
  for (const rows of chunks(gone)) {
    await tx.query(
      `UPDATE config_items SET deleted_at = $2, delete_reason = $3
        WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      [rows.map((row) => row.id), at, DELETE_REASON],
    );
  }
  for (const row of gone) bump(outcome.summary, row.type, 'deleted');
  outcome.notes.push(
    `items: ${inserts.length} inserted, ${updates.length} updated, ${gone.length} deleted, ${
      read.items.length - inserts.length - updates.length
    } unchanged`,
  );
  const ids = new Map<string, string>();
  for (const [ext, { id }] of idOf) ids.set(ext, id);
  for (const row of gone) for (const ext of row.external_id ?? []) ids.delete(ext);
  return ids;
}

/** An entity table saved by its first alias: users, groups or roles. */
interface EntityTable<T extends { aliases: string[] }> {
  table: 'external_users' | 'external_groups' | 'external_roles';
  columns: Record<string, (entity: T) => unknown>;
}

const USERS: EntityTable<ScrapedUser> = {
  table: 'external_users',
  columns: {
    name: (u) => u.name,
    email: (u) => u.email,
    user_type: (u) => u.userType,
    account_id: (u) => u.accountId,
  },
};
const GROUPS: EntityTable<ScrapedGroup> = {
  table: 'external_groups',
  columns: { name: (g) => g.name, group_type: (g) => g.groupType, account_id: (g) => g.accountId },
};
const ROLES: EntityTable<ScrapedRole> = {
  table: 'external_roles',
  columns: {
    name: (r) => r.name,
    role_type: (r) => r.roleType,
    description: (r) => r.description,
    account_id: (r) => r.accountId,
  },
};

/** Saves users, groups or roles; answers their ids by every alias, and the saved rows. */
async function saveEntities<T extends { aliases: string[] }>(
  tx: SqlClient,
  spec: EntityTable<T>,
  scraperId: string,
  scraped: T[],
  runAt: Date,
  outcome: SaveOutcome,
): Promise<{ ids: Map<string, string>; summary: EntitySummary; rows: Json[] }> {
  const names = Object.keys(spec.columns);
  const { rows: live } = await tx.query<Json & { id: string; aliases: string[]; created_at: Date }>(
    `SELECT id, aliases, created_at, ${names.join(', ')} FROM ${spec.table}
      WHERE scraper_id = $1 AND deleted_at IS NULL`,
    [scraperId],
  );
  const byAlias = new Map<string, (typeof live)[number]>();
  for (const row of live) for (const alias of row.aliases ?? []) byAlias.set(alias, row);
  const ids = new Map<string, string>();
  const counts = { scraped: scraped.length, saved: 0, skipped: 0, deleted: 0 };
  const seen = new Set<string>();
  const saved: Json[] = [];
  for (const entity of scraped) {
    const values = names.map((name) => spec.columns[name]!(entity));
    const match = entity.aliases.map((a) => byAlias.get(a)).find((row) => row && !seen.has(row.id));
    let id: string;
    let createdAt: string;
    if (match) {
      seen.add(match.id);
      id = match.id;
      createdAt = new Date(match.created_at ?? runAt).toISOString();
      const same =
        jsonEqual(match.aliases, entity.aliases) &&
        names.every((name, i) => jsonEqual(match[name], values[i]));
      if (same) {
        counts.skipped += 1;
      } else {
        await tx.query(
          `UPDATE ${spec.table} SET aliases = $2, updated_at = $3,
                  ${names.map((name, i) => `${name} = $${i + 4}`).join(', ')}
            WHERE id = $1`,
          [id, entity.aliases, runAt.toISOString(), ...values],
        );
        counts.saved += 1;
      }
    } else {
      const { rows: clash } = await tx.query<{ id: string }>(
        `SELECT id FROM ${spec.table} WHERE deleted_at IS NULL AND aliases && $1::text[] LIMIT 1`,
        [entity.aliases],
      );
      if (clash.length > 0) {
        outcome.errors.push(`${spec.table}: ${entity.aliases[0]} belongs to another scraper`);
        counts.skipped += 1;
        continue;
      }
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO ${spec.table} (scraper_id, aliases, created_at, updated_at, ${names.join(', ')})
         VALUES ($1, $2, $3, $3, ${names.map((_, i) => `$${i + 4}`).join(', ')}) RETURNING id`,
        [scraperId, entity.aliases, runAt.toISOString(), ...values],
      );
      id = rows[0]!.id;
      createdAt = runAt.toISOString();
      counts.saved += 1;
    }
    for (const alias of entity.aliases) ids.set(alias, id);
    saved.push({
      id,
      aliases: entity.aliases,
      ...Object.fromEntries(names.map((name, i) => [name, values[i]])),
      created_at: createdAt,
    });
  }
  const gone = live.filter((row) => !seen.has(row.id)).map((row) => row.id);
  if (gone.length > 0) {
    await tx.query(`UPDATE ${spec.table} SET deleted_at = $2 WHERE id = ANY($1::uuid[])`, [
      gone,
      runAt.toISOString(),
    ]);
    counts.deleted = gone.length;
  }
  return { ids, summary: entitySummary(counts), rows: saved };
}

/** Saves an aws scrape's users, groups, roles, memberships, grants and sign-ins. */
async function saveAccess(
  tx: SqlClient,
  target: SaveTarget,
  read: ScrapeRead,
  itemIds: Map<string, string>,
  runAt: Date,
  outcome: SaveOutcome,
): Promise<void> {
  const iam = read.iam;
  if (!iam) return;
  const at = runAt.toISOString();
  const users = await saveEntities(tx, USERS, target.scraperId, iam.users, runAt, outcome);
  const groups = await saveEntities(tx, GROUPS, target.scraperId, iam.groups, runAt, outcome);
  const roles = await saveEntities(tx, ROLES, target.scraperId, iam.roles, runAt, outcome);
  outcome.summary.external_users = users.summary;
  outcome.summary.external_groups = groups.summary;
  outcome.summary.external_roles = roles.summary;
  outcome.access.external_users = users.rows;
  outcome.access.external_groups = groups.rows;
  outcome.access.external_roles = roles.rows;

  // Memberships.
  const pairs = new Map<string, { user: string; group: string }>();
  for (const group of iam.groups) {
    const groupId = groups.ids.get(group.aliases[0] ?? '');
    if (!groupId) continue;
    for (const member of group.members) {
      const userId = users.ids.get(member);
      if (userId) pairs.set(`${userId}|${groupId}`, { user: userId, group: groupId });
      else outcome.errors.push(`group ${group.name}: member ${member} is not a known user`);
    }
  }
  const { rows: liveMembers } = await tx.query<{
    external_user_id: string;
    external_group_id: string;
  }>(
    `SELECT external_user_id, external_group_id FROM external_user_groups
      WHERE scraper_id = $1 AND deleted_at IS NULL`,
    [target.scraperId],
  );
  const liveKeys = new Set(liveMembers.map((m) => `${m.external_user_id}|${m.external_group_id}`));
  const added = [...pairs].filter(([key]) => !liveKeys.has(key)).map(([, pair]) => pair);
  if (added.length > 0) {
    await tx.query(
      `INSERT INTO external_user_groups (external_user_id, external_group_id, scraper_id, created_at)
       SELECT r.u, r.g, $2, $3 FROM jsonb_to_recordset($1::jsonb) AS r(u uuid, g uuid)
       ON CONFLICT (external_user_id, external_group_id, scraper_id)
       DO UPDATE SET deleted_at = NULL, deleted_by = NULL, created_at = EXCLUDED.created_at`,
      [JSON.stringify(added.map((p) => ({ u: p.user, g: p.group }))), target.scraperId, at],
    );
  }
  const left = liveMembers.filter(
    (m) => !pairs.has(`${m.external_user_id}|${m.external_group_id}`),
  );
  for (const member of left) {
    await tx.query(
      `UPDATE external_user_groups SET deleted_at = $4
        WHERE external_user_id = $1 AND external_group_id = $2 AND scraper_id = $3`,
      [member.external_user_id, member.external_group_id, target.scraperId, at],
    );
  }
  outcome.access.external_user_groups = [...pairs.values()].map((p) => ({
    external_user_id: p.user,
    external_group_id: p.group,
  }));

  // The items grants and sign-ins name: the scraper's own, else any live item.
  const refs = [...iam.access.map((a) => a.config), ...iam.accessLogs.map((l) => l.config)];
  const missing = [...new Set(refs.filter((ref) => !itemIds.has(ref)))];
  const types = new Map<string, string>();
  if (missing.length > 0) {
    const { rows } = await tx.query<{ id: string; ext: string }>(
      `SELECT id, external_id[1] AS ext FROM config_items
        WHERE deleted_at IS NULL AND external_id[1] = ANY($1::text[])`,
      [missing],
    );
    for (const row of rows) if (!itemIds.has(row.ext)) itemIds.set(row.ext, row.id);
  }
  const configIds = [...new Set(refs.map((ref) => itemIds.get(ref)).filter(Boolean))] as string[];
  if (configIds.length > 0) {
    const { rows } = await tx.query<{ id: string; type: string }>(
      `SELECT id, type FROM config_items WHERE id = ANY($1::uuid[])`,
      [configIds],
    );
    for (const row of rows) types.set(row.id, row.type);
  }
  await saveGrants(tx, target, iam.access, itemIds, types, { users, groups, roles }, at, outcome);
  await saveSignIns(tx, target, iam.accessLogs, itemIds, types, users.ids, outcome);
}

async function saveGrants(
  tx: SqlClient,
  target: SaveTarget,
  access: ScrapedAccess[],
  itemIds: Map<string, string>,
  types: Map<string, string>,
  entities: Record<'users' | 'groups' | 'roles', { ids: Map<string, string> }>,
  at: string,
  outcome: SaveOutcome,
): Promise<void> {
  const wanted = new Map<string, Json & { config_id: string; ext: string }>();
  for (const grant of access) {
    const configId = itemIds.get(grant.config);
    const user = grant.user ? (entities.users.ids.get(grant.user) ?? null) : null;
    const group = grant.group ? (entities.groups.ids.get(grant.group) ?? null) : null;
    const role = grant.role ? (entities.roles.ids.get(grant.role) ?? null) : null;
    if (!configId || (grant.user && !user) || (grant.group && !group) || (grant.role && !role)) {
      outcome.errors.push(
        `access to ${grant.config}: ${!configId ? 'the item' : 'its user, group or role'} was not found`,
      );
      continue;
    }
    wanted.set(`${configId}|${user ?? ''}|${group ?? ''}|${role ?? ''}`, {
      config_id: configId,
      ext: grant.config,
      external_user_id: user,
      external_group_id: group,
      external_role_id: role,
    });
  }
  const { rows: live } = await tx.query<{
    id: string;
    config_id: string;
    external_user_id: string | null;
    external_group_id: string | null;
    external_role_id: string | null;
    created_at: Date | null;
  }>(
    `SELECT id, config_id, external_user_id, external_group_id, external_role_id, created_at
       FROM config_access WHERE scraper_id = $1 AND deleted_at IS NULL`,
    [target.scraperId],
  );
  const liveByKey = new Map(
    live.map((row) => [
      `${row.config_id}|${row.external_user_id ?? ''}|${row.external_group_id ?? ''}|${row.external_role_id ?? ''}`,
      row,
    ]),
  );
  const added = [...wanted].filter(([key]) => !liveByKey.has(key)).map(([, row]) => row);
  const ids = new Map<string, string>();
  if (added.length > 0) {
    const { rows } = await tx.query<{ id: string; key: string }>(
      `INSERT INTO config_access (config_id, scraper_id, external_user_id, external_group_id,
                                  external_role_id, created_at)
       SELECT r.config_id, $2, r.external_user_id, r.external_group_id, r.external_role_id, $3
         FROM jsonb_to_recordset($1::jsonb) AS r(config_id uuid, external_user_id uuid,
              external_group_id uuid, external_role_id uuid)
       ON CONFLICT DO NOTHING
       RETURNING id, config_id || '|' || coalesce(external_user_id::text, '') || '|' ||
                 coalesce(external_group_id::text, '') || '|' || coalesce(external_role_id::text, '') AS key`,
      [JSON.stringify(added), target.scraperId, at],
    );
    for (const row of rows) ids.set(row.key, row.id);
  }
  const gone = [...liveByKey].filter(([key]) => !wanted.has(key)).map(([, row]) => row.id);
  if (gone.length > 0) {
    await tx.query(`UPDATE config_access SET deleted_at = $2 WHERE id = ANY($1::text[])`, [
      gone,
      at,
    ]);
  }
  outcome.summary.config_access = entitySummary({
    scraped: access.length,
    saved: ids.size,
    skipped: wanted.size - ids.size,
    deleted: gone.length,
  });
  outcome.access.config_access = [...wanted].map(([key, row]) => ({
    id: ids.get(key) ?? liveByKey.get(key)?.id ?? null,
    config_id: row.config_id,
    external_config_id: { config_type: types.get(row.config_id) ?? '', external_id: row.ext },
    ...(row.external_user_id ? { external_user_id: row.external_user_id } : {}),
    ...(row.external_group_id ? { external_group_id: row.external_group_id } : {}),
    ...(row.external_role_id ? { external_role_id: row.external_role_id } : {}),
    created_at: ids.has(key) ? at : new Date(liveByKey.get(key)?.created_at ?? at).toISOString(),
  }));
}

async function saveSignIns(
  tx: SqlClient,
  target: SaveTarget,
  logs: ScrapedAccessLog[],
  itemIds: Map<string, string>,
  types: Map<string, string>,
  userIds: Map<string, string>,
  outcome: SaveOutcome,
): Promise<void> {
  const rows: Json[] = [];
  const latest = new Map<string, Json>();
  for (const log of logs) {
    const configId = itemIds.get(log.config);
    const userId = userIds.get(log.user);
    if (!configId || !userId) {
      outcome.errors.push(`sign-in of ${log.user} to ${log.config}: not found`);
      continue;
    }
    const row = {
      config_id: configId,
      external_user_id: userId,
      mfa: log.mfa,
      count: log.count,
      properties: log.properties,
      created_at: log.at,
    };
    // One row per user and item: the latest sign-in.
    const key = `${configId}|${userId}`;
    const earlier = latest.get(key);
    if (!earlier || String(earlier.created_at) < log.at) latest.set(key, row);
  }
  rows.push(...latest.values());
  let saved = 0;
  if (rows.length > 0) {
    const result = await tx.query<{ config_id: string }>(
      `INSERT INTO config_access_logs (config_id, external_user_id, scraper_id, mfa, count,
                                       properties, created_at)
       SELECT r.config_id, r.external_user_id, $2, r.mfa, r.count, r.properties, r.created_at
         FROM jsonb_to_recordset($1::jsonb) AS r(config_id uuid, external_user_id uuid,
              mfa boolean, count integer, properties jsonb, created_at timestamptz)
       ON CONFLICT (config_id, external_user_id, scraper_id) DO UPDATE
          SET mfa = EXCLUDED.mfa, count = EXCLUDED.count, properties = EXCLUDED.properties,
              created_at = EXCLUDED.created_at
        WHERE (config_access_logs.mfa, config_access_logs.count, config_access_logs.properties,
               config_access_logs.created_at)
              IS DISTINCT FROM (EXCLUDED.mfa, EXCLUDED.count, EXCLUDED.properties, EXCLUDED.created_at)
       RETURNING config_id`,
      [JSON.stringify(rows), target.scraperId],
    );
    saved = result.rows.length;
  }
  outcome.summary.access_logs = entitySummary({
    scraped: logs.length,
    saved,
    skipped: rows.length - saved,
    deleted: 0,
  });
  const extOf = new Map([...itemIds].map(([ext, id]) => [id, ext]));
  const aliasesOf = new Map<string, string[]>();
  for (const [alias, id] of userIds) aliasesOf.set(id, [...(aliasesOf.get(id) ?? []), alias]);
  outcome.access.config_access_logs = rows.map((row) => ({
    external_config_id: {
      config_type: types.get(row.config_id as string) ?? '',
      external_id: extOf.get(row.config_id as string) ?? '',
    },
    external_user_aliases: aliasesOf.get(row.external_user_id as string) ?? [],
    created_at: row.created_at,
    ...(row.mfa === null ? {} : { mfa: row.mfa }),
    count: row.count,
    ...(row.properties === null ? {} : { properties: row.properties }),
  }));
}

/** Saves everything a read found, in one transaction. */
export async function saveScrape(
  db: SqlClient,
  target: SaveTarget,
  read: ScrapeRead,
  runAt: Date,
): Promise<SaveOutcome> {
  const outcome: SaveOutcome = {
    summary: { config_types: {} },
    changes: [],
    access: {
      external_users: [],
      external_groups: [],
      external_roles: [],
      external_user_groups: [],
      config_access: [],
      config_access_logs: [],
    },
    errors: [],
    notes: [],
  };
  if (read.failed) return outcome;
  await db.transaction(async (tx) => {
    const itemIds = await saveItems(tx, target, read, runAt, outcome);
    await saveAccess(tx, target, read, itemIds, runAt, outcome);
  });
  return outcome;
}
