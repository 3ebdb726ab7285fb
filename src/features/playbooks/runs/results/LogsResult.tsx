import type { LogLine } from '../model/results';

/** Log lines in order, each with its time when it has one. */
export function LogsResult({ lines }: { lines: LogLine[] }) {
  if (lines.length === 0) return <p className="mc-run-none">No log lines</p>;
  return (
    <ol className="mc-run-result mc-run-lines" aria-label="Log lines">
      {lines.map((line, index) => (
        <li key={index}>
          {line.timestamp && <time dateTime={line.timestamp}>{line.timestamp}</time>}
          <span>{line.message}</span>
        </li>
      ))}
    </ol>
  );
}
