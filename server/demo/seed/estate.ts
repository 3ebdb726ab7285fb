import type { SqlClient } from '../db/types';
import type { SeedRefs } from './context';
import type { Rng } from './random';

/** Team namespaces used when the catalog has too few of its own. */
const FALLBACK_NAMESPACES = [
  'payments',
  'checkout',
  'identity',
  'search',
  'data-platform',
  'observability',
  'billing',
  'inventory',
  'frontend',
  'analytics',
  'ml-serving',
  'messaging',
  'growth',
  'security',
  'logistics',
  'partners',
  'support-tools',
  'reporting',
  'catalog',
  'pricing',
];

const SYSTEM_NAMESPACES = new Set(['default', 'kube-system', 'kube-public', 'kube-node-lease']);

const namespacesOf = new WeakMap<SqlClient, Promise<string[]>>();

/**
 * Application namespaces of the seeded catalog (tags.namespace), padded with common team names.
 * Read once per database handle: the catalog is seeded before the areas that ask.
 */
export function teamNamespaces(db: SqlClient): Promise<string[]> {
  const known = namespacesOf.get(db);
  if (known) return known;
  const loading = loadTeamNamespaces(db);
  namespacesOf.set(db, loading);
  return loading;
}

async function loadTeamNamespaces(db: SqlClient): Promise<string[]> {
  const { rows } = await db.query<{ namespace: string }>(
    `SELECT DISTINCT tags ->> 'namespace' AS namespace FROM config_items
     WHERE deleted_at IS NULL AND tags ->> 'namespace' IS NOT NULL ORDER BY 1`,
  );
  const found = rows
    .map((row) => row.namespace)
    .filter((namespace) => namespace !== '' && !SYSTEM_NAMESPACES.has(namespace));
  const padded = [...found];
  for (const namespace of FALLBACK_NAMESPACES) {
    if (!padded.includes(namespace)) padded.push(namespace);
  }
  return padded;
}

export interface ScraperRef {
  id: string;
  name: string;
  agentId: string;
  kind: string;
}

/** Non-deleted config scrapers with the kind of their first scraper block (kubernetes, aws, ...). */
export async function loadScrapers(db: SqlClient): Promise<ScraperRef[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    agent_id: string;
    kind: string | null;
  }>(
    `SELECT id, name, agent_id,
       (SELECT k FROM jsonb_object_keys(CASE WHEN jsonb_typeof(spec) = 'object' THEN spec ELSE '{}' END) k
        WHERE k NOT IN ('schedule', 'retention', 'full', 'system') ORDER BY k LIMIT 1) AS kind
     FROM config_scrapers WHERE deleted_at IS NULL ORDER BY name, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    agentId: row.agent_id,
    kind: row.kind ?? 'system',
  }));
}

/** The seeded "System" person (no email), which owns rows written by the backend itself. */
export async function systemPersonId(db: SqlClient): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM people WHERE email IS NULL AND name = 'System' ORDER BY created_at, id LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}

export type Person = SeedRefs['people'][number];

/** People with one of the given roles, or everyone when none has them. */
export function peopleWithRole(refs: SeedRefs, roles: readonly string[]): Person[] {
  const matching = refs.people.filter((person) => roles.includes(person.role));
  return matching.length > 0 ? matching : refs.people;
}

export function requirePeople(refs: SeedRefs): Person[] {
  if (refs.people.length === 0)
    throw new Error('seeding needs people: seed people before this area');
  return refs.people;
}

const byTypes = new WeakMap<readonly object[], Map<string, readonly object[]>>();

/** Items whose type matches one of `types`, else all items; cached per list and query. */
function cachedOfTypes<T extends { type: string }>(
  items: readonly T[],
  types: readonly string[],
  mode: 'exact' | 'suffix',
): readonly T[] {
  if (types.length === 0) return items;
  let cache = byTypes.get(items);
  if (!cache) {
    cache = new Map();
    byTypes.set(items, cache);
  }
  const key = `${mode}:${types.join('|')}`;
  const cached = cache.get(key);
  if (cached) return cached as readonly T[];
  const matching = items.filter((item) =>
    types.some(
      (type) => item.type === type || (mode === 'suffix' && item.type.endsWith(`::${type}`)),
    ),
  );
  const result = matching.length > 0 ? matching : items;
  cache.set(key, result);
  return result;
}

/**
 * Config refs whose type is one of `types` (exact, or ending with `::<type>`), else all configs.
 * Cached: seeders ask for the same types thousands of times over estates of 100,000 configs.
 */
export function configsOfTypes<T extends { type: string }>(
  configs: readonly T[],
  types: readonly string[],
): readonly T[] {
  return cachedOfTypes(configs, types, 'suffix');
}

/** Component refs of one of `types`, else all components (cached like configsOfTypes). */
export function componentsOfTypes<T extends { type: string }>(
  components: readonly T[],
  types: readonly string[],
): readonly T[] {
  return cachedOfTypes(components, types, 'exact');
}

/** Picks a value, or null when the list is empty. */
export function maybePick<T>(rng: Rng, items: readonly T[]): T | null {
  return items.length === 0 ? null : rng.pick(items);
}

/** tags.namespace of the given config items (missing ids are left out). */
export async function configNamespaces(
  db: SqlClient,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; namespace: string | null }>(
    `SELECT id, tags ->> 'namespace' AS namespace FROM config_items WHERE id = ANY($1::uuid[])`,
    [unique],
  );
  return new Map(rows.map((row) => [row.id, row.namespace ?? 'default']));
}
