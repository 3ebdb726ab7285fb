/**
 * Counts of the catalog and access tables around a scrape run, as config-db captures them
 * (`api/v1/scrape_snapshot.go`): per scraper, per config type and per access table, the live
 * rows and how many were updated or deleted since the run started, in the hour, day and week
 * before it. Tables without an updated_at or deleted_at column leave those counts at zero.
 */
import type { SqlClient } from '../db/types';

export interface Counts {
  total: number;
  updated_last: number;
  updated_hour: number;
  updated_day: number;
  updated_week: number;
  deleted_last: number;
  deleted_hour: number;
  deleted_day: number;
  deleted_week: number;
}

const ACCESS_TABLES = {
  external_users: { updated: 'updated_at', deleted: 'deleted_at' },
  external_groups: { updated: 'updated_at', deleted: 'deleted_at' },
  external_roles: { updated: 'updated_at', deleted: 'deleted_at' },
  external_user_groups: { updated: null, deleted: 'deleted_at' },
  config_access: { updated: null, deleted: 'deleted_at' },
  config_access_logs: { updated: null, deleted: null },
} as const;

type AccessTable = keyof typeof ACCESS_TABLES;

export interface ScrapeSnapshot extends Record<AccessTable, Counts> {
  captured_at: string;
  run_started_at: string;
  per_scraper: Record<string, Counts>;
  per_config_type: Record<string, Counts>;
}

export type ScrapeSnapshotDiff = Omit<ScrapeSnapshot, 'captured_at' | 'run_started_at'>;

const FIELDS = [
  'total',
  'updated_last',
  'updated_hour',
  'updated_day',
  'updated_week',
  'deleted_last',
  'deleted_hour',
  'deleted_day',
  'deleted_week',
] as const;

/** The count columns of a select over rows with these columns, windows anchored at $1. */
function countColumns(updated: string | null, deleted: string | null): string {
  const windows = [
    ['last', `$1::timestamptz`],
    ['hour', `$1::timestamptz - interval '1 hour'`],
    ['day', `$1::timestamptz - interval '1 day'`],
    ['week', `$1::timestamptz - interval '7 days'`],
  ];
  const live = deleted ? `${deleted} IS NULL` : 'true';
  return [
    `count(*) FILTER (WHERE ${live})::int AS total`,
    ...windows.map(([name, since]) =>
      updated
        ? `count(*) FILTER (WHERE ${updated} >= ${since})::int AS updated_${name}`
        : `0 AS updated_${name}`,
    ),
    ...windows.map(([name, since]) =>
      deleted
        ? `count(*) FILTER (WHERE ${deleted} >= ${since})::int AS deleted_${name}`
        : `0 AS deleted_${name}`,
    ),
  ].join(', ');
}

const zero = (): Counts => Object.fromEntries(FIELDS.map((f) => [f, 0])) as unknown as Counts;

function countsOf(row: Record<string, unknown> | undefined): Counts {
  const counts = zero();
  for (const field of FIELDS) counts[field] = Number(row?.[field] ?? 0);
  return counts;
}

/** The snapshot of the database now, for a run that started at `runStart`. */
export async function captureSnapshot(db: SqlClient, runStart: Date): Promise<ScrapeSnapshot> {
  const at = runStart.toISOString();
  const items = countColumns('c.updated_at', 'c.deleted_at');
  const perScraper = await db.query<Record<string, unknown> & { key: string }>(
    `SELECT coalesce(s.name, c.scraper_id::text, 'unscoped') AS key, ${items}
       FROM config_items c LEFT JOIN config_scrapers s ON s.id = c.scraper_id
      GROUP BY 1`,
    [at],
  );
  const perType = await db.query<Record<string, unknown> & { key: string }>(
    `SELECT c.type AS key, ${items} FROM config_items c GROUP BY 1`,
    [at],
  );
  const snapshot = {
    captured_at: new Date().toISOString(),
    run_started_at: at,
    per_scraper: Object.fromEntries(perScraper.rows.map((row) => [row.key, countsOf(row)])),
    per_config_type: Object.fromEntries(perType.rows.map((row) => [row.key, countsOf(row)])),
  } as ScrapeSnapshot;
  for (const [table, columns] of Object.entries(ACCESS_TABLES) as Array<
    [AccessTable, { updated: string | null; deleted: string | null }]
  >) {
    const windowed = columns.updated !== null || columns.deleted !== null;
    const { rows } = await db.query(
      `SELECT ${countColumns(columns.updated, columns.deleted)} FROM ${table}`,
      windowed ? [at] : [],
    );
    snapshot[table] = countsOf(rows[0]);
  }
  return snapshot;
}

function subtract(after: Counts | undefined, before: Counts | undefined): Counts {
  const out = zero();
  for (const field of FIELDS) out[field] = (after?.[field] ?? 0) - (before?.[field] ?? 0);
  return out;
}

function diffMaps(
  after: Record<string, Counts>,
  before: Record<string, Counts>,
): Record<string, Counts> {
  const keys = new Set([...Object.keys(after), ...Object.keys(before)]);
  const out: Record<string, Counts> = {};
  for (const key of [...keys].sort()) out[key] = subtract(after[key], before[key]);
  return out;
}

/** after − before, field-wise, over the union of keys. */
export function diffSnapshots(before: ScrapeSnapshot, after: ScrapeSnapshot): ScrapeSnapshotDiff {
  const diff = {
    per_scraper: diffMaps(after.per_scraper, before.per_scraper),
    per_config_type: diffMaps(after.per_config_type, before.per_config_type),
  } as ScrapeSnapshotDiff;
  for (const table of Object.keys(ACCESS_TABLES) as AccessTable[]) {
    diff[table] = subtract(after[table], before[table]);
  }
  return diff;
}
