import type { RelatedConfig } from '../../../src/api/schemas/configItem';
import {
  directionOf,
  directionToggles,
  RELATIONSHIPS_STATE,
  filterByTags,
  matchesTags,
  parseTagItem,
  relationshipQueryFilters,
  tagOptions,
} from '../../../src/features/catalog/item/model/relationshipsState';
import type { TriStateMap } from '../../../src/lib/triState';

const parseRelationshipsTab = (params: URLSearchParams) => RELATIONSHIPS_STATE.read(params);
const parse = (query: string) => parseRelationshipsTab(new URLSearchParams(query));
const write = (query: string, changes: Parameters<typeof RELATIONSHIPS_STATE.write>[1]) =>
  RELATIONSHIPS_STATE.write(new URLSearchParams(query), changes).toString();
const typeFilterToUrl = (type: TriStateMap) => new URLSearchParams(write('', { type })).get('type');
const typeFilterFromUrl = (text: string) => parse(`type=${encodeURIComponent(text)}`).type;
const tagFilterToUrl = (tag: TriStateMap) =>
  new URLSearchParams(write('', { tag })).get('tag') ?? '';
const tagFilterFromUrl = (text: string) => parse(`tag=${encodeURIComponent(text)}`).tag;

/** No type, status, health or tag filter, nothing expanded, the graph view. */
const unfiltered = () => ({
  type: {},
  status: {},
  health: {},
  tag: {},
  view: 'graph' as const,
  expanded: [],
});

describe('direction', () => {
  it('reads both switches as one of three directions', () => {
    expect(directionOf(parse(''))).toBe('all');
    expect(directionOf(parse('outgoing=false'))).toBe('incoming');
    expect(directionOf(parse('incoming=false'))).toBe('outgoing');
    // Neither: what the backend follows by default.
    expect(directionOf(parse('incoming=false&outgoing=false'))).toBe('outgoing');
  });

  it('writes a direction as the switches, both on leaving no parameter', () => {
    expect(write('a=1', directionToggles('incoming'))).toBe('a=1&outgoing=false');
    expect(write('outgoing=false', directionToggles('outgoing'))).toBe('incoming=false');
    expect(write('incoming=false&outgoing=false', directionToggles('all'))).toBe('');
  });
});

describe('tab state in the address', () => {
  it('defaults to both directions, hard only, the preference, no filters, the graph', () => {
    expect(parse('')).toEqual({ incoming: true, outgoing: true, soft: false, ...unfiltered() });
  });

  it('reads every parameter', () => {
    const state = parse(
      'incoming=false&relation=soft&showDeleted=true&type=Kubernetes__Pod:1,AWS__EC2__Instance:-1' +
        '&status=Running:1&health=unhealthy:1,warning:-1&tag=cluster__:__prod,!team__:__web' +
        '&view=list&expanded=Kubernetes__Pod,Kubernetes__Service',
    );
    expect(state).toEqual({
      incoming: false,
      outgoing: true,
      soft: true,
      showDeleted: true,
      type: { 'Kubernetes::Pod': 1, 'AWS::EC2::Instance': -1 },
      status: { Running: 1 },
      health: { unhealthy: 1, warning: -1 },
      tag: { 'cluster__:__prod': 1, 'team__:__web': -1 },
      view: 'list',
      expanded: ['Kubernetes::Pod', 'Kubernetes::Service'],
    });
    expect(parse('showDeleted=false').showDeleted).toBe(false);
    expect(parse('showDeleted=maybe').showDeleted).toBeUndefined();
    expect(parse('view=table').view).toBe('graph');
  });

  it('writes what it reads, and defaults as no parameter', () => {
    const state: Parameters<typeof write>[1] = {
      soft: true,
      showDeleted: false,
      type: { 'Kubernetes::Pod': 1, 'Kubernetes::Node': -1 },
      status: { Pending: -1 },
      health: { healthy: 1 },
      tag: { 'namespace__:__shop': 1 },
      view: 'list',
      expanded: ['Kubernetes::Pod'],
    };
    const query = write('tab=x', state);
    const params = new URLSearchParams(query);
    expect(params.get('type')).toBe('Kubernetes__Pod:1,Kubernetes__Node:-1');
    expect(params.get('tag')).toBe('namespace__:__shop');
    expect(params.get('expanded')).toBe('Kubernetes__Pod');
    expect(params.get('showDeleted')).toBe('false');
    expect(params.get('tab')).toBe('x');
    expect(parseRelationshipsTab(params)).toMatchObject(state);

    const cleared = write(query, { soft: false, showDeleted: undefined, ...unfiltered() });
    expect(cleared).toBe('tab=x');
  });

  it('gives the filters CAT-30 sends, only those chosen', () => {
    const state = parse('type=Kubernetes__Pod:1,Kubernetes__Node:-1&health=unhealthy:1');
    expect(relationshipQueryFilters(state)).toEqual({
      type: 'Kubernetes::Pod,!Kubernetes::Node',
      health: 'unhealthy',
    });
    expect(relationshipQueryFilters(parse(''))).toEqual({});
    expect(RELATIONSHIPS_STATE.isFiltered(parse(''))).toBe(false);
    expect(RELATIONSHIPS_STATE.isFiltered(parse('tag=a__:__b'))).toBe(true);
    expect(RELATIONSHIPS_STATE.isFiltered(parse('status=Running:1'))).toBe(true);
    expect(RELATIONSHIPS_STATE.isFiltered(parse('incoming=false&relation=soft&view=list'))).toBe(
      false,
    );
  });
});

