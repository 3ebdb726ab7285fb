import type { Scope } from '../../../src/api/schemas/scopes';
import {
  changeTargetType,
  emptySelector,
  formatTagSelector,
  isKubernetesScope,
  isUiScope,
  parseTagSelector,
  setWildcard,
  targetCountLabel,
  toScopeFormValues,
  toScopeInput,
} from '../../../src/features/scopes/model/scopeForm';
import { SCOPE_MESSAGES, validateScope } from '../../../src/features/scopes/model/validation';

const scope = (fields: Partial<Scope>): Scope => ({ id: 's1', name: 'web', ...fields });

describe('tag selectors', () => {
  it('parses comma-joined key=value pairs', () => {
    expect(parseTagSelector('namespace=argocd, cluster = prod ,flag')).toEqual([
      { key: 'namespace', value: 'argocd' },
      { key: 'cluster', value: 'prod' },
      { key: 'flag', value: '' },
    ]);
    expect(parseTagSelector(null)).toEqual([]);
  });

  it('joins pairs that have a key', () => {
    expect(
      formatTagSelector([
        { key: ' env ', value: ' prod ' },
        { key: '', value: 'ignored' },
        { key: 'team', value: 'sre' },
      ]),
    ).toBe('env=prod,team=sre');
  });
});

describe('form values', () => {
  it('starts a new scope with one empty config target', () => {
    expect(toScopeFormValues()).toEqual({
      name: '',
      namespace: '',
      description: '',
      targets: [{ config: emptySelector() }],
    });
  });

  it('reads a wildcard only from a bare `*` name', () => {
    const values = toScopeFormValues(
      scope({
        namespace: 'mission-control',
        targets: [
          { global: { name: '*' } },
          { config: { agent: 'eu-west-1-prod', name: '*' } },
          { component: { tagSelector: 'env=production' } },
        ],
      }),
    );
    expect(values.targets).toEqual([
      { global: { name: '', agent: '', tags: [], wildcard: true } },
      { config: { name: '*', agent: 'eu-west-1-prod', tags: [], wildcard: false } },
      {
        component: {
          name: '',
          agent: '',
          tags: [{ key: 'env', value: 'production' }],
          wildcard: false,
        },
      },
    ]);
  });

  it('keeps every resource type of an invalid target', () => {
    const values = toScopeFormValues(
      scope({ targets: [{ config: { name: 'a' }, component: { name: 'b' } }] }),
    );
    expect(Object.keys(values.targets[0]!)).toEqual(['config', 'component']);
  });
});

describe('target changes', () => {
  const selector = {
    name: 'api',
    agent: 'staging',
    tags: [{ key: 'team', value: 'sre' }],
    wildcard: false,
  };

  it('moves the selector to the new resource type, keeping exactly one', () => {
    expect(changeTargetType({ config: selector, component: emptySelector() }, 'canary')).toEqual({
      canary: selector,
    });
  });

  it('drops the agent for a playbook target', () => {
    expect(changeTargetType({ config: selector }, 'playbook')).toEqual({
      playbook: { ...selector, agent: '' },
    });
  });

  it('clears name, agent and tags when the wildcard is turned on', () => {
    const on = setWildcard(selector, true);
    expect(on).toEqual({ name: '', agent: '', tags: [], wildcard: true });
    expect(setWildcard(on, false)).toEqual(emptySelector());
  });
});

describe('what is sent', () => {
  it('sends a wildcard as { name: "*" } and other selectors with their set fields only', () => {
    const input = toScopeInput({
      name: ' sre ',
      namespace: ' ',
      description: ' Runbooks ',
      targets: [
        { playbook: { name: 'x', agent: 'staging', tags: [], wildcard: true } },
        {
          config: {
            name: ' web ',
            agent: 'staging',
            tags: [{ key: 'env', value: 'prod' }],
            wildcard: false,
          },
        },
        { playbook: { name: 'drain-node', agent: 'staging', tags: [], wildcard: false } },
      ],
    });
    expect(input).toEqual({
      name: 'sre',
      namespace: null,
      description: 'Runbooks',
      targets: [
        { playbook: { name: '*' } },
        { config: { name: 'web', agent: 'staging', tagSelector: 'env=prod' } },
        { playbook: { name: 'drain-node' } },
      ],
      source: 'UI',
    });
  });
});

describe('validation', () => {
  const valid = {
    name: 'web',
    namespace: '',
    description: '',
    targets: [{ config: { ...emptySelector(), name: 'web' } }],
  };

  it('accepts a named scope with a non-empty target', () => {
    expect(validateScope(valid)).toEqual({});
  });

  it('requires a name', () => {
    expect(validateScope({ ...valid, name: '  ' })).toEqual({ name: 'Name is required' });
  });

  it('requires at least one target', () => {
    expect(validateScope({ ...valid, targets: [] })).toEqual({
      targets: SCOPE_MESSAGES.targetsRequired,
    });
  });

  it('requires exactly one resource type per target', () => {
    const twoTypes = { config: { ...emptySelector(), name: 'a' }, canary: emptySelector() };
    expect(validateScope({ ...valid, targets: [valid.targets[0]!, twoTypes, {}] })).toEqual({
      targets: [
        undefined,
        'Each target can only have one resource type.',
        'Each target can only have one resource type.',
      ],
    });
  });

  it('rejects a target that selects nothing', () => {
    expect(validateScope({ ...valid, targets: [{ canary: emptySelector() }] })).toEqual({
      targets: [
        'Target cannot be empty. Please specify at least one of: name, agent, tags, or enable wildcard.',
      ],
    });
  });

  it.each([
    ['a name', { name: 'x' }],
    ['an agent', { agent: 'local' }],
    ['tags', { tags: [{ key: 'a', value: 'b' }] }],
    ['the wildcard', { wildcard: true }],
  ])('counts %s as selecting something', (_what, fields) => {
    expect(
      validateScope({ ...valid, targets: [{ config: { ...emptySelector(), ...fields } }] }),
    ).toEqual({});
  });
});

describe('sources and wording', () => {
  it('tells Kubernetes scopes from console ones', () => {
    expect(isKubernetesScope({ source: 'KubernetesCRD' })).toBe(true);
    expect(isUiScope({ source: 'KubernetesCRD' })).toBe(false);
    expect(isUiScope({ source: 'UI' })).toBe(true);
    expect(isUiScope({ source: null })).toBe(true);
  });

  it('counts targets in the singular and the plural', () => {
    expect(targetCountLabel(1)).toBe('1 target');
    expect(targetCountLabel(0)).toBe('0 targets');
    expect(targetCountLabel(3)).toBe('3 targets');
  });
});
