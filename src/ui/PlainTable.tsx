import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** A column of a `PlainTable`: its header (unique in the table) and what a row shows in it. */
export interface PlainColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface PlainTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly PlainColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** A first column of row headings (`th scope="row"`). */
  rowHeading?: PlainColumn<Row>;
  className?: string;
}

/** A small read-only table, every row rendered: a header row, then a row per item. */
export function PlainTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowHeading,
  className,
}: PlainTableProps<Row>) {
  return (
    <HTMLTable compact striped className={className} aria-label={label}>
      <thead>
        <tr>
          {rowHeading && <th scope="col">{rowHeading.header}</th>}
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            {rowHeading && <th scope="row">{rowHeading.cell(row)}</th>}
            {columns.map((column) => (
              <td key={column.header} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
