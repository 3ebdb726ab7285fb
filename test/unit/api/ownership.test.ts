import { ownedSelector } from '../../../src/api/endpoints/ownership';
import { parseSelector } from '../../../server/demo/search/selector';

describe('ownedSelector', () => {
  it('names the owner label and the teams as one selector term', () => {
    expect(ownedSelector({ label: 'owner', teams: ['Checkout', 'Payments'] })).toBe(
      'labels.owner=Checkout,Payments',
    );
  });

  it('narrows to one config as well', () => {
    expect(ownedSelector({ label: 'owner', teams: ['Payments'] }, 'c0f1')).toBe(
      'id=c0f1 labels.owner=Payments',
    );
  });

  it('is undefined for no team: nothing is owned', () => {
    expect(ownedSelector({ label: 'owner', teams: [] })).toBeUndefined();
  });

  it('quotes what the grammar cannot take bare, and the demo reads it back as written', () => {
    const selector = ownedSelector({
      label: 'team.owner',
      teams: ['Site "Reliability"', 'a,b', 'plain'],
    })!;
    expect(selector).toBe('labels.team.owner="Site \\"Reliability\\"","a,b",plain');
    const parsed = parseSelector(selector);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.terms).toEqual([
      expect.objectContaining({
        kind: 'field',
        key: 'labels',
        path: 'team.owner',
        values: [
          expect.objectContaining({ text: 'Site "Reliability"' }),
          expect.objectContaining({ text: 'a,b' }),
          expect.objectContaining({ text: 'plain' }),
        ],
      }),
    ]);
  });
});
