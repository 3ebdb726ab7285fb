import { filterChecks, matchesQuery } from '../../../src/features/health/model/filterChecks';
import { collectLabels, labelFilterOf } from '../../../src/features/health/model/labels';
import { makeCheck } from './fixtures';

describe('matchesQuery', () => {
  const check = makeCheck({
    name: 'Login Page',
    description: 'Checks the SSO form',
    canary_name: 'frontend-probes',
    endpoint: 'https://auth.example.com/login',
  });

  it.each(['login', 'LOGIN', 'sso form', 'FRONTEND', 'auth.example', '  page '])(
    'finds %p in the name, description, canary name or endpoint',
    (query) => expect(matchesQuery(check, query)).toBe(true),
  );

  it('matches everything with an empty query', () => {
    expect(matchesQuery(check, '')).toBe(true);
  });

  it('does not match text that is in none of the fields, or spans two of them', () => {
    expect(matchesQuery(check, 'database')).toBe(false);
    expect(matchesQuery(check, 'form frontend')).toBe(false);
  });

  it('ignores other fields such as the namespace and type', () => {
    expect(matchesQuery(makeCheck({ namespace: 'payments', type: 'dns' }), 'payments')).toBe(false);
    expect(matchesQuery(makeCheck({ type: 'postgres' }), 'postgres')).toBe(false);
  });
});

describe('filterChecks', () => {
  const passing = makeCheck({ name: 'api', status: 'healthy', labels: { team: 'core' } });
  const failing = makeCheck({ name: 'db', status: 'unhealthy', labels: { team: 'data' } });
  const unknown = makeCheck({ name: 'queue', status: null, labels: { team: 'core', tier: '1' } });
  const checks = [passing, failing, unknown];
  const catalog = collectLabels(checks);

  it('returns the same array when nothing filters', () => {
    expect(filterChecks(checks, { query: '', hidePassing: false })).toBe(checks);
  });

  it('hides checks whose last run passed', () => {
    expect(filterChecks(checks, { query: '', hidePassing: true })).toEqual([failing, unknown]);
  });

  it('combines the search with Hide Passing', () => {
    expect(filterChecks(checks, { query: 'API', hidePassing: false })).toEqual([passing]);
    expect(filterChecks(checks, { query: 'API', hidePassing: true })).toEqual([]);
  });

  it('includes by label', () => {
    const labels = labelFilterOf({ 'canary:team:core': 1 }, catalog);
    expect(filterChecks(checks, { query: '', hidePassing: false, labels })).toEqual([
      passing,
      unknown,
    ]);
  });

  it('excludes by label', () => {
    const labels = labelFilterOf({ 'canary:team:core': -1 }, catalog);
    expect(filterChecks(checks, { query: '', hidePassing: false, labels })).toEqual([failing]);
  });

  it('lets an exclusion win over an inclusion', () => {
    const labels = labelFilterOf({ 'canary:team:core': 1, 'canary:tier:1': -1 }, catalog);
    expect(filterChecks(checks, { query: '', hidePassing: false, labels })).toEqual([passing]);
  });

  it('needs one included value per key, and every included key', () => {
    const either = labelFilterOf({ 'canary:team:core': 1, 'canary:team:data': 1 }, catalog);
    expect(filterChecks(checks, { query: '', hidePassing: false, labels: either })).toEqual(checks);
    const both = labelFilterOf({ 'canary:team:core': 1, 'canary:tier:1': 1 }, catalog);
    expect(filterChecks(checks, { query: '', hidePassing: false, labels: both })).toEqual([
      unknown,
    ]);
  });
});
