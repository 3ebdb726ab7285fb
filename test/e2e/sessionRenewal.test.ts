import type { BrowserContext, Page } from 'playwright-core';
import { browserPerFile } from './support/perTest';
import { readDb } from './support/readDb';
import { baseUrl } from './support/server';
import { ADMIN, identifierField, signIn, waitForSignInPage } from './support/signIn';

jest.setTimeout(120_000);

const origin = baseUrl();

/** The session ends elsewhere: the same account signs out in another tab of the browser. */
async function signOutInAnotherTab(context: BrowserContext): Promise<void> {
  const other = await context.newPage();
  await other.goto(`${origin}/health`);
  await other.getByRole('button', { name: 'User menu' }).click();
  await other.getByRole('menuitem', { name: 'Sign out' }).click();
  await waitForSignInPage(other);
  await other.close();
}

/** Signs in again in the dialog over the page. */
async function signInOverThePage(page: Page): Promise<void> {
  const renewal = page.getByRole('dialog', { name: 'Your session has ended' });
  await renewal.waitFor();
  await identifierField(page).fill(ADMIN.email);
  await renewal.getByLabel('Password').fill(ADMIN.password);
  await renewal.getByRole('button', { name: 'Sign in' }).click();
  await renewal.waitFor({ state: 'detached' });
}

describe('a session that ends while a form is being filled in', () => {
  const browsers = browserPerFile();

  it('keeps what was typed in a dialog: signing in again over the page saves it', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/scopes' });
    await page.getByRole('table', { name: 'Scopes' }).waitFor();
    const name = `e2e-renewed-${Date.now()}`;
    await page.getByRole('button', { name: 'Add Scope' }).click();
    const add = page.getByRole('dialog', { name: 'Add Scope' });
    await add.getByLabel('Name (required)').fill(name);
    await add.getByLabel('Namespace').fill('e2e');
    const target = add.getByRole('region', { name: 'Target 1' });
    await target.getByLabel('Resource Type').selectOption({ label: 'Config' });
    await target.getByRole('combobox', { name: 'Name' }).fill('web-*');

    await signOutInAnotherTab(browsers.context);
    await add.getByRole('button', { name: 'Save' }).click();

    // The page stays, with the form as it was typed, under the sign-in dialog.
    await page.getByRole('dialog', { name: 'Your session has ended' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/scopes');
    expect(await add.getByLabel('Name (required)').inputValue()).toBe(name);

    await signInOverThePage(page);
    await page.getByText('Scope created', { exact: true }).first().waitFor();
    await add.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Scopes' }).getByText(name, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/scopes');
    const [stored] = await readDb<Array<{ namespace: string; targets: unknown }>>(
      page,
      `scopes?select=namespace,targets&name=eq.${name}`,
    );
    expect(stored).toEqual({ namespace: 'e2e', targets: [{ config: { name: 'web-*' } }] });
  });

  it('keeps what was typed in a page form: the silence is saved after signing in again', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/notifications/silences' });
    const [config] = await readDb<Array<{ id: string }>>(
      page,
      'configs?select=id&deleted_at=is.null&limit=1',
    );
    await page.goto(`${origin}/notifications/silences/add?config_id=${config?.id ?? ''}`);
    const form = page.getByRole('form', { name: 'Add silence' });
    const name = `quiet-renewed-${Date.now()}`;
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('table', { name: 'Preview' }).waitFor();

    await signOutInAnotherTab(browsers.context);
    await form.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('dialog', { name: 'Your session has ended' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/notifications/silences/add');
    expect(await form.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe(name);

    await signInOverThePage(page);
    await page.waitForURL(`${origin}/notifications/silences`);
    await page.getByRole('table').getByText(name).waitFor();
    const [stored] = await readDb<Array<{ config_id: string; source: string }>>(
      page,
      `notification_silences?select=config_id,source&name=eq.${name}`,
    );
    expect(stored).toEqual({ config_id: config?.id, source: 'UI' });
  });
});
