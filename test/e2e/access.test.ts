import type { Locator, Page } from 'playwright-core';
import { foreignRequests, recordRequests } from './support/browser';
import { browserPerFileWith } from './support/perTest';
import { readDb } from './support/readDb';
import { baseUrl } from './support/server';
import { ADMIN, VIEWER, signIn } from './support/signIn';

jest.setTimeout(120_000);

const origin = baseUrl();

const ACCOUNTS = { admin: ADMIN, viewer: VIEWER } as const;

const READ_ONLY_BANNER =
  'Read-Only Mode: This resource is managed by Kubernetes CRD and cannot be edited from the UI.';

/** A seeded scope defined by a Kubernetes resource (server/demo/seed/settingsCatalog.ts). */
const KUBERNETES_SCOPE = 'production-catalog';

/** Opens a settings page as a signed-out visitor, signs in, and waits to be back on it. */
async function openSignedIn(page: Page, path: string, account: keyof typeof ACCOUNTS) {
  await signIn(page, ACCOUNTS[account], { path });
  await page.waitForURL(`${origin}${path}`);
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Types into a searching picker and chooses the result whose label starts with `label`. */
async function choose(page: Page, input: Locator, text: string, label: string) {
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(`^${label}`) })
    .getByText(label, { exact: true })
    .click();
}

function scopeRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Scopes' })
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
}

/** The row of a permissions table (the page's, or the one inside `scope`) with a description. */
function permissionRow(page: Page, description: string, scope: Page | Locator = page): Locator {
  return scope
    .getByRole('table', { name: 'Permissions' })
    .getByRole('row')
    .filter({ has: page.getByText(description, { exact: true }) });
}

