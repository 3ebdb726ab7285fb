import type { Page } from 'playwright-core';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';
import { monacoIn } from './support/monaco';

jest.setTimeout(180_000);

const origin = baseUrl();

interface ListedConfig {
  id: string;
  name: string;
  type: string;
  health: string;
  analysis: Record<string, number> | null;
}

/**
 * A live item with an open insight whose name no other live item of its type contains, so a
 * search for the name lists it alone.
 */
async function pickItem(page: Page): Promise<ListedConfig> {
  const candidates = await readDb<ListedConfig[]>(
    page,
    'configs?select=id,name,type,health,analysis&analysis=not.is.null&deleted_at=is.null&health=not.is.null&order=name.asc&limit=200',
  );
  for (const config of candidates) {
    if (Object.keys(config.analysis ?? {}).length === 0) continue;
    const namesakes = await readDb<unknown[]>(
      page,
      `configs?select=id&type=eq.${encodeURIComponent(config.type)}&deleted_at=is.null` +
        `&name=ilike.${encodeURIComponent(`*${config.name}*`)}`,
    );
    if (namesakes.length === 1) return config;
  }
  throw new Error('the demo estate has no item with an insight and a name of its own');
}

const itemsTable = (page: Page) =>
  page.locator('table[aria-label="Config items"]:not([aria-busy])');
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** The names in the list, once the list shows exactly `expected`. */
async function waitForNames(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (names) => {
      const rows = document.querySelectorAll(
        'table[aria-label="Config items"]:not([aria-busy]) tbody tr td:first-child .mc-config-name-text',
      );
      const shown = [...rows].map((row) => row.textContent);
      return JSON.stringify(shown) === JSON.stringify(names);
    },
    expected,
    { timeout: 30_000 },
  );
}

/** The names the query results list, once it lists `count` rows. */
async function resultNames(page: Page, count: number): Promise<string[]> {
  const names = page.locator(
    'table[aria-label="Query results"]:not([aria-busy]) tbody tr td:first-child .mc-config-name-text',
  );
  await page.waitForFunction(
    (expected) =>
      document.querySelectorAll(
        'table[aria-label="Query results"]:not([aria-busy]) tbody tr td:first-child .mc-config-name-text',
      ).length === expected,
    count,
    { timeout: 30_000 },
  );
  return names.allTextContents();
}

