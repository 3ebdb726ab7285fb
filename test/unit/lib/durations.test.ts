import {
  DURATION_ERROR,
  formatLatency,
  parseDurationToMs,
  uptimePercent,
} from '../../../src/lib/durations';

describe('parseDurationToMs', () => {
  it.each([
    ['100ms', 100],
    ['0ms', 0],
    ['1s', 1000],
    ['30s', 30_000],
    ['1.5s', 1500],
    [' 250 ms ', 250],
    ['2S', 2000],
    ['12.4ms', 12],
  ])('reads %p as %d ms', (input, ms) => {
    expect(parseDurationToMs(input)).toBe(ms);
  });

  it.each(['', '100', '1m', '5h', 'ms', 's', '-1s', 'abc', '1,5s', '1s 2ms'])(
    'refuses %p',
    (input) => {
      expect(parseDurationToMs(input)).toBeNull();
    },
  );

  it('has the message of the spec', () => {
    expect(DURATION_ERROR).toBe('duration is allowed only in milli seconds & seconds');
  });
});

describe('formatLatency', () => {
  it.each([
    [0, '0ms'],
    [12.4, '12ms'],
    [999, '999ms'],
    [999.6, '1s'],
    [1000, '1s'],
    [1234, '1.2s'],
    [59_940, '59.9s'],
    [59_960, '1m'],
    [60_000, '1m'],
    [150_000, '2.5m'],
    [3_600_000, '60m'],
  ])('%d ms is %s', (ms, label) => {
    expect(formatLatency(ms)).toBe(label);
  });

  it.each([null, undefined, Number.NaN])('is empty for %p', (ms) => {
    expect(formatLatency(ms)).toBe('');
  });
});

describe('uptimePercent', () => {
  it('is passed over all runs with two decimals', () => {
    expect(uptimePercent(199, 1)).toBe('99.50');
    expect(uptimePercent(1, 2)).toBe('33.33');
    expect(uptimePercent(2, 1)).toBe('66.67');
    expect(uptimePercent(10, 0)).toBe('100.00');
    expect(uptimePercent(0, 10)).toBe('0.00');
  });

  it('is null without runs', () => {
    expect(uptimePercent(0, 0)).toBeNull();
  });
});
