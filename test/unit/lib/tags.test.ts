import { formatCost } from '../../../src/lib/cost';
import { sortedTags } from '../../../src/lib/tags';
import { expectAnswers } from '../../support/answers';

describe('sortedTags', () => {
  it('puts account, namespace and name first, then the other keys alphabetically', () => {
    expect(
      sortedTags({
        zone: 'a',
        name: 'web',
        cluster: 'prod',
        namespace: 'shop',
        account: '1',
        app: 'x',
      }).map(([key]) => key),
    ).toEqual(['account', 'namespace', 'name', 'app', 'cluster', 'zone']);
  });

  it('gives no entries for empty or missing maps and skips null values', () => {
    expect(sortedTags(null)).toEqual([]);
    expect(sortedTags({ a: null, b: 2 })).toEqual([['b', '2']]);
  });
});

describe('formatCost', () => {
  it('shows dollars with cents under $1,000 and none above; nothing for zero', () => {
    expectAnswers(formatCost, [
      [12.345, '$12.35'],
      ['1234.5', '$1,235'],
      [0.0012, '$0.0012'],
      [0, ''],
      [null, ''],
    ]);
  });
});
