import type { ReactNode } from 'react';
import type { DataTableColumn } from './DataTable';

/**
 * A list's Name column, sorted by `name` (on the server or with `sortLocally`): `cell` draws the
 * name; `options` change the header, the width or the sort key.
 */
export function nameColumn<Row>(
  cell: (row: Row) => ReactNode,
  options: Partial<Omit<DataTableColumn<Row>, 'cell'>> = {},
): DataTableColumn<Row> {
  return { id: 'name', header: 'Name', sortKey: 'name', minWidth: 200, ...options, cell };
}
