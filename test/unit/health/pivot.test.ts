import { groupChecks } from '../../../src/features/health/model/groupChecks';
import type { Pivot, PivotCell } from '../../../src/features/health/model/pivot';
import {
  NO_PIVOT_VALUE,
  isPivotBy,
  pivotCellFinder,
  pivotChoice,
  pivotColumnsOf,
  pivotOf,
  pivotValueOf,
} from '../../../src/features/health/model/pivot';
import type { HealthRow } from '../../../src/features/health/model/types';
import { makeCheck } from './fixtures';

const describeCell = (cell: PivotCell): string => {
  if (cell.kind === 'empty') return '';
  if (cell.kind === 'check') return cell.row.title;
  return `${cell.group.checks.map((member) => member.title).join('+')}`;
};

describe('pivot settings', () => {
  it('knows its choices and reads label as labels', () => {
    expect(['none', 'namespace', 'type', 'labels', 'label'].every(isPivotBy)).toBe(true);
    expect(isPivotBy('owner')).toBe(false);
    expect(pivotChoice('label')).toBe('labels');
    expect(pivotChoice('type')).toBe('type');
  });

  it('is off for none, waits for a label, and pivots otherwise', () => {
    const cell = 'uptime' as const;
    expect(pivotOf({ pivotBy: 'none', pivotLabel: 'team', pivotCellType: cell })).toBeNull();
    expect(pivotOf({ pivotBy: 'labels', pivotLabel: undefined, pivotCellType: cell })).toBe(
      'needsLabel',
    );
    expect(pivotOf({ pivotBy: 'label', pivotLabel: ' ', pivotCellType: cell })).toBe('needsLabel');
    expect(pivotOf({ pivotBy: 'label', pivotLabel: 'team', pivotCellType: cell })).toEqual({
      by: 'labels',
      key: 'team',
      cell,
    });
    expect(pivotOf({ pivotBy: 'type', pivotLabel: 'team', pivotCellType: cell })).toEqual({
      by: 'type',
      cell,
    });
  });
});

describe('pivot columns', () => {
  const byNamespace: Pivot = { by: 'namespace', cell: 'checkStatuses' };
  const byTeam: Pivot = { by: 'labels', key: 'team', cell: 'checkStatuses' };

  it('reads a check’s value; an empty or missing one is none', () => {
    const check = makeCheck({ namespace: 'shop', type: 'http', labels: { team: 'money' } });
    expect(pivotValueOf(check, byNamespace)).toBe('shop');
    expect(pivotValueOf(check, { by: 'type', cell: 'uptime' })).toBe('http');
    expect(pivotValueOf(check, byTeam)).toBe('money');
    expect(pivotValueOf(makeCheck({ namespace: '' }), byNamespace)).toBeUndefined();
    expect(pivotValueOf(makeCheck({ namespace: null }), byNamespace)).toBeUndefined();
    expect(pivotValueOf(makeCheck({ labels: {} }), byTeam)).toBeUndefined();
  });

  it('has one column per value, sorted, and (none) last when some check has no value', () => {
    const checks = [
      makeCheck({ labels: { team: 'web' } }),
      makeCheck({ labels: {} }),
      makeCheck({ labels: { team: 'api' } }),
      makeCheck({ labels: { team: 'web' } }),
    ];
    expect(pivotColumnsOf(checks, byTeam)).toEqual([
      { id: 'value:api', value: 'api', label: 'api' },
      { id: 'value:web', value: 'web', label: 'web' },
      { id: 'none', value: null, label: NO_PIVOT_VALUE },
    ]);
    expect(pivotColumnsOf(checks.slice(2), byTeam).map((column) => column.label)).toEqual([
      'api',
      'web',
    ]);
    expect(pivotColumnsOf([], byTeam)).toEqual([]);
  });
});

describe('pivot cells', () => {
  const byNamespace: Pivot = { by: 'namespace', cell: 'uptime' };
  const a = makeCheck({ name: 'a', canary_name: 'web', namespace: 'shop', status: 'healthy' });
  const b = makeCheck({
    name: 'b',
    canary_name: 'web',
    namespace: 'shop',
    status: 'unhealthy',
    uptime: { passed: 1, failed: 3 },
  });
  const c = makeCheck({ name: 'c', canary_name: 'web', namespace: '' });
  const d = makeCheck({ name: 'd', canary_name: 'api', namespace: 'auth' });
  const rows = groupChecks([a, b, c, d], 'canary_name');
  const columns = pivotColumnsOf([a, b, c, d], byNamespace);
  const table = (cellOf: (row: HealthRow, column: (typeof columns)[number]) => PivotCell) =>
    rows.map((row) => columns.map((column) => describeCell(cellOf(row, column))));

  it('puts a check under its own value only, and splits a group by value', () => {
    expect(columns.map((column) => column.label)).toEqual(['auth', 'shop', NO_PIVOT_VALUE]);
    expect(table(pivotCellFinder(byNamespace))).toEqual([
      ['', 'a+b', 'c'],
      ['d', '', ''],
    ]);
  });

  it('aggregates the members of a group that share a value', () => {
    const cellOf = pivotCellFinder(byNamespace);
    const group = rows[0]!;
    const shop = cellOf(group, columns[1]!);
    if (shop.kind !== 'group') throw new Error('expected an aggregate');
    expect(shop.group.uptime).toEqual({ passed: 11, failed: 3 });
    expect(shop.group.status).toEqual({ good: false, mixed: true });
    // Asking again gives the same cell (a group is split once).
    expect(cellOf(group, columns[1]!)).toBe(shop);
  });
});