describe('type and tag encodings', () => {
  it('writes :: in a type as __, and a colon alone in the kit form', () => {
    expect(typeFilterToUrl({ 'AWS::EC2::Instance': 1, 'odd:type': -1 })).toBe(
      'AWS__EC2__Instance:1,odd____type:-1',
    );
    expect(typeFilterFromUrl('AWS__EC2__Instance:1,odd____type:-1')).toEqual({
      'AWS::EC2::Instance': 1,
      'odd:type': -1,
    });
    expect(parse('').type).toEqual({});
  });

  it('writes tags as key__:__value, excluded ones with !, commas in values kept', () => {
    const map = { 'team__:__a,b': 1, 'env__:__dev': -1 } as const;
    const text = tagFilterToUrl(map);
    expect(text).toBe('team__:__a||||b,!env__:__dev');
    expect(tagFilterFromUrl(text)).toEqual(map);
    // Entries without the separator are not tags.
    expect(tagFilterFromUrl('nonsense,,!alsoNot,a__:__b')).toEqual({ 'a__:__b': 1 });
    expect(parseTagItem('a__:__b__:__c')).toEqual({ key: 'a', value: 'b__:__c' });
    expect(parseTagItem('__:__b')).toBeUndefined();
  });
});

describe('tag filter in the browser', () => {
  const rows: RelatedConfig[] = [
    { id: 'item', tags: { cluster: 'dev' } },
    { id: 'a', tags: { cluster: 'prod', namespace: 'shop' } },
    { id: 'b', tags: { cluster: 'prod', namespace: 'kube-system' } },
    { id: 'c', tags: { cluster: 'dev', namespace: 'shop', replicas: 3 } },
    { id: 'd', tags: null },
  ];
  const ids = (selection: Record<string, 1 | -1>) =>
    filterByTags(rows, selection, 'item').map((row) => row.id);

  it('keeps rows with an included tag, and always the item', () => {
    expect(ids({ 'cluster__:__prod': 1 })).toEqual(['item', 'a', 'b']);
    expect(ids({ 'cluster__:__prod': 1, 'namespace__:__shop': 1 })).toEqual(['item', 'a']);
    // Two values of one key: either.
    expect(ids({ 'namespace__:__shop': 1, 'namespace__:__kube-system': 1 })).toEqual([
      'item',
      'a',
      'b',
      'c',
    ]);
    expect(ids({ 'replicas__:__3': 1 })).toEqual(['item', 'c']);
  });

  it('drops rows with an excluded tag', () => {
    expect(ids({ 'namespace__:__kube-system': -1 })).toEqual(['item', 'a', 'c', 'd']);
    expect(matchesTags(undefined, { 'a__:__b': -1 })).toBe(true);
    expect(matchesTags(undefined, { 'a__:__b': 1 })).toBe(false);
  });

  it('gives the same rows back without a selection', () => {
    expect(filterByTags(rows, {}, 'item')).toBe(rows);
  });

  it('offers the tags present, the most common first, up to a limit', () => {
    expect(tagOptions(rows)).toEqual([
      { value: 'cluster__:__dev', label: 'cluster: dev' },
      { value: 'cluster__:__prod', label: 'cluster: prod' },
      { value: 'namespace__:__shop', label: 'namespace: shop' },
      { value: 'namespace__:__kube-system', label: 'namespace: kube-system' },
      { value: 'replicas__:__3', label: 'replicas: 3' },
    ]);
    expect(tagOptions(rows, 1)).toHaveLength(1);
  });
});
