import {
  actionCovers,
  appliesOnResource,
  isEveryone,
  objectCoversPlaybook,
  selectorMatches,
} from '../../../contracts/playbookAccess';

const PLAYBOOK = { id: 'p-1', name: 'restart-deployment', namespace: 'ops' };

describe('which permissions reach a playbook', () => {
  it.each([
    [{ playbook_id: 'p-1' }, true],
    [{ playbook_id: 'p-2' }, false],
    [{ object: 'playbooks' }, true],
    [{ object: '*' }, true],
    [{ object: 'catalog' }, false],
    [{ object_selector: { playbooks: [{ name: '*' }] } }, true],
    [{ object_selector: { playbooks: [{ name: 'restart-*' }] } }, true],
    [{ object_selector: { playbooks: [{ name: 'restart-deployment', namespace: 'ops' }] } }, true],
    [{ object_selector: { playbooks: [{ name: 'restart-deployment', namespace: 'dev' }] } }, false],
    [{ object_selector: { playbooks: [{ name: 'scale-deployment' }] } }, false],
    [{ object_selector: { configs: [{ name: '*' }] } }, false],
  ])('%j covers it: %s', (permission, expected) => {
    expect(objectCoversPlaybook(permission, PLAYBOOK)).toBe(expected);
  });

  it('matches names, namespaces and tags of a selector entry', () => {
    const pod = { name: 'web-1', namespace: 'prod', tags: { team: 'a', env: 'prod' } };
    expect(selectorMatches({ name: 'web-*', namespace: 'prod' }, pod)).toBe(true);
    expect(selectorMatches({ tagSelector: 'team=a, env=prod' }, pod)).toBe(true);
    expect(selectorMatches({ tagSelector: 'team=b' }, pod)).toBe(false);
    expect(selectorMatches({ name: 'web', namespace: '*' }, pod)).toBe(false);
  });

  it('applies a permission with resource selectors only on a resource they select', () => {
    const restricted = {
      object_selector: {
        playbooks: [{ name: '*' }],
        configs: [{ name: '*', tagSelector: 'namespace=monitoring' }],
      },
    };
    const config = (namespace: string) => ({
      kind: 'config' as const,
      name: 'grafana',
      namespace,
      tags: { namespace },
    });
    expect(appliesOnResource(restricted, config('monitoring'))).toBe(true);
    expect(appliesOnResource(restricted, config('default'))).toBe(false);
    expect(appliesOnResource(restricted, null)).toBe(false);
    expect(appliesOnResource(restricted, { ...config('monitoring'), kind: 'check' })).toBe(false);
    expect(appliesOnResource({ object: 'playbooks' }, null)).toBe(true);
  });

  it('reads comma-separated actions, wildcards, and approval as leave to run', () => {
    expect(actionCovers('read,playbook:run', 'playbook:run')).toBe(true);
    expect(actionCovers('playbook:*', 'playbook:approve')).toBe(true);
    expect(actionCovers('*', 'playbook:run')).toBe(true);
    expect(actionCovers('playbook:approve', 'playbook:run')).toBe(true);
    expect(actionCovers('playbook:run', 'playbook:approve')).toBe(false);
    expect(actionCovers('read', 'playbook:run')).toBe(false);
  });

  it('knows the subjects that stand for everyone', () => {
    expect(isEveryone('group', 'everyone')).toBe(true);
    expect(isEveryone('person', '*')).toBe(true);
    expect(isEveryone('team', 'everyone')).toBe(false);
  });
});
