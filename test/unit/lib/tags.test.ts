import { formatCost } from '../../../src/lib/cost';
import { sortedTags } from '../../../src/lib/tags';

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
    expect(formatCost(12.345)).toBe('$12.35');
    expect(formatCost('1234.5')).toBe('$1,235');
    expect(formatCost(0.0012)).toBe('$0.0012');
    expect(formatCost(0)).toBe('');
    expect(formatCost(null)).toBe('');
  });
});
