import type { Page } from 'playwright-core';
import { totpCode } from '../../server/demo/identity/totp';
import { browserPerFileWith } from './support/perTest';
import { baseUrl } from './support/server';
import { submitSignIn, waitForSignInPage } from './support/signIn';
import { E2E_FLOW_LIFETIME_MS } from './support/settings';

jest.setTimeout(120_000);

const origin = baseUrl();

/** A unique address per run, so a test can be repeated against the same server. */
function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await waitForSignInPage(page);
}

interface MailboxMessage {
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
}

/** The newest message the demo's identity service "sent" to an address. */
async function latestMail(email: string): Promise<MailboxMessage> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(
      `${origin}/api/demo/mailbox?${new URLSearchParams({ recipient: email })}`,
    );
    const messages = (await response.json()) as MailboxMessage[];
    if (messages[0]) return messages[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail for ${email}`);
}

async function register(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/registration`);
  await page.getByRole('heading', { name: 'Create account' }).waitFor();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Example');
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/** The signed-in shell: the user menu greets the person by name. */
async function expectSignedInAs(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByText(`Hi ${name}`, { exact: false }).waitFor();
  await page.keyboard.press('Escape');
}

describe('identity flows in the browser', () => {
  const run = browserPerFileWith();

  it('registers a new account and lands signed in, then signs out', async () => {
    const page = await run.context.newPage();
    const email = uniqueEmail('register');
    await register(page, email, 'a-long-enough-passphrase-41');
    await page.waitForURL((url) => !/\/(registration|login)/.test(url.pathname));
    await expectSignedInAs(page, 'Robin');
    const signedInPath = new URL(page.url()).pathname;

    await signOut(page);
    const loginUrl = new URL(page.url());
    expect(loginUrl.searchParams.get('return_to')).toBe(signedInPath);
    const session = await page.evaluate(async () => {
      const response = await fetch('/api/.ory/sessions/whoami', { credentials: 'include' });
      return response.status;
    });
    expect(session).toBe(401);
  });

  it('restarts an expired sign-in flow instead of showing an error page', async () => {
    const page = await run.context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
    await page.waitForURL(/[?&]flow=/);
    const firstFlow = new URL(page.url()).searchParams.get('flow');
    await page.waitForTimeout(E2E_FLOW_LIFETIME_MS + 1_000);

    await submitSignIn(page, { email: 'viewer@demo.local', password: 'demo-viewer-pass' });
    // The expired flow is replaced by a new one and the form stays on screen.
    await page.waitForURL((url) => {
      const flow = url.searchParams.get('flow');
      return url.pathname === '/login' && flow !== null && flow !== firstFlow;
    });
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
    expect(page.url()).not.toContain('/flow-error');

    await submitSignIn(page, { email: 'viewer@demo.local', password: 'demo-viewer-pass' });
    await page.waitForURL((url) => url.pathname !== '/login');
    await expectSignedInAs(page, 'Vic Viewer');
  });

  it('recovers an account with the mailed code and sets a new password', async () => {
    const page = await run.context.newPage();
    const email = uniqueEmail('recover');
    await register(page, email, 'first-passphrase-of-robin');
    await page.waitForURL((url) => !/\/(registration|login)/.test(url.pathname));
    await signOut(page);

    await page.getByRole('link', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Recover account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByLabel('Recovery code').waitFor();
    const mail = await latestMail(email);
    expect(mail.code).toMatch(/^\d{6}$/);
    await page.getByLabel('Recovery code').fill(mail.code ?? '');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(/\/profile-settings/);
    const passwordSection = page.getByRole('region', { name: 'Change Password' });
    await passwordSection
      .getByLabel('Password', { exact: true })
      .fill('second-passphrase-of-robin');
    await passwordSection.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your changes have been saved!').waitFor();

    await page.goto(`${origin}/health`);
    await signOut(page);
    await submitSignIn(page, { email: email, password: 'second-passphrase-of-robin' });
    await page.waitForURL((url) => url.pathname !== '/login');
    await expectSignedInAs(page, 'Robin');
  });

  it('enables an authenticator app, then asks for its code at the next sign-in', async () => {
    const page = await run.context.newPage();
    const email = uniqueEmail('totp');
    const password = 'totp-passphrase-of-robin';
    await register(page, email, password);
    await page.waitForURL((url) => !/\/(registration|login)/.test(url.pathname));

    await page.goto(`${origin}/profile-settings`);
    const totpSection = page.getByRole('region', { name: 'Manage 2FA TOTP Authenticator App' });
    await totpSection.getByRole('img', { name: 'Authenticator app QR code' }).waitFor();
    const secret = (
      await totpSection.locator('[data-node-id="totp_secret_key"] code').innerText()
    ).trim();
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await totpSection.getByLabel('Verify code').fill(totpCode(secret, new Date()));
    await totpSection.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your changes have been saved!').waitFor();
    await totpSection.getByRole('button', { name: 'Unlink TOTP Authenticator App' }).waitFor();

    await page.goto(`${origin}/health`);
    await signOut(page);
    await submitSignIn(page, { email: email, password: password });
    await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    await page.getByLabel('Authentication code').fill(totpCode(secret, new Date()));
    await page.getByRole('button', { name: 'Use Authenticator' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await expectSignedInAs(page, 'Robin');
  });
});
