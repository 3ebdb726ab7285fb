import { Classes, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { CheckDetail, CheckGraph } from '../../../api/schemas/checks';
import { formatLatency, uptimePercent } from '../../../lib/durations';
import { relativeOrDate } from '../../../lib/relativeTime';
import type { CheckTimeRange } from '../../../lib/timeRange';
import { CHECK_TIME_RANGES, isCheckTimeRange } from '../../../lib/timeRange';
import { useFormatDate } from '../../../shell/useFormatDate';

const DASH = '-';

/** The check's severity, else the severity written in its spec, else a dash. */
export function checkSeverity(check: CheckDetail): string {
  if (check.severity && check.severity.trim() !== '') return check.severity;
  const spec = check.spec;
  if (typeof spec === 'object' && spec !== null) {
    const fromSpec = (spec as Record<string, unknown>).severity;
    if (typeof fromSpec === 'string' && fromSpec.trim() !== '') return fromSpec;
  }
  return DASH;
}

function Tile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="check-detail-tile">
      <div className={`${Classes.TEXT_MUTED} check-detail-tile-label`}>{label}</div>
      <div className="check-detail-tile-value">{children}</div>
    </div>
  );
}

export interface CheckStatTilesProps {
  check: CheckDetail;
  /** The metrics of the range (HEALTH-06); undefined while loading. */
  graph: CheckGraph | undefined;
  timeRange: CheckTimeRange;
  onTimeRangeChange: (next: CheckTimeRange) => void;
}

/** Uptime, latency, severity, last and next run of a check, and the range they cover. */
export function CheckStatTiles({
  check,
  graph,
  timeRange,
  onTimeRangeChange,
}: CheckStatTilesProps) {
  const formatDate = useFormatDate();
  const passed = graph?.uptime?.passed ?? 0;
  const failed = graph?.uptime?.failed ?? 0;
  const uptime = graph ? uptimePercent(passed, failed) : null;
  const latency = graph?.latency;
  const when = (value: string | null | undefined) =>
    relativeOrDate(value, (date) => formatDate(date)) || DASH;

  return (
    <div className="check-detail-tiles">
      <Tile label="Uptime">
        <strong>{uptime === null ? DASH : `${uptime}%`}</strong>
        <div className={Classes.TEXT_SMALL}>
          <span>{passed} passed</span> <span>{failed} failed</span>
        </div>
      </Tile>
      <Tile label="Latency">
        {(['p95', 'p97', 'p99'] as const).map((key) => (
          <div key={key} className={Classes.TEXT_SMALL}>
            <span className={Classes.TEXT_MUTED}>{key.slice(1)}%</span>{' '}
            <strong>{formatLatency(latency?.[key]) || DASH}</strong>
          </div>
        ))}
      </Tile>
      <Tile label="Severity">
        <strong>{checkSeverity(check)}</strong>
      </Tile>
      <Tile label="Last Run">
        <strong title={formatDate(check.last_runtime)}>{when(check.last_runtime)}</strong>
        <div className={Classes.TEXT_SMALL}>
          Transitioned{' '}
          <span title={formatDate(check.last_transition_time)}>
            {when(check.last_transition_time)}
          </span>
        </div>
      </Tile>
      <Tile label="Next Run">
        <strong title={formatDate(check.next_runtime)}>{when(check.next_runtime)}</strong>
      </Tile>
      <Tile label="Time Range">
        <HTMLSelect
          aria-label="Time Range"
          value={timeRange}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isCheckTimeRange(next)) onTimeRangeChange(next);
          }}
          options={CHECK_TIME_RANGES.map((key) => ({ value: key, label: key }))}
        />
      </Tile>
    </div>
  );
}
