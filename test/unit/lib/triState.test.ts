import type { TriState, TriStateMap } from '../../../src/lib/triState';
import {
  applyTriState,
  decodeTriStateItem,
  encodeTriStateItem,
  nextTriState,
  tagPrefix,
  triStateFromUrl,
  triStateItems,
  triStateToQuery,
  triStateToUrl,
} from '../../../src/lib/triState';
import { expectAnswers } from '../../support/answers';

describe('nextTriState', () => {
  it('goes from neutral to the clicked state', () => {
    expect(nextTriState(0, 1)).toBe(1);
    expect(nextTriState(0, -1)).toBe(-1);
  });

  it('switches between include and exclude', () => {
    expect(nextTriState(1, -1)).toBe(-1);
    expect(nextTriState(-1, 1)).toBe(1);
  });

  it('returns to neutral when the active state is clicked', () => {
    expect(nextTriState(1, 1)).toBe(0);
    expect(nextTriState(-1, -1)).toBe(0);
  });

  it('cycles 0 → 1 → -1 → 0 by clicks', () => {
    let state: TriState = 0;
    state = nextTriState(state, 1);
    expect(state).toBe(1);
    state = nextTriState(state, -1);
    expect(state).toBe(-1);
    state = nextTriState(state, -1);
    expect(state).toBe(0);
  });
});

describe('applyTriState in a regular dropdown', () => {
  it('adds and removes items', () => {
    expect(applyTriState({}, 'a', 1)).toEqual({ a: 1 });
    expect(applyTriState({ a: 1, b: 1 }, 'a', 0)).toEqual({ b: 1 });
    expect(applyTriState({ a: 1 }, 'missing', 0)).toEqual({ a: 1 });
  });

  it('keeps items of the same state', () => {
    expect(applyTriState({ a: 1 }, 'b', 1)).toEqual({ a: 1, b: 1 });
    expect(applyTriState({ a: -1 }, 'b', -1)).toEqual({ a: -1, b: -1 });
  });

  it('removes items of the other state', () => {
    expect(applyTriState({ a: 1, b: 1, c: -1 }, 'd', -1)).toEqual({ c: -1, d: -1 });
    expect(applyTriState({ a: -1, b: 1 }, 'a', 1)).toEqual({ a: 1, b: 1 });
  });

  it('does not change its input', () => {
    const map: TriStateMap = { a: 1 };
    applyTriState(map, 'b', -1);
    applyTriState(map, 'a', 0);
    expect(map).toEqual({ a: 1 });
  });
});

describe('applyTriState in a tag-style dropdown', () => {
  const tag = { tagStyle: true };

  it('finds the tag key before the first = or :', () => {
    expectAnswers(tagPrefix, [
      ['namespace=default', 'namespace'],
      ['cluster:prod:eu', 'cluster'],
      ['a=b:c', 'a'],
      ['plain', 'plain'],
    ]);
  });

  it('including an item removes every other state of the same key', () => {
    const map: TriStateMap = {
      'namespace=a': 1,
      'namespace=b': -1,
      'cluster=x': 1,
      'region=eu': -1,
    };
    expect(applyTriState(map, 'namespace=c', 1, tag)).toEqual({
      'cluster=x': 1,
      'region=eu': -1,
      'namespace=c': 1,
    });
  });

  it('excluding an item keeps the other items of the same key', () => {
    expect(applyTriState({ 'namespace=a': 1 }, 'namespace=b', -1, tag)).toEqual({
      'namespace=a': 1,
      'namespace=b': -1,
    });
  });

  it('mixes states across keys, unlike a regular dropdown', () => {
    expect(applyTriState({ 'a=1': -1 }, 'b=2', 1, tag)).toEqual({ 'a=1': -1, 'b=2': 1 });
    expect(applyTriState({ 'a=1': -1 }, 'b=2', 1)).toEqual({ 'b=2': 1 });
  });

  it('removes a single item with neutral', () => {
    expect(applyTriState({ 'a=1': 1, 'a=2': -1 }, 'a=2', 0, tag)).toEqual({ 'a=1': 1 });
  });
});

describe('URL encoding', () => {
  it('escapes colons and commas inside items', () => {
    expect(encodeTriStateItem('Kubernetes::Pod')).toBe('Kubernetes________Pod');
    expect(encodeTriStateItem('a,b')).toBe('a||||b');
    expect(decodeTriStateItem('Kubernetes________Pod')).toBe('Kubernetes::Pod');
    expect(decodeTriStateItem('a||||b')).toBe('a,b');
  });

  it('writes item:state pairs', () => {
    expect(triStateToUrl({ a: 1, b: -1 })).toBe('a:1,b:-1');
    expect(triStateToUrl({ 'x:y': 1, 'p,q': -1 })).toBe('x____y:1,p||||q:-1');
    expect(triStateToUrl({})).toBe('');
  });

  it('reads what it writes', () => {
    const map: TriStateMap = { 'Kubernetes::Pod': 1, 'a,b': -1, 'env=prod': 1 };
    expect(triStateFromUrl(triStateToUrl(map))).toEqual(map);
  });

  it('ignores junk', () => {
    expect(triStateFromUrl(null)).toEqual({});
    expect(triStateFromUrl('')).toEqual({});
    expect(triStateFromUrl('a:1,b,c:2,:1,d:-1,e:')).toEqual({ a: 1, d: -1 });
  });

  it('lets a later entry win', () => {
    expect(triStateFromUrl('a:1,a:-1')).toEqual({ a: -1 });
  });
});

describe('triStateToQuery', () => {
  it('marks excluded items with !', () => {
    expect(triStateToQuery({ value1: 1, value2: -1 })).toBe('value1,!value2');
    expect(triStateToQuery({})).toBe('');
  });

  it('writes the decoded items', () => {
    expect(triStateToQuery(triStateFromUrl('Kubernetes________Pod:1,a||||b:-1'))).toBe(
      'Kubernetes::Pod,!a,b',
    );
  });

  it('URI-encodes entries when asked', () => {
    expect(triStateToQuery({ 'a b': 1, 'c&d': -1 }, { uriEncode: true })).toBe('a%20b,!c%26d');
  });

  it('lists the items of one state', () => {
    expect(triStateItems({ a: 1, b: -1, c: 1 }, 1)).toEqual(['a', 'c']);
    expect(triStateItems({ a: 1, b: -1, c: 1 }, -1)).toEqual(['b']);
  });
});
