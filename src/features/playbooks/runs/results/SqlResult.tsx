import { HTMLTable } from '@blueprintjs/core';
import type { SqlOutput } from '../model/results';
import { cellText } from '../model/results';

/** A query's rows as a table, one column per field. */
export function SqlResult({ output }: { output: SqlOutput }) {
  if (output.rows.length === 0) return <p className="mc-run-none">No rows</p>;
  return (
    <div className="mc-run-result mc-run-sql">
      <HTMLTable compact striped aria-label="Query results">
        <thead>
          <tr>
            {output.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {output.rows.map((row, index) => (
            <tr key={index}>
              {output.columns.map((column) => (
                <td key={column}>{cellText(row[column])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
