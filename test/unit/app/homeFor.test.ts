import { appPages, homeFor } from '../../../src/app/routes';
import type { PermissionRule } from '../../../src/auth/authorizer';
import { createAuthorizer } from '../../../src/auth/authorizer';
import { ALL_ENABLED, createFeatureFlags } from '../../../src/auth/featureFlags';

const admin = createAuthorizer({ roles: ['admin'] });

/** A viewer refused reading these resource groups. */
const viewerWithout = (...objects: string[]) =>
  createAuthorizer({
    roles: ['viewer'],
    permissions: objects.map((object): PermissionRule => ({ object, action: 'read', deny: true })),
  });

describe('where / sends a user it shows no dashboard', () => {
  it('is the health page when the user may read it', () => {
    expect(homeFor(appPages, ALL_ENABLED, admin)).toBe('/health');
    expect(homeFor(appPages, ALL_ENABLED, viewerWithout('views'))).toBe('/health');
  });

  it('is the first of health, incidents, catalog, playbooks and applications the user may read', () => {
    expect(homeFor(appPages, ALL_ENABLED, viewerWithout('canaries'))).toBe('/incidents');
    expect(homeFor(appPages, ALL_ENABLED, viewerWithout('canaries', 'incident'))).toBe('/catalog');
    expect(homeFor(appPages, ALL_ENABLED, viewerWithout('canaries', 'incident', 'database'))).toBe(
      '/playbooks',
    );
    expect(
      homeFor(
        appPages,
        ALL_ENABLED,
        viewerWithout('canaries', 'incident', 'database', 'playbooks'),
      ),
    ).toBe('/applications');
  });

  it('skips the pages whose feature is off', () => {
    const noHealth = createFeatureFlags([{ name: 'health.disable', value: 'true' }]);
    expect(homeFor(appPages, noHealth, admin)).toBe('/incidents');
    const neither = createFeatureFlags([
      { name: 'health.disable', value: 'true' },
      { name: 'incidents.disable', value: 'true' },
    ]);
    expect(homeFor(appPages, neither, admin)).toBe('/catalog');
  });

  it('is another page the user may read when none of those is, never the dashboard itself', () => {
    const few = viewerWithout('canaries', 'incident', 'database', 'playbooks', 'applications');
    expect(homeFor(appPages, ALL_ENABLED, few)).toBe('/topology');
  });

  it('is nothing when the user may read no page (the onboarding page)', () => {
    expect(homeFor(appPages, ALL_ENABLED, createAuthorizer({ roles: [] }))).toBeUndefined();
  });
});
