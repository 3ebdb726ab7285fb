import { flattenRows } from '../../../src/features/health/model/flattenRows';
import { groupChecks } from '../../../src/features/health/model/groupChecks';
import { healthAge } from '../../../src/features/health/model/healthAge';
import {
  REFRESH_RATES,
  refreshRateLabel,
  refreshRateMs,
} from '../../../src/features/health/model/refreshRate';
import { windowRange } from '../../../src/features/health/model/windowRange';
import { makeCheck } from './fixtures';

describe('healthAge', () => {
  const now = new Date('2024-05-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const HOUR = 3_600_000;

  it('is empty up to an hour', () => {
    expect(healthAge(ago(30 * 60_000), now)).toBe('');
    expect(healthAge(ago(HOUR), now)).toBe('');
  });

  it('shows the age between an hour and seven days', () => {
    expect(healthAge(ago(HOUR + 60_000), now)).toBe('1h');
    expect(healthAge(ago(3 * HOUR), now)).toBe('3h');
    expect(healthAge(ago(6 * 24 * HOUR), now)).toBe('6d');
  });

  it('is empty from seven days and for missing or zero dates', () => {
    expect(healthAge(ago(7 * 24 * HOUR), now)).toBe('');
    expect(healthAge(null, now)).toBe('');
    expect(healthAge('0001-01-01T00:00:00Z', now)).toBe('');
  });
});

describe('refresh rates', () => {
  it('converts each unit to milliseconds', () => {
    expect(['15s', '2m', '1h', '1d', '1w'].map(refreshRateMs)).toEqual([
      15_000, 120_000, 3_600_000, 86_400_000, 604_800_000,
    ]);
  });

  it('is off for none, empty and unreadable rates', () => {
    expect(['none', '', '5y', '10', 'soon'].map(refreshRateMs)).toEqual([0, 0, 0, 0, 0]);
    expect(refreshRateMs(undefined)).toBe(0);
    expect(refreshRateLabel('none')).toBe('Off');
    expect(refreshRateLabel('30s')).toBe('30s');
  });

  it('offers off first, then rates in every unit', () => {
    expect(REFRESH_RATES[0]).toBe('none');
    expect(REFRESH_RATES.slice(1).every((rate) => refreshRateMs(rate) > 0)).toBe(true);
  });
});

describe('windowRange', () => {
  it('renders the rows in view plus the overscan', () => {
    expect(windowRange(0, 360, 36, 1000, 10)).toEqual({ start: 0, end: 21 });
    expect(windowRange(3600, 360, 36, 1000, 10)).toEqual({ start: 90, end: 121 });
  });

  it('stays within the list', () => {
    expect(windowRange(36_000, 360, 36, 1000, 10)).toEqual({ start: 989, end: 1000 });
    expect(windowRange(0, 360, 36, 5, 10)).toEqual({ start: 0, end: 5 });
    expect(windowRange(0, 360, 36, 0, 10)).toEqual({ start: 0, end: 0 });
  });

  it('assumes a viewport when its height is unknown', () => {
    expect(windowRange(0, 0, 40, 1000, 0, 800)).toEqual({ start: 0, end: 21 });
  });
});

describe('flattenRows', () => {
  const checks = [
    makeCheck({ canary_name: 'a', name: 'a1' }),
    makeCheck({ canary_name: 'a', name: 'a2' }),
    makeCheck({ canary_name: 'b', name: 'b1' }),
  ];
  const rows = groupChecks(checks, 'canary_name');

  it('shows groups collapsed', () => {
    expect(flattenRows(rows, new Set()).map((row) => [row.key, row.depth])).toEqual([
      ['group:a', 0],
      [checks[2]?.id, 0],
    ]);
  });

  it('follows an expanded group with its members, sorted', () => {
    const display = flattenRows(rows, new Set(['group:a']), { column: 'name', desc: true });
    expect(display.map((row) => row.depth)).toEqual([0, 1, 1, 0]);
    expect(display.map((row) => (row.row.kind === 'check' ? row.row.title : row.row.name))).toEqual(
      ['a', 'a2', 'a1', 'b1'],
    );
    expect(new Set(display.map((row) => row.key)).size).toBe(4);
  });
});
