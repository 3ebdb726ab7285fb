import type { Locator, Page } from 'playwright-core';
import { failedCalls } from './support/failedCalls';
import { browserPerFile } from './support/perTest';
import { readDb } from './support/readDb';
import { baseUrl } from './support/server';
import { ADMIN, VIEWER, demoAccount, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The person the demo knows twice (server/demo/seed/access.ts): the IAM user `jordan.lee` and the
 * Kubernetes user named by the same e-mail. No other e2e file reads them, so merging them here
 * changes nothing another file relies on.
 */
const TWIN_EMAIL = 'jordan.lee@acme.example';
const IAM_NAME = 'jordan.lee';

/**
 * Assumes the demo seeds the access review (server/demo/seed/access.ts: AWS IAM and Kubernetes
 * RBAC principals, sign-ins, stale people and jordan.lee's two identities) and owner labels
 * naming seeded teams (server/demo/seed/ownership.ts). Everything else is read from the running
 * demo.
 */

interface ByUser {
  external_user_id: string;
  user: string | null;
  email: string | null;
  access_count: number | string;
}

/** What every cell of a column must read. */
type CellRule =
  | { kind: 'any' }
  /** A positive whole number. */
  | { kind: 'count' }
  | { kind: 'equals'; value: string }
  | { kind: 'oneOf'; values: string[] };

const ANY: CellRule = { kind: 'any' };
const COUNT: CellRule = { kind: 'count' };

/**
 * The texts of a column of the table labelled `label`, once it shows rows (no empty state, not
 * loading) and every cell of the column follows `rule`.
 */
async function columnTexts(
  page: Page,
  label: string,
  header: string,
  rule: CellRule = ANY,
): Promise<string[]> {
  const handle = await page.waitForFunction(
    ({ label, header, rule }) => {
      const table = document.querySelector(`table[aria-label="${label}"]:not([aria-busy])`);
      if (!table) return false;
      const headers = [...table.querySelectorAll('thead th')];
      const index = headers.findIndex((th) => th.textContent?.trim() === header);
      if (index < 0) return false;
      // A row of data has a cell per header (the empty state is one cell across them).
      const rows = [...table.querySelectorAll('tbody tr')].filter(
        (row) => row.children.length === headers.length,
      );
      if (rows.length === 0) return false;
      const texts = rows.map((row) => row.children[index]?.textContent?.trim() ?? '');
      const follows = (text: string) => {
        switch (rule.kind) {
          case 'count':
            return /^[1-9]\d*$/.test(text);
          case 'equals':
            return text === rule.value;
          case 'oneOf':
            return rule.values.includes(text);
          default:
            return true;
        }
      };
      return texts.every(follows) ? texts : false;
    },
    { label, header, rule },
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as string[];
}

/** The index of a column among a table's cells, by its header. */
async function columnIndex(table: Locator, header: string): Promise<number> {
  const index = await table.evaluate(
    (element, name) =>
      [...element.querySelectorAll('thead th')].findIndex((th) => th.textContent?.trim() === name),
    header,
  );
  if (index < 0) throw new Error(`the table has no column ${header}`);
  return index;
}

/** The count a tab shows (its accessible name is `{label} {count}` once counted). */
async function tabCount(page: Page, label: string): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${label} \\d+$`) });
  await tab.waitFor();
  return Number((await tab.getAttribute('aria-label'))!.slice(label.length + 1));
}

/** The total the pager reads (`1–12 of 12` → 12). */
async function pagerTotal(page: Page): Promise<number> {
  const text = await page.getByRole('navigation', { name: 'Pagination' }).innerText();
  const match = /of (\d+)/.exec(text);
  if (!match) throw new Error(`the pager reads no total: ${text}`);
  return Number(match[1]);
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** An identity's row menu of the by-user list, by the user's name. */
const identityMenu = (page: Page, name: string) =>
  page.getByRole('button', { name: `Identity actions for ${name}`, exact: true });

describe('the access review on the demo backend', () => {
  const run = browserPerFile();

  it('groups access by user, group and catalog, lists every row and filters them by a role', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog/access' });
    const failures = failedCalls(page);
    await page.waitForURL(`${origin}/catalog/access`);
    const grouping = page.getByRole('radiogroup', { name: 'Group by' });

    // By user by default, then each grouping chosen in the toolbar: rows with their counts.
    expect(await grouping.getByRole('radio', { name: 'Users' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await columnTexts(page, 'Access by user', 'Access', COUNT);
    const groupings: Array<[string, string, string]> = [
      ['Groups', 'groups', 'Access by group'],
      ['Catalog', 'catalog', 'Access by config'],
    ];
    for (const [label, value, table] of groupings) {
      await grouping.getByRole('radio', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('groupBy') === value);
      await columnTexts(page, table, 'Access', COUNT);
    }

    // All access: one row per item, principal and role.
    await grouping.getByRole('radio', { name: 'All access' }).click();
    await page.waitForURL((url) => url.searchParams.get('groupBy') === 'flat');
    const shownRoles = await columnTexts(page, 'Access', 'Role');

    // A role from the Role filter, other than the first row's: every row is then of that role.
    const roleFilter = page.getByRole('combobox', { name: 'Role' });
    const offered = (
      await roleFilter
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    ).filter((value) => value !== '');
    const role = offered.find((value) => value !== shownRoles[0]) ?? offered[0];
    if (!role) throw new Error('the Role filter offers no role');
    await roleFilter.selectOption(role);
    await page.waitForURL((url) => url.searchParams.get('role') === role);
    await columnTexts(page, 'Access', 'Role', { kind: 'equals', value: role });
    expect(param(page, 'groupBy')).toBe('flat');

    // A reload of that address shows the same.
    const address = page.url();
    await page.reload();
    await columnTexts(page, 'Access', 'Role', { kind: 'equals', value: role });
    expect(page.url()).toBe(address);
    expect(await roleFilter.inputValue()).toBe(role);
    expect(
      await grouping.getByRole('radio', { name: 'All access' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(failures).toEqual([]);
  });

  it("shows an item's access, marking stale sign-ins, and its sign-ins with MFA", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog/access' });
    const failures = failedCalls(page);

    // Users whose last sign-in on an item is over 90 days old (a day's margin).
    const before = new Date(Date.now() - 91 * DAY_MS).toISOString();
    const stale = await readDb<Array<{ config_id: string; user: string }>>(
      page,
      'config_access_summary?select=config_id,user&external_user_id=not.is.null' +
        `&last_signed_in_at=lt.${encodeURIComponent(before)}&order=config_id.asc&limit=200`,
    );
    const staleConfigs = [...new Set(stale.map((row) => row.config_id))];
    if (staleConfigs.length === 0) throw new Error('the demo has no stale access');
    // Of those items, one whose access fits a page and whose sign-ins include one with MFA.
    const items = await readDb<Array<{ config_id: string; access_count: number | string }>>(
      page,
      `config_access_summary_by_config?select=config_id,access_count` +
        `&config_id=in.(${staleConfigs.join(',')})&access_count=lte.50&order=access_count.desc`,
    );
    if (items.length === 0) throw new Error('every item with stale access has over 50 rows');
    const withMfa = await readDb<Array<{ config_id: string }>>(
      page,
      `config_access_logs?select=config_id&mfa=is.true&config_id=in.(${items
        .map((item) => item.config_id)
        .join(',')})`,
    );
    const item = items.find((candidate) =>
      withMfa.some((log) => log.config_id === candidate.config_id),
    );
    if (!item) throw new Error('no item with stale access has 50 rows or fewer and an MFA sign-in');
    const staleUser = stale.find((row) => row.config_id === item.config_id)!.user;

    // The Access tab: its count is the rows' total, and the stale user's rows say Stale.
    await page.goto(`${origin}/catalog/${item.config_id}/access`);
    const users = await columnTexts(page, 'Access', 'User');
    const count = await tabCount(page, 'Access');
    expect(count).toBe(Number(item.access_count));
    expect(users).toHaveLength(count);
    expect(await pagerTotal(page)).toBe(count);
    const signIns = await columnTexts(page, 'Access', 'Last sign-in');
    const staleRows = users.flatMap((text, index) =>
      text.startsWith(staleUser) ? [signIns[index]!] : [],
    );
    expect(staleRows.length).toBeGreaterThan(0);
    for (const text of staleRows) expect(text).toMatch(/Stale$/);

    // The Access Logs tab: sign-ins per user, each with its MFA, some with a second factor.
    await page.getByRole('tab', { name: /^Access Logs/ }).click();
    await page.waitForURL(`${origin}/catalog/${item.config_id}/access-logs`);
    const mfa = await columnTexts(page, 'Access logs', 'MFA', {
      kind: 'oneOf',
      values: ['Yes', 'No'],
    });
    expect(mfa).toContain('Yes');
    const logs = await tabCount(page, 'Access Logs');
    expect(await pagerTotal(page)).toBe(logs);
    expect(mfa.length).toBe(Math.min(logs, 50));
    expect(failures).toEqual([]);
  });

  it("merges jordan.lee's two identities into one by-user row; a viewer has no row menu", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog/access' });
    const failures = failedCalls(page);
    const twins = await readDb<ByUser[]>(
      page,
      'config_access_summary_by_user?select=external_user_id,user,email,access_count' +
        `&email=eq.${encodeURIComponent(TWIN_EMAIL)}&order=user.asc`,
    );
    expect(twins.map((twin) => twin.user)).toEqual([IAM_NAME, TWIN_EMAIL]);
    const [iam, kubernetes] = twins as [ByUser, ByUser];
    const sum = Number(iam.access_count) + Number(kubernetes.access_count);

    // The page of the by-user list (sorted by user) that holds them.
    const order = await readDb<Array<{ external_user_id: string }>>(
      page,
      'config_access_summary_by_user?select=external_user_id&order=user.asc,external_user_id.asc',
    );
    const pageIndex = Math.floor(
      order.findIndex((row) => row.external_user_id === iam.external_user_id) / 100,
    );
    await page.goto(`${origin}/catalog/access?pageSize=100&pageIndex=${pageIndex}`);
    await columnTexts(page, 'Access by user', 'Access', COUNT);
    const table = page.locator('table[aria-label="Access by user"]');
    const access = await columnIndex(table, 'Access');
    const accessOf = (name: string) =>
      table
        .locator('tbody tr')
        .filter({ has: identityMenu(page, name) })
        .locator('td')
        .nth(access);
    expect(await accessOf(IAM_NAME).innerText()).toBe(String(iam.access_count));
    expect(await accessOf(TWIN_EMAIL).innerText()).toBe(String(kubernetes.access_count));

    // Merge the Kubernetes identity into the IAM user.
    await identityMenu(page, TWIN_EMAIL).click();
    await page.getByRole('menuitem', { name: 'Merge into…' }).click();
    const dialog = page.getByRole('dialog', { name: `Merge ${TWIN_EMAIL}` });
    await dialog.getByLabel('User to keep').fill(IAM_NAME);
    await page
      .getByRole('option', { name: new RegExp(`^${IAM_NAME.replace('.', '\\.')}`) })
      .getByText(IAM_NAME, { exact: true })
      .click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const summary = await dialog.getByRole('status').innerText();
    expect(summary).toContain(`${TWIN_EMAIL} (${TWIN_EMAIL}) will be merged into ${IAM_NAME}:`);
    const moved = Number(kubernetes.access_count);
    expect(summary).toContain(`its ${moved} access ${moved === 1 ? 'row' : 'rows'},`);
    const merged = page.waitForResponse((response) =>
      response.url().includes('/api/db/rpc/merge_external_users'),
    );
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    expect((await merged).ok()).toBe(true);
    await page.getByText(`${TWIN_EMAIL} merged into ${IAM_NAME}`).first().waitFor();

    // One jordan.lee row, with the access of both.
    await identityMenu(page, TWIN_EMAIL).waitFor({ state: 'detached' });
    await accessOf(IAM_NAME)
      .filter({ hasText: new RegExp(`^${sum}$`) })
      .waitFor();
    expect(
      await page.getByRole('button', { name: /^Identity actions for jordan\.lee/ }).count(),
    ).toBe(1);
    expect(failures).toEqual([]);

    // A viewer reads the by-user list without a row menu.
    const context = await run.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const viewer = await context.newPage();
      await signIn(viewer, VIEWER, { path: '/catalog/access' });
      const viewerFailures = failedCalls(viewer);
      await viewer.waitForURL(`${origin}/catalog/access`);
      await columnTexts(viewer, 'Access by user', 'Access', COUNT);
      expect(await viewer.getByRole('button', { name: /^Identity actions for / }).count()).toBe(0);
      expect(
        await viewer
          .locator('table[aria-label="Access by user"] thead th', { hasText: 'Actions' })
          .count(),
      ).toBe(0);
      expect(viewerFailures).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("narrows a type's catalog list to what the user's teams own", async () => {
    const member = demoAccount('editor');
    const page = await run.context.newPage();
    await signIn(page, member, { path: '/catalog' });
    const failures = failedCalls(page);

    // The editor's live teams.
    const [person] = await readDb<Array<{ id: string }>>(
      page,
      `people?select=id&email=eq.${encodeURIComponent(member.email)}`,
    );
    const memberships = await readDb<
      Array<{ team: { name: string; deleted_at: string | null } | null }>
    >(page, `team_members?select=team:team_id(name,deleted_at)&person_id=eq.${person!.id}`);
    const teams = memberships.flatMap((row) =>
      row.team && row.team.deleted_at === null ? [row.team.name] : [],
    );
    if (teams.length === 0) throw new Error(`${member.email} is in no team of the demo`);

    // A type with items the teams own and items they do not.
    const owned = await readDb<Array<{ type: string }>>(
      page,
      `config_items?select=type&deleted_at=is.null&labels->>owner=in.(${teams.join(',')})` +
        '&order=type.asc&limit=1000',
    );
    let type: string | undefined;
    for (const candidate of [...new Set(owned.map((row) => row.type))]) {
      const items = await readDb<Array<{ labels: Record<string, string> | null }>>(
        page,
        `config_items?select=labels&deleted_at=is.null&type=eq.${encodeURIComponent(candidate)}` +
          '&limit=200',
      );
      if (items.some((row) => !teams.includes(row.labels?.owner ?? ''))) {
        type = candidate;
        break;
      }
    }
    if (!type) throw new Error(`no type has items both owned and not owned by ${teams.join(', ')}`);

    await page.goto(`${origin}/catalog?configType=${encodeURIComponent(type)}`);
    await columnTexts(page, 'Config items', 'Owner');
    // The switch's input is hidden under its drawn track: the user clicks its label.
    await page.getByText('Owned by my teams', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('owned') === 'mine');
    // The switch shows on once the page has drawn the new address.
    await page
      .getByRole('checkbox', { name: 'Owned by my teams', checked: true })
      .waitFor({ state: 'attached' });
    expect(param(page, 'configType')).toBe(type);
    await columnTexts(page, 'Config items', 'Owner', { kind: 'oneOf', values: teams });
    expect(failures).toEqual([]);
  });
});
