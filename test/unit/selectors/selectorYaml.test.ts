import {
  permissionYamlSource,
  scopeYamlSource,
  selectorTerms,
  silenceYamlSource,
  yamlSource,
} from '../../../src/features/selectors/model/selectorYaml';
import { tagKeysOf, tagsOf } from '../../../src/features/selectors/model/tagColumns';

describe('selectorTerms', () => {
  it('reads fields, negations, lists, quoted values and free text', () => {
    expect(
      selectorTerms(
        'type=Kubernetes::Pod  tags.cluster!=prod health=!healthy name="a b" web k=a,b -old !tags.x',
      ),
    ).toEqual([
      { text: 'type=Kubernetes::Pod', key: 'type', value: 'Kubernetes::Pod', negated: false },
      { text: 'tags.cluster!=prod', key: 'tags.cluster', value: 'prod', negated: true },
      { text: 'health=!healthy', key: 'health', value: '!healthy', negated: true },
      { text: 'name="a b"', key: 'name', value: 'a b', negated: false },
      { text: 'web', negated: false },
      { text: 'k=a,b', key: 'k', value: 'a,b', negated: false },
      { text: '-old', negated: true },
      { text: '!tags.x', negated: true },
    ]);
    expect(selectorTerms('   ')).toEqual([]);
  });
});

describe('scopeYamlSource', () => {
  it('carries the name, the agent and plain tags; names what it leaves out', () => {
    expect(
      scopeYamlSource(
        'config',
        'name=web-* agent=local tags.cluster=prod tags.team=payments type=Kubernetes::Pod health=!healthy tags.env=!prod',
      ),
    ).toEqual({
      ok: true,
      value: {
        targets: [
          { config: { name: 'web-*', agent: 'local', tagSelector: 'cluster=prod,team=payments' } },
        ],
      },
      leftOut: ['type=Kubernetes::Pod', 'health=!healthy', 'tags.env=!prod'],
    });
  });

  it('selects every resource of the kind when nothing can be carried', () => {
    expect(
      scopeYamlSource('component', 'health=unhealthy labels.team=a,b labels.app=web-*'),
    ).toEqual({
      ok: true,
      value: { targets: [{ component: { name: '*' } }] },
      leftOut: ['health=unhealthy', 'labels.team=a,b', 'labels.app=web-*'],
    });
  });

  it('keeps no agent for a playbook, and refuses kinds a scope cannot select', () => {
    expect(scopeYamlSource('playbook', 'name=restart agent=x')).toEqual({
      ok: true,
      value: { targets: [{ playbook: { name: 'restart' } }] },
      leftOut: ['agent=x'],
    });
    expect(scopeYamlSource('check', 'type=http')).toEqual({
      ok: false,
      reason: 'A scope cannot select checks.',
    });
    expect(scopeYamlSource('connection', 'type=http').ok).toBe(false);
  });
});

describe('permissionYamlSource and silenceYamlSource', () => {
  it('put the whole selector in a resource selector’s search', () => {
    expect(permissionYamlSource('config', ' type=Kubernetes::Pod tags.cluster=prod ')).toEqual({
      ok: true,
      value: {
        object_selector: { configs: [{ search: 'type=Kubernetes::Pod tags.cluster=prod' }] },
      },
      leftOut: [],
    });
    expect(yamlSource('permission', 'connection', 'type=postgres')).toEqual({
      ok: true,
      value: { object_selector: { connections: [{ search: 'type=postgres' }] } },
      leftOut: [],
    });
    expect(permissionYamlSource('canary', 'name=x')).toEqual({
      ok: false,
      reason: 'A permission cannot select canaries.',
    });
    expect(silenceYamlSource('health=unhealthy')).toEqual({
      ok: true,
      value: [{ search: 'health=unhealthy' }],
      leftOut: [],
    });
    expect(yamlSource('silence', 'check', 'type=http')).toEqual(silenceYamlSource('type=http'));
  });
});

describe('tag columns', () => {
  it('collect every tag key once, sorted, and read values as text', () => {
    const results = [
      { tags: { cluster: 'prod', team: 'a' } },
      { tags: null },
      { tags: { account: '1', cluster: 'dev', size: 3 } },
      { tags: ['not', 'a', 'map'] },
      {},
    ];
    expect(tagKeysOf(results)).toEqual(['account', 'cluster', 'size', 'team']);
    expect(tagsOf({ size: 3, none: null, name: 'x' })).toEqual({ size: '3', name: 'x' });
    expect(tagsOf('text')).toEqual({});
  });
});
