/**
 * What the demo's scrapers read: one JSON document per scraper, re-read on every run, standing
 * for the API the scraper would call. The server keeps them as files,
 * `<dataDir>/scrape-sources/<scraperId>.json`; an in-memory setup keeps them in a map. Editing a
 * document (or writing one with `SourceStore.write`) changes what the next run finds.
 *
 * Formats, by the scraper spec's key:
 *
 * - `kubernetes`: a Kubernetes `List`, `{ "kind": "List", "cluster": "<name>", "items": [ ... ] }`,
 *   every item a Kubernetes object (`apiVersion`, `kind`, `metadata` with `uid`, `name`,
 *   `namespace`, `labels`, `ownerReferences`; `spec`; `status`). Its config item is the object,
 *   its external ids the uid and `kubernetes/<cluster>/[namespaces/<ns>/]<plural>/<name>`, its
 *   labels the object's, its tags the cluster and namespace, its health and status read from
 *   `status`. An item `{ "kind": "Secret", "error": "...", "status"?: 403 }` makes the list of
 *   that kind fail.
 * - `aws`: `{ "account_id": "...", "items": [ { "type", "id", "name", "region", "config", ... } ],
 *   "iam": { "users": [{ id, name, email?, user_type? }], "groups": [{ id, name, members: [user
 *   id] }], "roles": [{ id, name, description? }], "access": [{ config: <item id>, user? | group?,
 *   role? }], "access_logs": [{ config, user, at, mfa?, count?, properties? }] } }`. An item
 *   `{ "type": "AWS::S3::Bucket", "error": "..." }` makes that service call fail.
 * - any other key: `{ "items": [ ... ] }` as for aws, without `iam`.
 *
 * An item of any format may state what a scraper's transforms would set, in `_item`
 * (kubernetes) or beside its fields (others): `external_id`, `type`, `config_class`, `name`,
 * `labels`, `tags`, `health`, `status`, `ready`, `parent` (another item's first external id).
 * A document written from a scraper's live items states them all, so its first run finds every
 * item unchanged. A scraper without a document gets one written from its live items, or, when it
 * has none, from the fixture of its kind (`fixtures/`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SqlClient } from '../db/types';
import { scrapedTypes } from '../editors/scraperRuns';

/** Where the documents are kept. */
export interface SourceStore {
  /** The document's text, or null when the scraper has none yet. */
  read(scraperId: string): Promise<string | null>;
  write(scraperId: string, text: string): Promise<void>;
}

/** Documents as files in a folder (created when first written). */
export class FileSourceStore implements SourceStore {
  constructor(readonly dir: string) {}

  private file(scraperId: string): string {
    return path.join(this.dir, `${scraperId}.json`);
  }

