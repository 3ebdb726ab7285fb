import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl, readServerState } from './support/server';
import { ADMIN, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();

/** A tab of the run page, by its title. */
const tab = (page: Page, title: string) =>
  page.locator('[role=tab]', { hasText: new RegExp(`^${title}$`) });

/** Runs the scraper from the open Run Now dialog; answers the run's address once it ended. */
async function runFromDialog(page: Page, previous?: string): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await page.waitForURL((url) => /\/runs\/[0-9a-f-]+$/.test(url.pathname) && url.href !== previous);
  const summary = page.getByRole('region', { name: 'Run summary' });
  await summary.getByText('Success', { exact: true }).waitFor({ timeout: 60_000 });
  return page.url();
}

describe('scrape runs', () => {
  const browsers = browserPerFile();

  it('runs a seeded Kubernetes scraper now, shows what it read, then a changed source as updated items', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog/scrapers' });
    const [scraper] = await readDb<Array<{ id: string; name: string }>>(
      page,
      'config_scrapers?select=id,name&name=like.kubernetes-*&deleted_at=is.null&order=name.desc&limit=1',
    );
    if (!scraper) throw new Error('the seed has no kubernetes scraper');

    // From the list: Run Now on the scraper's row, everything captured.
    await page.getByRole('button', { name: `Run Now: ${scraper.name}` }).click();
    await page.waitForURL((url) => url.searchParams.get('run') === scraper.id);
    const first = await runFromDialog(page);
    expect(new URL(first).pathname).toMatch(`/catalog/scrapers/${scraper.id}/runs/`);

    // Configs: the seeded items are found again, unchanged.
    const segments = page.getByRole('radiogroup', { name: 'Configs' });
    await segments.getByText(/Unchanged/).waitFor();
    await page.goto(`${first}?tab=configs&configs=unchanged`);
    const unchanged = page.getByRole('table', { name: 'Unchanged configs' });
    await unchanged.locator('tbody tr a').first().waitFor();

    // Logs, with their levels, and HTTP: the lists a scraper of the cluster would ask for.
    await tab(page, 'Logs').click();
    const log = page.getByRole('log', { name: 'Run log' });
    await log.getByText(/scrape success/).waitFor();
    await tab(page, 'HTTP').click();
    const requests = page.getByRole('table', { name: 'HTTP requests' });
    await requests
      .getByText(/\/api\/v1\/pods$/)
      .first()
      .waitFor();
    expect(await requests.getByText('GET', { exact: true }).count()).toBeGreaterThan(3);

    // The source changes: one ConfigMap gets a new key.
    const file = path.join(readServerState().dataDir, 'scrape-sources', `${scraper.id}.json`);
    const source = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      items: Array<{ kind: string; metadata: { name: string }; data?: Record<string, string> }>;
    };
    const configMap = source.items.find((item) => item.kind === 'ConfigMap');
    if (!configMap) throw new Error('the source has no ConfigMap');
    configMap.data = { ...configMap.data, 'e2e-marker': `changed-${Date.now()}` };
    fs.writeFileSync(file, JSON.stringify(source));

    // Run again from the editor: the ConfigMap is updated, with a change record.
    await page.goto(`${origin}/catalog/scrapers/${scraper.id}`);
    await page.getByRole('button', { name: `Run Now: ${scraper.name}` }).click();
    const second = await runFromDialog(page, first);
    const summary = page.getByRole('region', { name: 'Run summary' });
    const figure = (term: string) =>
      summary
        .locator('dt', { hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[1]');
    expect(await figure('Updated').textContent()).toBe('1');
    expect(await figure('Changes').textContent()).toBe('1');
    await page.goto(`${second}?tab=configs&configs=updated`);
    const updated = page.getByRole('table', { name: 'Updated configs' });
    const link = updated.getByRole('link', { name: new RegExp(configMap.metadata.name) });
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    const itemId = href.split('/').pop()?.split('?')[0] ?? '';
    const changes = await readDb<Array<{ change_type: string }>>(
      page,
      `config_changes?select=change_type&config_id=eq.${itemId}&source=eq.config-db&order=created_at.desc&limit=1`,
    );
    expect(changes[0]?.change_type).toBe('diff');
  });
});
