import type { Page } from 'playwright-core';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';
import { monacoIn } from './support/monaco';

jest.setTimeout(120_000);

const origin = baseUrl();

/** A seeded application (server/demo/seed/settingsCatalog.ts) whose spec selects configs. */
const APPLICATION = { namespace: 'payments', name: 'payments-platform' };

/** MISC-05 as the signed-in page reads it. */
async function report(page: Page, namespace: string, name: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }, `${origin}/api/application/${namespace}/${name}`);
}

function unique(prefix: string): string {
  return `${prefix}-${Date.now()}`;
}

describe('applications', () => {
  const browsers = browserPerFile();

  it("opens an application's audit report from the sidebar and the list", async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/applications' });
    await page.getByRole('link', { name: 'Applications' }).first().waitFor();
    const list = page.getByRole('table', { name: 'Applications' });
    await list.getByText(APPLICATION.name, { exact: true }).click();
    await page.waitForURL(`${origin}/applications/${APPLICATION.namespace}/${APPLICATION.name}`);

    const article = page.getByRole('article', { name: APPLICATION.name });
    await article.getByRole('heading', { name: APPLICATION.name, level: 1 }).waitFor();
    for (const heading of ['Overview', 'Environments', 'Configs', 'Recent changes', 'Findings']) {
      await article.getByRole('heading', { name: heading, level: 2 }).waitFor();
    }

    // The configs table lists what the backend's report selected.
    const { body } = await report(page, APPLICATION.namespace, APPLICATION.name);
    const sections = body.sections as Array<{ type: string; configs?: unknown[] }>;
    const configs = sections.find((section) => section.type === 'configs')?.configs ?? [];
    expect(configs.length).toBeGreaterThan(0);
    const rows = article.getByRole('table', { name: 'Configs' }).getByRole('row');
    expect(await rows.count()).toBe(configs.length + 1);

    // Printed, the report stands alone: no sidebar, top bar or buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.locator('.mc-sidebar').isVisible()).toBe(false);
    expect(await page.locator('.mc-topbar').isVisible()).toBe(false);
    expect(await article.getByRole('table', { name: 'Configs' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
  });

  it("shows the server's reason for an unknown application, with Retry", async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/applications/payments/no-such-application' });
    await page
      .getByRole('alert')
      .getByText('application payments/no-such-application not found')
      .waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
  });
});

describe('settings: views', () => {
  const browsers = browserPerFile();

  it('creates a view in the editor, opens it from the list and deletes it for good', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/views' });
    const list = page.getByRole('table', { name: 'Views' });
    await list.getByRole('row').nth(1).waitFor();

    await page.getByRole('button', { name: 'Add' }).click();
    await page.waitForURL(`${origin}/settings/views/new`);
    const form = page.getByRole('form', { name: 'Views spec' });
    const name = unique('e2e-view');
    await form.getByRole('textbox', { name: /^Name\b/ }).fill(name);
    const editor = await monacoIn(form.getByRole('group', { name: 'Spec' }));
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    // Flow-style lines starting at the margin: the editor's auto-indent after a `key:` line
    // would otherwise shift the lines below it.
    await page.keyboard.insertText(
      [
        'display: {title: E2E view}',
        'columns: [{name: name, type: string, primaryKey: true}]',
        'queries: {configs: {configs: {types: [Kubernetes::Pod]}}}',
        'mapping: {name: row.name}',
        '',
      ].join('\n'),
    );
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${origin}/settings/views`);

    const [stored] = await readDb<Array<{ id: string; source: string; namespace: string }>>(
      page,
      `views?select=id,source,namespace&name=eq.${name}&deleted_at=is.null`,
    );
    expect(stored).toMatchObject({ source: 'UI', namespace: 'default' });

    await page.getByRole('columnheader', { name: 'Created' }).waitFor();
    await list.getByText(name, { exact: true }).click();
    await page.waitForURL(`${origin}/settings/views/${stored!.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.waitForURL(`${origin}/settings/views`);
    // Gone for good, not only marked deleted.
    const left = await readDb<unknown[]>(page, `views?select=id&id=eq.${stored!.id}`);
    expect(left).toEqual([]);
  });

  it('opens a view defined by a Kubernetes resource read-only', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/views' });
    const [crd] = await readDb<Array<{ id: string }>>(
      page,
      'views?select=id&source=eq.KubernetesCRD&deleted_at=is.null&limit=1',
    );
    await page.goto(`${origin}/settings/views/${crd!.id}`);
    await page
      .getByText(
        'Read-Only Mode: This resource is managed by Kubernetes CRD and cannot be edited from the UI.',
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
  });
});
