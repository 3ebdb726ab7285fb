import { Classes, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface ReportColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export interface ReportTableProps<Row> {
  /** The table's accessible name (the section's heading). */
  label: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row, index: number) => string;
  /** Said instead of an empty table. */
  empty: string;
}

/**
 * A report's table: every row rendered (no windowing, no clipping), so the browser prints it
 * whole across pages.
 */
export function ReportTable<Row>({ label, columns, rows, getRowId, empty }: ReportTableProps<Row>) {
  if (rows.length === 0) return <p className={Classes.TEXT_MUTED}>{empty}</p>;
  return (
    <HTMLTable aria-label={label} compact striped className="mc-report-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={getRowId(row, index)}>
            {columns.map((column) => (
              <td key={column.header}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
