import { formatBytes } from '../../../src/lib/bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 ** 2 * 3.25, '3.25 MB'],
    [1024 ** 3 * 10, '10 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1 EB'],
    [1024 ** 7, '1 ZB'],
    [1024 ** 8 * 2, '2 YB'],
    [1024 ** 9, '1024 YB'],
  ])('%d bytes is %s', (n, label) => {
    expect(formatBytes(n)).toBe(label);
  });

  it('rounds to the given number of decimals', () => {
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 4)).toBe('1.1774 MB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('keeps the sign of negative values', () => {
    expect(formatBytes(-2048)).toBe('-2 KB');
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('is empty for %p', (n) => {
    expect(formatBytes(n)).toBe('');
  });
});
