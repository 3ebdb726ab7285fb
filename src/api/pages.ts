/** How the answers of list and by-id queries are read: pages, their totals and tags, single rows. */

import type { ResponseMeta } from './baseQuery';

/**
 * A paged list answer (a request sent with `Prefer: count=exact`): how many rows match in all,
 * from the answer's `Content-Range`, or the rows' own count when it carries none.
 */
export function totalOf(rows: readonly unknown[], meta: ResponseMeta | undefined): number {
  return meta?.totalEntries ?? rows.length;
}

/**
 * The `transformResponse` of a paged list: the rows under `key` and the count of every match
 * under `countKey` (`totalEntries` unless told), e.g. `pageOf('rules')` gives
 * `{ rules, totalEntries }`.
 */
export function pageOf<K extends string>(key: K): PageTransform<K, 'totalEntries'>;
export function pageOf<K extends string, C extends string>(
  key: K,
  countKey: C,
): PageTransform<K, C>;
export function pageOf(key: string, countKey = 'totalEntries') {
  return <Row>(rows: Row[], meta: ResponseMeta | undefined) => ({
    [key]: rows,
    [countKey]: totalOf(rows, meta),
  });
}

/** What `pageOf` gives: the rows under `K`, the count of every match under `C`. */
type PageTransform<K extends string, C extends string> = <Row>(
  rows: Row[],
  meta: ResponseMeta | undefined,
) => { [P in K]: Row[] } & { [P in C]: number };

/** The tags of a page of rows: the list's, and each row's by id, so an edit of one refetches it. */
export function pageTags<T extends string>(
  type: T,
  rows: ReadonlyArray<{ id: string }> | undefined,
) {
  return [{ type, id: 'LIST' }, ...(rows ?? []).map((row) => ({ type, id: row.id }))];
}

/** The answer of a query by id (`id=eq.…`): its one row, or undefined when there is none. */
export function firstRow<Row>(rows: Row[]): Row | undefined {
  return rows[0];
}

/** The answer of a query by id: its one row, or null when there is none. */
export function firstRowOrNull<Row>(rows: Row[]): Row | null {
  return rows[0] ?? null;
}

/**
 * The `transformResponse` of an option list read from a look-up view (`config_types`,
 * `analysis_types`, …): the distinct, non-empty values of one column, in the server's order.
 */
export function columnValues<Column extends string>(column: Column) {
  return (rows: ReadonlyArray<Partial<Record<Column, string | null>>>): string[] => {
    const seen = new Set<string>();
    for (const row of rows) {
      const value = row[column];
      if (value) seen.add(value);
    }
    return [...seen];
  };
}