  async read(scraperId: string): Promise<string | null> {
    try {
      return await readFile(this.file(scraperId), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(scraperId: string, text: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const partial = `${this.file(scraperId)}.${process.pid}.partial`;
    await writeFile(partial, text);
    await rename(partial, this.file(scraperId));
  }
}

/** Documents in memory, for a database without a data folder and for tests. */
export class MemorySourceStore implements SourceStore {
  private readonly texts = new Map<string, string>();

  read(scraperId: string): Promise<string | null> {
    return Promise.resolve(this.texts.get(scraperId) ?? null);
  }

  write(scraperId: string, text: string): Promise<void> {
    this.texts.set(scraperId, text);
    return Promise.resolve();
  }
}

/** The store of a demo: files under the data folder, or memory without one. */
export function sourceStoreOf(dataDir: string | null): SourceStore {
  return dataDir === null
    ? new MemorySourceStore()
    : new FileSourceStore(path.join(dataDir, 'scrape-sources'));
}

/** The format a scraper's document has: its spec's kind. */
export type SourceKind = 'kubernetes' | 'aws' | 'generic';

const SPEC_SETTINGS = new Set(['schedule', 'retention', 'full', 'logLevel']);

/** The kind of a scraper spec: its first key that is not a setting. */
export function sourceKindOf(spec: unknown): SourceKind {
  const record = spec && typeof spec === 'object' ? (spec as Record<string, unknown>) : {};
  for (const key of Object.keys(record)) {
    if (SPEC_SETTINGS.has(key)) continue;
    if (key === 'kubernetes' || key === 'aws') return key;
    return 'generic';
  }
  return 'generic';
}

/** The first entry of the spec's kind, e.g. `spec.kubernetes[0]`. */
function firstEntry(spec: unknown, key: string): Record<string, unknown> {
  const record = spec && typeof spec === 'object' ? (spec as Record<string, unknown>) : {};
  const entries = record[key];
  const first = Array.isArray(entries) ? (entries[0] as unknown) : undefined;
  return first && typeof first === 'object' ? (first as Record<string, unknown>) : {};
}

/** The cluster a kubernetes scraper reads: its `clusterName`, else its own name. */
export function clusterOf(scraper: { name: string; spec: unknown }): string {
  const name = firstEntry(scraper.spec, 'kubernetes').clusterName;
  return typeof name === 'string' && name !== '' ? name : scraper.name;
}

/** A 12-digit account id of its own for a scraper whose document comes from the fixture. */
function accountIdOf(scraperId: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(scraperId).digest('hex').slice(0, 12)}`);
  return (digits % 10n ** 12n).toString().padStart(12, '0');
}

const FIXTURES_DIR = path.join(__dirname, 'fixtures');

/** A fixture's text with its placeholders filled in. */
function fixtureText(kind: SourceKind, values: Record<string, string>): string {
  const text = readFileSync(path.join(FIXTURES_DIR, `${kind}.json`), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

interface LiveItem {
  external_id: string[];
  type: string;
  config_class: string;
  name: string | null;
  config: unknown;
  labels: unknown;
  tags: unknown;
  health: string | null;
  status: string | null;
  ready: boolean | null;
  parent: string | null;
}

async function liveItems(db: SqlClient, scraperId: string): Promise<LiveItem[]> {
  const { rows } = await db.query<LiveItem>(
    `SELECT c.external_id, c.type, c.config_class, c.name, c.config, c.labels, c.tags, c.health,
            c.status, c.ready, p.external_id[1] AS parent
       FROM config_items c LEFT JOIN config_items p ON p.id = c.parent_id
      WHERE c.scraper_id = $1 AND c.deleted_at IS NULL AND cardinality(c.external_id) > 0
      ORDER BY c.created_at, c.id`,
    [scraperId],
  );
  return rows;
}

/** What a scraper's transforms set on an item, as written beside its document. */
function stated(item: LiveItem): Record<string, unknown> {
  return {
    external_id: item.external_id,
    type: item.type,
    config_class: item.config_class,
    name: item.name,
    labels: item.labels,
    tags: item.tags,
    health: item.health,
    status: item.status,
    ready: item.ready,
    ...(item.parent ? { parent: item.parent } : {}),
  };
}

/** The aws document's `iam` part from the scraper's live users, groups, roles and access. */
async function liveIam(db: SqlClient, scraperId: string): Promise<Record<string, unknown>> {
  const users = await db.query<Record<string, unknown>>(
    `SELECT aliases[1] AS id, name, email, user_type, account_id FROM external_users
      WHERE scraper_id = $1 AND deleted_at IS NULL AND cardinality(aliases) > 0 ORDER BY aliases[1]`,
    [scraperId],
  );
  const groups = await db.query<Record<string, unknown>>(
    `SELECT g.aliases[1] AS id, g.name, g.group_type, g.account_id,
            coalesce((SELECT array_agg(u.aliases[1] ORDER BY u.aliases[1])
                        FROM external_user_groups ug JOIN external_users u ON u.id = ug.external_user_id
                       WHERE ug.external_group_id = g.id AND ug.scraper_id = $1
                         AND ug.deleted_at IS NULL AND u.deleted_at IS NULL), '{}') AS members
       FROM external_groups g
      WHERE g.scraper_id = $1 AND g.deleted_at IS NULL AND cardinality(g.aliases) > 0
      ORDER BY g.aliases[1]`,
    [scraperId],
  );
  const roles = await db.query<Record<string, unknown>>(
    `SELECT aliases[1] AS id, name, role_type, description, account_id FROM external_roles
      WHERE scraper_id = $1 AND deleted_at IS NULL AND cardinality(aliases) > 0 ORDER BY aliases[1]`,
    [scraperId],
  );
  const access = await db.query<Record<string, unknown>>(
    `SELECT c.external_id[1] AS config, u.aliases[1] AS "user", g.aliases[1] AS "group",
            r.aliases[1] AS role
       FROM config_access a
       JOIN config_items c ON c.id = a.config_id
       LEFT JOIN external_users u ON u.id = a.external_user_id
       LEFT JOIN external_groups g ON g.id = a.external_group_id
       LEFT JOIN external_roles r ON r.id = a.external_role_id
      WHERE a.scraper_id = $1 AND a.deleted_at IS NULL AND c.external_id[1] IS NOT NULL
      ORDER BY a.created_at, a.id`,
    [scraperId],
  );
  const logs = await db.query<Record<string, unknown>>(
    `SELECT c.external_id[1] AS config, u.aliases[1] AS "user", l.created_at AS at, l.mfa, l.count,
            l.properties
       FROM config_access_logs l
       JOIN config_items c ON c.id = l.config_id
       JOIN external_users u ON u.id = l.external_user_id
      WHERE l.scraper_id = $1 AND c.external_id[1] IS NOT NULL AND u.aliases[1] IS NOT NULL
      ORDER BY l.created_at, c.external_id[1]`,
    [scraperId],
  );
  const compact = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
  return {
    users: users.rows.map(compact),
    groups: groups.rows.map(compact),
    roles: roles.rows.map(compact),
    access: access.rows.map(compact),
    access_logs: logs.rows.map(compact),
  };
}

/** A first document for a scraper: from its live items, else from the fixture of its kind. */
export async function initialSource(
  db: SqlClient,
  scraper: { id: string; name: string; spec: unknown },
): Promise<string> {
  const kind = sourceKindOf(scraper.spec);
  const items = await liveItems(db, scraper.id);
  if (kind === 'kubernetes') {
    const cluster = clusterOf(scraper);
    if (items.length === 0) return fixtureText(kind, { cluster });
    const objects = items.map((item) => ({
      ...(item.config && typeof item.config === 'object' ? item.config : { config: item.config }),
      _item: stated(item),
    }));
    return JSON.stringify({ kind: 'List', cluster, items: objects }, null, 1);
  }
  const rows = items.map((item) => ({
    ...stated(item),
    id: item.external_id[0],
    external_id: item.external_id,
    config: item.config,
  }));
  if (kind === 'aws') {
    const account = firstEntry(scraper.spec, 'aws').accountId;
    if (items.length === 0) {
      return fixtureText(kind, {
        account: typeof account === 'string' ? account : accountIdOf(scraper.id),
      });
    }
    return JSON.stringify({ items: rows, iam: await liveIam(db, scraper.id) }, null, 1);
  }
  if (items.length > 0) return JSON.stringify({ items: rows }, null, 1);
  // The generic fixture's items take the types the spec names, in turn.
  const types = scrapedTypes(scraper.spec).filter((type) => type !== 'Unknown');
  const generic = JSON.parse(fixtureText(kind, { scraper: scraper.name })) as {
    items: Array<Record<string, unknown>>;
  };
  if (types.length > 0) {
    generic.items.forEach((item, index) => {
      item.type = types[index % types.length];
    });
  }
  return JSON.stringify(generic, null, 1);
}

/** The scraper's document, written first when it has none. */
export async function readSource(
  db: SqlClient,
  store: SourceStore,
  scraper: { id: string; name: string; spec: unknown },
): Promise<string> {
  const text = await store.read(scraper.id);
  if (text !== null) return text;
  const written = await initialSource(db, scraper);
  await store.write(scraper.id, written);
  return written;
}
