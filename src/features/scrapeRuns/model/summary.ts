/**
 * A run's summary as the header tells it: what it did to each config type (added, updated,
 * unchanged, deleted, changes) and the sum over the types, and its errors as a list. Reads
 * `scrape_summary` as the contract writes it (`{ config_types: { [type]: counts } }`) and as
 * older runs wrote it (the types at the top). Pure.
 */

/** What a run did to a config type, or to all of them. */
export interface TypeCounts {
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  changes: number;
}

/** A config type's counts. */
export interface TypeSummary extends TypeCounts {
  type: string;
}

export const COUNT_KEYS = ['added', 'updated', 'unchanged', 'deleted', 'changes'] as const;

/** The keys of a scrape summary that are not config types. */
const ENTITY_KEYS = new Set([
  'config_types',
  'external_users',
  'external_groups',
  'external_roles',
  'config_access',
  'access_logs',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

function typeCounts(value: Record<string, unknown>): TypeCounts {
  return {
    added: countOf(value.added),
    updated: countOf(value.updated),
    unchanged: countOf(value.unchanged),
    deleted: countOf(value.deleted),
    changes: countOf(value.changes),
  };
}

/** Whether a value looks like a type's counts (an object with some count of ours). */
function hasCounts(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && COUNT_KEYS.some((key) => typeof value[key] === 'number');
}

/** Each config type's counts, by type name, and their sum. */
export function configTypeSummary(summary: unknown): { types: TypeSummary[]; total: TypeCounts } {
  const source = isRecord(summary)
    ? isRecord(summary.config_types)
      ? summary.config_types
      : Object.fromEntries(Object.entries(summary).filter(([key]) => !ENTITY_KEYS.has(key)))
    : {};
  const types = Object.entries(source)
    .filter((entry): entry is [string, Record<string, unknown>] => hasCounts(entry[1]))
    .map(([type, counts]) => ({ type, ...typeCounts(counts) }))
    .sort((a, b) => a.type.localeCompare(b.type));
  const total: TypeCounts = { added: 0, updated: 0, unchanged: 0, deleted: 0, changes: 0 };
  for (const type of types) for (const key of COUNT_KEYS) total[key] += type[key];
  return { types, total };
}

/** One error of a run: the item that failed (for a map of errors) and the message. */
export interface RunError {
  item?: string;
  message: string;
}

const messageOf = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

/** `details.errors` as a list: one text, a list of them, or a map item → error. */
export function runErrors(errors: unknown): RunError[] {
  if (errors === null || errors === undefined || errors === '') return [];
  if (typeof errors === 'string') return [{ message: errors }];
  if (Array.isArray(errors)) return errors.map((error) => ({ message: messageOf(error) }));
  if (isRecord(errors)) {
    return Object.entries(errors).map(([item, error]) => ({ item, message: messageOf(error) }));
  }
  return [{ message: messageOf(errors) }];
}
