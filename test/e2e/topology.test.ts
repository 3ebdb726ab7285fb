import type { Page } from 'playwright-core';
import { readDb, sendJson } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();

const CARDS = 'ul.mc-topology-grid:not([aria-busy="true"]) > li > article';

/** The cards of the dashboard, once the grid has answered. */
const cards = (page: Page) => page.locator(CARDS);

/**
 * Scrolls the grid, which draws the cards that fill the window first and more as its end
 * nears, until `done` holds: each step brings its last card into view and waits for more.
 */
async function scrollCardsUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await done())) {
    const drawn = await cards(page).count();
    await cards(page).last().scrollIntoViewIfNeeded();
    // More cards, or the one wanted (a new answer may redraw the grid without adding any).
    while (!(await done()) && (await cards(page).count()) <= drawn) {
      if (Date.now() > deadline) throw new Error('the wanted card was never drawn');
      await page.waitForTimeout(100);
    }
  }
}

interface Row {
  id: string;
  name: string;
  status: string;
}

/** Patches a component as the signed-in page would. */
async function patchComponent(page: Page, id: string, body: unknown): Promise<void> {
  await sendJson(page, 'PATCH', `/api/db/components?id=eq.${id}`, body);
}

describe('topology dashboard', () => {
  const run = browserPerFile();

  it('opens from its sidebar entry and filters the cards by health', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Topology', exact: true })
      .click();
    await page.waitForURL(`${origin}/topology`);
    await cards(page).first().waitFor();
    await page.getByRole('heading', { name: 'Topology' }).first().waitFor();

    const roots = await readDb<Row[]>(
      page,
      'components?parent_id=is.null&deleted_at=is.null&select=id,name,status',
    );
    await scrollCardsUntil(page, async () => (await cards(page).count()) >= roots.length);
    expect(await cards(page).count()).toBe(roots.length);
    // The rarest status among the roots that is not healthy (there always is one in the seed).
    const counts = new Map<string, number>();
    for (const root of roots) counts.set(root.status, (counts.get(root.status) ?? 0) + 1);
    const status = [...counts.keys()].filter((s) => s !== 'healthy').sort()[0]!;
    await page.getByLabel('Health', { exact: true }).selectOption(status);
    await page.waitForURL((url) => url.searchParams.get('status') === status);
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('ul.mc-topology-grid:not([aria-busy="true"]) > li > article')
          .length === n,
      counts.get(status),
    );
    const names = await cards(page).evaluateAll((articles) =>
      articles.map((a) => a.getAttribute('aria-label')),
    );
    expect(names.sort()).toEqual(
      roots
        .filter((r) => r.status === status)
        .map((r) => r.name)
        .sort(),
    );

    // A reload keeps the filter.
    await page.reload();
    await cards(page).first().waitFor();
    expect(await page.getByLabel('Health', { exact: true }).inputValue()).toBe(status);
  });

  it('opens a component and follows a check into its dialog and a config into the catalog', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    const checks = await readDb<Array<{ component_id: string; id: string; name: string }>>(
      page,
      'checks_by_component?select=component_id,id,name&limit=500',
    );
    const links = await readDb<Array<{ component_id: string; config_id: string }>>(
      page,
      'config_component_relationships?deleted_at=is.null&select=component_id,config_id&limit=2000',
    );
    const withConfigs = new Set(links.map((l) => l.component_id));
    const check = checks.find((c) => withConfigs.has(c.component_id));
    if (!check) throw new Error('the seed has no component with both checks and configs');
    const [component] = await readDb<Row[]>(
      page,
      `components?id=eq.${check.component_id}&select=id,name,status`,
    );

    await page.goto(`${origin}/topology/${component!.id}`);
    const panel = page.getByRole('complementary', { name: 'Component details' });
    await panel.waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(component!.name).waitFor();

    const checkLink = panel.locator(`a[href="/health?checkId=${check.id}&timeRange=1h"]`).first();
    await checkLink.click();
    await page.waitForURL(
      (url) => url.pathname === '/health' && url.searchParams.get('checkId') === check.id,
    );
    await page.getByRole('dialog').first().waitFor();

    await page.goBack();
    await panel.waitFor();
    const configLink = panel.locator('a[href^="/catalog/"]').first();
    const href = (await configLink.getAttribute('href'))!;
    await configLink.click();
    await page.waitForURL((url) => url.pathname.startsWith(href));
    await page.getByRole('tab', { name: 'Spec' }).waitFor();
  });

  it('hides a component as an editor: gone once hidden components are not shown', async () => {
    const page = await run.context.newPage();
    await signIn(page, 'editor');
    const roots = await readDb<Row[]>(
      page,
      'components?parent_id=is.null&deleted_at=is.null&hidden=eq.false&select=id,name,status&order=name.desc&limit=1',
    );
    const target = roots[0]!;
    try {
      await page.goto(`${origin}/topology?showHiddenComponents=no`);
      const card = page.getByRole('article', { name: target.name, exact: true });
      await cards(page).first().waitFor();
      await scrollCardsUntil(page, async () => (await card.count()) > 0);
      await card.waitFor();
      await page.getByRole('button', { name: `Actions for ${target.name}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Hide' }).click();
      await card.waitFor({ state: 'detached' });
      const [row] = await readDb<Array<{ hidden: boolean }>>(
        page,
        `components?id=eq.${target.id}&select=hidden`,
      );
      expect(row!.hidden).toBe(true);
      // With hidden components shown it is back, marked hidden.
      await page.locator('label', { hasText: 'Show hidden' }).click();
      await page.waitForURL((url) => url.searchParams.get('showHiddenComponents') === 'yes');
      await cards(page).first().waitFor();
      await scrollCardsUntil(page, async () => (await card.count()) > 0);
      await card.getByText('Hidden', { exact: true }).waitFor();
    } finally {
      await patchComponent(page, target.id, { hidden: false });
    }
  });

  it('offers a viewer no hide action, and a snapshot download', async () => {
    const page = await run.context.newPage();
    await signIn(page, 'viewer', { path: '/topology' });
    const first = cards(page).first();
    await first.waitFor();
    const name = (await first.getAttribute('aria-label'))!;
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Download snapshot' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Hide' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Unhide' }).count()).toBe(0);

    // A viewer may download a snapshot: a real zip of the chosen window.
    await page.getByRole('menuitem', { name: 'Download snapshot' }).click();
    const dialog = page.getByRole('dialog', { name: `Download snapshot of ${name}` });
    await dialog.getByText('Last hour', { exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^snapshot-.+\.zip$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.toString('latin1')).toContain('component.json');
    await dialog.waitFor({ state: 'detached' });
  });

  it('renders /view/topology/:id without the shell, after sign-in for a signed-out visitor', async () => {
    const reader = await run.context.newPage();
    await signIn(reader, ADMIN);
    const [root] = await readDb<Row[]>(
      reader,
      'components?parent_id=is.null&deleted_at=is.null&type=eq.KubernetesCluster&select=id,name,status&order=name&limit=1',
    );
    const signedOut = await run.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await signedOut.newPage();
      const path = `/view/topology/${root!.id}`;
      await page.goto(`${origin}${path}`);
      await page.waitForURL(
        (url) => url.pathname === '/login' && url.searchParams.get('return_to') !== null,
      );
      await signIn(page, ADMIN, { path });
      await page.waitForURL(`${origin}${path}`);
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(root!.name).waitFor();
      await cards(page).first().waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await page.locator('.mc-topbar').count()).toBe(0);
      // A card leads further down inside the standalone view.
      const child = cards(page).first();
      const childName = (await child.getAttribute('aria-label'))!;
      await child.getByRole('link', { name: childName, exact: true }).click();
      await page.waitForURL(
        (url) => url.pathname.startsWith('/view/topology/') && !url.pathname.endsWith(root!.id),
      );
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(childName).waitFor();
    } finally {
      await signedOut.close();
    }
  });
});
