import type { Page } from 'playwright-core';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, VIEWER, signIn } from './support/signIn';
import { monacoIn } from './support/monaco';

jest.setTimeout(180_000);

const origin = baseUrl();

/** Reads `/api/db/{query}` until `done` holds for its rows (the demo's scheduler at work). */
async function untilRows<T>(
  page: Page,
  query: string,
  done: (rows: T[]) => boolean,
  deadlineMs = 90_000,
): Promise<T[]> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const rows = await readDb<T[]>(page, query);
    if (done(rows)) return rows;
    if (Date.now() > until) throw new Error(`${query} did not come true in ${deadlineMs} ms`);
    await page.waitForTimeout(1000);
  }
}

describe('editors', () => {
  const browsers = browserPerFile();

  it('creates an HTTP health check from the health page, through Form and Code, and sees it run', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    await page.getByRole('button', { name: 'Add check' }).click();
    await page.waitForURL(`${origin}/settings/canaries/new`);
    await page.getByRole('button', { name: 'HTTP', exact: true }).click();

    const name = `e2e-http-${Date.now()}`;
    await page.getByLabel('Name (required)', { exact: true }).fill(name);
    // The check's own name follows the resource's while they are equal.
    await expectValue(page, 'Check name (required)', name);
    await page
      .getByLabel('URL (required)', { exact: true })
      .fill('https://status.example.org/healthz');

    await page.getByRole('tab', { name: 'Code' }).click();
    const code = await monacoIn(page.getByRole('group', { name: 'Spec', exact: true }));
    await code.locator('.view-lines').getByText('status.example.org').waitFor();
    await page.getByRole('tab', { name: 'Form' }).click();
    await expectValue(page, 'URL (required)', 'https://status.example.org/healthz');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${origin}/settings/canaries`);
    await page.getByRole('table').getByText(name, { exact: true }).waitFor();

    const [check] = await untilRows<{ id: string; last_runtime: string | null }>(
      page,
      `checks?select=id,last_runtime&name=eq.${name}&deleted_at=is.null`,
      (rows) => rows.length === 1 && rows[0]?.last_runtime != null,
    );
    // Passing checks are hidden by default; whatever the run drew, the check is listed.
    await page.goto(`${origin}/health?query=${encodeURIComponent(name)}&hidePassing=false`);
    await page.getByRole('table').getByText(name, { exact: true }).first().waitFor();
    const statuses = await readDb<unknown[]>(
      page,
      `check_statuses?select=time&check_id=eq.${check?.id}`,
    );
    expect(statuses.length).toBeGreaterThan(0);
  });

  it('creates a Kubernetes scraper', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog/scrapers' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL(`${origin}/catalog/scrapers/new`);
    await page.getByRole('button', { name: 'Kubernetes', exact: true }).click();
    const name = `e2e-kubernetes-${Date.now()}`;
    await page.getByLabel('Name (required)', { exact: true }).fill(name);
    await page.getByLabel('Cluster Name (required)', { exact: true }).fill('e2e-cluster');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${origin}/catalog/scrapers`);
    await page.getByRole('table').getByText(name, { exact: true }).waitFor();
    const [scraper] = await readDb<Array<{ spec: { kubernetes: Array<Record<string, unknown>> } }>>(
      page,
      `config_scrapers?select=spec&name=eq.${name}&deleted_at=is.null`,
    );
    expect(scraper?.spec.kubernetes[0]).toMatchObject({
      clusterName: 'e2e-cluster',
      maxInflight: 64,
    });
  });

  it('adds two members to a new team and removes one', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/teams' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const name = `e2e-team-${Date.now()}`;
    await page.getByLabel('Name (required)', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${origin}/settings/teams`);
    await page.getByRole('table').getByText(name, { exact: true }).click();
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByText('Add team members').waitFor();
    await page.getByRole('button', { name: 'Add Members' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add users' });
    const users = dialog.getByLabel('Users (required)');
    for (const person of ['Chen Kowalski', 'Quinn Yilmaz']) {
      // Typing opens the list narrowed to the person; the pick shows as a tag in the field.
      await users.fill(person);
      await page.getByRole('option', { name: person }).click();
      await dialog.locator('.bp6-tag').filter({ hasText: person }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const members = page.getByRole('table', { name: 'Team members' });
    await members.getByText('Chen Kowalski').waitFor();
    await members.getByText('Quinn Yilmaz').waitFor();

    await page.getByRole('button', { name: 'Remove user Quinn Yilmaz' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('Quinn Yilmaz removed from the team').waitFor();
    await members.getByText('Quinn Yilmaz').waitFor({ state: 'detached' });
    await members.getByText('Chen Kowalski').waitFor();
  });

  it('opens a failed job’s details on /settings/jobs', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/jobs?status=FAILED:1' });
    const details = page.getByRole('button', { name: /^Details of / }).first();
    await details.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Errors', selected: true }).waitFor();
    expect(await dialog.getByRole('tabpanel').innerText()).not.toBe('');
  });

  it('overrides a job from the jobs summary: disabled and rescheduled, then put back', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/jobs?view=jobs' });
    await page
      .getByRole('table', { name: 'Jobs' })
      .getByRole('link', { name: 'CleanupEventQueue', exact: true })
      .click();
    await page.waitForURL(`${origin}/settings/jobs/CleanupEventQueue`);
    await page.getByRole('button', { name: 'Overrides' }).click();
    const dialog = page.getByRole('dialog', { name: /Job overrides/ });
    await dialog.getByRole('combobox', { name: 'Schedule' }).fill('@every 2h');
    await dialog.getByText('Disabled: the job does not run').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = () =>
      readDb<Array<{ name: string; value: string }>>(
        page,
        'properties?select=name,value&name=like.jobs.CleanupEventQueue.*&order=name.asc',
      );
    expect(await stored()).toEqual([
      { name: 'jobs.CleanupEventQueue.disable', value: 'true' },
      { name: 'jobs.CleanupEventQueue.schedule', value: '@every 2h' },
    ]);
    // Opened again, the dialog reads them back; emptied, they are removed.
    await page.getByRole('button', { name: 'Overrides' }).click();
    const again = page.getByRole('dialog', { name: /Job overrides/ });
    const schedule = again.getByRole('combobox', { name: 'Schedule' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="dialog"] input')].some(
        (input) => (input as HTMLInputElement).value === '@every 2h',
      ),
    );
    await schedule.fill('');
    await again.getByText('Disabled: the job does not run').click();
    await again.getByRole('button', { name: 'Save' }).click();
    await again.waitFor({ state: 'detached' });
    expect(await stored()).toEqual([]);
  });

  it('opens a CRD-sourced canary read-only, and a viewer sees no Save or Delete', async () => {
    const admin = await browsers.context.newPage();
    await signIn(admin, ADMIN, { path: '/settings/canaries' });
    const [crd] = await readDb<Array<{ id: string }>>(
      admin,
      'canaries?select=id&source=eq.KubernetesCRD&deleted_at=is.null&limit=1',
    );
    const [ui] = await readDb<Array<{ id: string }>>(
      admin,
      'canaries?select=id&source=eq.UI&deleted_at=is.null&limit=1',
    );
    if (!crd || !ui) throw new Error('the seed has no CRD-sourced or UI canary');
    await admin.goto(`${origin}/settings/canaries/${crd.id}`);
    await admin.getByText('Read-Only Mode:').waitFor();
    expect(await admin.getByRole('button', { name: 'Update', exact: true }).count()).toBe(0);

    const viewerContext = await browsers.browser.newContext({
      viewport: { width: 1440, height: 900 },
    });
    const viewer = await viewerContext.newPage();
    await signIn(viewer, VIEWER, { path: `/settings/canaries/${ui.id}` });
    await viewer.getByLabel('Name (required)', { exact: true }).waitFor();
    expect(await viewer.getByLabel('Name (required)', { exact: true }).isDisabled()).toBe(true);
    for (const action of ['Save', 'Update', 'Delete']) {
      expect(await viewer.getByRole('button', { name: action, exact: true }).count()).toBe(0);
    }
    await viewerContext.close();
  });
});

async function expectValue(page: Page, label: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([text, expected]) => {
      const labels = [...document.querySelectorAll('label')];
      const match = labels.find((l) => l.textContent?.replace(/\s+/g, ' ').trim() === text);
      const input = match?.htmlFor ? document.getElementById(match.htmlFor) : null;
      return (input as HTMLInputElement | null)?.value === expected;
    },
    [label, value] as const,
  );
}
