import { configTypeSummary, runErrors } from '../../../src/features/scrapeRuns/model/summary';

describe('configTypeSummary', () => {
  it('reads config_types, sums them and sorts the types', () => {
    const { types, total } = configTypeSummary({
      config_types: {
        'Kubernetes::Pod': { added: 2, updated: 3, unchanged: 10, changes: 4 },
        'Kubernetes::Deployment': { deleted: 1, unchanged: 5 },
      },
      external_users: { scraped: 4, saved: 4 },
    });
    expect(types.map((type) => type.type)).toEqual(['Kubernetes::Deployment', 'Kubernetes::Pod']);
    expect(total).toEqual({ added: 2, updated: 3, unchanged: 15, deleted: 1, changes: 4 });
  });

  it('reads an older summary whose types sit at the top, leaving the access summaries out', () => {
    const { types } = configTypeSummary({
      'AWS::S3::Bucket': { added: 1 },
      external_users: { scraped: 2 },
    });
    expect(types).toEqual([
      { type: 'AWS::S3::Bucket', added: 1, updated: 0, unchanged: 0, deleted: 0, changes: 0 },
    ]);
  });

  it('gives nothing for a missing or odd summary', () => {
    expect(configTypeSummary(undefined).types).toEqual([]);
    expect(configTypeSummary('text').total.added).toBe(0);
  });
});

describe('runErrors', () => {
  it('reads one text, a list, and a map item → error', () => {
    expect(runErrors('boom')).toEqual([{ message: 'boom' }]);
    expect(runErrors(['a', { code: 1 }])).toEqual([{ message: 'a' }, { message: '{"code":1}' }]);
    expect(runErrors({ 'pod/web': 'forbidden' })).toEqual([
      { item: 'pod/web', message: 'forbidden' },
    ]);
    expect(runErrors(null)).toEqual([]);
  });
});
