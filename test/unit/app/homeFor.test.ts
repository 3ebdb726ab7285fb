import { appPages, homeFor } from '../../../src/app/routes';
import { createAuthorizer } from '../../../src/auth/authorizer';
import { ALL_ENABLED, createFeatureFlags } from '../../../src/auth/featureFlags';

const admin = createAuthorizer({ roles: ['admin'] });

describe('where / leads', () => {
  it('is the dashboard when the user may see it', () => {
    expect(homeFor(appPages, ALL_ENABLED, admin)).toBe('/topology');
    expect(homeFor(appPages, ALL_ENABLED, createAuthorizer({ roles: ['viewer'] }))).toBe(
      '/topology',
    );
  });

  it('is the first page the user may see when the dashboard is disabled', () => {
    const noTopology = createFeatureFlags([{ name: 'topology.disable', value: 'true' }]);
    expect(homeFor(appPages, noTopology, admin)).toBe('/health');
    const neither = createFeatureFlags([
      { name: 'topology.disable', value: 'true' },
      { name: 'health.disable', value: 'true' },
    ]);
    expect(homeFor(appPages, neither, admin)).toBe('/incidents');
    const none = createFeatureFlags([
      { name: 'topology.disable', value: 'true' },
      { name: 'health.disable', value: 'true' },
      { name: 'incidents.disable', value: 'true' },
    ]);
    expect(homeFor(appPages, none, admin)).toBe('/catalog');
  });

  it('stays the dashboard when the user may see nothing at all', () => {
    expect(homeFor(appPages, ALL_ENABLED, createAuthorizer({ roles: [] }))).toBe('/topology');
  });
});
