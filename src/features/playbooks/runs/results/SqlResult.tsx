import { HTMLTable } from '@blueprintjs/core';
import type { SqlOutput } from '../model/results';
import { cellText, numericColumns } from '../model/results';
import { QueryText } from './QueryText';

/**
 * A query's rows as a table, one column per field in the result's order, numbers right-aligned
 * and long cells wrapped; the query, when the result keeps it, above in monospace.
 */
export function SqlResult({ output }: { output: SqlOutput }) {
  const numeric = numericColumns(output);
  const align = (column: string) => (numeric.has(column) ? 'mc-run-cell-number' : undefined);
  return (
    <div className="mc-run-result mc-run-sql">
      {output.query && <QueryText query={output.query} label="SQL query" />}
      {output.rows.length === 0 ? (
        <p className="mc-run-none">No rows</p>
      ) : (
        <div className="mc-run-sql-rows">
          <HTMLTable compact striped aria-label="Query results" className="mc-run-sql-table">
            <thead>
              <tr>
                {output.columns.map((column) => (
                  <th key={column} scope="col" className={align(column)}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {output.rows.map((row, index) => (
                <tr key={index}>
                  {output.columns.map((column) => (
                    <td key={column} className={align(column)}>
                      {cellText(row[column])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}
