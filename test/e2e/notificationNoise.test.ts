import type { Page } from 'playwright-core';
import { INHIBITION_RULE, RECURRING_SILENCE } from '../../server/demo/seed/notificationScenarios';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();

interface InhibitedRow {
  id: string;
  resource_id: string;
  parent_id: string;
  resource: { name: string } | null;
}

/** A seeded send the node rule inhibited (a pod's). */
async function inhibitedSend(page: Page) {
  const [rule] = await readDb<Array<{ id: string }>>(
    page,
    `notifications?select=id&name=eq.${INHIBITION_RULE}`,
  );
  if (!rule) throw new Error('the seed has no inhibition rule');
  const [child] = await readDb<InhibitedRow[]>(
    page,
    `notification_send_history_summary?select=id,resource_id,parent_id,resource&notification_id=eq.${rule.id}&status=eq.inhibited&order=created_at.asc&limit=1`,
  );
  if (!child) throw new Error('the seed inhibited nothing');
  return { child };
}

/** Whether anything on the page scrolls sideways (the page itself or a scrolling box in it). */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement;
    if (root && root.scrollWidth > window.innerWidth + 1) found.push('page');
    for (const element of document.querySelectorAll<HTMLElement>('main, main *')) {
      const style = getComputedStyle(element);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${element.tagName.toLowerCase()}.${element.className}`);
      }
    }
    return found;
  });
}

describe('notification noise', () => {
  const browsers = browserPerFile();

  it('hides a pod’s inhibited send until asked, and links it to the node’s send that inhibited it', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/notifications' });
    const { child } = await inhibitedSend(page);

    await page.goto(`${origin}/notifications/resource/${child.resource_id}`);
    const history = page.getByRole('table', { name: 'Notification history' });
    const shown = page.getByRole('checkbox', { name: 'Show suppressed' });
    await shown.waitFor({ state: 'attached' });
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Notification history"] tbody tr') !== null ||
        document.body.textContent?.includes('No notifications match these filters'),
    );
    expect(await history.getByText('Inhibited', { exact: true }).count()).toBe(0);
    // The switch is controlled by the address: click its label, then wait for the address.
    await page.getByText('Show suppressed', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('suppressed') === 'true');
    await history.getByText('Inhibited', { exact: true }).first().click();

    // The send opened (the pod may have been inhibited more than once): its parent is the node's.
    await page.waitForURL((url) => url.searchParams.has('send'));
    const sendId = new URL(page.url()).searchParams.get('send') ?? '';
    const [opened] = await readDb<Array<{ parent_id: string }>>(
      page,
      `notification_send_history_summary?select=parent_id&id=eq.${sendId}`,
    );
    const [parent] = await readDb<Array<{ resource: { name: string } | null }>>(
      page,
      `notification_send_history_summary?select=resource&id=eq.${opened?.parent_id}`,
    );
    const detail = page.getByRole('dialog', { name: 'Notification' });
    await detail
      .getByRole('link', { name: `${parent?.resource?.name} · config.unhealthy` })
      .click();
    await page.waitForURL((url) => url.searchParams.get('send') === opened?.parent_id);
    const inhibited = page
      .getByRole('dialog', { name: 'Notification' })
      .getByRole('region', { name: 'Inhibited notifications' });
    await inhibited
      .getByRole('link', { name: `${child.resource?.name} · config.unhealthy` })
      .first()
      .waitFor();
  });

  it('shows a recurring silence’s next window in the list', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/notifications/silences' });
    const table = page.getByRole('table');
    const row = table.getByRole('row').filter({ hasText: RECURRING_SILENCE });
    await row.getByText('Recurring').first().waitFor();
    // Start – end of the next window, in the user's date format.
    await row.getByText(/\d{4}.*–.*\d{4}/).waitFor();
    const header = table.getByRole('columnheader', { name: 'Next window' });
    await header.waitFor();
  });

  it('fits the notification pages at 1440×900 without a sideways scroll', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/notifications' });
    const firstRow = (name: string) => page.getByRole('table', { name }).getByRole('row').nth(1);
    await firstRow('Notifications by resource').waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await firstRow('Notifications by resource').click();
    await firstRow('Notification history').waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    for (const path of ['/notifications/rules', '/notifications/silences']) {
      await page.goto(`${origin}${path}`);
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
      // The next windows are read after the list; wait for them before measuring.
      if (path.endsWith('silences')) {
        await page.getByRole('columnheader', { name: 'Next window' }).waitFor();
      }
      expect({ path, overflow: await sidewaysOverflow(page) }).toEqual({ path, overflow: [] });
    }
  });
});
