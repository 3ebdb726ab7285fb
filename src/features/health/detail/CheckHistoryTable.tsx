import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { CheckStatus } from '../../../api/schemas/checks';
import { formatLatency } from '../../../lib/durations';
import { useFormatDate } from '../../../shell/useFormatDate';
import { StatusDot } from '../../../ui/StatusDot';

/** The runs of a page: time, duration, status, message and error (one line per line). */
export function CheckHistoryTable({ rows }: { rows: readonly CheckStatus[] }) {
  const formatDate = useFormatDate();
  if (rows.length === 0) return <NonIdealState icon="history" title="No data available" />;
  return (
    <HTMLTable compact striped aria-label="Check history" className="check-history-table">
      <thead>
        <tr>
          <th>Time</th>
          <th>Duration</th>
          <th>Status</th>
          <th>Message</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.time}>
            <td>{formatDate(row.time)}</td>
            <td>{formatLatency(row.duration)}</td>
            <td>
              <StatusDot good={row.status === true} title={row.status ? 'Healthy' : 'Unhealthy'} />{' '}
              {row.status ? 'Healthy' : 'Unhealthy'}
            </td>
            <td>
              {row.message && <div>{row.message}</div>}
              {row.error
                ?.split('\n')
                .filter((line) => line.trim() !== '')
                .map((line, index) => (
                  <div key={index} className="check-history-error">
                    {line}
                  </div>
                ))}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
