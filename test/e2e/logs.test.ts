import type { Page } from 'playwright-core';
import { browserPerFile } from './support/perTest';
import { readDb } from './support/readDb';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();
const HOUR_MS = 3_600_000;

interface LoggedComponent {
  id: string;
  name: string;
  logs: Array<{ name: string }>;
}

/** The grid of log lines and its cells. */
const grid = (page: Page) => page.getByRole('region', { name: 'Log lines' });
const cellTexts = (page: Page, className: string) =>
  grid(page)
    .locator(`.${className}`)
    .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));

describe('logs', () => {
  const run = browserPerFile();

  it("searches a component's logs in a time range and narrows them by a label", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/logs' });
    await page.waitForURL(`${origin}/logs`);
    await page.getByRole('link', { name: 'Logs' }).waitFor();
    await page.getByText('Select a component to see its logs').waitFor();

    const components = await readDb<LoggedComponent[]>(page, 'components_with_logs?order=name.asc');
    const component = components.find((c) => (c.logs ?? []).length > 0);
    if (!component) throw new Error('no component with log selectors in the demo estate');
    const selector = component.logs[0]!.name;

    // Choosing the component searches its first selector over the last 24 hours.
    await page.getByLabel('Component', { exact: true }).selectOption(component.id);
    await page.waitForURL(
      (url) =>
        url.searchParams.get('component') === component.id &&
        url.searchParams.get('selector') === selector,
    );
    // The selector's choices arrive with the component's details (TOPO-01).
    const selectorField = page.getByLabel('Log selector', { exact: true });
    await selectorField.locator(`option[value="${selector}"]`).waitFor({ state: 'attached' });
    expect(await selectorField.inputValue()).toBe(selector);
    await grid(page).locator('.mc-log-message').first().waitFor();

    // A shorter range: every line shown falls inside it.
    await page.getByRole('button', { name: /Last 24 hours/ }).click();
    await page.getByRole('menuitem', { name: 'Last 6 hours' }).click();
    await page.waitForURL((url) => url.searchParams.get('range') === 'now-6h');
    const started = Date.now();
    await page.getByRole('status').filter({ hasText: /lines/ }).waitFor();
    const times = await cellTexts(page, 'mc-log-time');
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) {
      const at = Date.parse(time);
      expect(at).toBeGreaterThanOrEqual(started - 6 * HOUR_MS - 60_000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
    // Newest first.
    const instants = times.map((time) => Date.parse(time));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
    await page.getByRole('img', { name: 'Log lines over time' }).waitFor();

    // A label filter from the first line: every line shown carries it, and the address keeps it.
    const labels = (await cellTexts(page, 'mc-log-labels'))[0] ?? '';
    const pod = labels.split(' ').find((pair) => pair.startsWith('pod='));
    if (!pod) throw new Error(`the first line has no pod label: ${labels}`);
    await page.getByRole('textbox', { name: 'Label filters' }).fill(pod);
    await page.getByRole('textbox', { name: 'Label filters' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.getAll('label').includes(pod));
    await page.waitForFunction((wanted) => {
      const cells = Array.from(document.querySelectorAll('.mc-log-table .mc-log-labels'));
      return cells.length > 0 && cells.every((cell) => cell.textContent?.includes(wanted));
    }, pod);

    // The deep link reproduces the search.
    const url = page.url();
    await page.reload();
    await grid(page).locator('.mc-log-message').first().waitFor();
    expect(page.url()).toBe(url);
    expect(await page.getByLabel('Component', { exact: true }).inputValue()).toBe(component.id);
    await page.getByRole('button', { name: /Last 6 hours/ }).waitFor();
    const after = await cellTexts(page, 'mc-log-labels');
    expect(after.every((text) => text.includes(pod))).toBe(true);
  });
});
