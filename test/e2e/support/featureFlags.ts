import type { Page } from 'playwright-core';

/**
 * Adds a feature flag through the Add Feature Flag dialog of the page it is on (Feature Flags
 * settings) and waits for the notice that it was created.
 */
export async function addFeatureFlag(page: Page, name: string, value: string): Promise<void> {
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Feature Flag' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Value').fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Feature Flag created successfully').waitFor();
}
