import type { Page } from 'playwright-core';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';
import { monacoIn } from './support/monaco';

jest.setTimeout(180_000);

const origin = baseUrl();

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const changesTable = (page: Page) => page.locator('table[aria-label="Changes"]:not([aria-busy])');

/** The change types shown in the Changes table, once it has rows. */
async function shownChangeTypes(page: Page): Promise<string[]> {
  await changesTable(page).locator('tbody tr').first().waitFor();
  return changesTable(page)
    .locator('tbody tr td:first-child')
    .evaluateAll((cells) =>
      cells.map(
        (cell) =>
          cell
            .querySelector('button[aria-label^="Filter by "]')
            ?.getAttribute('aria-label')
            ?.slice('Filter by '.length) ?? '',
      ),
    );
}

describe('investigating with the catalog: changes, insights and relationships', () => {
  const run = browserPerFile();

  it('filters the changes by a time range and a type, and opens a change to read its diff', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    await page.goto(`${origin}/catalog/changes`);
    await changesTable(page).locator('tbody tr').first().waitFor();

    // A wider time range, from the picker's relative ranges.
    await page.getByRole('button', { name: 'Last 2 days' }).click();
    await page
      .getByRole('menu', { name: 'Relative time ranges' })
      .getByText('Last 7 days', { exact: true })
      .click();
    await page.waitForURL((url) => url.searchParams.get('range') === 'now-7d');

    // Only the diffs: included from the Change Type filter.
    await page.getByRole('button', { name: /^Change Type filter/ }).click();
    await page.getByRole('button', { name: 'Include diff', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('changeType') === 'diff:1');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => {
      const rows = document.querySelectorAll(
        'table[aria-label="Changes"]:not([aria-busy]) tbody tr td:first-child',
      );
      return (
        rows.length > 0 &&
        [...rows].every(
          (cell) =>
            cell.querySelector('button[aria-label^="Filter by "]')?.getAttribute('aria-label') ===
            'Filter by diff',
        )
      );
    });
    expect(new Set(await shownChangeTypes(page))).toEqual(new Set(['diff']));

    // The filters survive a reload.
    const filtered = page.url();
    await page.reload();
    expect(new Set(await shownChangeTypes(page))).toEqual(new Set(['diff']));
    expect(page.url()).toBe(filtered);
    expect(param(page, 'range')).toBe('now-7d');

    // A diff of an instance type or a log level: the summary says old → new.
    const row = changesTable(page)
      .locator('tbody tr')
      .filter({ hasText: /(InstanceType|LOG_LEVEL): \S+ → \S+/ })
      .first();
    const summary = (await row.locator('td').first().innerText()).split('\n')[0] ?? '';
    const [, key, after] = /(InstanceType|LOG_LEVEL): \S+ → (\S+)/.exec(summary) ?? [];
    await row.click();
    await page.waitForURL((url) => url.searchParams.has('changeId'));
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Diff' }).waitFor();
    const diff = dialog.locator('.monaco-diff-editor');
    await diff.waitFor();
    // The new side holds the new value, the old side the one before.
    const modified = diff.locator('.editor.modified .view-lines');
    await modified.getByText(`${key}: ${after}`, { exact: false }).waitFor();
    await diff.locator('.editor.original .view-lines').getByText(`${key}:`).waitFor();
    // The changed line is marked once the editor has compared the sides.
    await diff.locator('.line-insert, .char-insert').first().waitFor();

    // Closing the dialog takes its parameters out of the address.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('changeId'));
  });

  it('walks an item’s relationships: switches direction and opens a related item', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    const [deployment] = await readDb<Array<{ id: string; name: string; path: string }>>(
      page,
      'configs?select=id,name,path&type=eq.Kubernetes::Deployment&deleted_at=is.null&path=not.is.null&order=name&limit=1',
    );
    if (!deployment) throw new Error('the demo estate has no deployment');
    const parentIds = deployment.path.split('.');
    const parents = await readDb<Array<{ id: string; name: string; type: string }>>(
      page,
      `configs?select=id,name,type&id=in.(${parentIds.join(',')})`,
    );
    const namespace = parents.find((p) => p.type === 'Kubernetes::Namespace');
    if (!namespace) throw new Error(`${deployment.name} has no namespace`);
    const children = await readDb<Array<{ name: string }>>(
      page,
      `configs?select=name&type=eq.Kubernetes::ReplicaSet&deleted_at=is.null&path=like.*${deployment.id}&limit=1`,
    );

    await page.goto(`${origin}/catalog/${deployment.id}/relationships`);
    const graph = page.getByRole('region', { name: 'Relationship graph' });
    await graph.locator('.react-flow__node').first().waitFor();
    // The item itself is marked; its namespace and its replica sets are drawn around it.
    await graph.locator('[aria-current="true"]').getByText(deployment.name).waitFor();
    await graph.getByRole('button', { name: namespace.name, exact: true }).waitFor();
    if (children[0]) {
      await graph.getByRole('button', { name: children[0].name, exact: true }).waitFor();
    }

    // Incoming only: the parents stay, the children go.
    const direction = page.getByRole('radiogroup', { name: 'Direction' });
    await direction.getByRole('radio', { name: 'Incoming' }).click();
    await page.waitForURL((url) => url.searchParams.get('outgoing') === 'false');
    if (children[0]) {
      await graph
        .getByRole('button', { name: children[0].name, exact: true })
        .waitFor({ state: 'detached' });
    }
    const namespaceNode = graph.getByRole('button', { name: namespace.name, exact: true });
    await namespaceNode.waitFor();

    // A node opens its item.
    await namespaceNode.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/catalog/${namespace.id}`));
    await page.getByRole('heading', { name: namespace.name, level: 2 }).waitFor();
  });

  it('filters the insights by severity and opens one', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    await page.goto(`${origin}/catalog/insights`);
    const table = page.locator('table[aria-label="Insights"]:not([aria-busy])');
    await table.locator('tbody tr').first().waitFor();

    await page.getByRole('combobox', { name: 'Severity' }).selectOption('high');
    await page.waitForURL((url) => url.searchParams.get('severity') === 'high');
    await page.waitForFunction(() => {
      const cells = document.querySelectorAll(
        // Config, Analyzer, Summary, Type, then Severity.
        'table[aria-label="Insights"]:not([aria-busy]) tbody tr td:nth-child(5)',
      );
      return cells.length > 0 && [...cells].every((cell) => cell.textContent === 'High');
    });

    const first = table.locator('tbody tr').first();
    const configName = await first.locator('td').first().innerText();
    const analyzer = await first.locator('td').nth(1).innerText();
    await first.locator('td').nth(1).click();
    await page.waitForURL((url) => url.searchParams.has('insightId'));
    const dialog = page.getByRole('dialog');
    await dialog.getByText(analyzer, { exact: true }).first().waitFor();
    await dialog.getByText('High', { exact: true }).waitFor();
    const link = dialog.getByRole('link', { name: configName.trim() });
    expect(await link.getAttribute('href')).toMatch(/^\/catalog\/[0-9a-f-]{36}$/);
    await monacoIn(dialog.getByRole('group', { name: 'Analysis' }));
  });
});
