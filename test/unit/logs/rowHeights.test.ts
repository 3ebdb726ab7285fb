import { toLogRow } from '../../../src/features/logs/model/lines';
import {
  ROW_HEIGHT,
  wrappedLines,
  wrappedRowHeights,
} from '../../../src/features/logs/model/rowHeights';

describe('wrappedLines', () => {
  it('counts the lines a text takes at a width, newlines included', () => {
    // (300 - 20) / 7.3 → 38 characters a line.
    expect(wrappedLines('x'.repeat(38), 300)).toBe(1);
    expect(wrappedLines('x'.repeat(39), 300)).toBe(2);
    expect(wrappedLines('a\nb\n', 300)).toBe(3);
    expect(wrappedLines('anything', 0)).toBe(8);
  });
});

describe('wrappedRowHeights', () => {
  it('fits the longer of message and labels, never below a plain row', () => {
    const short = toLogRow({ timestamp: '2024-05-01T00:00:00Z', message: 'ok' });
    const long = toLogRow({
      timestamp: '2024-05-01T00:00:00Z',
      message: 'y'.repeat(38 * 3),
      labels: { pod: 'p' },
    });
    const labelled = toLogRow({
      timestamp: '2024-05-01T00:00:00Z',
      message: 'short',
      labels: { a: 'x'.repeat(100), b: 'y'.repeat(100) },
    });
    const [a, b, c] = wrappedRowHeights([short, long, labelled], 300, 300);
    expect(a).toBe(ROW_HEIGHT);
    expect(b).toBe(3 * 18 + 6);
    expect(c).toBeGreaterThan(b!);
  });
});
