jest.mock('@clerk/clerk-react', () => jest.requireActual('../../support/clerkDouble'));

import { act, screen, waitFor, within } from '@testing-library/react';
import { PROVISIONING_TEXT } from '../../../src/app/SessionGate';
import { clerkDouble } from '../../support/clerkDouble';
import { BACKEND_URL, backendAnswers, directOrganization, renderHosted } from './renderHosted';

/** Generous waits: the machine running these tests is shared. */
const WAIT = { timeout: 5000 };

const ui = {
  home: () => screen.findByRole('heading', { name: 'Home page', level: 1 }, WAIT),
  provisioning: () => screen.findByText(PROVISIONING_TEXT, {}, WAIT),
  picker: () => screen.findByRole('region', { name: 'Provider organization list' }, WAIT),
  signIn: () => screen.findByRole('heading', { name: 'Sign in' }, WAIT),
  shellNav: () => screen.queryByRole('navigation', { name: 'Main' }),
};

const sameOrigin = () => `${window.location.origin}/api`;

describe('hosted session: loading and signing in', () => {
  it('waits for the provider before asking anything, then shows the shell', async () => {
    const seen = backendAnswers(BACKEND_URL);
    renderHosted({
      clerk: {
        loaded: false,
        organizations: [directOrganization()],
        activeOrganizationId: 'org_acme',
      },
    });
    expect(await screen.findByLabelText('Loading your session')).toBeInTheDocument();
    // Give a lookup that did not wait a chance to run.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(seen).toEqual([]);
    expect(screen.getByLabelText('Loading your session')).toBeInTheDocument();

    act(() => clerkDouble.set({ loaded: true }));
    expect(await ui.home()).toBeInTheDocument();
    expect(seen.map((request) => request.url)).toContain(`${BACKEND_URL}/auth/whoami`);
  });

  it('sends a signed-out user to /login through the auth-state checker, keeping return_to', async () => {
    const seen = backendAnswers(BACKEND_URL);
    const { currentUrl, router } = renderHosted({
      url: '/home?tab=all',
      clerk: { signedIn: false, organizations: [directOrganization()] },
    });
    const visited: string[] = [];
    router.subscribe(({ location }) => visited.push(`${location.pathname}${location.search}`));
    expect(await ui.signIn()).toBeInTheDocument();
    // The router reports the opened address once the session check's code has loaded; the
    // first place the user is sent is the checker.
    const sentTo = visited.filter((address) => address !== '/home?tab=all');
    expect(sentTo[0]).toBe('/auth-state-checker?return_to=%2Fhome%3Ftab%3Dall');
    expect(currentUrl()).toBe('/login?return_to=%2Fhome%3Ftab%3Dall');
    expect(clerkDouble.props.SignIn).toMatchObject({ forceRedirectUrl: '/home?tab=all' });
    expect(seen).toEqual([]);
  });
});

