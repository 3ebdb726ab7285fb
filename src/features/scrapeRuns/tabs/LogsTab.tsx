import { useMemo, useState } from 'react';
import type { AnsiSegment } from '../../../lib/ansi';
import { ansiLines } from '../../../lib/ansi';
import { SearchField } from '../../../ui/SearchBox';

/** What the filter box is called. */
export const LOG_FILTER_LABEL = 'Filter logs';

/** The line count: "120 lines", or "3 of 120 lines" while filtered. */
export function lineCountText(shown: number, total: number, filtered: boolean): string {
  const noun = total === 1 ? 'line' : 'lines';
  return filtered ? `${shown} of ${total} ${noun}` : `${total} ${noun}`;
}

function LogLine({ segments }: { segments: AnsiSegment[] }) {
  return (
    <div className="mc-scrape-run-log-line">
      {segments.map((segment, index) => {
        const classes = [
          segment.color ? `mc-ansi--${segment.color}` : '',
          segment.bold ? 'mc-ansi--bold' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return classes ? (
          <span key={index} className={classes}>
            {segment.text}
          </span>
        ) : (
          segment.text
        );
      })}
      {segments.length === 0 && '\u00a0'}
    </div>
  );
}

/**
 * The run's log in monospace with its ANSI colours, a filter box (lines containing the text,
 * any case) and the line count.
 */
export function LogsTab({ logs }: { logs: string }) {
  const [filter, setFilter] = useState('');
  const search = filter.trim().toLowerCase();
  const lines = useMemo(
    () =>
      ansiLines(logs).map((segments) => ({
        segments,
        text: segments.map((segment) => segment.text.toLowerCase()).join(''),
      })),
    [logs],
  );
  const shown = useMemo(
    () => (search === '' ? lines : lines.filter((line) => line.text.includes(search))),
    [lines, search],
  );
  return (
    <div className="mc-scrape-run-logs">
      <div className="mc-scrape-run-toolbar">
        <SearchField
          label={LOG_FILTER_LABEL}
          className="mc-scrape-run-filter"
          value={filter}
          onValueChange={setFilter}
        />
        <span className="mc-meta-text" aria-live="polite">
          {lineCountText(shown.length, lines.length, search !== '')}
        </span>
      </div>
      <div className="mc-scrape-run-log" role="log" aria-label="Run log" tabIndex={0}>
        {shown.map((line, index) => (
          <LogLine key={index} segments={line.segments} />
        ))}
      </div>
    </div>
  );
}
