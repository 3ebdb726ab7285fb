import type { Page } from 'playwright-core';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();

/** The catalog's total for one config type, as its pager says it (`1–50 of N`). */
async function catalogTotal(page: Page, type: string): Promise<number> {
  await page.goto(`${origin}/catalog?configType=${encodeURIComponent(type)}`);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const text = pager.getByText(/ of \d+$/).first();
  await text.waitFor();
  const match = / of (\d+)$/.exec((await text.textContent()) ?? '');
  if (!match) throw new Error('the pager says no total');
  return Number(match[1]);
}

describe('permissions you can see through', () => {
  const browsers = browserPerFile();

  it('shows on the workbench that the responder role runs some playbooks and not others', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/permissions' });
    await page.getByRole('link', { name: 'By subject', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings/permissions/subjects');
    const picker = page.getByLabel('Subject', { exact: true });
    await picker.click();
    await picker.fill('responder');
    await page.getByRole('option', { name: 'responder' }).first().click();
    await page.waitForURL((url) => url.searchParams.get('subject') === 'responder');

    // Only Run, denied ones too, from the address.
    const url = new URL(page.url());
    url.searchParams.set('types', 'playbook');
    url.searchParams.set('actions', 'playbook:run');
    url.searchParams.set('denied', 'true');
    await page.goto(url.href);
    const playbooks = page.getByRole('table', { name: 'Playbooks' });
    const allowed = playbooks.getByRole('button', { name: /, Run: Allowed/ });
    const denied = playbooks.getByRole('button', { name: /, Run: Denied/ });
    await allowed.first().waitFor();
    await denied.first().waitFor();
    expect(await allowed.count()).toBeGreaterThan(0);
    expect(await denied.count()).toBeGreaterThan(0);

    // Where an allowed run comes from: the permission everyone has.
    await allowed.first().click();
    const details = page.getByRole('dialog');
    await details.getByRole('list', { name: 'Rules' }).getByRole('listitem').first().waitFor();
    expect(await details.getByRole('list', { name: 'Rules' }).textContent()).toMatch(/allows/i);
  });

  it('explains why a role may not run a playbook', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/playbooks' });
    const check = page.getByRole('button', { name: 'Check access Restart Deployment' }).first();
    await check.click();
    const dialog = page.getByRole('dialog', { name: 'Check access' });
    await dialog.getByRole('combobox', { name: 'Subject type' }).selectOption('role');
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('guest');
    await dialog.getByRole('button', { name: 'Check', exact: true }).click();
    const answer = dialog.getByRole('status');
    await answer.getByText('Denied', { exact: true }).waitFor();
    const rules = answer.getByRole('list', { name: 'Rules' });
    await rules.getByRole('listitem').first().waitFor();
    expect(await rules.textContent()).toMatch(/guest/);
  });

  it('narrows the catalog to a scope while viewing as it, until the bar ends it', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog' });
    const [scope] = await readDb<Array<{ id: string; name: string; namespace: string }>>(
      page,
      'scopes?select=id,name,namespace&name=like.*-workloads&deleted_at=is.null&order=name&limit=1',
    );
    if (!scope) throw new Error('the seed has no workloads scope');
    const everything = await catalogTotal(page, 'Kubernetes::Pod');
    expect(everything).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'View as scope' }).click();
    const dialog = page.getByRole('dialog', { name: 'View as scope' });
    // Blueprint's indicator covers the input: the label is what a user clicks.
    await dialog.locator('label', { hasText: `${scope.namespace}/${scope.name}` }).click();
    await dialog
      .getByRole('checkbox', { name: new RegExp(`^${scope.namespace}/${scope.name}`) })
      .isChecked()
      .then((checked) => expect(checked).toBe(true));
    await dialog.getByRole('button', { name: 'View as scope' }).click();
    const bar = page.getByRole('region', { name: 'Viewing as scope' });
    await bar.getByText(`${scope.namespace}/${scope.name}`).waitFor();

    const narrowed = await catalogTotal(page, 'Kubernetes::Pod');
    // What the scope's tag selector selects, read without the scope's header.
    const inScope = await readDb<Array<{ id: string }>>(
      page,
      `config_items?select=id&type=eq.Kubernetes::Pod&deleted_at=is.null&tags->>namespace=eq.${scope.namespace}`,
    );
    expect(narrowed).toBeLessThan(everything);
    expect(narrowed).toBe(inScope.length);
    // Still there after a reload.
    await page.reload();
    await bar.waitFor();

    await bar.getByRole('button', { name: 'Stop viewing as scope' }).click();
    await bar.waitFor({ state: 'detached' });
    expect(await catalogTotal(page, 'Kubernetes::Pod')).toBe(everything);
  });
});
