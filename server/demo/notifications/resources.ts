/**
 * The resources notifications are about (a config item, component, check or canary; the kind is
 * the first part of the send's `source_event`), loaded in bulk with what silences match on:
 * ancestry `path`, tags, labels, namespace, the check's canary. Also builds the variables a
 * CEL filter sees for a resource, as Mission Control's notification environment does: the
 * resource under its kind (`config`, `component`, `check`, `canary`), the others empty, and the
 * aliases `name`, `status`, `health`, `labels`, `tags` plus every tag as a top-level variable.
 */
import type { SqlClient } from '../db/types';
import type { CelEnv } from './cel';
import type { SelectableResource } from './selectors';

export type ResourceKind = 'config' | 'component' | 'check' | 'canary';

export const RESOURCE_KINDS: readonly ResourceKind[] = ['config', 'component', 'check', 'canary'];

export interface NotifiedResource extends SelectableResource {
  kind: ResourceKind;
  /** Dot-separated ancestor ids (config items and components), '' when none. */
  path: string;
  /** The canary of a check. */
  canaryId: string | null;
  /** The row as a filter sees it (snake_case columns). */
  row: Record<string, unknown>;
}

/** The kind of resource a `source_event` is about, or null (incidents and others). */
export function kindOfEvent(event: string): ResourceKind | null {
  const kind = event.split('.')[0] ?? '';
  return (RESOURCE_KINDS as readonly string[]).includes(kind) ? (kind as ResourceKind) : null;
}

const QUERIES: Record<ResourceKind, string> = {
  config: `SELECT id, name, type, config_class, status, health, description, tags, labels,
                  tags->>'namespace' AS namespace, parent_id, path, created_at, updated_at, deleted_at
             FROM config_items WHERE id = ANY($1::uuid[])`,
  component: `SELECT id, name, type, icon, status, health, description, labels, namespace,
                     parent_id, path, topology_id, created_at, updated_at, deleted_at
                FROM components WHERE id = ANY($1::uuid[])`,
  check: `SELECT id, name, type, icon, status, status AS health, description, labels, namespace,
                 severity, canary_id, created_at, updated_at, deleted_at
            FROM checks WHERE id = ANY($1::uuid[])`,
  canary: `SELECT id, name, namespace, labels, created_at, updated_at, deleted_at
             FROM canaries WHERE id = ANY($1::uuid[])`,
};

function stringMap(value: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (item !== null && item !== undefined) map[key] = String(item);
    }
  }
  return map;
}

function iso(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

function toResource(kind: ResourceKind, raw: Record<string, unknown>): NotifiedResource {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) row[key] = iso(value);
  if (kind !== 'config') delete row.tags;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    kind,
    id: String(raw.id),
    name: text(raw.name),
    namespace: text(raw.namespace),
    type: text(raw.type),
    status: text(raw.status),
    health: text(raw.health),
    tags: kind === 'config' ? stringMap(raw.tags) : {},
    labels: stringMap(raw.labels),
    deleted: raw.deleted_at !== null && raw.deleted_at !== undefined,
    path: text(raw.path) ?? '',
    canaryId: text(raw.canary_id),
    row,
  };
}

/** Key of a resource in a ResourceIndex. */
export function resourceKey(kind: ResourceKind, id: string): string {
  return `${kind}/${id.toLowerCase()}`;
}

export type ResourceIndex = Map<string, NotifiedResource>;

/** Loads the named resources (unknown ids are simply absent from the index). */
export async function loadResources(
  db: SqlClient,
  refs: ReadonlyArray<{ kind: ResourceKind; id: string }>,
): Promise<ResourceIndex> {
  const index: ResourceIndex = new Map();
  for (const kind of RESOURCE_KINDS) {
    const ids = [...new Set(refs.filter((ref) => ref.kind === kind).map((ref) => ref.id))];
    if (ids.length === 0) continue;
    const { rows } = await db.query<Record<string, unknown>>(QUERIES[kind], [ids]);
    for (const raw of rows) {
      const resource = toResource(kind, raw);
      index.set(resourceKey(kind, resource.id), resource);
    }
  }
  return index;
}

/** One resource, or null. */
export async function loadResource(
  db: SqlClient,
  kind: ResourceKind,
  id: string,
): Promise<NotifiedResource | null> {
  const index = await loadResources(db, [{ kind, id }]);
  return index.get(resourceKey(kind, id)) ?? null;
}

const KIND_VARIABLE: Record<ResourceKind, string> = {
  config: 'config',
  component: 'component',
  check: 'check',
  canary: 'canary',
};

/** The variables a notification or silence filter sees for this resource. */
export function filterEnv(resource: NotifiedResource): CelEnv {
  const env: CelEnv = {
    config: {},
    component: {},
    check: {},
    canary: {},
    check_status: {},
    agent: {},
  };
  for (const [key, value] of Object.entries(resource.tags)) env[key] = value;
  env[KIND_VARIABLE[resource.kind]] = {
    ...resource.row,
    ...(resource.kind === 'config' ? { tags: resource.tags } : {}),
    labels: resource.labels,
  };
  env.name = resource.name ?? '';
  env.status = resource.status ?? '';
  env.health = resource.health ?? '';
  env.labels = resource.labels;
  env.tags = resource.tags;
  return env;
}

/** The `resource` object of a preview row: the resource's columns as a filter sees them. */
export function resourceJson(resource: NotifiedResource): Record<string, unknown> {
  const { path: _path, ...rest } = resource.row;
  return {
    ...rest,
    labels: resource.labels,
    ...(resource.kind === 'config' ? { tags: resource.tags } : {}),
  };
}
