import { foreignRequests, recordRequests } from './support/browser';
import { browserPerFileWith } from './support/perTest';
import { baseUrl } from './support/server';
import { identifierField, submitSignIn, waitForSignInPage } from './support/signIn';

jest.setTimeout(90_000);

const origin = baseUrl();

describe('signing in to the console', () => {
  const run = browserPerFileWith();

  it('sends a signed-out visitor to the sign-in page, then into the console', async () => {
    const page = await run.context.newPage();
    const requests = recordRequests(page);
    await page.goto(`${origin}/`);
    await page.waitForURL(/\/login\?/);
    await submitSignIn(page, { email: 'admin@demo.local', password: 'demo-admin-pass' });
    // Home is the dashboard view (the seeded one is titled Dashboard).
    await page.waitForURL(`${origin}/`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(foreignRequests(requests, origin)).toEqual([]);
  });

  it('shows the server message for a wrong password and keeps the identifier', async () => {
    const page = await run.context.newPage();
    await page.goto(`${origin}/login`);
    await submitSignIn(page, { email: 'admin@demo.local', password: 'not-the-password' });
    await page
      .getByText(
        'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
      )
      .waitFor();
    expect(await identifierField(page).inputValue()).toBe('admin@demo.local');
  });

  it('returns to a deep link after signing in', async () => {
    const page = await run.context.newPage();
    await page.goto(`${origin}/settings/feature-flags?from=deep-link`);
    await waitForSignInPage(page);
    await submitSignIn(page, { email: 'editor@demo.local', password: 'demo-editor-pass' });
    await page.waitForURL(`${origin}/settings/feature-flags?from=deep-link`);
  });
});
