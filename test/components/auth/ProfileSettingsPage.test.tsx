import { act, screen, waitFor, within } from '@testing-library/react';
import { errors, loginFlow, settingsFlow, texts } from '../../support/kratosFixtures';
import { answer, identityService } from '../../support/kratosHandlers';
import { renderWithApp } from '../../support/renderApp';
import { openFlowPage, testRoutes } from './routes';

const SECTION_TITLES = [
  'Profile Settings',
  'Change Password',
  'Manage Social Sign In',
  'Manage 2FA Backup Recovery Codes',
  'Manage 2FA TOTP Authenticator App',
  'Manage Hardware Tokens and Biometrics',
];

const RECOVERY_CODES_SENTENCE =
  'Recovery codes can be used in panic situations where you have lost access to your 2FA device.';

describe('profile settings page', () => {
  it('shows a section only for the groups the flow has nodes of', async () => {
    openFlowPage(
      '/profile-settings',
      'settings',
      settingsFlow({ groups: ['profile', 'password', 'lookup_secret', 'totp'] }),
    );

    expect(await screen.findByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    const shown = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(shown).toEqual([
      'Profile Settings',
      'Change Password',
      'Manage 2FA Backup Recovery Codes',
      'Manage 2FA TOTP Authenticator App',
    ]);
    expect(screen.getByText(RECOVERY_CODES_SENTENCE)).toBeInTheDocument();
    const totp = screen.getByRole('form', { name: 'Manage 2FA TOTP Authenticator App' });
    expect(
      within(totp).getByRole('img', { name: 'Authenticator app QR code' }),
    ).toBeInTheDocument();
    expect(within(totp).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(within(totp).getByLabelText('Verify code')).toBeInTheDocument();
  });

  it('shows all six sections, in order, when every group is present', async () => {
    openFlowPage(
      '/profile-settings',
      'settings',
      settingsFlow({
        groups: ['webauthn', 'totp', 'lookup_secret', 'oidc', 'password', 'profile'],
      }),
    );

    await screen.findByRole('heading', { name: 'Profile Settings' });
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(SECTION_TITLES);
  });

  it('hides the recovery codes section and sentence without lookup_secret nodes', async () => {
    openFlowPage('/profile-settings', 'settings', settingsFlow({ groups: ['profile'] }));

    await screen.findByRole('heading', { name: 'Profile Settings' });
    expect(screen.queryByText(RECOVERY_CODES_SENTENCE)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('submits only the section of the clicked button', async () => {
    const { identity, user } = openFlowPage(
      '/profile-settings',
      'settings',
      settingsFlow(),
      answer(200, settingsFlow({ state: 'success', messages: [texts.changesSaved()] })),
    );

    const password = await screen.findByRole('form', { name: 'Change Password' });
    await user.type(within(password).getByLabelText('Password'), 'new-secret-password');
    await user.click(within(password).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your changes have been saved!')).toBeInTheDocument();
    expect(identity.submissions('settings')).toEqual([
      { csrf_token: 'csrf-token-value', password: 'new-secret-password', method: 'password' },
    ]);
    // A password is never kept after success.
    expect(
      within(screen.getByRole('form', { name: 'Change Password' })).getByLabelText('Password'),
    ).toHaveValue('');
  });

  it('clears the success message after 10 seconds', async () => {
    jest.useFakeTimers();
    try {
      const identity = identityService();
      identity.serves(
        'settings',
        settingsFlow(),
        answer(200, settingsFlow({ state: 'success', messages: [texts.changesSaved()] })),
      );
      const { user } = renderWithApp(testRoutes, {
        url: '/profile-settings',
        userOptions: { advanceTimers: jest.advanceTimersByTime },
      });

      const profile = await screen.findByRole('form', { name: 'Profile Settings' });
      await user.click(within(profile).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Your changes have been saved!')).toBeInTheDocument();

      act(() => {
        jest.advanceTimersByTime(9_000);
      });
      expect(screen.getByText('Your changes have been saved!')).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(1_000);
      });
      expect(screen.queryByText('Your changes have been saved!')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('asks to sign in again when the session is too old for the change', async () => {
    const identity = identityService();
    identity.serves(
      'settings',
      settingsFlow(),
      answer(403, errors.refreshRequired('settings-flow-1')),
    );
    identity.serves('login', loginFlow({ refresh: true }));
    const { user, currentUrl } = renderWithApp(testRoutes, { url: '/profile-settings' });

    const password = await screen.findByRole('form', { name: 'Change Password' });
    await user.type(within(password).getByLabelText('Password'), 'new-secret-password');
    await user.click(within(password).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Confirm Action' })).toBeInTheDocument();
    const url = new URL(currentUrl(), 'http://localhost');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('refresh')).toBe('true');
    expect(url.searchParams.get('return_to')).toBe('/profile-settings?flow=settings-flow-1');
  });

  it('sends a signed-out user to sign in, coming back here', async () => {
    const identity = identityService();
    identity.creates('settings', answer(401, errors.sessionInactive()));
    identity.serves('login', loginFlow());
    const { currentUrl } = renderWithApp(testRoutes, { url: '/profile-settings' });

    expect(
      await screen.findByRole('heading', { name: 'Sign In to your account' }),
    ).toBeInTheDocument();
    expect(identity.calls('/self-service/login/browser')[0]?.query.get('return_to')).toBe(
      '/profile-settings',
    );
    await waitFor(() =>
      expect(currentUrl()).toBe('/login?flow=login-flow-1&return_to=%2Fprofile-settings'),
    );
  });
});
