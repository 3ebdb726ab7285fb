import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createRoutes } from '../../../src/app/routes';
import { loginFlow, loginSuccess } from '../../support/kratosFixtures';
import { answer, identityService } from '../../support/kratosHandlers';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import { scopesBackend } from '../scopes/scopesBackend';
import { SLOW, findTable } from '../../support/tables';

/** The scopes page with Add Scope open and a name, a namespace and a target typed. */
async function typeAScope() {
  const backend = scopesBackend();
  const rendered = renderApp(createRoutes(), {
    url: '/settings/scopes',
    userOptions: { delay: null },
  });
  const { user } = rendered;
  await findTable('Scopes');
  await user.click(await screen.findByRole('button', { name: 'Add Scope' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Scope' });
  await user.type(within(dialog).getByLabelText('Name (required)'), 'payments');
  await user.type(within(dialog).getByLabelText('Namespace'), 'finance');
  const target = within(dialog).getByRole('region', { name: 'Target 1' });
  await user.type(within(target).getByLabelText('Name'), 'payments-api');
  return { ...rendered, backend, dialog };
}

/** The session ends: every write of the scopes table answers 401 until `signIn`. */
function endSession() {
  let signedIn = false;
  const refused: string[] = [];
  server.use(
    http.post('*/api/db/scopes', ({ request }) => {
      if (signedIn) return undefined;
      refused.push(request.method);
      return HttpResponse.json({ error: 'Session Expired' }, { status: 401 });
    }),
  );
  return { refused, signIn: () => (signedIn = true) };
}

describe('an ended session over a form', () => {
  it('signs in again over the page and saves what was typed, without typing it again', async () => {
    const { user, dialog, backend, currentUrl } = await typeAScope();
    const session = endSession();
    const identity = identityService();
    identity.serves('login', loginFlow(), answer(200, loginSuccess()));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const renewal = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(session.refused).toEqual(['POST']);
    // The page and the form stay as they were (the dialog open in the address), under the
    // sign-in dialog.
    expect(currentUrl()).toBe('/settings/scopes?new=1');
    expect(within(dialog).getByLabelText('Name (required)')).toHaveValue('payments');
    expect(backend.writes).toEqual([]);

    session.signIn();
    await user.type(await within(renewal).findByLabelText('ID'), 'admin@local');
    await user.type(within(renewal).getByLabelText('Password'), 'admin');
    await user.click(within(renewal).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Scope created')).toBeInTheDocument();
    expect(backend.writes).toHaveLength(1);
    expect(backend.writes[0]?.body).toMatchObject({
      name: 'payments',
      namespace: 'finance',
      targets: [{ config: { name: 'payments-api' } }],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull(),
    );
    // Saved: the dialog closed and left the address.
    expect(currentUrl()).toBe('/settings/scopes');
    expect(identity.calls('/self-service/login/browser')[0]?.query.get('return_to')).toBe(
      '/settings/scopes?new=1',
    );
  });

  it('goes to the sign-in page, coming back here, when the user chooses it', async () => {
    const { user, dialog, currentUrl } = await typeAScope();
    endSession();
    const identity = identityService();
    identity.serves('login', loginFlow());

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const renewal = await screen.findByRole('dialog', { name: 'Your session has ended' });
    await user.click(within(renewal).getByRole('button', { name: 'Go to the sign-in page' }));

    expect(
      await screen.findByRole('heading', { name: 'Sign In to your account' }, SLOW),
    ).toBeInTheDocument();
    const address = new URL(currentUrl(), 'http://localhost');
    expect(address.pathname).toBe('/login');
    expect(address.searchParams.get('return_to')).toBe('/settings/scopes?new=1');
  });
});
