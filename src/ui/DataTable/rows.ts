/** A row as the table shows it: the row, its id, how deep it sits and whether it has sub-rows. */
export interface DisplayRow<Row> {
  row: Row;
  id: string;
  depth: number;
  /** Whether the row is a group that can be expanded. */
  expandable: boolean;
}

/**
 * The rows in display order: each expanded group is followed by its sub-rows (and theirs, when
 * expanded). Pure; `getSubRows` returning nothing or an empty list makes a plain row.
 */
export function flattenRows<Row>(
  rows: readonly Row[],
  getRowId: (row: Row) => string,
  getSubRows: ((row: Row) => readonly Row[] | undefined) | undefined,
  expanded: ReadonlySet<string>,
  depth = 0,
  out: DisplayRow<Row>[] = [],
): DisplayRow<Row>[] {
  for (const row of rows) {
    const id = getRowId(row);
    const children = getSubRows?.(row);
    const expandable = children !== undefined && children.length > 0;
    out.push({ row, id, depth, expandable });
    if (expandable && expanded.has(id)) {
      flattenRows(children, getRowId, getSubRows, expanded, depth + 1, out);
    }
  }
  return out;
}
