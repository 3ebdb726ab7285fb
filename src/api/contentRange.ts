/**
 * The total number of rows from a PostgREST `Content-Range` header, sent when the request asked
 * for `Prefer: count=exact`: `{from}-{to}/{total}`, or a `*` range when the page is empty.
 *
 * - `0-49/1234` → 1234; an empty page (`*` range, total 0) → 0
 * - no header, or an empty one → undefined
 * - a `*` total (the count was not requested) → undefined. A plain number conversion would give
 *   NaN there, which every page-count computation silently turns into NaN pages; undefined
 *   makes "total unknown" explicit and type-checked.
 * - anything else that is not a whole number → undefined
 */
export function parseContentRange(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const slash = header.lastIndexOf('/');
  if (slash < 0) return undefined;
  const total = header.slice(slash + 1).trim();
  if (!/^\d+$/.test(total)) return undefined;
  const value = Number(total);
  return Number.isSafeInteger(value) ? value : undefined;
}
