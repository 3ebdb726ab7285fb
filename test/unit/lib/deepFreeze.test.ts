import { deepFreeze } from '../../../src/lib/deepFreeze';

describe('deepFreeze', () => {
  it('freezes every object and array of a tree and gives the tree back', () => {
    const tree = { cards: [{ id: 'a', properties: [{ name: 'cpu' }], summary: { checks: {} } }] };
    expect(deepFreeze(tree)).toBe(tree);
    expect(Object.isFrozen(tree)).toBe(true);
    expect(Object.isFrozen(tree.cards)).toBe(true);
    expect(Object.isFrozen(tree.cards[0])).toBe(true);
    expect(Object.isFrozen(tree.cards[0]?.properties[0])).toBe(true);
    expect(Object.isFrozen(tree.cards[0]?.summary.checks)).toBe(true);
  });

  it('leaves values that are no objects as they are', () => {
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze('text')).toBe('text');
    expect(deepFreeze(3)).toBe(3);
  });
});
