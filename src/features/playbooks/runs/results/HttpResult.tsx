import { HTMLTable, Tag } from '@blueprintjs/core';
import type { HttpOutput } from '../model/results';

/** An HTTP answer: its status code, headers and body. */
export function HttpResult({ output }: { output: HttpOutput }) {
  const failed = output.code !== undefined && output.code >= 400;
  return (
    <div className="mc-run-result mc-run-http">
      {output.code !== undefined && (
        <div>
          Status code{' '}
          <Tag minimal intent={failed ? 'danger' : 'success'}>
            {output.code}
          </Tag>
        </div>
      )}
      {output.headers.length > 0 && (
        <HTMLTable compact aria-label="Response headers">
          <tbody>
            {output.headers.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <pre className="mc-run-log" aria-label="Response body">
        {output.body}
      </pre>
    </div>
  );
}
