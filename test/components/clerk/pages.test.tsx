jest.mock('@clerk/clerk-react', () => jest.requireActual('../../support/clerkDouble'));

import { act, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createHostedAuth, MISSING_PUBLISHABLE_KEY } from '../../../src/auth/clerk/hostedAuth';
import { clerkDouble } from '../../support/clerkDouble';
import { server } from '../../support/msw';
import {
  BACKEND_URL,
  PUBLISHABLE_KEY,
  backendAnswers,
  directOrganization,
  renderHosted,
} from './renderHosted';

const WAIT = { timeout: 5000 };

const signedInWithAcme = {
  organizations: [directOrganization()],
  activeOrganizationId: 'org_acme',
};

const ui = {
  heading: (name: string) => screen.findByRole('heading', { name }, WAIT),
  home: () => screen.findByRole('heading', { name: 'Home page', level: 1 }, WAIT),
  badSession: () => screen.findByText(/^Bad Session\./, {}, WAIT),
};

describe('provider', () => {
  it('gets the publishable key and the console sign-in addresses', async () => {
    renderHosted({ url: '/login' });
    await ui.heading('Sign in');
    expect(clerkDouble.providerProps).toMatchObject({
      publishableKey: PUBLISHABLE_KEY,
      signInUrl: '/login',
      signUpUrl: '/registration',
      afterSignOutUrl: '/login',
    });
  });

  it("moves the console's router for the provider's navigation on this site", async () => {
    const { currentUrl } = renderHosted({ url: '/login', clerk: { signedIn: false } });
    await ui.heading('Sign in');
    const props = clerkDouble.providerProps as {
      routerPush: (to: string) => void;
      routerReplace: (to: string) => void;
    };
    act(() => props.routerPush(`${window.location.origin}/registration?step=2`));
    expect(await ui.heading('Create your account')).toBeInTheDocument();
    expect(currentUrl()).toBe('/registration?step=2');
    act(() => props.routerReplace('/login/factor-one'));
    expect(await ui.heading('Sign in')).toBeInTheDocument();
    expect(currentUrl()).toBe('/login/factor-one');
  });

  it('leaves addresses on other sites to the browser', () => {
    const navigate = jest.fn();
    const assignLocation = jest.fn();
    const { authProvider: AuthProvider } = createHostedAuth({
      publishableKey: PUBLISHABLE_KEY,
      navigate,
      assignLocation,
    }).app;
    render(<AuthProvider>{null}</AuthProvider>);
    const props = clerkDouble.providerProps as { routerPush: (to: string) => void };
    props.routerPush('https://accounts.example.com/sign-in');
    expect(assignLocation).toHaveBeenCalledWith('https://accounts.example.com/sign-in');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refuses to start without a publishable key', () => {
    expect(() => createHostedAuth({ publishableKey: null, navigate: jest.fn() })).toThrow(
      MISSING_PUBLISHABLE_KEY,
    );
  });
});