describe('hosted session: organisations', () => {
  it('shows the organisation picker with the account controls when none is selected', async () => {
    const seen = backendAnswers(BACKEND_URL);
    const { store } = renderHosted({ clerk: { organizations: [directOrganization()] } });
    const picker = await ui.picker();
    expect(within(picker).getByRole('button', { name: 'Acme' })).toBeInTheDocument();
    expect(clerkDouble.props.OrganizationList).toMatchObject({
      hidePersonal: true,
      afterSelectOrganizationUrl: '/organizations/orgs-switched',
      afterCreateOrganizationUrl: '/organizations/orgs-switched',
    });
    expect(screen.getByRole('button', { name: 'Switch organization' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open user button' })).toBeInTheDocument();
    expect(ui.shellNav()).toBeNull();
    expect(store.getState().session.status).toBe('noOrganization');
    expect(seen).toEqual([]);
  });

  it('goes through /organizations/orgs-switched to home after choosing one', async () => {
    const seen = backendAnswers(BACKEND_URL);
    const { user, router, currentUrl } = renderHosted({
      url: '/home',
      clerk: { organizations: [directOrganization()] },
    });
    const visited: string[] = [];
    router.subscribe(({ location }) => visited.push(location.pathname));
    await user.click(within(await ui.picker()).getByRole('button', { name: 'Acme' }));
    expect(await ui.home()).toBeInTheDocument();
    expect(visited).toContain('/organizations/orgs-switched');
    expect(visited.at(-1)).toBe('/home');
    expect(currentUrl()).toBe('/home');
    expect(seen.some((request) => request.url === `${BACKEND_URL}/auth/whoami`)).toBe(true);
  });

  it('waits for provisioning after creating an organisation that has no backend yet', async () => {
    backendAnswers(BACKEND_URL);
    const { user } = renderHosted({ clerk: { organizations: [] } });
    await user.click(
      within(await ui.picker()).getByRole('button', { name: 'Create organization' }),
    );
    expect(await ui.provisioning()).toBeInTheDocument();
    expect(clerkDouble.navigations).toContain('/organizations/orgs-switched');
  });
});

describe('hosted session: provisioning', () => {
  it('shows the provisioning screen while the metadata has no backend, and goes on once it has', async () => {
    const seen = backendAnswers(BACKEND_URL);
    const organization = directOrganization({ publicMetadata: { direct: true } });
    const { user } = renderHosted({
      clerk: { organizations: [organization], activeOrganizationId: organization.id },
    });
    expect(await ui.provisioning()).toBeInTheDocument();
    expect(ui.shellNav()).toBeNull();
    expect(screen.getByRole('button', { name: 'Switch organization' })).toHaveTextContent('Acme');
    expect(seen).toEqual([]);
    expect(clerkDouble.reloads).toContain('org_acme');

    act(() => clerkDouble.set({ organizations: [directOrganization()] }));
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await ui.home()).toBeInTheDocument();
  });

  it.each([503, 500, 404])(
    'shows the provisioning screen when the user lookup answers %i',
    async (status) => {
      backendAnswers(BACKEND_URL, { whoamiStatus: status });
      renderHosted({
        clerk: { organizations: [directOrganization()], activeOrganizationId: 'org_acme' },
      });
      expect(await ui.provisioning()).toBeInTheDocument();
      expect(ui.shellNav()).toBeNull();
    },
  );
});

describe('hosted session: where requests go', () => {
  it('calls the metadata backend directly with the provider token when direct', async () => {
    const seen = backendAnswers(BACKEND_URL);
    renderHosted({
      clerk: {
        organizations: [directOrganization()],
        activeOrganizationId: 'org_acme',
        token: 'provider-token-42',
      },
    });
    expect(await ui.home()).toBeInTheDocument();
    await waitFor(() =>
      expect(seen.map((request) => request.url)).toEqual(
        expect.arrayContaining([`${BACKEND_URL}/auth/whoami`, `${BACKEND_URL}/properties`]),
      ),
    );
    for (const request of seen) {
      expect(request.url.startsWith(`${BACKEND_URL}/`)).toBe(true);
      expect(request.authorization).toBe('Bearer provider-token-42');
    }
    expect(clerkDouble.tokenRequests).toBeGreaterThanOrEqual(seen.length);
  });

  it('reads a direct flag given as text', async () => {
    const seen = backendAnswers(BACKEND_URL);
    const organization = directOrganization({
      publicMetadata: { backend_url: BACKEND_URL, direct: 'true' },
    });
    renderHosted({
      clerk: { organizations: [organization], activeOrganizationId: organization.id },
    });
    expect(await ui.home()).toBeInTheDocument();
    expect(seen[0]).toEqual({
      url: `${BACKEND_URL}/auth/whoami`,
      authorization: 'Bearer token-1',
    });
  });

  it.each([
    ['false', { backend_url: BACKEND_URL, direct: false }],
    ['absent', { backend_url: BACKEND_URL }],
  ])('goes through the same-origin /api proxy when direct is %s', async (_name, metadata) => {
    const direct = backendAnswers(BACKEND_URL);
    const proxied = backendAnswers(sameOrigin());
    const organization = directOrganization({ publicMetadata: metadata });
    renderHosted({
      clerk: { organizations: [organization], activeOrganizationId: organization.id },
    });
    expect(await ui.home()).toBeInTheDocument();
    expect(proxied.map((request) => request.url)).toContain(`${sameOrigin()}/auth/whoami`);
    expect(proxied.every((request) => request.authorization === null)).toBe(true);
    expect(direct).toEqual([]);
    expect(clerkDouble.tokenRequests).toBe(0);
  });

  it('moves to the new backend after switching organisation in the top bar', async () => {
    const acme = backendAnswers(BACKEND_URL);
    const globexUrl = 'https://globex.backend.example';
    const globex = backendAnswers(globexUrl);
    const { user, currentUrl } = renderHosted({
      clerk: {
        organizations: [
          directOrganization(),
          directOrganization({
            id: 'org_globex',
            name: 'Globex',
            publicMetadata: { backend_url: globexUrl, direct: true },
          }),
        ],
        activeOrganizationId: 'org_acme',
      },
    });
    expect(await ui.home()).toBeInTheDocument();
    expect(globex).toEqual([]);
    const acmeCalls = acme.length;
    await user.click(screen.getByRole('button', { name: 'Switch organization' }));
    await user.click(screen.getByRole('menuitem', { name: 'Globex' }));
    await waitFor(() =>
      expect(globex.map((request) => request.url)).toContain(`${globexUrl}/auth/whoami`),
    );
    expect(await ui.home()).toBeInTheDocument();
    expect(currentUrl()).toBe('/home');
    expect(clerkDouble.navigations).toContain('/organizations/orgs-switched');
    expect(screen.getByRole('button', { name: 'Switch organization' })).toHaveTextContent('Globex');
    expect(acme).toHaveLength(acmeCalls);
  });
});
