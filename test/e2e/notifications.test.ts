import type { Locator, Page } from 'playwright-core';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, VIEWER, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();
const FIFTEEN_DAYS_MS = 15 * 24 * 3600 * 1000;

interface SentRow {
  resource_id: string;
  resource: { name: string } | null;
}

/** A config the demo sent a notification about in the last 15 days (what a silence previews). */
async function recentlyNotifiedConfig(page: Page): Promise<{ id: string; name: string }> {
  const since = new Date(Date.now() - FIFTEEN_DAYS_MS + 3600_000).toISOString();
  const rows = await readDb<SentRow[]>(
    page,
    `notification_send_history_summary?select=resource_id,resource&status=eq.sent&resource_kind=eq.config&created_at=gte.${since}&order=created_at.desc&limit=1`,
  );
  const row = rows[0];
  if (!row?.resource) throw new Error('the seed sent nothing about a config in 15 days');
  return { id: row.resource_id, name: row.resource.name };
}

/** Opens the multi-select's options and picks one. */
async function pickOption(page: Page, name: string) {
  await page.getByRole('option', { name }).first().click();
}

/** Starts a new rule with its name and one event; answers the dialog. */
async function newRule(page: Page, name: string): Promise<Locator> {
  await page.goto(`${origin}/notifications/rules`);
  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New notification rule' });
  await dialog.getByLabel('Name (required)').first().fill(name);
  await dialog.getByLabel('Events (required)').click();
  await pickOption(page, 'check.failed');
  await dialog.getByLabel('Title', { exact: true }).click();
  return dialog;
}

/** Adds the first channel of the rule with its type; answers the channel's group. */
async function addChannel(page: Page, dialog: Locator, type: string): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Add channel' }).click();
  await dialog.getByRole('button', { name: 'Channel 1 type' }).click();
  await pickOption(page, type);
  return dialog.getByRole('group', { name: 'Channel 1' });
}

/** The custom services stored for the rule named so. */
async function storedServices(page: Page, name: string) {
  const [rule] = await readDb<Array<{ custom_services: Array<Record<string, unknown>> }>>(
    page,
    `notifications?select=custom_services&name=eq.${name}&deleted_at=is.null`,
  );
  return rule?.custom_services;
}

