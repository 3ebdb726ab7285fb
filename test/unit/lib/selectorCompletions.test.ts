import { HEALTH_VALUES, selectorCompletions } from '../../../src/lib/selectorCompletions';
import type { SelectorFacts } from '../../../src/lib/selectorFacts';
import { NO_SELECTOR_FACTS, groupPairs } from '../../../src/lib/selectorFacts';
import type { SelectorContext } from '../../../src/lib/selectorContext';

const FACTS: SelectorFacts = {
  types: ['AWS::EC2::Instance', 'Kubernetes::Pod'],
  statuses: ['Running', 'Stopped'],
  agents: ['local', 'eu-west'],
  tags: { cluster: ['dev', 'prod'], namespace: ['shop'] },
  labels: { app: ['web'] },
};

/** The labels offered in a context. */
function offered(context: Omit<SelectorContext, 'start' | 'prefix'>, facts = FACTS): string[] {
  return selectorCompletions({ prefix: '', start: 0, ...context }, facts).map((item) => item.label);
}

describe('selectorCompletions', () => {
  it("offers the search grammar's keys, then the known tag and label keys", () => {
    expect(offered({ field: 'search' })).toEqual([
      'type=',
      'name=',
      'namespace=',
      'agent=',
      'health=',
      'status=',
      'tags.',
      'labels.',
      'tags.cluster=',
      'tags.namespace=',
      'labels.app=',
    ]);
  });

  it('writes keys as they are shown and asks again for their values', () => {
    const [type] = selectorCompletions({ field: 'search', prefix: '', start: 0 }, FACTS);
    expect(type).toEqual({
      label: 'type=',
      insertText: 'type=',
      kind: 'key',
      detail: 'Type',
      continues: true,
    });
  });

  it("offers a search key's values from the estate", () => {
    const search = (key: string) => offered({ field: 'search', key });
    expect(search('type')).toEqual(FACTS.types);
    expect(search('health')).toEqual([...HEALTH_VALUES]);
    expect(search('status')).toEqual(FACTS.statuses);
    expect(search('agent')).toEqual(FACTS.agents);
    expect(search('namespace')).toEqual(['shop']);
    expect(search('tags.cluster')).toEqual(['dev', 'prod']);
    expect(search('labels.app')).toEqual(['web']);
    expect(search('cluster')).toEqual(['dev', 'prod']);
    expect(search('app')).toEqual(['web']);
    expect(search('name')).toEqual([]);
    expect(search('tags.unknown')).toEqual([]);
  });

  it('offers values as values, written as they are shown', () => {
    const [pod] = selectorCompletions(
      { field: 'search', key: 'type', prefix: 'Kub', start: 13 },
      { ...FACTS, types: ['Kubernetes::Pod'] },
    );
    expect(pod).toEqual({
      label: 'Kubernetes::Pod',
      insertText: 'Kubernetes::Pod',
      kind: 'value',
      detail: 'Config type',
      continues: false,
    });
  });

  it('offers tag keys then tag values in a tagSelector, label ones in a labelSelector', () => {
    expect(offered({ field: 'tagSelector' })).toEqual(['cluster=', 'namespace=']);
    expect(offered({ field: 'tagSelector', key: 'cluster' })).toEqual(['dev', 'prod']);
    expect(offered({ field: 'labelSelector' })).toEqual(['app=']);
    expect(offered({ field: 'labelSelector', key: 'app' })).toEqual(['web']);
    expect(offered({ field: 'labelSelector', key: 'cluster' })).toEqual([]);
  });

  it('offers the config types in a types list', () => {
    expect(offered({ field: 'types' })).toEqual(FACTS.types);
  });

  it('offers only the grammar with an estate that holds nothing', () => {
    expect(offered({ field: 'search' }, NO_SELECTOR_FACTS)).toHaveLength(8);
    expect(offered({ field: 'tagSelector' }, NO_SELECTOR_FACTS)).toEqual([]);
    expect(offered({ field: 'search', key: 'type' }, NO_SELECTOR_FACTS)).toEqual([]);
  });
});

describe('groupPairs', () => {
  it('groups key=value pairs by key, sorted, without repeats or empty values', () => {
    expect(
      groupPairs([
        { key: 'zone', value: 'b' },
        { key: 'app', value: 'web' },
        { key: 'zone', value: 'a' },
        { key: 'zone', value: 'b' },
        { key: 'flag', value: '' },
      ]),
    ).toEqual({ app: ['web'], flag: [], zone: ['a', 'b'] });
  });
});