describe('the catalog on the demo backend', () => {
  const run = browserPerFile();

  it('goes from the sidebar to a type, filters, survives a reload, walks an item and comes back', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    const target = await pickItem(page);
    const TYPE = target.type;

    // The sidebar's Catalog opens the summary by class and type.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Catalog' })
      .click();
    const summary = page.locator('table[aria-label="Config types"]:not([aria-busy])');
    await summary.getByText('Kubernetes', { exact: true }).waitFor();
    const typeRow = summary.getByRole('row').filter({ hasText: TYPE });
    await typeRow.first().waitFor();

    // A type row opens its list.
    await typeRow.getByText(TYPE, { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('configType') === TYPE);
    await itemsTable(page).waitFor();

    // Filter by the item's health (include) and search its name.
    await page.getByRole('button', { name: /^Health filter/ }).click();
    await page.getByRole('button', { name: `Include ${target.health}`, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('health') === `${target.health}:1`);
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Search' }).fill(target.name);
    await page.waitForURL((url) => url.searchParams.get('search') === target.name);
    await waitForNames(page, [target.name]);
    const filteredUrl = page.url();

    // A reload keeps every filter.
    await page.reload();
    await waitForNames(page, [target.name]);
    expect(page.url()).toBe(filteredUrl);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(target.name);
    expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe(TYPE);
    await page.getByRole('button', { name: 'Health filter, 1 selected' }).waitFor();

    // Open the item: its spec first, then every tab.
    await itemsTable(page).getByText(target.name, { exact: true }).click();
    await page.waitForURL(`${origin}/catalog/${target.id}/spec`);
    await page.getByRole('heading', { name: target.name, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    await monacoIn(page.getByRole('group', { name: 'Config' }));
    const tabs: Array<[RegExp, string, string]> = [
      [/^Changes/, 'changes', 'table[aria-label="Changes"]'],
      [/^Relationships/, 'relationships', '[role="region"][aria-label="Relationship graph"]'],
      [/^Playbooks/, 'playbooks', 'table[aria-label="Playbook runs"]'],
      [/^Checks/, 'checks', 'table[aria-label="Health checks"]'],
      [/^Insights/, 'insights', 'table[aria-label="Insights"]'],
    ];
    for (const [name, path, table] of tabs) {
      await page.getByRole('tab', { name }).click();
      await page.waitForURL(`${origin}/catalog/${target.id}/${path}`);
      await page.locator(`${table}:not([aria-busy])`).waitFor();
    }

    // Open an insight from its row: a dialog with its analysis.
    const insights = page.locator('table[aria-label="Insights"]:not([aria-busy])');
    await insights.locator('tbody tr').first().click();
    await page.waitForURL((url) => url.searchParams.has('insightId'));
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Analysis', selected: true }).waitFor();
    await dialog.getByRole('group', { name: 'Analysis' }).waitFor();

    // The browser's Back button walks back to the same filtered list.
    let backs = 0;
    while (new URL(page.url()).pathname !== '/catalog' && backs < 12) {
      await page.goBack();
      backs += 1;
    }
    expect(page.url()).toBe(filteredUrl);
    expect(param(page, 'health')).toBe(`${target.health}:1`);
    await waitForNames(page, [target.name]);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(target.name);
  });

  it("counts an item's incidents in its tab and follows the tab to an incident", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    // An item with evidence in an incident (the seed links evidence to catalog items).
    const [linked] = await readDb<Array<{ config_id: string }>>(
      page,
      'incidents_by_config?select=config_id&order=created_at.desc&limit=1',
    );
    if (!linked) throw new Error('the seed has no incident with evidence of a catalog item');
    const incidents = await readDb<Array<{ id: string; title: string }>>(
      page,
      `incidents_by_config?select=id,title&config_id=eq.${linked.config_id}&order=created_at.desc`,
    );
    const newest = incidents[0]!;

    await page.goto(`${origin}/catalog/${linked.config_id}`);
    await page.waitForURL(`${origin}/catalog/${linked.config_id}/spec`);
    await page.getByRole('tab', { name: `Incidents ${incidents.length}`, exact: true }).click();
    await page.waitForURL(`${origin}/catalog/${linked.config_id}/incidents`);
    const table = page.locator('table[aria-label="Incidents"]:not([aria-busy])');
    const link = table.getByRole('link', { name: newest.title || newest.id }).first();
    await link.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(incidents.length);
    await link.click();
    await page.waitForURL(`${origin}/incidents/${newest.id}`);
    await page.getByRole('heading', { name: 'Hypotheses' }).waitFor();
  });

  it('saves a built query, reopens it from the saved queries and from its address, and deletes it', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    // A type with a few live items, so the list is short and whole.
    const type = 'Kubernetes::Namespace';
    const live = await readDb<Array<{ name: string }>>(
      page,
      `configs?select=name&deleted_at=is.null&type=eq.${encodeURIComponent(type)}`,
    );
    expect(live.length).toBeGreaterThan(0);

    await page.goto(`${origin}/catalog/queries`);
    await page.getByRole('combobox', { name: 'Type' }).selectOption(type);
    const count = page.getByRole('status', { name: 'Matching items' });
    await count
      .getByText(live.length === 1 ? '1 matching item' : `${live.length} matching items`)
      .waitFor();
    await page.getByRole('button', { name: 'Run' }).click();
    const ran = await resultNames(page, live.length);
    expect([...ran].sort()).toEqual(live.map((row) => row.name).sort());

    const name = `Namespaces ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Save query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save query' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.searchParams.get('saved') !== null);
    const address = page.url();
    await page.getByRole('heading', { name }).waitFor();

    // From the saved queries, on a fresh page.
    await page.goto(`${origin}/catalog/queries`);
    const saved = page.locator('table[aria-label="Saved queries"]:not([aria-busy])');
    await saved.getByRole('row', { name }).click();
    expect(await resultNames(page, live.length)).toEqual(ran);
    // The same list as saved: its query and the saved query it came from are in the address.
    const savedAddress = new URL(address).searchParams;
    expect(param(page, 'q')).toBe(savedAddress.get('q'));
    expect(param(page, 'saved')).toBe(savedAddress.get('saved'));

    // From its address.
    await page.goto(address);
    await page.getByRole('heading', { name }).waitFor();
    expect(await resultNames(page, live.length)).toEqual(ran);

    await saved.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await saved.getByRole('row', { name }).waitFor({ state: 'detached' });
  });
});
