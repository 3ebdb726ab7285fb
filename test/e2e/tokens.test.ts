import { browserPerFileWith } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';

jest.setTimeout(120_000);

const origin = baseUrl();

/** A name no earlier run of the suite used. */
function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

describe('API tokens and invitations', () => {
  const run = browserPerFileWith({}, (context) =>
    context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin }),
  );

  it('creates a token that works as a bearer token, shown once', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    await page.goto(`${origin}/settings/tokens`);
    await page.getByRole('heading', { name: 'API Tokens', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Create new token' }).click();
    const form = page.getByRole('dialog', { name: 'Create new token' });
    await form.waitFor();
    const name = unique('e2e-token');
    await form.getByLabel(/^Name/).fill(name);
    await form.getByRole('button', { name: /Create$/ }).click();

    const created = page.getByRole('dialog', { name: 'Token Created Successfully' });
    await created.waitFor();
    await page.getByText('Token created successfully', { exact: true }).waitFor();
    const shown = created.getByLabel('Token', { exact: true });
    // Hidden as dots until revealed.
    expect(await shown.textContent()).toMatch(/^•+$/);
    await created.getByRole('button', { name: 'Show token' }).click();
    const token = (await shown.textContent())?.trim() ?? '';
    expect(token).not.toMatch(/•/);
    expect(token.length).toBeGreaterThan(10);

    await created.getByRole('button', { name: 'Copy token' }).click();
    await page.getByText('Token copied to clipboard', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });
    expect(await page.getByText(token).count()).toBe(0);
    await page.getByRole('cell', { name, exact: true }).waitFor();

    // The token signs a request in on its own, without the session cookie.
    const withToken = await fetch(`${origin}/api/auth/whoami`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    expect(withToken.status).toBe(200);
    const whoami = (await withToken.json()) as { payload?: { user?: { id?: unknown } } };
    expect(typeof whoami.payload?.user?.id).toBe('string');

    const withoutToken = await fetch(`${origin}/api/auth/whoami`, {
      headers: { Accept: 'application/json' },
    });
    expect(withoutToken.status).toBe(401);
  });

  it('invites a user who sets a password through the link and signs in', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    await page.goto(`${origin}/settings/users`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

    const email = `${unique('invitee')}@demo.local`;
    const password = `Invited-${unique('pw')}!`;
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel(/^First name/).fill('Ivy');
    await dialog.getByLabel(/^Last name/).fill('Invitee');
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByLabel(/^Role/).selectOption('viewer');
    await dialog.getByRole('button', { name: 'Invite' }).click();

    const linkBox = dialog.getByRole('textbox', { name: 'Registration link' });
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    expect(link).toMatch(/^https?:\/\//);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: email }).waitFor();

    // The invited person, in a browser of their own.
    const invitee = await run.browser.newContext();
    try {
      const their = await invitee.newPage();
      await their.goto(link);
      const passwordField = their.getByLabel('Password', { exact: true });
      const codeField = their.getByLabel('Recovery code');
      await passwordField.or(codeField).first().waitFor();
      if (await codeField.isVisible()) {
        // The link leads to the recovery page; the code comes with the invitation mail.
        const mailbox = await fetch(
          `${origin}/api/demo/mailbox?${new URLSearchParams({ recipient: email })}`,
        );
        const messages = (await mailbox.json()) as Array<{ code: string | null }>;
        const code = messages.find((message) => message.code)?.code;
        expect(code).toBeTruthy();
        await codeField.fill(code ?? '');
        await their.getByRole('button', { name: 'Submit' }).click();
        await passwordField.waitFor();
      }
      await passwordField.fill(password);
      await their
        .getByRole('form', { name: 'Change Password' })
        .getByRole('button', { name: 'Save' })
        .click();
      await their.getByText('Your changes have been saved!').waitFor();
    } finally {
      await invitee.close();
    }

    // Signing in with the new password works from a fresh browser.
    const fresh = await run.browser.newContext();
    try {
      const signInPage = await fresh.newPage();
      await signIn(signInPage, { email, password });
      expect(new URL(signInPage.url()).pathname).not.toBe('/login');
      const whoami = await signInPage.evaluate(async () => {
        const response = await fetch('/api/auth/whoami', {
          headers: { Accept: 'application/json' },
        });
        return (await response.json()) as { payload: { user: { email: string }; roles: string[] } };
      });
      expect(whoami.payload.user.email).toBe(email);
      expect(whoami.payload.roles).toContain('viewer');
    } finally {
      await fresh.close();
    }
  });

  it("shows a seeded token's effective permissions in a popover of its row", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    await page.goto(`${origin}/settings/tokens`);
    // A seeded token of a person with a role (server/demo/seed/people.ts): it may read the catalog.
    await page.getByRole('button', { name: 'Show permissions of grafana-datasource' }).click();
    const list = page.locator('dl[aria-label="Permissions of grafana-datasource"]');
    const catalog = list
      .locator('div')
      .filter({ has: page.locator('dt', { hasText: /^catalog$/ }) });
    await catalog.waitFor();
    expect((await catalog.locator('dd').innerText()).split(', ')).toContain('read');
  });
});
