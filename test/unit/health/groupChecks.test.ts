import {
  GROUP_BY_FIELDS,
  MULTIPLE,
  NO_VALUE_GROUP,
  aggregateGroup,
  groupChecks,
  isGroupBy,
} from '../../../src/features/health/model/groupChecks';
import type { CheckRow, GroupRow, HealthRow } from '../../../src/features/health/model/types';
import { makeCheck } from './fixtures';

const names = (rows: HealthRow[]) =>
  rows.map((row) =>
    row.kind === 'group' ? `${row.name}[${row.checks.map((c) => c.title).join(',')}]` : row.title,
  );

const asRow = (check: ReturnType<typeof makeCheck>): CheckRow => ({
  kind: 'check',
  id: check.id,
  check,
  title: check.name ?? '',
  sortName: (check.name ?? '').toLowerCase(),
});

describe('groupChecks', () => {
  const a1 = makeCheck({ name: 'a1', canary_name: 'alpha', type: 'http', description: 'd1' });
  const a2 = makeCheck({ name: 'a2', canary_name: 'alpha', type: 'dns', description: 'd1' });
  const b1 = makeCheck({ name: 'b1', canary_name: 'beta', type: 'http', description: '' });
  const c1 = makeCheck({ name: 'c1', canary_name: null, type: 'http', description: null });

  it('offers the fixed choices and recognises label keys', () => {
    expect(GROUP_BY_FIELDS.map((field) => field.value)).toEqual([
      'no-group',
      'canary_name',
      'name',
      'description',
      'type',
    ]);
    expect(isGroupBy('label:team')).toBe(true);
    expect(isGroupBy('label:')).toBe(false);
    expect(isGroupBy('namespace')).toBe(false);
  });

  it('lists every check on its own without grouping', () => {
    expect(names(groupChecks([a1, a2, b1], 'no-group'))).toEqual(['a1', 'a2', 'b1']);
  });

  it('groups by canary name; a single check stays a row of its own', () => {
    expect(names(groupChecks([a1, b1, a2, c1], 'canary_name'))).toEqual([
      'alpha[a1,a2]',
      'b1',
      'c1',
    ]);
  });

  it('collects checks without a value under (none)', () => {
    const c2 = makeCheck({ name: 'c2', canary_name: '' });
    expect(names(groupChecks([c1, c2], 'canary_name'))).toEqual([`${NO_VALUE_GROUP}[c1,c2]`]);
  });

  it('groups by type and by description', () => {
    expect(names(groupChecks([a1, a2, b1, c1], 'type'))).toEqual(['http[a1,b1,c1]', 'a2']);
    expect(names(groupChecks([a1, a2, b1, c1], 'description'))).toEqual([
      'd1[a1,a2]',
      `${NO_VALUE_GROUP}[b1,c1]`,
    ]);
  });

  it('groups by the first part of the name, showing the rest', () => {
    const checks = [
      makeCheck({ name: 'team/api/health' }),
      makeCheck({ name: 'team/db' }),
      makeCheck({ name: 'solo/one' }),
      makeCheck({ name: 'plain' }),
    ];
    expect(names(groupChecks(checks, 'name'))).toEqual([
      'team[api/health,db]',
      'solo/one',
      'plain',
    ]);
  });

  it('groups by a label key, checks without it under (none)', () => {
    const checks = [
      makeCheck({ name: 'x', labels: { team: 'core' } }),
      makeCheck({ name: 'y', labels: { team: 'core' } }),
      makeCheck({ name: 'z', labels: {} }),
      makeCheck({ name: 'w', labels: null }),
    ];
    expect(names(groupChecks(checks, 'label:team'))).toEqual([
      'core[x,y]',
      `${NO_VALUE_GROUP}[z,w]`,
    ]);
  });

  it('reuses the row of a check between groupings', () => {
    const first = groupChecks([a1, b1], 'no-group');
    const second = groupChecks([b1, a1], 'canary_name');
    expect(second[1]).toBe(first[0]);
  });

  it('gives groups ids that cannot clash with check ids', () => {
    const rows = groupChecks([a1, a2], 'canary_name');
    expect(rows.map((row) => row.id)).toEqual(['group:alpha']);
  });
});

describe('aggregateGroup', () => {
  const group = (checks: ReturnType<typeof makeCheck>[]): GroupRow =>
    aggregateGroup('g', checks.map(asRow));

  it('is good when every member is healthy', () => {
    const row = group([makeCheck({ status: 'healthy' }), makeCheck({ status: 'healthy' })]);
    expect(row.status).toEqual({ good: true, mixed: false });
  });

  it('is bad when every member is unhealthy', () => {
    const row = group([makeCheck({ status: 'unhealthy' }), makeCheck({ status: 'unhealthy' })]);
    expect(row.status).toEqual({ good: false, mixed: false });
  });

  it('is mixed otherwise', () => {
    expect(
      group([makeCheck({ status: 'healthy' }), makeCheck({ status: 'unhealthy' })]).status,
    ).toEqual({ good: false, mixed: true });
    expect(group([makeCheck({ status: 'healthy' }), makeCheck({ status: null })]).status).toEqual({
      good: false,
      mixed: true,
    });
  });

  it('sums runs, averages latency and counts fully passing members', () => {
    const row = group([
      makeCheck({ uptime: { passed: 10, failed: 0 }, latency: { rolling1h: 100 } }),
      makeCheck({ uptime: { passed: 5, failed: 5 }, latency: { rolling1h: 300 } }),
      makeCheck({ uptime: { passed: 0, failed: 0 }, latency: null }),
    ]);
    expect(row.uptime).toEqual({ passed: 15, failed: 5 });
    expect(row.latency).toBe(200);
    expect(row.passing).toBe(1);
  });

  it('keeps a shared icon and type, else says multiple', () => {
    const same = group([
      makeCheck({ icon: 'http', type: 'http' }),
      makeCheck({ icon: 'http', type: 'http' }),
    ]);
    expect([same.icon, same.type]).toEqual(['http', 'http']);
    const mixed = group([
      makeCheck({ icon: 'http', type: 'http' }),
      makeCheck({ icon: '', type: 'dns' }),
      makeCheck({ icon: 'k8s', type: 'dns' }),
    ]);
    expect([mixed.icon, mixed.type]).toEqual([MULTIPLE, MULTIPLE]);
  });

  it('lists namespaces and keeps the latest transition', () => {
    const row = group([
      makeCheck({ namespace: 'b', last_transition_time: '2024-05-01T10:00:00Z' }),
      makeCheck({ namespace: 'a', last_transition_time: '2024-05-03T10:00:00Z' }),
      makeCheck({ namespace: 'b', last_transition_time: null }),
    ]);
    expect(row.namespaces).toEqual(['a', 'b']);
    expect(row.lastTransition).toBe('2024-05-03T10:00:00Z');
  });
});
