import { createAuthorizer } from '../../../src/auth/authorizer';
import { ALL_ENABLED } from '../../../src/auth/featureFlags';
import type { NavEntry } from '../../../src/shell/navigation';
import { visibleEntries } from '../../../src/shell/navigation';

const ENTRIES: NavEntry[] = [
  {
    label: 'Users',
    icon: 'people',
    href: '/settings/users',
    resource: 'identities',
    authModes: ['kratos'],
  },
  { label: 'API Tokens', icon: 'key', href: '/settings/tokens', resource: 'auth' },
];
const admin = createAuthorizer({ roles: ['admin'] });

describe('sidebar entries of a sign-in mode', () => {
  it('keeps an entry of the current mode', () => {
    expect(visibleEntries(ENTRIES, ALL_ENABLED, admin, 'kratos').map((e) => e.label)).toEqual([
      'Users',
      'API Tokens',
    ]);
  });

  it('drops it in another mode', () => {
    expect(visibleEntries(ENTRIES, ALL_ENABLED, admin, 'clerk').map((e) => e.label)).toEqual([
      'API Tokens',
    ]);
  });

  it('still checks the resource', () => {
    const editor = createAuthorizer({ roles: ['editor'] });
    expect(visibleEntries(ENTRIES, ALL_ENABLED, editor, 'kratos').map((e) => e.label)).toEqual([
      'API Tokens',
    ]);
  });
});
