import { RESOURCES, ROLES, roleAllows } from '../../../contracts/access';
import { NO_ACCESS, createAuthorizer } from '../../../src/auth/authorizer';

describe('createAuthorizer', () => {
  it('follows the role table of contracts/access for a single role', () => {
    for (const role of ROLES) {
      const authorizer = createAuthorizer({ roles: [role] });
      for (const resource of RESOURCES) {
        expect(authorizer.can(resource, 'read')).toBe(roleAllows(role, resource, 'read'));
        expect(authorizer.can(resource, 'write')).toBe(roleAllows(role, resource, 'write'));
      }
    }
  });

  it('grants what any of several roles grants', () => {
    const auth = createAuthorizer({ roles: ['viewer', 'responder'] });
    expect(auth.can('incident', 'write')).toBe(true);
    expect(auth.can('playbooks', 'write')).toBe(false);
  });

  it('ignores unknown roles and allows nothing without roles', () => {
    const auth = createAuthorizer({ roles: ['superuser'] });
    expect(auth.roles).toEqual(['superuser']);
    for (const resource of RESOURCES) {
      expect(auth.can(resource, 'read')).toBe(false);
      expect(NO_ACCESS.can(resource, 'read')).toBe(false);
    }
  });

  it.each([
    [['admin'], true, false],
    [['editor'], false, false],
    [['viewer'], false, true],
    [['guest'], false, true],
    [['admin', 'viewer'], true, true],
    [['commander', 'responder'], false, false],
    [[], false, false],
  ])('roles %j: isAdmin %s, isViewer %s', (roles, isAdmin, isViewer) => {
    const auth = createAuthorizer({ roles });
    expect(auth.isAdmin).toBe(isAdmin);
    expect(auth.isViewer).toBe(isViewer);
  });

  it('adds unconditional grants from whoami', () => {
    const auth = createAuthorizer({
      roles: ['viewer'],
      permissions: [
        { object: 'playbooks', action: 'playbook:run,create' },
        { object: 'scopes', action: 'create,read,update,delete' },
        { object: 'connections', action: 'read' },
      ],
    });
    expect(auth.can('playbooks', 'write')).toBe(true);
    expect(auth.can('scopes', 'write')).toBe(true);
    expect(auth.can('connections', 'read')).toBe(true);
    expect(auth.can('connections', 'write')).toBe(false);
    expect(auth.can('views', 'write')).toBe(false);
  });

  it('lets a deny rule win over roles and grants', () => {
    const auth = createAuthorizer({
      roles: ['admin'],
      permissions: [
        { object: 'feature_flags', action: 'update', deny: true },
        { object: 'feature_flags', action: '*' },
        { object: 'incident', action: '*', deny: true },
      ],
    });
    expect(auth.can('feature_flags', 'read')).toBe(true);
    expect(auth.can('feature_flags', 'write')).toBe(false);
    expect(auth.can('incident', 'read')).toBe(false);
    expect(auth.can('incident', 'write')).toBe(false);
    expect(auth.can('views', 'write')).toBe(true);
  });

  it('applies wildcard objects and leaves conditional or foreign rules to the server', () => {
    const auth = createAuthorizer({
      roles: [],
      permissions: [
        { object: '*', action: 'read' },
        { object: 'playbooks', action: '*', condition: "r.obj.playbook.name == 'restart'" },
        { object: 'catalog', action: '*' },
        { object: 'views', action: '' },
        { object: null, action: '*' },
      ],
    });
    expect(auth.can('database', 'read')).toBe(true);
    expect(auth.can('rbac', 'read')).toBe(true);
    expect(auth.can('playbooks', 'write')).toBe(false);
    expect(auth.can('views', 'write')).toBe(false);
  });

  it('answers the same question the same way', () => {
    const auth = createAuthorizer({ roles: ['editor'] });
    expect(auth.can('rbac', 'write')).toBe(false);
    expect(auth.can('rbac', 'write')).toBe(false);
    expect(auth.can('scopes', 'write')).toBe(true);
  });
});
