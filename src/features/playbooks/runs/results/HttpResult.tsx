import { HTMLTable, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { HttpOutput } from '../model/results';

/**
 * An HTTP answer: its status code, headers and body (`body` when the body is drawn by its
 * content type, else its text).
 */
export function HttpResult({ output, body }: { output: HttpOutput; body?: ReactNode }) {
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
      {body ?? (
        <pre className="mc-run-log" aria-label="Response body">
          {output.body}
        </pre>
      )}
    </div>
  );
}