describe('access settings: scopes and permissions', () => {
  const run = browserPerFileWith();

  it('lets an admin create, edit and delete a scope', async () => {
    const page = await run.context.newPage();
    const requests = recordRequests(page);
    await openSignedIn(page, '/settings/scopes', 'admin');
    await page.getByRole('table', { name: 'Scopes' }).waitFor();
    const name = `e2e-scope-${Date.now()}`;

    await page.getByRole('button', { name: 'Add Scope' }).click();
    const add = page.getByRole('dialog', { name: 'Add Scope' });
    await add.getByLabel('Name (required)').fill(name);
    await add.getByLabel('Namespace').fill('e2e');
    await add.getByLabel('Description').fill('Created by the end-to-end test');
    const first = add.getByRole('region', { name: 'Target 1' });
    await first.getByLabel('Resource Type').selectOption({ label: 'Config' });
    await first.getByRole('combobox', { name: 'Name' }).fill('web-*');
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Scope created');
    await add.waitFor({ state: 'hidden' });
    await scopeRow(page, name).getByText('1 target', { exact: true }).waitFor();

    await page.getByText(name, { exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Scope' });
    expect(await edit.getByLabel('Name (required)').inputValue()).toBe(name);
    await edit.getByRole('button', { name: 'Add Target' }).click();
    const second = edit.getByRole('region', { name: 'Target 2' });
    await second.getByLabel('Resource Type').selectOption({ label: 'Canary' });
    await second.getByRole('combobox', { name: 'Name' }).fill('dns-check');
    await second.getByRole('checkbox', { name: 'Wildcard' }).check({ force: true });
    expect(await second.getByRole('combobox', { name: 'Name' }).inputValue()).toBe('');
    expect(await second.getByRole('combobox', { name: 'Name' }).isDisabled()).toBe(true);
    await edit.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Scope updated');
    await edit.waitFor({ state: 'hidden' });
    await scopeRow(page, name).getByText('2 targets', { exact: true }).waitFor();

    await page.getByText(name, { exact: true }).click();
    await edit.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Scope' });
    await confirm
      .getByText('Are you sure you want to delete this scope? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Scope deleted');
    // The edit dialog also shows the name while it closes: wait for the table's row.
    await edit.waitFor({ state: 'hidden' });
    await scopeRow(page, name).waitFor({ state: 'detached' });

    // Deleted scopes stay out of the list after a reload as well.
    await page.reload();
    await page.getByRole('table', { name: 'Scopes' }).waitFor();
    expect(await page.getByText(name, { exact: true }).count()).toBe(0);
    expect(foreignRequests(requests, origin)).toEqual([]);
  });

  it('opens a Kubernetes-sourced scope read-only', async () => {
    const page = await run.context.newPage();
    await openSignedIn(page, '/settings/scopes', 'admin');
    await page.getByRole('table', { name: 'Scopes' }).waitFor();
    await page.getByText(KUBERNETES_SCOPE, { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Scope' });
    await dialog.getByText(READ_ONLY_BANNER).waitFor();
    expect(await dialog.getByLabel('Name (required)').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Add Target' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: /^(Save|Update)$/ }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it('lets an admin give a team a playbook permission, change it and delete it', async () => {
    const page = await run.context.newPage();
    // Every permission on one page, wherever the server puts the new one.
    const path = '/settings/permissions?pageIndex=0&pageSize=1000';
    await openSignedIn(page, path, 'admin');
    await page.getByRole('table', { name: 'Permissions' }).waitFor();
    const description = `e2e-permission-${Date.now()}`;

    await page.getByRole('button', { name: 'Add Permission' }).click();
    const add = page.getByRole('dialog', { name: 'Add Permission' });
    const subject = add.getByRole('group', { name: 'Subject' });
    await subject.getByRole('radio', { name: 'Team' }).click();
    // The pickers search on the server as the user types.
    await choose(page, subject.getByLabel('Team'), 'check', 'Checkout');
    const resource = add.getByRole('group', { name: 'Resource' });
    await resource.getByRole('radio', { name: 'Playbook' }).click();
    await choose(page, resource.getByLabel('Playbook'), 'drain', 'drain-node');
    await add.getByRole('combobox', { name: 'Action' }).selectOption('playbook:run');
    await add.getByLabel('Description').fill(description);
    await add.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Permission added');
    await add.waitFor({ state: 'hidden' });
    const row = permissionRow(page, description);
    await row.getByText('Team: Checkout', { exact: true }).waitFor();
    await row.getByText('Playbook: drain-node', { exact: true }).waitFor();
    await row.getByText('playbook:run', { exact: true }).waitFor();

    await page.getByText(description, { exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Permission' });
    const editSubject = edit.getByRole('group', { name: 'Subject' });
    expect(
      await editSubject.getByRole('radio', { name: 'Team' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await editSubject.getByRole('combobox', { name: 'Team' }).inputValue()).toBe('Checkout');
    await edit.getByRole('combobox', { name: 'Action' }).selectOption('playbook:approve');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Permission updated');
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('playbook:approve', { exact: true }).waitFor();

    await page.getByText(description, { exact: true }).click();
    await edit.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete the permission?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Permission deleted');
    // The edit dialog also shows the description while it closes: wait for the table's row.
    await edit.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
  });

  it('shows a viewer both lists without Add buttons', async () => {
    const page = await run.context.newPage();
    await openSignedIn(page, '/settings/scopes', 'viewer');
    await page.getByRole('table', { name: 'Scopes' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Scope' }).count()).toBe(0);

    await page.goto(`${origin}/settings/permissions`);
    await page.getByRole('table', { name: 'Permissions' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Permission' }).count()).toBe(0);
  });

  it("shows an admin a playbook's permissions from its form and adds one for it", async () => {
    const page = await run.context.newPage();
    await openSignedIn(page, '/playbooks', 'admin');
    // A seeded permission on a playbook (server/demo/seed/playbooks.ts).
    const [seeded] = await readDb<Array<{ description: string; playbook_id: string }>>(
      page,
      'permissions?select=description,playbook_id&playbook_id=not.is.null&deleted_at=is.null&order=description.asc&limit=1',
    );
    if (!seeded) throw new Error('the seed has no permission on a playbook');
    const [playbook] = await readDb<Array<{ name: string; title: string | null }>>(
      page,
      `playbooks?select=name,title&id=eq.${seeded.playbook_id}`,
    );
    const title = playbook?.title || playbook?.name || seeded.playbook_id;

    await page.goto(`${origin}/playbooks?edit=${seeded.playbook_id}`);
    await page.getByRole('button', { name: 'Permissions', exact: true }).click();
    const panel = page.getByRole('dialog', { name: `Permissions: ${title}` });
    await permissionRow(page, seeded.description, panel)
      .getByText(`Playbook: ${title}`, { exact: true })
      .waitFor();

    // Added here, a permission is about this playbook without choosing it.
    const description = `e2e-playbook-permission-${Date.now()}`;
    await panel.getByRole('button', { name: 'Add Permission' }).click();
    const add = page.getByRole('dialog', { name: 'Add Permission' });
    const resource = add.getByRole('group', { name: 'Resource' });
    expect(
      await resource.getByRole('radio', { name: 'Playbook' }).getAttribute('aria-checked'),
    ).toBe('true');
    const subject = add.getByRole('group', { name: 'Subject' });
    await subject.getByRole('radio', { name: 'Team' }).click();
    await choose(page, subject.getByLabel('Team'), 'check', 'Checkout');
    await add.getByRole('combobox', { name: 'Action' }).selectOption('playbook:run');
    await add.getByLabel('Description').fill(description);
    await add.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Permission added');
    await add.waitFor({ state: 'hidden' });
    const row = permissionRow(page, description, panel);
    await row.getByText('Team: Checkout', { exact: true }).waitFor();
    await row.getByText(`Playbook: ${title}`, { exact: true }).waitFor();
    const [stored] = await readDb<Array<{ playbook_id: string; action: string }>>(
      page,
      `permissions?select=playbook_id,action&description=eq.${description}&deleted_at=is.null`,
    );
    expect(stored).toEqual({ playbook_id: seeded.playbook_id, action: 'playbook:run' });
  });
});
