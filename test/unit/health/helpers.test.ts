import { groupChecks } from '../../../src/features/health/model/groupChecks';
import { healthAge } from '../../../src/features/health/model/healthAge';
import {
  REFRESH_RATES,
  refreshRateLabel,
  refreshRateMs,
} from '../../../src/features/health/model/refreshRate';
import { sortMembers } from '../../../src/features/health/model/sortRows';
import type { HealthRow } from '../../../src/features/health/model/types';
import { flattenRows } from '../../../src/ui/DataTable/rows';
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

describe('flattenRows', () => {
  const checks = [
    makeCheck({ canary_name: 'a', name: 'a1' }),
    makeCheck({ canary_name: 'a', name: 'a2' }),
    makeCheck({ canary_name: 'b', name: 'b1' }),
  ];
  const rows = groupChecks(checks, 'canary_name');
  const id = (row: HealthRow) => row.id;
  const members = (row: HealthRow) => (row.kind === 'group' ? sortMembers(row) : undefined);

  it('shows groups collapsed', () => {
    expect(flattenRows(rows, id, members, new Set()).map((row) => [row.id, row.depth])).toEqual([
      ['group:a', 0],
      [checks[2]?.id, 0],
    ]);
  });

  it('follows an expanded group with its members, sorted', () => {
    const display = flattenRows(
      rows,
      id,
      (row) =>
        row.kind === 'group' ? sortMembers(row, { column: 'name', desc: true }) : undefined,
      new Set(['group:a']),
    );
    expect(display.map((row) => row.depth)).toEqual([0, 1, 1, 0]);
    expect(display.map((row) => (row.row.kind === 'check' ? row.row.title : row.row.name))).toEqual(
      ['a', 'a2', 'a1', 'b1'],
    );
    expect(new Set(display.map((row) => row.id)).size).toBe(4);
    expect(display[0]?.expandable).toBe(true);
  });
});
