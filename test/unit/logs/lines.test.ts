import type { LogLine } from '../../../src/api/schemas/logs';
import {
  highlightParts,
  histogram,
  lineText,
  rowMatches,
  rowsInWindow,
  toLogRow,
} from '../../../src/features/logs/model/lines';

const line = (timestamp: string, message: string, extra: Partial<LogLine> = {}): LogLine => ({
  timestamp,
  message,
  ...extra,
});

const LINES: LogLine[] = [
  line('2024-05-01T10:00:00Z', 'started', { labels: { level: 'info', pod: 'api-1' } }),
  line('2024-05-01T12:00:00Z', '[ERROR] boom', { labels: { pod: 'api-2' } }),
  line('2024-05-01T11:00:00Z', 'level=warn slow'),
  line('2024-04-30T23:00:00Z', 'too early'),
  line('not a time', 'odd line'),
];

describe('rowsInWindow', () => {
  it('keeps the lines of the window newest first, unreadable times last', () => {
    const rows = rowsInWindow(
      LINES,
      new Date('2024-05-01T00:00:00Z'),
      new Date('2024-05-01T23:59:59Z'),
    );
    expect(rows.map((row) => row.line.message)).toEqual([
      '[ERROR] boom',
      'level=warn slow',
      'started',
      'odd line',
    ]);
    expect(rows.map((row) => row.level)).toEqual(['error', 'warn', 'info', undefined]);
  });

  it('has no end without a to', () => {
    expect(rowsInWindow(LINES, new Date('2024-05-01T11:30:00Z'), null)).toHaveLength(2);
  });
});

describe('rowMatches', () => {
  const row = toLogRow(LINES[1] as LogLine);
  it('finds text in the message or a label, ignoring case', () => {
    expect(rowMatches(row, 'BOOM')).toBe(true);
    expect(rowMatches(row, 'pod=api-2')).toBe(true);
    expect(rowMatches(row, 'api-1')).toBe(false);
    expect(rowMatches(row, '  ')).toBe(true);
  });
});

describe('highlightParts', () => {
  it('marks every occurrence, keeping the original case', () => {
    expect(highlightParts('Timeout after timeout', 'TIMEOUT')).toEqual([
      { text: 'Timeout', match: true },
      { text: ' after ', match: false },
      { text: 'timeout', match: true },
    ]);
    expect(highlightParts('plain', '')).toEqual([{ text: 'plain', match: false }]);
  });
});

describe('histogram', () => {
  it('counts lines and error lines per bucket', () => {
    const rows = rowsInWindow(LINES, new Date('2024-05-01T00:00:00Z'), null);
    const [times, all, errors] = histogram(
      rows,
      new Date('2024-05-01T00:00:00Z'),
      new Date('2024-05-02T00:00:00Z'),
      24,
    );
    expect(times).toHaveLength(24);
    expect(times[0]).toBe(Date.parse('2024-05-01T00:00:00Z') / 1000);
    expect(times[1]).toBe(Date.parse('2024-05-01T01:00:00Z') / 1000);
    expect(all[10]).toBe(1);
    expect(all[11]).toBe(1);
    expect(all[12]).toBe(1);
    expect(all.reduce((a, b) => a + b, 0)).toBe(3);
    expect(errors[12]).toBe(1);
    expect(errors.reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('lineText', () => {
  it('writes time, level, message, count and labels', () => {
    const row = toLogRow(
      line('2024-05-01T10:00:00Z', 'probe failed', {
        labels: { pod: 'p', level: 'warn' },
        count: 4,
      }),
    );
    expect(lineText(row)).toBe('2024-05-01T10:00:00Z WARN probe failed (×4) level=warn pod=p');
  });
});
