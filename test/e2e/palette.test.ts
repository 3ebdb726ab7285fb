import type { Page } from 'playwright-core';
import { browserPerFile } from './support/perTest';
import { readDb, sendJson } from './support/readDb';
import { baseUrl } from './support/server';
import { ADMIN, VIEWER, signIn } from './support/signIn';

jest.setTimeout(120_000);

const origin = baseUrl();

interface Named {
  id: string;
  name: string;
}

/** How many resources of each kind MISC-03 finds for `text`, as the palette asks it. */
async function foundPerKind(page: Page, text: string): Promise<Record<string, number>> {
  return page.evaluate(
    async ({ url, search }) => {
      const withAgent = [{ search, agent: 'all' }];
      const withName = [{ search, name: '*' }];
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          configs: withAgent,
          checks: withAgent,
          components: withAgent,
          connections: withName,
          playbooks: withName,
        }),
      });
      const body = (await response.json()) as Record<string, unknown[]>;
      return Object.fromEntries(Object.entries(body).map(([kind, list]) => [kind, list.length]));
    },
    { url: `${origin}/api/resources/search`, search: text },
  );
}

/**
 * A resource of `kind` and a part of its name that finds it and nothing of any other kind, and
 * no other resource of its kind named the same: what the palette then lists first.
 */
async function uniquelyFound(page: Page, kind: 'checks' | 'configs', rows: Named[]) {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.name, (counts.get(row.name) ?? 0) + 1);
  for (const row of rows) {
    if (counts.get(row.name) !== 1 || row.name.length < 8) continue;
    const part = row.name.slice(0, -2);
    const found = await foundPerKind(page, part);
    const others = Object.entries(found).filter(([other]) => other !== kind);
    if (others.length === 0 && (found[kind] ?? 0) >= 1) return { row, part };
  }
  throw new Error(`no ${kind} whose name finds nothing of another kind`);
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) =>
  palette(page).getByRole('combobox', { name: 'Search and commands' });

async function openPalette(page: Page): Promise<void> {
  // The top bar's button shows once the shell listens for the keys.
  await page.getByRole('button', { name: 'Search and commands (Ctrl+K)' }).waitFor();
  await page.keyboard.press('Control+k');
  await paletteInput(page).waitFor();
}

/** Types into the palette and waits for the results of that text. */
async function search(page: Page, text: string): Promise<void> {
  await paletteInput(page).pressSequentially(text);
  await palette(page).locator('[data-search-state="results"]').waitFor();
}

/** The option of `group` showing exactly `name`. */
const optionNamed = (page: Page, group: string, name: string) =>
  palette(page)
    .getByRole('group', { name: group })
    .getByRole('option')
    .filter({ has: page.locator('.mc-palette-option-name', { hasText: new RegExp(`^${name}$`) }) });

