/**
 * `GET /llm/context/config/{id}`: what the assistant is told about a config item, in upstream's
 * shape `{ configs, edges }`. The first config is the item, with its configuration and its
 * changes of the last 4 hours; then the items related to it in any direction, up to 3 hops,
 * with their health and status. `edges` are the relationships among all of them. Read as the
 * caller reads the catalog: a scope the caller is viewing as narrows the items.
 */
import type { SqlClient } from '../db/types';

/** How far back the item's changes go, and how many hops its relationships do. */
export const CONTEXT_CHANGES_SINCE = '4 hours';
export const CONTEXT_DEPTH = 3;

export interface ContextChange {
  count: number;
  created_by: string;
  first_observed: string | null;
  last_observed: string | null;
  summary: string;
  type: string;
  source: string;
}

export interface ContextConfig {
  id: string;
  name: string;
  type: string;
  config?: unknown;
  health?: string;
  status?: string;
  description?: string;
  created: string;
  updated?: string;
  deleted?: string;
  changes?: ContextChange[];
}

export interface ConfigContext {
  configs: ContextConfig[];
  edges: Array<{ from: string; to: string }>;
}

interface ItemRow {
  id: string;
  name: string | null;
  type: string;
  config: unknown;
  health: string | null;
  status: string | null;
  description: string | null;
  created_at: Date | string;
  updated_at: Date | string | null;
  deleted_at: Date | string | null;
}

const iso = (value: Date | string | null): string | undefined =>
  value === null ? undefined : new Date(value).toISOString();

function contextConfig(row: ItemRow): ContextConfig {
  return {
    id: row.id,
    name: row.name ?? '',
    type: row.type,
    ...(row.health ? { health: row.health } : {}),
    ...(row.status ? { status: row.status } : {}),
    ...(row.description ? { description: row.description } : {}),
    created: iso(row.created_at) as string,
    ...(row.updated_at ? { updated: iso(row.updated_at) } : {}),
    ...(row.deleted_at ? { deleted: iso(row.deleted_at) } : {}),
  };
}

/**
 * The context of config `id`, or null when the caller cannot see it. `narrow` is a condition on
 * `ci.id` (the scope viewed as), or null.
 */
export async function configContext(
  db: SqlClient,
  id: string,
  narrow: string | null,
): Promise<ConfigContext | null> {
  const visible = narrow ? `AND ${narrow}` : '';
  const { rows: items } = await db.query<ItemRow>(
    `SELECT ci.id, ci.name, ci.type, ci.config, ci.health, ci.status, ci.description,
            ci.created_at, ci.updated_at, ci.deleted_at
       FROM config_items ci WHERE ci.id = $1 ${visible}`,
    [id],
  );
  const item = items[0];
  if (!item) return null;

  const { rows: changes } = await db.query<{
    count: number;
    created_by: string | null;
    first_observed: Date | string | null;
    created_at: Date | string;
    summary: string | null;
    type: string | null;
    source: string | null;
  }>(
    `SELECT cc.count, cc.external_created_by AS created_by, cc.first_observed, cc.created_at,
            cc.summary, cc.change_type AS type, cc.source
       FROM config_changes cc
      WHERE cc.config_id = $1 AND cc.created_at > now() - $2::interval
      ORDER BY cc.created_at DESC`,
    [id, CONTEXT_CHANGES_SINCE],
  );

  const { rows: related } = await db.query<ItemRow & { related_ids: string[] | null }>(
    `SELECT ci.id, ci.name, ci.type, NULL AS config, ci.health, ci.status, NULL AS description,
            ci.created_at, ci.updated_at, ci.deleted_at, r.related_ids
       FROM related_configs_recursive($1::uuid, 'all', false, $2) r
       JOIN config_items ci ON ci.id = r.id
      WHERE r.id <> $1 ${visible}
      ORDER BY ci.name, ci.id`,
    [id, CONTEXT_DEPTH],
  );
  // The item's own relationships, which the walk gives with the item itself.
  const { rows: own } = await db.query<{ related_id: string }>(
    `SELECT DISTINCT cr.related_id::text AS related_id
       FROM config_relationships cr WHERE cr.config_id = $1 AND cr.deleted_at IS NULL`,
    [id],
  );

  const ids = new Set([id, ...related.map((row) => row.id)]);
  const edges: ConfigContext['edges'] = [];
  const link = (from: string, targets: readonly string[]) => {
    for (const to of targets) if (ids.has(to) && to !== from) edges.push({ from, to });
  };
  link(
    id,
    own.map((row) => row.related_id),
  );
  for (const row of related) link(row.id, row.related_ids ?? []);

  const root: ContextConfig = {
    ...contextConfig(item),
    ...(item.config !== null && item.config !== undefined ? { config: item.config } : {}),
    ...(changes.length > 0
      ? {
          changes: changes.map((change) => ({
            count: change.count,
            created_by: change.created_by ?? '',
            first_observed: iso(change.first_observed) ?? null,
            last_observed: iso(change.created_at) ?? null,
            summary: change.summary ?? '',
            type: change.type ?? '',
            source: change.source ?? '',
          })),
        }
      : {}),
  };
  return { configs: [root, ...related.map(contextConfig)], edges };
}
