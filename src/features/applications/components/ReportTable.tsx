import { Classes } from '@blueprintjs/core';
import type { PlainColumn } from '../../../ui/PlainTable';
import { PlainTable } from '../../../ui/PlainTable';

export type ReportColumn<Row> = PlainColumn<Row>;

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
export function ReportTable<Row>({ getRowId, empty, ...table }: ReportTableProps<Row>) {
  if (table.rows.length === 0) return <p className={Classes.TEXT_MUTED}>{empty}</p>;
  return <PlainTable {...table} rowKey={getRowId} className="mc-report-table" />;
}
