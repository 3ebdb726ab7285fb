/**
 * Which rows of a followed list are new: the ids seen since the list was first loaded (for one
 * query), and those that the latest answer brought and no earlier one had.
 */
export interface NewRowsState {
  /** The query the ids belong to; another query starts again. */
  key: string;
  /** Every id seen for the query. */
  seen: ReadonlySet<string>;
  /** Ids of the latest answer that no earlier answer had. */
  fresh: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The state after an answer with these ids. The first answer for a query (no state, or a state
 * of another query) marks nothing new: what is there at first is what the user starts from.
 */
export function nextNewRows(
  previous: NewRowsState | undefined,
  key: string,
  ids: readonly string[],
): NewRowsState {
  if (!previous || previous.key !== key) return { key, seen: new Set(ids), fresh: NONE };
  const fresh = ids.filter((id) => !previous.seen.has(id));
  if (fresh.length === 0) return { key, seen: previous.seen, fresh: NONE };
  return { key, seen: new Set([...previous.seen, ...fresh]), fresh: new Set(fresh) };
}
