import type { BrowserContext, Page } from 'playwright-core';
import { browserPerFile } from './support/perTest';
import { readDb } from './support/readDb';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();

/**
 * Cuts the context off from everything but the console's own server, as on a closed network,
 * and returns the addresses it tried to reach elsewhere.
 */
async function closedNetwork(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      outside.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return outside;
}

/** The "To" cells of the event log, in order. */
async function loggedStates(page: Page): Promise<string[]> {
  const log = page.getByRole('region', { name: 'Flow inspector' }).getByRole('table', {
    name: 'Event log',
  });
  return log.locator('tbody tr td:nth-child(3)').allTextContents();
}

/** Waits until the log's states, from the first `running`, are `expected`. */
async function waitForStates(page: Page, expected: string[]): Promise<string[]> {
  const deadline = Date.now() + 60_000;
  let shown: string[] = [];
  while (Date.now() < deadline) {
    const states = await loggedStates(page);
    const start = states.indexOf('running');
    shown = start < 0 ? states : states.slice(start);
    if (shown.join(' → ') === expected.join(' → ')) return shown;
    await page.waitForTimeout(100);
  }
  throw new Error(`the log showed ${shown.join(' → ')}, not ${expected.join(' → ')}`);
}

describe('built-in flow inspector', () => {
  const session = browserPerFile({ width: 1440, height: 1000 });

  it('follows Run Now in the check dialog: running → refreshing → idle, offline', async () => {
    const outside = await closedNetwork(session.context);
    const page = await session.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/tokens' });
    const [check] = await readDb<Array<{ id: string; name: string }>>(
      page,
      'checks?select=id,name&deleted_at=is.null&order=name.asc&limit=1',
    );
    if (!check) throw new Error('the seed has no checks');

    await page.goto(`${origin}/health?checkId=${check.id}&inspect=local`);
    const panel = page.getByRole('region', { name: 'Flow inspector' });
    await panel.waitFor();
    const dialog = page.getByRole('dialog').filter({ hasText: check.name });
    await dialog.getByRole('button', { name: 'Run Now' }).waitFor();
    const runNow = panel
      .getByRole('navigation', { name: 'Actors' })
      .getByRole('button', { name: /^Run now .* active$/ });
    await runNow.click();
    await panel.getByRole('img', { name: 'machine runNow' }).waitFor();

    await dialog.getByRole('button', { name: 'Run Now' }).click();
    expect(await waitForStates(page, ['running', 'refreshing', 'idle'])).toEqual([
      'running',
      'refreshing',
      'idle',
    ]);
    // The statechart shows where the actor is now.
    await panel
      .locator('[data-state-id="runNow.idle"][aria-current="true"]')
      .waitFor({ timeout: 10_000 });
    expect(outside).toEqual([]);
  });

  it('/settings/flows draws every machine', async () => {
    const outside = await closedNetwork(session.context);
    const page = await session.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/flows' });
    const machines = page.getByRole('navigation', { name: 'Machines' }).getByRole('menuitem');
    await machines.first().waitFor();
    const count = await machines.count();
    expect(count).toBeGreaterThanOrEqual(9);
    for (let i = 0; i < count; i += 1) {
      await machines.nth(i).click();
      const id = new URL(page.url()).searchParams.get('machine');
      expect(id).toBeTruthy();
      await page.getByRole('img', { name: `machine ${id}` }).waitFor();
      // Every state of the definition is drawn: at least one box and one arrow per machine.
      expect(await page.locator('[data-state-id]').count()).toBeGreaterThan(1);
      expect(await page.locator('[data-transition-key]').count()).toBeGreaterThan(0);
    }
    expect(outside).toEqual([]);
  });
});
