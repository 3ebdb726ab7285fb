import type { Action, Resource, Role } from '../../../contracts/access';
import {
  ACTIONS,
  RESOURCES,
  ROLES,
  canRunChecks,
  isResource,
  isRole,
  roleAllows,
  rolesAllow,
} from '../../../contracts/access';

const ADMIN_ONLY: Resource[] = ['rbac', 'identities', 'connections'];
const RESPONDER_WRITES: Resource[] = ['responder', 'incident', 'evidences', 'comments'];

/** The table of spec 000 §6, written out independently of the implementation. */
function expected(role: Role, resource: Resource, action: Action): boolean {
  switch (role) {
    case 'admin':
      return true;
    case 'editor':
      return !ADMIN_ONLY.includes(resource);
    case 'commander':
    case 'responder':
      return action === 'read'
        ? !ADMIN_ONLY.includes(resource)
        : RESPONDER_WRITES.includes(resource);
    case 'viewer':
    case 'guest':
      return action === 'read' && !ADMIN_ONLY.includes(resource);
  }
}

const matrix: Array<[Role, Resource, Action, boolean]> = ROLES.flatMap((role) =>
  RESOURCES.flatMap((resource) =>
    ACTIONS.map((action): [Role, Resource, Action, boolean] => [
      role,
      resource,
      action,
      expected(role, resource, action),
    ]),
  ),
);

describe('role × resource × action', () => {
  it('covers the 6 roles, 25 resource groups and 2 actions', () => {
    expect(matrix).toHaveLength(6 * 25 * 2);
  });

  it.each(matrix)('%s %s %s → %s', (role, resource, action, allowed) => {
    expect(roleAllows(role, resource, action)).toBe(allowed);
  });
});

describe('rolesAllow', () => {
  it('combines several roles and ignores unknown ones', () => {
    expect(rolesAllow(['viewer', 'responder'], 'incident', 'write')).toBe(true);
    expect(rolesAllow(['viewer'], 'incident', 'write')).toBe(false);
    expect(rolesAllow(['superuser'], 'incident', 'read')).toBe(false);
    expect(rolesAllow([], 'database', 'read')).toBe(false);
  });

  it('knows the role and resource names', () => {
    expect(isRole('commander')).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isResource('applications')).toBe(true);
    expect(isResource('everything')).toBe(false);
  });
});

describe('canRunChecks', () => {
  it.each([
    [['admin'], true],
    [['editor'], true],
    [['responder'], true],
    [['commander'], true],
    [['viewer', 'commander'], true],
    [['viewer'], false],
    [['guest'], false],
    [['everyone'], false],
    [[], false],
  ])('roles %j may run checks: %s', (roles, allowed) => {
    expect(canRunChecks(roles)).toBe(allowed);
  });
});
