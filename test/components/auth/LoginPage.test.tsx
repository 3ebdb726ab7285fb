import { screen, waitFor, within } from '@testing-library/react';
import { errors, loginFlow, loginSuccess, logoutFlow, texts } from '../../support/kratosFixtures';
import { HttpResponse, http } from 'msw';
import type { RouteObject } from 'react-router-dom';
import { IDENTITY, answer, identityService } from '../../support/kratosHandlers';
import { server } from '../../support/msw';
import { renderWithApp } from '../../support/renderApp';
import { openFlowPage, testRoutes } from './routes';

const ui = {
  heading: (name: string) => screen.findByRole('heading', { name }),
  form: (name = 'Sign In to your account') => screen.findByRole('form', { name }),
  identifier: () => screen.getByLabelText('ID'),
  password: () => screen.getByLabelText('Password'),
  signIn: () => screen.getByRole('button', { name: 'Sign in' }),
};

/** Signs in on the sign-in form once it shows, as admin@local; resolves to the form. */
async function signIn(user: ReturnType<typeof renderWithApp>['user'], password = 'admin') {
  const form = await ui.form();
  await user.type(ui.identifier(), 'admin@local');
  await user.type(ui.password(), password);
  await user.click(ui.signIn());
  return form;
}

function precedes(first: Element, second: Element): boolean {
  return Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe('login page', () => {
  it('leaves for a link clicked while the flow is still being made, not back to the flow', async () => {
    let answerFlow = () => {};
    const flowHeld = new Promise<void>((resolve) => {
      answerFlow = resolve;
    });
    let loadRecovery = () => {};
    const recoveryHeld = new Promise<void>((resolve) => {
      loadRecovery = resolve;
    });
    server.use(
      http.get(`${IDENTITY}/self-service/login/browser`, async () => {
        await flowHeld;
        return HttpResponse.json(loginFlow());
      }),
    );
    // The recovery page's code arrives only when let: the click's navigation waits for it.
    const routes: RouteObject[] = [
      {
        path: '/recovery',
        lazy: async () => {
          await recoveryHeld;
          return { Component: () => <h1>Recovery page</h1> };
        },
      },
      ...testRoutes.filter((route) => route.path !== '/recovery'),
    ];
    const { user, currentUrl } = renderWithApp(routes, { url: '/login' });

    await user.click(await screen.findByRole('link', { name: 'Reset password' }));
    answerFlow();
    // The flow is shown while the recovery page loads; it does not take the address back.
    await ui.form();
    loadRecovery();
    expect(await screen.findByRole('heading', { name: 'Recovery page' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/recovery');
  });

  it('shows the sign-in title, the fields and a Reset password link to /recovery', async () => {
    const { identity, currentUrl } = openFlowPage('/login', 'login', loginFlow());

    expect(await ui.heading('Sign In to your account')).toBeInTheDocument();
    await ui.form();
    expect(ui.identifier()).toHaveValue('');
    expect(ui.password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute(
      'href',
      '/recovery',
    );
    await waitFor(() => expect(currentUrl()).toBe('/login?flow=login-flow-1'));
    expect(identity.calls('/self-service/login/browser')[0]?.query.toString()).toBe('');
  });

  it('titles a refresh flow Confirm Action and asks only for the password', async () => {
    const { identity } = openFlowPage(
      '/login?refresh=true&return_to=%2Fprofile-settings',
      'login',
      loginFlow({ refresh: true }),
    );

    expect(await ui.heading('Confirm Action')).toBeInTheDocument();
    await ui.form('Confirm Action');
    expect(
      screen.getByText('Please confirm this action by verifying that it is you.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('ID')).not.toBeInTheDocument();
    expect(identity.calls('/self-service/login/browser')[0]?.query.get('refresh')).toBe('true');
  });

  it('asks for the second factor when aal2 is required', async () => {
    const { identity, user, currentUrl } = openFlowPage(
      '/login?aal=aal2&return_to=%2Fhealth',
      'login',
      loginFlow({ aal: 'aal2' }),
      answer(200, loginSuccess()),
    );

    expect(await ui.heading('Two-Factor Authentication')).toBeInTheDocument();
    await ui.form('Two-Factor Authentication');
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    expect(screen.getByLabelText('Backup recovery code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use Authenticator' }));

    expect(await screen.findByRole('heading', { name: 'Page /health' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/health');
    expect(identity.calls('/self-service/login/browser')[0]?.query.get('aal')).toBe('aal2');
    expect(identity.submissions('login')).toEqual([
      { csrf_token: 'csrf-token-value', totp_code: '123456', method: 'totp' },
    ]);
  });

  it('offers to sign out instead of giving the second factor, keeping return_to', async () => {
    const identity = identityService();
    identity.serves('login', loginFlow({ aal: 'aal2' }));
    identity.logsOut(answer(200, logoutFlow('token-2fa')));
    const { user, currentUrl } = renderWithApp(testRoutes, {
      url: '/login?aal=aal2&return_to=%2Fhealth',
    });
    expect(await ui.heading('Two-Factor Authentication')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    // Signed out, the user is on the sign-in page again, still headed for /health and no longer
    // asked for a second factor. (The page may already carry its new flow's id; that is the
    // next step's business, not this one's.)
    await waitFor(() => {
      const url = new URL(currentUrl(), 'http://console.test');
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('return_to')).toBe('/health');
      expect(url.searchParams.get('aal')).toBeNull();
    });
    expect(identity.calls('/self-service/logout')[0]?.query.get('token')).toBe('token-2fa');
  });

  it('offers no sign-out on the plain sign-in form', async () => {
    openFlowPage('/login', 'login', loginFlow());
    await ui.form();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('signs in and returns to return_to', async () => {
    const { identity, user, currentUrl } = openFlowPage(
      '/login?return_to=%2Ftopology%3Fx%3D1',
      'login',
      loginFlow({ returnTo: 'http://localhost/topology' }),
      answer(200, loginSuccess()),
    );

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Page /topology?x=1' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/topology?x=1');
    expect(identity.calls('/self-service/login/browser')[0]?.query.get('return_to')).toBe(
      '/topology?x=1',
    );
    expect(identity.submissions('login')).toEqual([
      {
        csrf_token: 'csrf-token-value',
        identifier: 'admin@local',
        password: 'admin',
        method: 'password',
      },
    ]);
  });

  it('never follows a return_to to another site', async () => {
    const { user, currentUrl } = openFlowPage(
      '/login?return_to=https%3A%2F%2Fevil.example%2Fsteal',
      'login',
      loginFlow(),
      answer(200, loginSuccess()),
    );

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/');
  });

  it('shows a wrong password message above the form and keeps the identifier', async () => {
    const { user } = openFlowPage(
      '/login',
      'login',
      loginFlow(),
      answer(400, loginFlow({ identifier: 'admin@local', messages: [texts.invalidCredentials()] })),
    );

    const form = await signIn(user, 'wrong');

    const message = await screen.findByText(texts.invalidCredentials().text);
    expect(form).not.toContainElement(message);
    expect(precedes(message, form)).toBe(true);
    expect(ui.identifier()).toHaveValue('admin@local');
    expect(ui.password()).toHaveValue('wrong');
  });

  it('shows a required-field message under its input', async () => {
    const { user } = openFlowPage(
      '/login',
      'login',
      loginFlow(),
      answer(
        400,
        loginFlow({
          identifier: 'admin@local',
          nodeMessages: { password: [texts.missingProperty('password')] },
        }),
      ),
    );

    await ui.form();
    await user.type(ui.identifier(), 'admin@local');
    await user.click(ui.signIn());

    const message = await screen.findByText('Property password is missing.');
    const password = ui.password();
    expect(password).toHaveAccessibleDescription('Property password is missing.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(precedes(password, message)).toBe(true);
    expect(within(await ui.form()).getByText('Property password is missing.')).toBe(message);
  });

  it('starts a new flow on 410 and says the interaction expired', async () => {
    const identity = identityService();
    identity.serves('login', loginFlow(), answer(410, errors.expiredOnUpdate('login-flow-2')));
    identity.gets('login', {
      'login-flow-2': answer(
        200,
        loginFlow({ id: 'login-flow-2', messages: [texts.loginExpired()] }),
      ),
    });
    const { user, currentUrl } = renderWithApp(testRoutes, { url: '/login' });

    await signIn(user);

    expect(
      await screen.findByText('Your interaction expired, please fill out the form again.'),
    ).toBeInTheDocument();
    expect(screen.getByText(texts.loginExpired().text)).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/login?flow=login-flow-2'));
    expect(ui.identifier()).toHaveValue('admin@local');
  });

  it('starts a new flow after a CSRF violation and says why', async () => {
    const identity = identityService();
    identity.creates(
      'login',
      answer(200, loginFlow()),
      answer(200, loginFlow({ id: 'login-flow-2' })),
    );
    identity.submits('login', answer(403, errors.csrf()));
    const { user, currentUrl } = renderWithApp(testRoutes, { url: '/login' });

    await signIn(user);

    expect(
      await screen.findByText('A security violation was detected, please fill out the form again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/login?flow=login-flow-2'));
    expect(identity.calls('/self-service/login/browser')).toHaveLength(2);
  });

  it('asks for the second factor after a password sign-in that needs it', async () => {
    const identity = identityService();
    identity.creates(
      'login',
      answer(200, loginFlow()),
      answer(200, loginFlow({ id: 'login-flow-2', aal: 'aal2' })),
    );
    identity.submits('login', answer(422, errors.secondFactorNeeded('http://localhost/health')));
    const { user, currentUrl } = renderWithApp(testRoutes, { url: '/login?return_to=%2Fhealth' });

    await signIn(user);

    expect(await ui.heading('Two-Factor Authentication')).toBeInTheDocument();
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    await waitFor(() =>
      expect(currentUrl()).toBe('/login?flow=login-flow-2&aal=aal2&return_to=%2Fhealth'),
    );
    const second = identity.calls('/self-service/login/browser')[1];
    expect(second?.query.get('aal')).toBe('aal2');
    expect(second?.query.get('return_to')).toBe('/health');
  });

  it('goes home when a session already exists', async () => {
    const identity = identityService();
    identity.creates('login', answer(400, errors.alreadySignedIn()));
    const { currentUrl } = renderWithApp(testRoutes, { url: '/login' });

    expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/');
  });

  it('submits username and password from the address at once and removes them from it', async () => {
    const { identity, currentUrl } = openFlowPage(
      '/login?username=admin%40local&password=secret',
      'login',
      loginFlow(),
      answer(400, loginFlow({ identifier: 'admin@local', messages: [texts.invalidCredentials()] })),
    );

    expect(await screen.findByText(texts.invalidCredentials().text)).toBeInTheDocument();
    expect(identity.submissions('login')).toEqual([
      {
        csrf_token: 'csrf-token-value',
        identifier: 'admin@local',
        password: 'secret',
        method: 'password',
      },
    ]);
    expect(currentUrl()).toBe('/login?flow=login-flow-1');
  });

  it('shows why the flow could not be loaded and retries', async () => {
    const identity = identityService();
    identity.creates('login', answer(500, errors.notFound()), answer(200, loginFlow()));
    const { user } = renderWithApp(testRoutes, { url: '/login' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to locate the resource');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await ui.form()).toBeInTheDocument();
  });
});
