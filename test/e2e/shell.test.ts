import type { Page, Route } from 'playwright-core';
import { addFeatureFlag } from './support/featureFlags';
import { browserPerFileWith } from './support/perTest';
import { baseUrl } from './support/server';
import { signIn } from './support/signIn';

jest.setTimeout(120_000);

const origin = baseUrl();

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The console's scripts (the page chunks among them). */
const SCRIPTS = '**/assets/*.js';
/** Refuses a request, as a network that drops it. */
const refuse = (route: Route) => route.abort();

describe('the console shell', () => {
  // A fixed browser zone, so that choosing another zone visibly changes dates.
  const run = browserPerFileWith({
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 900 },
  });

  it('renders the shell for the admin and keeps the sidebar collapsed across a reload', async () => {
    const page = await run.context.newPage();
    await signIn(page, 'admin', { path: '/settings/feature-flags' });
    await page.getByRole('heading', { name: 'Feature Flags', level: 1 }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Health', exact: true }).waitFor();
    await sidebar(page).getByRole('button', { name: 'Settings' }).waitFor();
    await page.getByRole('link', { name: 'Notifications' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();

    const width = async () => (await sidebar(page).boundingBox())?.width ?? Number.NaN;
    const expanded = await width();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    // Collapsed is a quarter of the expanded width (14 against 56 units).
    const narrow = () =>
      page.waitForFunction((max) => {
        const nav = document.querySelector('nav[aria-label="Main"]');
        return nav !== null && nav.getBoundingClientRect().width <= max;
      }, expanded / 2);
    await narrow();

    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await narrow();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
  });

  it('shows dates in the time zone chosen in the preferences', async () => {
    const page = await run.context.newPage();
    await signIn(page, 'admin', { path: '/settings/scopes' });
    // The first row's Created cell once the list has loaded (while loading, skeleton rows show).
    const firstCreated = page.locator(
      'table[aria-label="Scopes"]:not([aria-busy]) tbody tr:first-child td:nth-child(4)',
    );
    await firstCreated.waitFor();
    const before = (await firstCreated.innerText()).trim();
    expect(before).not.toBe('');

    await page.getByRole('button', { name: 'Preferences' }).click();
    await page.getByLabel('Timezone').selectOption('Asia/Kolkata');
    await page.keyboard.press('Escape');
    // Kolkata is 5 h 30 min ahead of UTC: the minutes of every time shown change.
    await page.waitForFunction(
      ({ text }) => {
        const cell = document.querySelector(
          'table[aria-label="Scopes"]:not([aria-busy]) tbody tr:first-child td:nth-child(4)',
        );
        return cell !== null && cell.textContent?.trim() !== text;
      },
      { text: before },
    );
    const after = (await firstCreated.innerText()).trim();
    expect(after).not.toBe(before);

    await page.reload();
    await firstCreated.waitFor();
    expect((await firstCreated.innerText()).trim()).toBe(after);
  });

  it('hides Settings from a viewer', async () => {
    const page = await run.context.newPage();
    await signIn(page, 'viewer', { path: '/health' });
    await sidebar(page).getByRole('link', { name: 'Health', exact: true }).waitFor();
    expect(await sidebar(page).getByRole('button', { name: 'Settings' }).count()).toBe(0);
  });

  it('turns the Health area off and on with a feature flag', async () => {
    const page = await run.context.newPage();
    await signIn(page, 'admin', { path: '/settings/feature-flags' });
    await page.getByRole('heading', { name: 'Feature Flags', level: 1 }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Health', exact: true }).waitFor();

    await addFeatureFlag(page, 'health.disable', 'true');

    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('nav[aria-label="Main"] a')].some(
          (a) => a.textContent?.trim() === 'Health',
        ),
    );
    await page.goto(`${origin}/health`);
    await page.getByText('You do not have permission to access this page.').waitFor();

    await page.goto(`${origin}/settings/feature-flags`);
    await page.getByRole('button', { name: 'Delete health.disable' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await sidebar(page).getByRole('link', { name: 'Health', exact: true }).waitFor();
    await page.goto(`${origin}/health`);
    await page.getByPlaceholder('Search by name, description, or endpoint').waitFor();
  });

  it('shows the error page when a page cannot load: its details, and Retry loads the page', async () => {
    const page = await run.context.newPage();
    await signIn(page, 'admin', { path: '/catalog' });
    await sidebar(page).getByRole('link', { name: 'Playbooks' }).waitFor();
    // The Playbooks page's code is not loaded yet: every script is refused from here on.
    await page.route(SCRIPTS, refuse);
    await sidebar(page).getByRole('link', { name: 'Playbooks' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    // Inside the shell, with what failed behind the disclosure.
    await sidebar(page).getByRole('link', { name: 'Catalog' }).waitFor();
    await page.getByText('Details', { exact: true }).click();
    await page.getByRole('region', { name: 'Stack' }).waitFor();

    await page.unroute(SCRIPTS, refuse);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: 'New Playbook' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  });

  it('leaves the details out of the error page when the runtime config hides them', async () => {
    const page = await run.context.newPage();
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...(await response.json()), hideErrorDetails: true },
      });
    });
    await signIn(page, 'admin', { path: '/catalog' });
    await sidebar(page).getByRole('link', { name: 'Playbooks' }).waitFor();
    await page.route(SCRIPTS, refuse);
    await sidebar(page).getByRole('link', { name: 'Playbooks' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await page.getByText('Details', { exact: true }).count()).toBe(0);
  });
});
