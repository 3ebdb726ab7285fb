import {
  NO_LABEL_FILTER,
  collectLabels,
  labelFilterOf,
  labelId,
  matchesLabels,
} from '../../../src/features/health/model/labels';
import { makeCheck } from './fixtures';

describe('label catalog', () => {
  const checks = [
    makeCheck({ labels: { team: 'web', canary: 'true' } }),
    makeCheck({ labels: { team: 'api', canary: 'false', env: 'prod' } }),
    makeCheck({ labels: { team: 'web' } }),
    makeCheck({ labels: null }),
  ];
  const catalog = collectLabels(checks);

  it('lists each pair once, keys and values sorted', () => {
    expect(catalog.keys).toEqual(['canary', 'env', 'team']);
    expect(catalog.options.get('team')?.map((option) => option.id)).toEqual([
      'canary:team:api',
      'canary:team:web',
    ]);
    expect(catalog.byId.get('canary:env:prod')).toEqual({
      id: 'canary:env:prod',
      key: 'env',
      value: 'prod',
      label: 'env: prod',
    });
  });

  it('labels a true flag by its key alone and knows which keys are flags', () => {
    expect(catalog.byId.get('canary:canary:true')?.label).toBe('canary');
    expect([...catalog.flagKeys]).toEqual(['canary']);
  });

  it('builds ids as canary:key:value', () => {
    expect(labelId('app', 'web:8080')).toBe('canary:app:web:8080');
  });

  it('ignores selections of labels no check carries', () => {
    expect(labelFilterOf({ 'canary:team:nobody': 1, 'not-an-id': -1 }, catalog)).toBe(
      NO_LABEL_FILTER,
    );
    const filter = labelFilterOf({ 'canary:team:web': 1, 'canary:team:nobody': 1 }, catalog);
    expect([...(filter.include.get('team') ?? [])]).toEqual(['web']);
  });

  it('matches a check by its labels', () => {
    const filter = labelFilterOf({ 'canary:team:web': 1, 'canary:canary:true': -1 }, catalog);
    expect(checks.map((check) => matchesLabels(check, filter))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });
});
