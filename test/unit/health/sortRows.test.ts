import { groupChecks } from '../../../src/features/health/model/groupChecks';
import { sortMembers, sortRows } from '../../../src/features/health/model/sortRows';
import type { GroupRow, HealthRow, SortState } from '../../../src/features/health/model/types';
import { makeCheck } from './fixtures';

const titles = (rows: HealthRow[]) =>
  rows.map((row) => (row.kind === 'group' ? row.name : row.title));

describe('sortRows', () => {
  const zeta = makeCheck({
    name: 'Zeta',
    status: 'healthy',
    uptime: { passed: 9, failed: 1 },
    latency: { rolling1h: 50 },
    last_transition_time: '2024-05-02T00:00:00Z',
  });
  const alpha = makeCheck({
    name: 'alpha',
    status: 'unhealthy',
    uptime: { passed: 1, failed: 1 },
    latency: { rolling1h: 900 },
    last_transition_time: '2024-05-03T00:00:00Z',
  });
  const mid = makeCheck({
    name: 'Mid',
    status: 'healthy',
    uptime: { passed: 0, failed: 0 },
    latency: null,
    last_transition_time: null,
  });
  const rows = groupChecks([zeta, alpha, mid], 'no-group');

  it('sorts by name, case-insensitively, A to Z by default', () => {
    expect(titles(sortRows(rows))).toEqual(['alpha', 'Mid', 'Zeta']);
    expect(titles(sortRows(rows, { column: 'name', desc: true }))).toEqual([
      'Zeta',
      'Mid',
      'alpha',
    ]);
  });

  it('sorts by health, failing first when ascending', () => {
    expect(titles(sortRows(rows, { column: 'status', desc: false }))[0]).toBe('alpha');
  });

  it('sorts by uptime, by latency and by transition, missing values lowest', () => {
    expect(titles(sortRows(rows, { column: 'uptime', desc: false }))).toEqual([
      'Mid',
      'alpha',
      'Zeta',
    ]);
    expect(titles(sortRows(rows, { column: 'latency', desc: true }))).toEqual([
      'alpha',
      'Zeta',
      'Mid',
    ]);
    expect(titles(sortRows(rows, { column: 'last_transition_time', desc: true }))).toEqual([
      'alpha',
      'Zeta',
      'Mid',
    ]);
  });

  it('sorts groups by their aggregates, members when the group is shown open', () => {
    const checks = [
      makeCheck({ canary_name: 'good', name: 'g2', status: 'healthy' }),
      makeCheck({ canary_name: 'good', name: 'g1', status: 'healthy' }),
      makeCheck({ canary_name: 'bad', name: 'b1', status: 'unhealthy' }),
      makeCheck({ canary_name: 'bad', name: 'b2', status: 'unhealthy' }),
      makeCheck({ canary_name: 'mixed', name: 'm1', status: 'unhealthy' }),
      makeCheck({ canary_name: 'mixed', name: 'm2', status: 'healthy' }),
    ];
    const sorted = sortRows(groupChecks(checks, 'canary_name'), { column: 'status', desc: true });
    expect(titles(sorted)).toEqual(['good', 'mixed', 'bad']);
    const byName: SortState = { column: 'name', desc: false };
    const good = sortRows(groupChecks(checks, 'canary_name'), byName).find(
      (row): row is GroupRow => row.kind === 'group' && row.name === 'good',
    );
    expect(good && sortMembers(good, byName).map((c) => c.title)).toEqual(['g1', 'g2']);
    expect(good && sortMembers(good, { column: 'name', desc: true }).map((c) => c.title)).toEqual([
      'g2',
      'g1',
    ]);
  });

  it('keeps equal rows in the order they came, either direction', () => {
    const twins = groupChecks(
      [makeCheck({ id: 'b', name: 'same' }), makeCheck({ id: 'a', name: 'Same' })],
      'no-group',
    );
    expect(sortRows(twins).map((row) => row.id)).toEqual(['b', 'a']);
    expect(sortRows(twins, { column: 'name', desc: true }).map((row) => row.id)).toEqual([
      'b',
      'a',
    ]);
  });

  it('does not change its input', () => {
    const copy = [...rows];
    sortRows(rows, { column: 'latency', desc: true });
    expect(rows).toEqual(copy);
  });
});