describe('public pages', () => {
  it("renders the provider's sign-in on /login, returning to return_to afterwards", async () => {
    renderHosted({ url: '/login?return_to=%2Fhealth%3FcheckId%3D1', clerk: { signedIn: false } });
    expect(await ui.heading('Sign in')).toBeInTheDocument();
    expect(clerkDouble.props.SignIn).toMatchObject({
      path: '/login',
      routing: 'path',
      signUpUrl: '/registration',
      forceRedirectUrl: '/health?checkId=1',
    });
  });

  it.each([
    ['another site', 'https://evil.example/steal'],
    ['a protocol-relative address', '//evil.example/steal'],
    ['nothing', ''],
  ])('returns home after sign-in when return_to is %s', async (_name, returnTo) => {
    renderHosted({
      url: `/login?${new URLSearchParams({ return_to: returnTo })}`,
      clerk: { signedIn: false },
    });
    await ui.heading('Sign in');
    expect(clerkDouble.props.SignIn).toMatchObject({ forceRedirectUrl: '/' });
  });

  it("keeps the provider's sign-in steps under /login", async () => {
    renderHosted({ url: '/login/factor-one', clerk: { signedIn: false } });
    expect(await ui.heading('Sign in')).toBeInTheDocument();
  });

  it("renders the provider's sign-up on /registration", async () => {
    renderHosted({ url: '/registration', clerk: { signedIn: false } });
    expect(await ui.heading('Create your account')).toBeInTheDocument();
    expect(clerkDouble.props.SignUp).toMatchObject({
      path: '/registration',
      routing: 'path',
      signInUrl: '/login',
    });
  });

  it("renders the provider's profile on /profile-settings", async () => {
    renderHosted({ url: '/profile-settings/security', clerk: signedInWithAcme });
    expect(await ui.heading('Account')).toBeInTheDocument();
    expect(clerkDouble.props.UserProfile).toMatchObject({
      path: '/profile-settings',
      routing: 'path',
    });
  });

  it('sends a signed-out visitor of /profile-settings to sign in first', async () => {
    const { currentUrl } = renderHosted({ url: '/profile-settings', clerk: { signedIn: false } });
    expect(await ui.heading('Sign in')).toBeInTheDocument();
    expect(currentUrl()).toBe('/login?return_to=%2Fprofile-settings');
  });
});

describe('auth-state checker', () => {
  it('waits for the provider, then sends a signed-out user to /login with return_to', async () => {
    const { currentUrl } = renderHosted({
      url: '/auth-state-checker?return_to=%2Fhome%3Ftab%3D2',
      clerk: { loaded: false, signedIn: false },
    });
    expect(await screen.findByLabelText('Checking your session')).toBeInTheDocument();
    expect(currentUrl()).toBe('/auth-state-checker?return_to=%2Fhome%3Ftab%3D2');
    act(() => clerkDouble.set({ loaded: true }));
    expect(await ui.heading('Sign in')).toBeInTheDocument();
    expect(currentUrl()).toBe('/login?return_to=%2Fhome%3Ftab%3D2');
  });

  it('shows the bad-session error to a signed-in user whom the backend refused', async () => {
    const { currentUrl } = renderHosted({
      url: '/auth-state-checker?return_to=%2Fhome',
      clerk: signedInWithAcme,
    });
    expect(await ui.badSession()).toBeInTheDocument();
    expect(currentUrl()).toBe('/error?error_code=BAD_SESSION');
  });

  it('is where a 401 from the backend leads, keeping the page as return_to', async () => {
    backendAnswers(BACKEND_URL);
    server.use(
      http.get(`${BACKEND_URL}/properties`, () =>
        HttpResponse.text('Session Expired', { status: 401 }),
      ),
    );
    const { router } = renderHosted({ url: '/home?tab=3', clerk: signedInWithAcme });
    const visited: string[] = [];
    router.subscribe(({ location }) => visited.push(`${location.pathname}${location.search}`));
    expect(await ui.badSession()).toBeInTheDocument();
    expect(visited).toContain('/auth-state-checker?return_to=%2Fhome%3Ftab%3D3');
  });
});

describe('orgs-switched page', () => {
  it('forgets what was loaded for the previous organisation and goes home', async () => {
    const seen = backendAnswers(BACKEND_URL);
    const calls = (path: string) =>
      seen.filter((request) => request.url === `${BACKEND_URL}${path}`).length;
    const { router, currentUrl } = renderHosted({ url: '/home', clerk: signedInWithAcme });
    expect(await ui.home()).toBeInTheDocument();
    expect(calls('/properties')).toBe(1);
    expect(calls('/auth/whoami')).toBe(1);

    await act(() => router.navigate('/organizations/orgs-switched'));
    expect(await ui.home()).toBeInTheDocument();
    expect(currentUrl()).toBe('/home');
    await waitFor(() => expect(calls('/properties')).toBe(2));
    expect(calls('/auth/whoami')).toBe(2);
  });
});
