import { PlainTable } from '../../../../ui/PlainTable';
import type { SqlOutput } from '../model/results';
import { cellText } from '../model/results';

/** A query's rows as a table, one column per field. */
export function SqlResult({ output }: { output: SqlOutput }) {
  if (output.rows.length === 0) return <p className="mc-run-none">No rows</p>;
  return (
    <div className="mc-run-result mc-run-sql">
      <PlainTable
        label="Query results"
        columns={output.columns.map((column) => ({
          header: column,
          cell: (row: SqlOutput['rows'][number]) => cellText(row[column]),
        }))}
        rows={output.rows}
        rowKey={(_row, index) => index}
      />
    </div>
  );
}
