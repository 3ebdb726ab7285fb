/**
 * MISC-05: an application's audit report, built from its `applications` row and the config
 * items its spec selects, in the shape of Mission Control's `api.Application`.
 *
 * The demo understands this subset of the Application CRD's spec:
 * - `type`, `description`;
 * - `mapping.environments: { <purpose>: [selector] }`: the application's configs, grouped into
 *   locations (account or cluster, region) per purpose;
 * - `mapping.datasources: [selector]`: its databases, whose `BackupCompleted` changes are its
 *   backups (and `BackupRestored` its restores);
 * - `mapping.logins`, `mapping.roles`: accepted but not evaluated (the demo has no config access
 *   data), so the report carries no `accessControl`;
 * - `sections` with a `viewRef`: not evaluated; the report's own sections are its configs and
 *   their recent changes.
 * A selector is `{ name?, namespace?, types?, tagSelector?, labelSelector? }`, the selector
 * strings being `key=value` pairs separated by commas, all of which must hold.
 */
import type { SqlClient } from '../db/types';

export interface ResourceSelector {
  name?: string;
  namespace?: string;
  types?: string[];
  tagSelector?: string;
  labelSelector?: string;
}

/** How many recent changes the changes section lists. */
export const REPORT_CHANGES_LIMIT = 50;

interface ApplicationRow {
  id: string;
  name: string;
  namespace: string | null;
  description: string | null;
  spec: unknown;
  labels: Record<string, string> | null;
  created_at: string;
}

interface ConfigRow {
  id: string;
  name: string | null;
  type: string | null;
  status: string | null;
  health: string | null;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The selectors of a list in the spec; entries that are not objects are skipped. */
export function selectorsOf(value: unknown): ResourceSelector[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((entry) => {
    const selector: ResourceSelector = {};
    const name = text(entry.name);
    const namespace = text(entry.namespace);
    const tagSelector = text(entry.tagSelector);
    const labelSelector = text(entry.labelSelector);
    if (name) selector.name = name;
    if (namespace) selector.namespace = namespace;
    if (tagSelector) selector.tagSelector = tagSelector;
    if (labelSelector) selector.labelSelector = labelSelector;
    if (Array.isArray(entry.types)) {
      const types = entry.types.filter((t): t is string => typeof t === 'string' && t !== '');
      if (types.length > 0) selector.types = types;
    }
    return selector;
  });
}

/** `a=b,c=d` as pairs; a part without `=` is ignored. */
export function parseMatchPairs(selector: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const part of (selector ?? '').split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key !== '') pairs[key] = value;
  }
  return pairs;
}