/** The option Enter would open: the one the combobox points at. */
async function activeOptionText(page: Page): Promise<string> {
  const id = await paletteInput(page).getAttribute('aria-activedescendant');
  if (!id) throw new Error('no option is active');
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

describe('command palette', () => {
  const session = browserPerFile();

  it("Ctrl+K, part of a check's name, Enter: the check's dialog opens", async () => {
    const page = await session.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/tokens' });
    const checks = await readDb<Named[]>(
      page,
      'checks?select=id,name&deleted_at=is.null&order=name.asc&limit=300',
    );
    const { row: check, part } = await uniquelyFound(page, 'checks', checks);

    await openPalette(page);
    await search(page, part);
    await optionNamed(page, 'Health checks', check.name).waitFor();
    expect(await activeOptionText(page)).toContain(check.name);
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.searchParams.get('checkId') === check.id);
    expect(new URL(page.url()).pathname).toBe('/health');
    await page.getByRole('dialog').getByText(check.name).first().waitFor();
    await palette(page).waitFor({ state: 'detached' });
  });

  it('a config name and Ctrl+Enter: the item opens in a new tab', async () => {
    const page = await session.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/tokens' });
    const configs = await readDb<Named[]>(
      page,
      'config_items?select=id,name&deleted_at=is.null&type=like.Kubernetes*&order=name.asc&limit=300',
    );
    const { row: config } = await uniquelyFound(page, 'configs', configs);

    await openPalette(page);
    await search(page, config.name);
    await optionNamed(page, 'Catalog', config.name).waitFor();
    expect(await activeOptionText(page)).toContain(config.name);
    const opened = session.context.waitForEvent('page');
    await page.keyboard.press('Control+Enter');
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === `/catalog/${config.id}`);
    await tab.getByText(config.name).first().waitFor();
    // The first tab stays where it was.
    expect(new URL(page.url()).pathname).toBe('/settings/tokens');
  });

  it('runs "Create incident": its dialog opens, and the incident is created', async () => {
    const page = await session.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    await openPalette(page);
    await paletteInput(page).pressSequentially('create inc');
    const action = palette(page)
      .getByRole('group', { name: 'Actions' })
      .getByRole('option', { name: /^Create incident/ });
    await action.waitFor();
    expect(await activeOptionText(page)).toContain('Create incident');
    await page.keyboard.press('Enter');

    const create = page.getByRole('dialog', { name: 'Create incident' });
    await create.waitFor();
    const title = `Raised from the palette ${Date.now()}`;
    await create.getByLabel('Title').fill(title);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/incidents\/[0-9a-f-]{36}$/);
    const [stored] = await readDb<Array<{ title: string }>>(
      page,
      `incidents?select=title&title=eq.${encodeURIComponent(title)}`,
    );
    expect(stored?.title).toBe(title);
  });

  it("a viewer's palette offers no write actions", async () => {
    const page = await session.context.newPage();
    await signIn(page, VIEWER, { path: '/health' });
    await openPalette(page);
    const actions = palette(page).getByRole('group', { name: 'Actions' });
    await actions.getByRole('option').first().waitFor();
    const names = await actions.locator('.mc-palette-option-name').allTextContents();
    expect(names).toEqual([
      'Switch time zone',
      'Toggle dark theme',
      'Sign out',
      'Open flow inspector',
    ]);
    // Asking for one by name finds nothing either.
    await paletteInput(page).pressSequentially('run playbook');
    await palette(page).locator('[data-search-state="results"]').waitFor();
    expect(
      await palette(page)
        .getByRole('option', { name: /^Run playbook/ })
        .count(),
    ).toBe(0);
  });

  it('#config type=Kubernetes::Deployment health=unhealthy lists only unhealthy deployments', async () => {
    const page = await session.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/tokens' });
    const deployments = await readDb<Array<Named & { health: string | null }>>(
      page,
      'config_items?select=id,name,health&type=eq.Kubernetes::Deployment&deleted_at=is.null&order=name.asc',
    );
    // One deployment made unhealthy for the test (the seeded estate may have none), then put back.
    const made = deployments.find((row) => row.health !== 'unhealthy');
    if (!made) throw new Error('no deployment to make unhealthy');
    await sendJson(page, 'PATCH', `/api/db/config_items?id=eq.${made.id}`, {
      health: 'unhealthy',
    });
    try {
      const unhealthy = await readDb<Named[]>(
        page,
        'config_items?select=id,name&type=eq.Kubernetes::Deployment&health=eq.unhealthy&deleted_at=is.null',
      );
      const names = new Set(unhealthy.map((row) => row.name));
      expect(names.has(made.name)).toBe(true);

      await openPalette(page);
      // Filled at once, so the results waited for are those of the whole selector.
      await paletteInput(page).fill('#config type=Kubernetes::Deployment health=unhealthy');
      await palette(page).locator('[data-search-state="results"]').waitFor();
      const catalog = palette(page).getByRole('group', { name: 'Catalog' });
      await catalog.getByRole('option').first().waitFor();
      // The catalog only: no other kind, no pages or actions.
      const groups = await palette(page)
        .getByRole('group')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
      expect(groups).toEqual(['Catalog']);
      const options = catalog.getByRole('option');
      const shown = await options.locator('.mc-palette-option-name').allTextContents();
      expect(shown.length).toBe(Math.min(names.size, 5));
      for (const name of shown) expect(names.has(name)).toBe(true);
      for (const text of await options.allTextContents()) {
        expect(text).toContain('Kubernetes::Deployment');
        expect(text).toContain('unhealthy');
      }
      if (names.size <= 5) expect(shown).toContain(made.name);

      // The selector tool (user menu) shows the same deployments for the same selector.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Selector tool' }).click();
      const tool = page.getByRole('dialog', { name: 'Selector tool' });
      await tool.getByLabel('Selector').fill('type=Kubernetes::Deployment health=unhealthy');
      const matching = tool.getByRole('table', { name: 'Matching resources' });
      await tool
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${names.size} match`) })
        .waitFor();
      const rows = matching.locator('tbody tr');
      const listed = await rows.evaluateAll((nodes) =>
        nodes.map((node) => node.querySelector('td, th')?.textContent?.trim() ?? ''),
      );
      expect(new Set(listed)).toEqual(names);
    } finally {
      await sendJson(page, 'PATCH', `/api/db/config_items?id=eq.${made.id}`, {
        health: made.health,
      });
    }
  });
});