describe('notifications', () => {
  const browsers = browserPerFile();

  it('follows the bell to a resource’s history and a send, and silences that resource with a preview', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog' });
    const config = await recentlyNotifiedConfig(page);

    await page
      .getByRole('link', { name: /^Notifications/ })
      .first()
      .click();
    await page.waitForURL(`${origin}/notifications`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(config.name);
    // The search applies after its pause and the list is read again: click once the rows shown
    // are those of the search, not a row of the list before it that moves under the pointer.
    await page.waitForURL((url) => url.searchParams.get('search') === config.name);
    await page.waitForFunction((name) => {
      const table = document.querySelector('[aria-label="Notifications by resource"]');
      const rows = [...(table?.querySelectorAll('tbody tr:not([aria-hidden])') ?? [])];
      return rows.length > 0 && rows.every((row) => row.textContent?.includes(name));
    }, config.name);
    const summary = page.getByRole('table', { name: 'Notifications by resource' });
    await summary.getByText(config.name, { exact: true }).first().click();
    await page.waitForURL(`${origin}/notifications/resource/${config.id}*`);

    const history = page.getByRole('table', { name: 'Notification history' });
    await history.getByRole('row').nth(1).click();
    const detail = page.getByRole('dialog', { name: 'Notification' });
    await detail.getByRole('region', { name: 'Message' }).waitFor();
    await detail.getByRole('button', { name: 'Silence' }).click();

    await page.waitForURL(/\/notifications\/silences\/add\?config_id=/);
    const form = page.getByRole('form', { name: 'Add silence' });
    const name = `quiet-${Date.now()}`;
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    // Before saving, the preview lists what the silence would have muted.
    const preview = page.getByRole('table', { name: 'Preview' });
    await preview.getByRole('row').nth(1).waitFor();
    await preview.getByText(config.name).first().waitFor();
    await form.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(`${origin}/notifications/silences`);
    await page.getByRole('table').getByText(name).waitFor();
    const [stored] = await readDb<Array<{ config_id: string; source: string }>>(
      page,
      `notification_silences?select=config_id,source&name=eq.${name}`,
    );
    expect(stored).toEqual({ config_id: config.id, source: 'UI' });
  });

  it('creates a Slack rule and an Email rule', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/notifications/rules' });
    const stamp = Date.now();

    const slackName = `slack-${stamp}`;
    let dialog = await newRule(page, slackName);
    const slack = await addChannel(page, dialog, 'Slack');
    await slack.getByLabel('Name (required)').fill('slack');
    await slack.getByLabel('Token (required)').fill('xoxb-demo');
    await slack.getByLabel('Channel (required)').fill('C0123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification created successfully').first().waitFor();
    await page.getByRole('table', { name: 'Notification rules' }).getByText(slackName).waitFor();
    expect(await storedServices(page, slackName)).toEqual([
      { name: 'slack', url: 'slack://xoxb-demo@C0123' },
    ]);

    const mailName = `mail-${stamp}`;
    dialog = await newRule(page, mailName);
    const mail = await addChannel(page, dialog, 'Email');
    await mail.getByLabel('Name (required)').fill('mail');
    await mail.getByLabel('SMTP Host (required)').fill('smtp.example.com');
    await mail.getByLabel('From (required)').fill('mc@example.com');
    await mail.getByLabel('To (required)').fill('ops@example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Notification rules' }).getByText(mailName).waitFor();
    expect(await storedServices(page, mailName)).toEqual([
      {
        name: 'mail',
        url: 'smtp://smtp.example.com:587/?auth=Unknown&encryption=Auto',
        properties: { from: 'mc@example.com', to: 'ops@example.com' },
      },
    ]);
  });

  it('creates a rule that groups sends and waits an eval period, and reads both back after a reload', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/notifications/rules' });
    const name = `grouped-${Date.now()}`;
    const dialog = await newRule(page, name);
    await dialog.getByLabel('Wait for eval period').fill('2m30s');
    const groupBy = dialog.getByLabel('Group by');
    await groupBy.fill('type');
    await groupBy.press('Enter');
    await groupBy.fill('tag:namespace');
    await groupBy.press('Enter');
    const slack = await addChannel(page, dialog, 'Slack');
    await slack.getByLabel('Name (required)').fill('slack');
    await slack.getByLabel('Token (required)').fill('xoxb-demo');
    await slack.getByLabel('Channel (required)').fill('C0123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification created successfully').first().waitFor();
    const [stored] = await readDb<Array<{ wait_for_eval_period: number; group_by: string[] }>>(
      page,
      `notifications?select=wait_for_eval_period,group_by&name=eq.${name}&deleted_at=is.null`,
    );
    expect(stored).toEqual({ wait_for_eval_period: 150e9, group_by: ['type', 'tag:namespace'] });

    await page.reload();
    await page.getByRole('table', { name: 'Notification rules' }).getByText(name).click();
    const edit = page.getByRole('dialog', { name: 'Edit notification rule' });
    // The form shows the rule once it is read: then the eval period is filled in.
    const evalPeriod = await edit.getByLabel('Wait for eval period').elementHandle();
    await page.waitForFunction((input) => (input as HTMLInputElement).value !== '', evalPeriod);
    expect(await edit.getByLabel('Wait for eval period').inputValue()).toBe('2m30s');
    const groups = await edit
      .getByLabel('Group by')
      .evaluate((input) =>
        [...(input.closest('.bp6-tag-input')?.querySelectorAll('.bp6-tag') ?? [])].map(
          (tag) => tag.textContent,
        ),
      );
    expect(groups).toEqual(['type', 'tag:namespace']);
  });

  it('keeps a viewer out of the silence form', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, VIEWER, { path: '/notifications/silences' });
    await page.getByRole('table').first().waitFor();
    expect(await page.getByRole('button', { name: 'Add silence' }).count()).toBe(0);
    await page.goto(`${origin}/notifications/silences/add`);
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    expect(await page.getByRole('form', { name: 'Add silence' }).count()).toBe(0);
  });
});
