import { screen, waitFor } from '@testing-library/react';
import {
  identity as identityJson,
  recoveryFlow,
  registrationFlow,
  session,
  settingsFlow,
  texts,
  uiText,
  verificationFlow,
} from '../../support/kratosFixtures';
import { PRESS, fillFields } from '../../support/fillFields';
import { answer, identityService } from '../../support/kratosHandlers';
import { renderWithApp } from '../../support/renderApp';
import { openFlowPage, testRoutes } from './routes';

/** Fills the Create account form once it shows, and presses Sign up. */
async function signUp(
  user: ReturnType<typeof renderWithApp>['user'],
  fields: Record<string, string>,
) {
  await screen.findByRole('form', { name: 'Create account' });
  await fillFields(user, { ...fields, 'Sign up': PRESS });
}

describe('registration page', () => {
  it('shows Create account and a Sign in link that keeps return_to', async () => {
    const { identity } = openFlowPage(
      '/registration?return_to=%2Fhealth',
      'registration',
      registrationFlow(),
    );

    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?return_to=%2Fhealth',
    );
    expect(identity.calls('/self-service/registration/browser')[0]?.query.get('return_to')).toBe(
      '/health',
    );
  });

  it("goes to the flow's return_to after signing up", async () => {
    const { identity, user, currentUrl } = openFlowPage(
      '/registration',
      'registration',
      registrationFlow({ returnTo: 'http://localhost/catalog' }),
      answer(200, { identity: identityJson('new@local'), session: session('new@local') }),
    );

    await signUp(user, { 'E-Mail': 'new@local', 'First Name': 'New', Password: 'a-long-password' });

    expect(await screen.findByRole('heading', { name: 'Page /catalog' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/catalog');
    expect(identity.submissions('registration')).toEqual([
      {
        csrf_token: 'csrf-token-value',
        'traits.email': 'new@local',
        'traits.name.first': 'New',
        'traits.name.last': '',
        password: 'a-long-password',
        method: 'password',
      },
    ]);
  });

  it('goes to / after signing up when the flow has no return_to', async () => {
    const { user, currentUrl } = openFlowPage(
      '/registration',
      'registration',
      registrationFlow(),
      answer(200, { identity: identityJson('new@local') }),
    );

    await signUp(user, { 'E-Mail': 'new@local', Password: 'a-long-password' });

    await waitFor(() => expect(currentUrl()).toBe('/'));
  });

  it('keeps what was typed and shows the field message after a 400', async () => {
    const { user } = openFlowPage(
      '/registration',
      'registration',
      registrationFlow(),
      answer(
        400,
        registrationFlow({
          nodeMessages: {
            password: [
              uiText(
                4000032,
                'The password must be at least 8 characters long, but got 3.',
                'error',
              ),
            ],
          },
        }),
      ),
    );

    await signUp(user, { 'E-Mail': 'new@local', Password: 'abc' });

    expect(
      await screen.findByText('The password must be at least 8 characters long, but got 3.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toHaveValue('new@local');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'The password must be at least 8 characters long, but got 3.',
    );
  });
});

describe('recovery page', () => {
  it('shows Recover account and a Go back link', async () => {
    openFlowPage('/recovery', 'recovery', recoveryFlow());

    expect(await screen.findByRole('heading', { name: 'Recover account' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Recover account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/login');
  });

  it('sends the code, then asks for it', async () => {
    const { identity, user } = openFlowPage(
      '/recovery',
      'recovery',
      recoveryFlow(),
      answer(200, recoveryFlow({ step: 'sent_email', email: 'admin@local' })),
    );

    await screen.findByRole('form', { name: 'Recover account' });
    await user.type(screen.getByLabelText('Email'), 'admin@local');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByLabelText('Recovery code')).toHaveValue('');
    expect(screen.getByText(texts.recoveryCodeSent().text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    expect(identity.submissions('recovery')).toEqual([
      { csrf_token: 'csrf-token-value', email: 'admin@local', method: 'code' },
    ]);
  });

  it('opens the settings page when a valid code leads there', async () => {
    const identity = identityService();
    identity.gets('recovery', {
      'recovery-flow-1': answer(200, recoveryFlow({ step: 'sent_email' })),
    });
    identity.submits(
      'recovery',
      answer(422, {
        error: {
          id: 'browser_location_change_required',
          code: 422,
          status: 'Unprocessable Entity',
          message: 'browser location change required',
        },
        redirect_browser_to: 'http://localhost/profile-settings?flow=settings-flow-9',
      }),
    );
    const { user, currentUrl } = renderWithApp(testRoutes, {
      url: '/recovery?flow=recovery-flow-1',
    });
    identity.gets('settings', {
      'settings-flow-9': answer(200, settingsFlow({ id: 'settings-flow-9' })),
    });

    await user.type(await screen.findByLabelText('Recovery code'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/profile-settings?flow=settings-flow-9');
    expect(identity.submissions('recovery')).toEqual([
      { csrf_token: 'csrf-token-value', code: '12345678', method: 'code' },
    ]);
  });
});

describe('verification page', () => {
  it('shows Verify your account', async () => {
    openFlowPage('/verification', 'verification', verificationFlow());

    expect(await screen.findByRole('heading', { name: 'Verify your account' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Verify your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('offers the Continue link once verified', async () => {
    const identity = identityService();
    identity.gets('verification', {
      'verification-flow-1': answer(200, verificationFlow({ step: 'passed_challenge' })),
    });
    renderWithApp(testRoutes, { url: '/verification?flow=verification-flow-1' });

    expect(
      await screen.findByText('You successfully verified your email address.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });
});
