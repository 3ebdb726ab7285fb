import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useGetAboutQuery } from '../../../src/api/endpoints/system';
import { useSignOut } from '../../../src/auth/kratos/useSignOut';
import { errors, loginFlow, loginSuccess, logoutFlow } from '../../support/kratosFixtures';
import { answer, identityService } from '../../support/kratosHandlers';
import { server } from '../../support/msw';
import { renderWithApp } from '../../support/renderApp';
import { testRoutes } from './routes';

function UserMenu() {
  const signOut = useSignOut();
  return (
    <>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
      <button type="button" onClick={() => void signOut('/catalog?tab=2')}>
        Sign out to the catalog
      </button>
    </>
  );
}

function AboutPage() {
  const { data, error } = useGetAboutQuery();
  if (error) return <p>about failed</p>;
  return <h1>{data ? `Version ${data.Version}` : 'Loading'}</h1>;
}

/** The user menu as the page at /health, with the sign-in routes. */
const renderMenuOnHealth = () =>
  renderWithApp([{ path: '/health', element: <UserMenu /> }, ...testRoutes], { url: '/health' });

/** The sign-in page's heading, once it shows. */
const signInHeading = () => screen.findByRole('heading', { name: 'Sign In to your account' });

describe('signing out', () => {
  it('logs out and goes to /login with the current page as return_to', async () => {
    const identity = identityService();
    identity.logsOut(answer(200, logoutFlow('token-7')));
    identity.serves('login', loginFlow());
    const { user, currentUrl } = renderWithApp(
      [{ path: '/health', element: <UserMenu /> }, ...testRoutes],
      { url: '/health?checkId=42' },
    );

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await signInHeading()).toBeInTheDocument();
    expect(identity.calls('/self-service/logout')[0]?.query.get('token')).toBe('token-7');
    expect(identity.calls('/self-service/login/browser')[0]?.query.get('return_to')).toBe(
      '/health?checkId=42',
    );
    await waitFor(() =>
      expect(currentUrl()).toBe('/login?flow=login-flow-1&return_to=%2Fhealth%3FcheckId%3D42'),
    );
  });

  it('comes back to the address the user menu gives', async () => {
    const identity = identityService();
    identity.logsOut(answer(200, logoutFlow()));
    identity.serves('login', loginFlow());
    const { user } = renderMenuOnHealth();

    await user.click(screen.getByRole('button', { name: 'Sign out to the catalog' }));

    expect(await signInHeading()).toBeInTheDocument();
    expect(identity.calls('/self-service/login/browser')[0]?.query.get('return_to')).toBe(
      '/catalog?tab=2',
    );
  });

  it('goes to sign-in even when there is no session to end', async () => {
    const identity = identityService();
    identity.logsOut(answer(401, errors.sessionInactive()));
    identity.serves('login', loginFlow());
    const { user } = renderMenuOnHealth();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await signInHeading()).toBeInTheDocument();
    expect(identity.calls('/self-service/logout')).toHaveLength(0);
  });
});

describe('an expired session', () => {
  it('lands on /login with return_to and comes back after signing in', async () => {
    let signedIn = false;
    server.use(
      http.get('*/api/canary/about', () =>
        signedIn
          ? HttpResponse.json({ Version: 'v1.2.3' })
          : HttpResponse.json({ error: 'Session Expired' }, { status: 401 }),
      ),
    );
    const identity = identityService();
    identity.serves('login', loginFlow(), answer(200, loginSuccess()));
    const { user, currentUrl } = renderWithApp(
      [{ path: '/about', element: <AboutPage /> }, ...testRoutes],
      { url: '/about?tab=versions' },
    );

    expect(await signInHeading()).toBeInTheDocument();
    expect(identity.calls('/self-service/login/browser')[0]?.query.get('return_to')).toBe(
      '/about?tab=versions',
    );

    signedIn = true;
    await user.type(await screen.findByLabelText('ID'), 'admin@local');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Version v1.2.3' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/about?tab=versions');
  });
});
