/**
 * What the run page reads from a run's payload: which captures it holds, the HTTP exchanges'
 * statuses and bodies, the before/after counts of the snapshot pair, and the names behind the
 * ids of its access rows. Pure.
 */
import type { Intent } from '@blueprintjs/core';
import type {
  ConfigAccess,
  EntitySummary,
  HarEntry,
  ScrapeRunPayload,
  ScrapeSnapshot,
  SnapshotCounts,
} from '../../../api/schemas/scrapeRuns';

// ------------------------------------------------------------------------------ captures

/** The parts of a payload a tab needs, and what its plain message says when they are missing. */
export type Capture = 'results' | 'logs' | 'har' | 'snapshots';

/** What a tab says when the run did not capture what it shows. */
export const NOT_CAPTURED: Record<Capture, string> = {
  results: 'This run did not keep what it scraped. Run it again with a capture option on.',
  logs: 'This run did not capture logs. Run it again with logs captured.',
  har: 'This run did not capture HTTP traffic. Run it again with HTTP traffic captured.',
  snapshots: 'This run did not capture snapshots. Run it again with snapshots captured.',
};

/** Whether the payload (none: the run kept no artifact) holds a capture. */
export function hasCapture(payload: ScrapeRunPayload | undefined, capture: Capture): boolean {
  if (!payload) return false;
  switch (capture) {
    case 'results':
      return payload.results !== undefined && payload.results !== null;
    case 'logs':
      return typeof payload.logs === 'string';
    case 'har':
      return Array.isArray(payload.har);
    case 'snapshots':
      return Boolean(payload.snapshot_pair?.before && payload.snapshot_pair.after);
  }
}

/** The lines a run left in its row (`details.logs`: text, or level and message) as one log. */
export function runLogText(
  lines:
    ReadonlyArray<string | { level?: string | null; message?: string | null }> | null | undefined,
): string {
  return (lines ?? [])
    .map((line) =>
      typeof line === 'string'
        ? line
        : [line.level ? line.level.toUpperCase() : '', line.message ?? '']
            .filter(Boolean)
            .join(' '),
    )
    .join('\n');
}

// ---------------------------------------------------------------------------------- HTTP

/** A response status's colour: 2xx success, 3xx primary, 4xx warning, 5xx and none danger. */
export function httpStatusIntent(status: number | null | undefined): Intent {
  if (!status) return 'danger';
  if (status < 300) return 'success';
  if (status < 400) return 'primary';
  if (status < 500) return 'warning';
  return 'danger';
}

/** The size of a response's body: its content's size, else the body size it reported. */
export function responseSize(entry: HarEntry): number | undefined {
  const size = entry.response.content?.size ?? entry.response.bodySize;
  return typeof size === 'number' && size >= 0 ? size : undefined;
}

/** A body as the viewer shows it: JSON indented (and said to be JSON), other text as it is. */
export function bodyText(
  text: string | null | undefined,
  mimeType: string | null | undefined,
): { text: string; language: 'json' | 'plaintext' } {
  const body = text ?? '';
  const trimmed = body.trim();
  const looksJson = /json/i.test(mimeType ?? '') || /^[[{]/.test(trimmed);
  if (looksJson && trimmed !== '') {
    try {
      return { text: JSON.stringify(JSON.parse(trimmed), null, 2), language: 'json' };
    } catch {
      // Not JSON after all: shown as it is.
    }
  }
  return { text: body, language: 'plaintext' };
}

// ------------------------------------------------------------------------------ snapshots

/** One line of the snapshot table: a kind of row, its totals before and after, the change. */
export interface SnapshotLine {
  /** `Kubernetes::Pod`, or the table's label ("Users"). */
  kind: string;
  group: 'Config type' | 'Access';
  before: number;
  after: number;
  change: number;
  /** Rows updated since the run started, as the after snapshot counts them. */
  updated: number;
  /** Rows deleted since the run started. */
  deleted: number;
}

/** The access tables of a snapshot, with their labels. */
export const SNAPSHOT_TABLES = [
  ['external_users', 'Users'],
  ['external_groups', 'Groups'],
  ['external_roles', 'Roles'],
  ['external_user_groups', 'Group members'],
  ['config_access', 'Access'],
  ['config_access_logs', 'Access logs'],
] as const;

const total = (counts: SnapshotCounts | null | undefined) => counts?.total ?? 0;

function line(
  kind: string,
  group: SnapshotLine['group'],
  before: SnapshotCounts | null | undefined,
  after: SnapshotCounts | null | undefined,
): SnapshotLine {
  return {
    kind,
    group,
    before: total(before),
    after: total(after),
    change: total(after) - total(before),
    updated: after?.updated_last ?? 0,
    deleted: after?.deleted_last ?? 0,
  };
}

/** Each config type (by name) then each access table, before → after. */
export function snapshotLines(before: ScrapeSnapshot, after: ScrapeSnapshot): SnapshotLine[] {
  const types = new Set([
    ...Object.keys(before.per_config_type ?? {}),
    ...Object.keys(after.per_config_type ?? {}),
  ]);
  const configLines = [...types]
    .sort((a, b) => a.localeCompare(b))
    .map((type) =>
      line(type, 'Config type', before.per_config_type?.[type], after.per_config_type?.[type]),
    );
  const accessLines = SNAPSHOT_TABLES.map(([key, label]) =>
    line(label, 'Access', before[key], after[key]),
  );
  return [...configLines, ...accessLines];
}

/** A change as the table writes it: `+3`, `-2`, `0`. */
export function signed(change: number): string {
  return change > 0 ? `+${change}` : String(change);
}

// ---------------------------------------------------------------------------- summaries

/** An entity summary as one line: "4 scraped, 3 saved, 1 deleted" (zero counts left out). */
export function entitySummaryText(summary: EntitySummary | null | undefined): string {
  if (!summary) return '';
  const parts = (['scraped', 'saved', 'skipped', 'deleted'] as const)
    .filter((key) => (summary[key] ?? 0) > 0)
    .map((key) => `${summary[key]} ${key}`);
  return parts.join(', ');
}

// --------------------------------------------------------------------------------- access

/** Names by id of the run's users, groups and roles, for its access rows. */
export interface AccessNames {
  users: Map<string, string>;
  groups: Map<string, string>;
  roles: Map<string, string>;
}

const namesById = (rows: ReadonlyArray<{ id?: string | null; name?: string | null }>) =>
  new Map(
    rows
      .filter((row) => row.id)
      .map((row): [string, string] => [row.id as string, row.name || (row.id as string)]),
  );

export function accessNames(payload: ScrapeRunPayload): AccessNames {
  const results = payload.results;
  return {
    users: namesById(results?.external_users ?? []),
    groups: namesById(results?.external_groups ?? []),
    roles: namesById(results?.external_roles ?? []),
  };
}

/** Who an access row grants: the user or the group, by name when the run scraped it. */
export function grantee(row: ConfigAccess, names: AccessNames): string {
  if (row.external_user_id) return names.users.get(row.external_user_id) ?? row.external_user_id;
  if (row.external_group_id) {
    return names.groups.get(row.external_group_id) ?? row.external_group_id;
  }
  return '';
}

/** A config as access rows name it: `type/external id`. */
export function externalConfigText(
  ref: { config_type?: string | null; external_id?: string | null } | null | undefined,
): string {
  if (!ref) return '';
  return [ref.config_type, ref.external_id].filter(Boolean).join(' / ');
}
