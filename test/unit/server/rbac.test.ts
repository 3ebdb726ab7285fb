import {
  RESOURCES,
  ROLES,
  actionOfMethod,
  resourceOfRelation,
  roleAllows,
  rolesAllow,
  type Resource,
  type Role,
} from '../../../server/demo/auth/rbac';

const restricted: Resource[] = ['rbac', 'identities', 'connections'];
const responderWrites: Resource[] = ['responder', 'incident', 'evidences', 'comments'];

describe('role table of spec 000 §6', () => {
  const cases: Array<[Role, Resource, 'read' | 'write', boolean]> = [];
  for (const role of ROLES) {
    for (const resource of RESOURCES) {
      for (const action of ['read', 'write'] as const) {
        let expected: boolean;
        if (role === 'admin') expected = true;
        else if (role === 'editor') expected = !restricted.includes(resource);
        else if (role === 'commander' || role === 'responder')
          expected =
            action === 'read' ? !restricted.includes(resource) : responderWrites.includes(resource);
        else expected = action === 'read' && !restricted.includes(resource);
        cases.push([role, resource, action, expected]);
      }
    }
  }

  it.each(cases)('%s %s %s → %s', (role, resource, action, expected) => {
    expect(roleAllows(role, resource, action)).toBe(expected);
  });

  it('combines several roles and ignores unknown ones', () => {
    expect(rolesAllow(['viewer', 'responder'], 'incident', 'write')).toBe(true);
    expect(rolesAllow(['viewer'], 'incident', 'write')).toBe(false);
    expect(rolesAllow(['superuser'], 'incident', 'read')).toBe(false);
    expect(rolesAllow([], 'database', 'read')).toBe(false);
  });
});

describe('relations to resource groups', () => {
  it.each([
    ['scopes', 'scopes'],
    ['permissions_summary', 'permissions'],
    ['checks', 'canaries'],
    ['check_statuses', 'canaries'],
    ['canaries_with_status', 'canaries'],
    ['components', 'topologies'],
    ['incident_summary', 'incident'],
    ['hypotheses', 'incident'],
    ['evidences', 'evidences'],
    ['responders', 'responder'],
    ['playbook_names', 'playbooks'],
    ['playbook_runs', 'playbook_runs'],
    ['notifications_summary', 'notifications'],
    ['views_summary', 'views'],
    ['view_default_pods', 'views'],
    ['configs', 'database'],
    ['rpc/related_configs_recursive', 'database'],
    ['connections', 'connections'],
    ['properties', 'feature_flags'],
  ])('%s is guarded by %s', (relation, resource) => {
    expect(resourceOfRelation(relation)).toBe(resource);
  });

  it('maps methods to actions', () => {
    expect(actionOfMethod('GET')).toBe('read');
    expect(actionOfMethod('HEAD')).toBe('read');
    expect(actionOfMethod('POST')).toBe('write');
    expect(actionOfMethod('PATCH')).toBe('write');
    expect(actionOfMethod('DELETE')).toBe('write');
  });
});
