import type { SeedContext } from './context';
import { DAY_MS, MINUTE_MS, ago, money } from './helpers';

export type ConfigHealth = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

/** A config item being built, with what its changes and analyses are derived from. */
export interface ConfigDraft {
  id: string;
  type: string;
  configClass: string;
  name: string;
  status: string | null;
  health: ConfigHealth;
  ready: boolean | null;
  externalId: string[];
  description: string | null;
  config: Record<string, unknown>;
  source: string;
  labels: Record<string, string> | null;
  tags: Record<string, string>;
  properties: Array<Record<string, unknown>> | null;
  parent: ConfigDraft | null;
  path: string;
  scraperId: string;
  agentId: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deleteReason: string | null;
  /** Cost per minute in dollars, when the item costs money. */
  cost: number | null;
  /** Location strings: external ids of the item's cluster, namespace, account or region. */
  locations: string[];
  /** Facts the change and analysis generators use (image version, replicas, ...). */
  meta: Record<string, string | number | boolean>;
}

export interface SoftRelationship {
  from: ConfigDraft;
  to: ConfigDraft;
  relation: string;
}

export type DraftFields = Pick<ConfigDraft, 'type' | 'configClass' | 'name' | 'config'> &
  Partial<Omit<ConfigDraft, 'id' | 'parent' | 'path'>>;

/** Collects config items, parents before children, and the soft links between them. */
export class ConfigSet {
  readonly items: ConfigDraft[] = [];
  readonly relationships: SoftRelationship[] = [];

  constructor(private readonly ctx: SeedContext) {}

  get size(): number {
    return this.items.length;
  }

  add(
    parent: ConfigDraft | null,
    fields: DraftFields,
    scraperId: string,
    agentId: string,
  ): ConfigDraft {
    const { rng, now } = this.ctx;
    const created =
      fields.createdAt ?? ago(now, rng.int(1, 400) * DAY_MS + rng.int(0, 1440) * MINUTE_MS);
    const draft: ConfigDraft = {
      id: rng.uuid(),
      status: null,
      health: 'healthy',
      ready: null,
      externalId: [],
      description: null,
      source: 'Kubernetes',
      labels: null,
      tags: parent ? { ...parent.tags } : {},
      properties: null,
      scraperId,
      agentId,
      createdAt: created,
      updatedAt: new Date(Math.min(now.getTime(), created.getTime() + rng.int(0, 30) * DAY_MS)),
      deletedAt: null,
      deleteReason: null,
      cost: null,
      locations: [],
      meta: {},
      ...fields,
      parent,
      path: parent ? (parent.path ? `${parent.path}.${parent.id}` : parent.id) : '',
    };
    if (draft.externalId.length === 0) draft.externalId = [draft.id];
    if (draft.updatedAt < draft.createdAt) draft.updatedAt = draft.createdAt;
    this.items.push(draft);
    return draft;
  }

  relate(
    from: ConfigDraft,
    to: ConfigDraft,
    relation = `${from.configClass}${to.configClass}`,
  ): void {
    this.relationships.push({ from, to, relation });
  }
}

export const CONFIG_COLUMNS = {
  id: 'uuid',
  agent_id: 'uuid',
  scraper_id: 'uuid',
  config_class: 'text',
  status: 'text',
  health: 'text',
  ready: 'boolean',
  external_id: 'text[]',
  type: 'text',
  name: 'text',
  description: 'text',
  config: 'jsonb',
  source: 'text',
  labels: 'jsonb',
  tags: 'jsonb',
  properties: 'jsonb',
  parent_id: 'uuid',
  path: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  deleted_at: 'timestamptz',
  delete_reason: 'text',
  inserted_at: 'timestamptz',
  last_scraped_time: 'timestamptz',
  cost_per_minute: 'numeric',
  cost_total_1d: 'numeric',
  cost_total_7d: 'numeric',
  cost_total_30d: 'numeric',
} as const;

/** The row of a draft, as CONFIG_COLUMNS describes it. */
export function configRow(draft: ConfigDraft, now: Date, jitter: number): Record<string, unknown> {
  const cost = draft.cost;
  const scraped = draft.deletedAt ?? new Date(now.getTime() - Math.round(jitter * 15 * MINUTE_MS));
  return {
    id: draft.id,
    agent_id: draft.agentId,
    scraper_id: draft.scraperId,
    config_class: draft.configClass,
    status: draft.status,
    health: draft.health,
    ready: draft.ready,
    external_id: draft.externalId,
    type: draft.type,
    name: draft.name,
    description: draft.description,
    config: draft.config,
    source: draft.source,
    labels: draft.labels,
    tags: draft.tags,
    properties: draft.properties,
    parent_id: draft.parent?.id ?? null,
    path: draft.path,
    created_at: draft.createdAt,
    updated_at: draft.updatedAt,
    deleted_at: draft.deletedAt,
    delete_reason: draft.deleteReason,
    inserted_at: draft.createdAt,
    last_scraped_time: scraped,
    cost_per_minute: cost === null ? null : money(cost),
    cost_total_1d: cost === null ? null : money(cost * 1440 * (0.92 + jitter * 0.16)),
    cost_total_7d: cost === null ? null : money(cost * 1440 * 7 * (0.9 + jitter * 0.2)),
    cost_total_30d: cost === null ? null : money(cost * 1440 * 30 * (0.88 + jitter * 0.24)),
  };
}