/** A selector as a SQL condition on `config_items ci` with its parameters appended to `params`. */
function selectorCondition(selector: ResourceSelector, params: unknown[]): string {
  const parts: string[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (selector.name) parts.push(`ci.name = ${bind(selector.name)}`);
  if (selector.namespace) parts.push(`ci.tags->>'namespace' = ${bind(selector.namespace)}`);
  if (selector.types) parts.push(`ci.type = ANY(${bind(selector.types)}::text[])`);
  const tags = parseMatchPairs(selector.tagSelector);
  if (Object.keys(tags).length > 0) parts.push(`ci.tags @> ${bind(JSON.stringify(tags))}::jsonb`);
  const labels = parseMatchPairs(selector.labelSelector);
  if (Object.keys(labels).length > 0) {
    parts.push(`ci.labels @> ${bind(JSON.stringify(labels))}::jsonb`);
  }
  return parts.length > 0 ? `(${parts.join(' AND ')})` : 'false';
}

/** The live config items any of the selectors match, by name. */
export async function selectConfigs(
  db: SqlClient,
  selectors: readonly ResourceSelector[],
): Promise<ConfigRow[]> {
  if (selectors.length === 0) return [];
  const params: unknown[] = [];
  const where = selectors.map((s) => selectorCondition(s, params)).join(' OR ');
  const { rows } = await db.query<ConfigRow>(
    `SELECT ci.id, ci.name, ci.type, ci.status, ci.health, ci.labels, ci.tags
       FROM config_items ci
      WHERE ci.deleted_at IS NULL AND (${where})
      ORDER BY ci.name, ci.id`,
    params,
  );
  return rows;
}

const iso = (value: unknown): string | undefined =>
  value === null || value === undefined ? undefined : new Date(String(value)).toISOString();

/** The provider a config type belongs to (`AWS::RDS::DBInstance` → AWS). */
function providerOf(type: string | null): string {
  const prefix = (type ?? '').split('::')[0] ?? '';
  return prefix === '' ? 'Unknown' : prefix;
}

interface Location {
  account: string;
  name: string;
  type: string;
  purpose: string;
  region: string;
  provider: string;
  resourceCount: number;
}

/** The environments' configs grouped by purpose, account (or cluster) and region. */
function locationsOf(byPurpose: ReadonlyArray<[string, ConfigRow[]]>): Location[] {
  const locations = new Map<string, Location>();
  for (const [purpose, configs] of byPurpose) {
    for (const config of configs) {
      const tags = config.tags ?? {};
      const cluster = tags.cluster;
      const account = tags.account ?? cluster ?? '';
      const region = tags.region ?? '';
      const provider = providerOf(config.type);
      const key = [purpose, account, region, provider].join('\u0000');
      const found = locations.get(key);
      if (found) {
        found.resourceCount += 1;
        continue;
      }
      locations.set(key, {
        account,
        name: cluster ?? (account || provider),
        type: provider === 'Kubernetes' ? 'cluster' : 'cloud',
        purpose,
        region,
        provider,
        resourceCount: 1,
      });
    }
  }
  return [...locations.values()].sort(
    (a, b) => a.purpose.localeCompare(b.purpose) || a.name.localeCompare(b.name),
  );
}

/** The report, or null when there is no such live application. */
export async function buildApplicationReport(
  db: SqlClient,
  namespace: string,
  name: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<ApplicationRow>(
    `SELECT id, name, namespace, description, spec, labels, created_at
       FROM applications
      WHERE namespace = $1 AND name = $2 AND deleted_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [namespace, name],
  );
  const app = rows[0];
  if (!app) return null;
  const spec = isRecord(app.spec) ? app.spec : {};
  const mapping = isRecord(spec.mapping) ? spec.mapping : {};
  const environments = isRecord(mapping.environments) ? mapping.environments : {};

  const byPurpose: Array<[string, ConfigRow[]]> = [];
  for (const [purpose, value] of Object.entries(environments)) {
    byPurpose.push([purpose, await selectConfigs(db, selectorsOf(value))]);
  }
  const datasources = await selectConfigs(db, selectorsOf(mapping.datasources));

  const configs = new Map<string, ConfigRow>();
  for (const [, list] of byPurpose) for (const config of list) configs.set(config.id, config);
  for (const config of datasources) configs.set(config.id, config);
  const configIds = [...configs.keys()];
  const datasourceIds = datasources.map((c) => c.id);

  const [changes, backups, restores, findings, incidents] = await Promise.all([
    db.query<Record<string, unknown>>(
      `SELECT c.id, c.created_at, c.change_type, c.source, c.summary, c.severity,
              coalesce(p.name, c.external_created_by) AS created_by, ci.name AS config_name
         FROM config_changes c
         JOIN config_items ci ON ci.id = c.config_id
         LEFT JOIN people p ON p.id = c.created_by
        WHERE c.config_id = ANY($1::uuid[])
        ORDER BY c.created_at DESC, c.id
        LIMIT ${REPORT_CHANGES_LIMIT}`,
      [configIds],
    ),
    db.query<Record<string, unknown>>(
      `SELECT c.id, c.created_at, c.source, c.details, c.severity, ci.name AS database, ci.type
         FROM config_changes c JOIN config_items ci ON ci.id = c.config_id
        WHERE c.config_id = ANY($1::uuid[]) AND c.change_type = 'BackupCompleted'
        ORDER BY c.created_at DESC, c.id`,
      [datasourceIds],
    ),
    db.query<Record<string, unknown>>(
      `SELECT c.id, c.created_at, c.source, c.details, ci.name AS database
         FROM config_changes c JOIN config_items ci ON ci.id = c.config_id
        WHERE c.config_id = ANY($1::uuid[]) AND c.change_type = 'BackupRestored'
        ORDER BY c.created_at DESC, c.id`,
      [datasourceIds],
    ),
    db.query<Record<string, unknown>>(
      `SELECT a.id, a.analysis_type, a.severity, a.analyzer, a.summary, a.message, a.status,
              a.first_observed, a.last_observed
         FROM config_analysis a
        WHERE a.config_id = ANY($1::uuid[])
        ORDER BY a.last_observed DESC NULLS LAST, a.id`,
      [configIds],
    ),
    db.query<Record<string, unknown>>(
      `SELECT DISTINCT i.id, i.title, i.severity, i.status, i.created_at, i.resolved, i.closed
         FROM incidents i
         JOIN hypotheses h ON h.incident_id = i.id
         JOIN evidences e ON e.hypothesis_id = h.id
        WHERE e.config_id = ANY($1::uuid[])
        ORDER BY i.created_at DESC, i.id`,
      [configIds],
    ),
  ]);

  const sizeOf = (details: unknown): string => {
    if (!isRecord(details)) return '';
    return typeof details.sizeGiB === 'number' ? `${details.sizeGiB} GiB` : '';
  };

  const configList = [...configs.values()].sort(
    (a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id.localeCompare(b.id),
  );

  return {
    id: app.id,
    name: app.name,
    type: text(spec.type) ?? '',
    namespace: app.namespace ?? '',
    ...(text(app.description ?? spec.description)
      ? { description: text(app.description ?? spec.description) }
      : {}),
    properties: Object.entries(app.labels ?? {}).map(([label, value]) => ({
      label,
      name: label,
      text: value,
    })),
    createdAt: iso(app.created_at),
    incidents: incidents.rows.map((row) => ({
      id: row.id,
      date: iso(row.created_at),
      severity: row.severity ?? '',
      description: row.title ?? '',
      status: row.status ?? '',
      ...(row.resolved || row.closed ? { resolvedDate: iso(row.resolved ?? row.closed) } : {}),
    })),
    locations: locationsOf(byPurpose),
    backups: backups.rows.map((row) => ({
      id: row.id,
      database: row.database ?? '',
      type: isRecord(row.details) && row.details.snapshotId ? 'snapshot' : 'backup',
      source: row.source ?? '',
      date: iso(row.created_at),
      size: sizeOf(row.details),
      status: 'success',
    })),
    restores: restores.rows.map((row) => ({
      id: row.id,
      database: row.database ?? '',
      date: iso(row.created_at),
      source: row.source ?? '',
      status: 'success',
      completedAt: iso(row.created_at),
    })),
    findings: findings.rows.map((row) => ({
      id: row.id,
      type: row.analysis_type ?? '',
      severity: row.severity ?? '',
      title: row.summary ?? row.analyzer ?? '',
      description: row.message ?? '',
      date: iso(row.first_observed),
      lastObserved: iso(row.last_observed),
      status: row.status ?? '',
    })),
    sections: [
      {
        type: 'configs',
        title: 'Configs',
        icon: 'database',
        configs: configList.map((config) => ({
          id: config.id,
          name: config.name ?? '',
          ...(config.type ? { type: config.type } : {}),
          ...(config.status ? { status: config.status } : {}),
          ...(config.health ? { health: config.health } : {}),
          ...(config.labels && Object.keys(config.labels).length > 0
            ? { labels: config.labels }
            : {}),
        })),
      },
      {
        type: 'changes',
        title: 'Recent changes',
        icon: 'changes',
        changes: changes.rows.map((row) => ({
          id: row.id,
          date: iso(row.created_at),
          changeType: row.change_type ?? '',
          ...(row.source ? { source: row.source } : {}),
          ...(row.created_by ? { createdBy: row.created_by } : {}),
          description: `${String(row.config_name ?? '')}: ${String(row.summary ?? row.change_type ?? '')}`,
          status: row.severity ?? '',
          createdAt: iso(row.created_at),
          updatedAt: iso(row.created_at),
        })),
      },
    ],
  };
}
