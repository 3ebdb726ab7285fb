import type { Browser, BrowserContext, Page } from 'playwright-core';
import { foreignRequests, launchBrowser, recordRequests } from './support/browser';
import { baseUrl } from './support/server';

jest.setTimeout(90_000);

const origin = baseUrl();

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
  await page.getByLabel('ID').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('signing in to the console', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
  });
  afterEach(async () => {
    await context.close();
  });

  it('sends a signed-out visitor to the sign-in page, then into the console', async () => {
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto(`${origin}/`);
    await page.waitForURL(/\/login\?/);
    await signIn(page, 'admin@demo.local', 'demo-admin-pass');
    // Home is the first area of the console there is: Health.
    await page.waitForURL(`${origin}/health`);
    await page.getByRole('heading', { name: 'Health' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(foreignRequests(requests, origin)).toEqual([]);
  });

  it('shows the server message for a wrong password and keeps the identifier', async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await signIn(page, 'admin@demo.local', 'not-the-password');
    await page
      .getByText(
        'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
      )
      .waitFor();
    expect(await page.getByLabel('ID').inputValue()).toBe('admin@demo.local');
  });

  it('returns to a deep link after signing in', async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/settings/feature-flags?from=deep-link`);
    await page.waitForURL(/\/login\?return_to=/);
    await signIn(page, 'editor@demo.local', 'demo-editor-pass');
    await page.waitForURL(`${origin}/settings/feature-flags?from=deep-link`);
  });
});
