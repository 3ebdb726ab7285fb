import type { Page } from 'playwright-core';
import { readDb } from './readDb';

/** The first config of a type that is not deleted, by name. */
export async function configOfType(
  page: Page,
  type: string,
): Promise<{ id: string; name: string }> {
  const [config] = await readDb<Array<{ id: string; name: string }>>(
    page,
    `config_items?select=id,name&type=eq.${encodeURIComponent(type)}&deleted_at=is.null&order=name.asc&limit=1`,
  );
  if (!config) throw new Error(`the seed has no ${type}`);
  return config;
}

/** The run's own status, as the run page's summary shows it. */
export const runStatus = (page: Page) =>
  page.getByRole('region', { name: 'Run', exact: true }).locator('dt:has-text("Status") + dd');
