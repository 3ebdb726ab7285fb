import type { Locator, Page } from 'playwright-core';
import { configOfType, runStatus } from './support/playbooks';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, VIEWER, demoAccount, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();
/** A run's actions take a second each on the demo executor; a whole run takes a few seconds. */
const RUN_DONE = { timeout: 60_000 };

/** Opens the config's page, its Playbooks menu, and the run dialog of the playbook titled so. */
async function openRunDialog(page: Page, configId: string, title: string): Promise<Locator> {
  await page.goto(`${origin}/catalog/${configId}`);
  await page.getByRole('button', { name: 'Playbooks' }).click();
  await page.getByRole('menuitem', { name: title }).first().click();
  const dialog = page.getByRole('dialog', { name: `Run ${title}` });
  await dialog.waitFor();
  return dialog;
}

/** Clicks Run in the dialog and waits for the new run's page; answers the run's id. */
async function run(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

describe('playbooks', () => {
  const browsers = browserPerFile();

  it('restarts a deployment from its Playbooks menu, follows the run to the end and shows the change', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog' });
    const deployment = await configOfType(page, 'Kubernetes::Deployment');
    const reason = `Pick up the rotated secret ${Date.now()}`;

    const dialog = await openRunDialog(page, deployment.id, 'Restart Deployment');
    // Preset from the menu: no resource to choose, the parameters with their defaults.
    await dialog.getByLabel('Reason').fill(reason);
    await page.getByLabel('Notify the team channel').waitFor();
    const runId = await run(page, dialog);

    await runStatus(page).getByText('Completed').waitFor(RUN_DONE);
    await page
      .getByRole('region', { name: 'Run graph' })
      .getByRole('button', { name: /^restart,/ })
      .waitFor();

    const [stored] = await readDb<Array<{ status: string; parameters: Record<string, string> }>>(
      page,
      `playbook_runs?select=status,parameters&id=eq.${runId}`,
    );
    expect(stored).toEqual({ status: 'completed', parameters: { reason, notify: 'true' } });

    await page.goto(`${origin}/catalog/${deployment.id}/changes`);
    await page
      .getByText(`Rolling restart requested by a playbook run: ${reason}`)
      .first()
      .waitFor();
  });

  it('holds a run that needs approval until an approver approves it', async () => {
    const admin = await browsers.context.newPage();
    await signIn(admin, ADMIN, { path: '/catalog' });
    const deployment = await configOfType(admin, 'Kubernetes::Deployment');
    const dialog = await openRunDialog(admin, deployment.id, 'Scale Deployment (approval)');
    await dialog.getByLabel('Replicas').fill('4');
    const runId = await run(admin, dialog);
    await runStatus(admin).getByText('Pending approval').waitFor();

    // The commander may not run playbooks, but the playbook names them as an approver.
    const commanderContext = await browsers.browser.newContext({
      viewport: { width: 1440, height: 900 },
    });
    try {
      const commander = await commanderContext.newPage();
      await signIn(commander, demoAccount('commander'), { path: `/playbooks/runs/${runId}` });
      await runStatus(commander).getByText('Pending approval').waitFor();
      const actions = commander.getByRole('group', { name: 'Run actions' });
      expect(await actions.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      await actions.getByRole('button', { name: 'Approve' }).click();
      await commander.getByText('Playbook run approved').waitFor();
      await runStatus(commander).getByText('Completed').waitFor(RUN_DONE);
    } finally {
      await commanderContext.close();
    }

    // The admin's page follows the run by itself.
    await runStatus(admin).getByText('Completed').waitFor(RUN_DONE);
    const approvals = await readDb<Array<{ person_id: string }>>(
      admin,
      `playbook_approvals?select=person_id&run_id=eq.${runId}`,
    );
    expect(approvals).toHaveLength(1);
  });

  it('cancels a long run', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog' });
    const node = await configOfType(page, 'Kubernetes::Node');
    const dialog = await openRunDialog(page, node.id, 'Drain Node (long)');
    const runId = await run(page, dialog);
    await runStatus(page).getByText('Running').waitFor(RUN_DONE);

    await page
      .getByRole('group', { name: 'Run actions' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel Playbook Run' });
    await confirm.getByRole('button', { name: 'Cancel Run' }).click();
    await runStatus(page).getByText('Cancelled').waitFor(RUN_DONE);
    // A final run offers no Cancel any more.
    await page
      .getByRole('group', { name: 'Run actions' })
      .getByRole('button', { name: 'Cancel', exact: true })
      .waitFor({ state: 'detached' });

    const [stored] = await readDb<Array<{ status: string }>>(
      page,
      `playbook_runs?select=status&id=eq.${runId}`,
    );
    expect(stored?.status).toBe('cancelled');
  });

  it('shows a viewer the playbooks and runs without any way to run them', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, VIEWER, { path: '/playbooks' });
    await page.getByRole('heading', { name: 'Restart Deployment' }).first().waitFor();
    expect(await page.getByRole('button', { name: /^Run / }).count()).toBe(0);

    const deployment = await configOfType(page, 'Kubernetes::Deployment');
    await page.goto(`${origin}/catalog/${deployment.id}`);
    await page.getByText(deployment.name).first().waitFor();
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('button', { name: 'Playbooks' }).count()).toBe(0);

    await page.goto(`${origin}/playbooks/runs`);
    await page.getByRole('table', { name: 'Playbook runs' }).waitFor();
    const [someRun] = await readDb<Array<{ id: string }>>(
      page,
      'playbook_runs?select=id&parent_id=is.null&order=created_at.desc&limit=1',
    );
    await page.goto(`${origin}/playbooks/runs/${someRun!.id}`);
    await page.getByRole('region', { name: 'Run', exact: true }).waitFor();
    expect(await page.getByRole('group', { name: 'Run actions' }).count()).toBe(0);
  });
});
