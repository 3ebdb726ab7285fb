/**
 * Where a settings record came from (its `source` column): the console writes `UI`; anything
 * else (a CRD, a file, a GitOps repository) is managed there, and the console shows it read-only.
 */

/** The source of records created from the console; an empty source counts as it. */
export const UI_SOURCE = 'UI';

/** Whether a record of this source is managed elsewhere (a CRD, a file): read-only. */
export function isManagedElsewhere(source: string | null | undefined): boolean {
  const text = (source ?? '').trim();
  return text !== '' && text !== UI_SOURCE;
}
