/**
 * A playbook run as a workflow, in Chromium against the demo backend: the seeded Deploy Release
 * fails at its third action on a first attempt; Retry from here runs from that action to the end
 * in a new run linked to the first; results render by content type (Markdown, HTML in a
 * sandboxed frame, an image artifact inline); a viewer is offered no retry.
 */
import type { Page } from 'playwright-core';
import { configOfType, runStatus } from './support/playbooks';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, VIEWER, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();
/** The executor moves a run one step a second; a five-action run ends within half a minute. */
const RUN_DONE = { timeout: 60_000 };

/** Runs the playbook titled so on the config from its Playbooks menu; answers the run's id. */
async function runOn(
  page: Page,
  configId: string,
  title: string,
  fill?: Record<string, string>,
): Promise<string> {
  await page.goto(`${origin}/catalog/${configId}`);
  await page.getByRole('button', { name: 'Playbooks' }).click();
  await page.getByRole('menuitem', { name: title }).first().click();
  const dialog = page.getByRole('dialog', { name: `Run ${title}` });
  await dialog.waitFor();
  for (const [label, value] of Object.entries(fill ?? {})) {
    await dialog.getByLabel(label).fill(value);
  }
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function actionsOf(page: Page, runId: string) {
  return readDb<Array<{ id: string; name: string; status: string }>>(
    page,
    `playbook_run_actions?select=id,name,status&playbook_run_id=eq.${runId}&order=scheduled_time.asc`,
  );
}

describe('playbook runs as workflows', () => {
  const browsers = browserPerFile();
  /** The failed Deploy Release run, shared by the tests after the first. */
  let failed: { runId: string; actionId: string } | undefined;

  it('fails Deploy Release at its third step, and Retry from here runs it to completion in a linked run', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/catalog' });
    const deployment = await configOfType(page, 'Kubernetes::Deployment');
    const runId = await runOn(page, deployment.id, 'Deploy Release', { Version: 'v9.9.1' });
    await runStatus(page).getByText('Failed').waitFor(RUN_DONE);

    const actions = await actionsOf(page, runId);
    expect(actions.map((action) => [action.name, action.status])).toEqual([
      ['fetch-release', 'completed'],
      ['preflight', 'completed'],
      ['apply-migrations', 'failed'],
      ['rollout', 'skipped'],
      ['verify', 'skipped'],
    ]);
    const failedAction = actions[2]!;
    failed = { runId, actionId: failedAction.id };

    // The graph: steps one and two completed, three failed, the rest skipped.
    const graph = page.getByRole('region', { name: 'Run graph' });
    for (const [name, status] of [
      ['fetch-release', 'Completed'],
      ['preflight', 'Completed'],
      ['apply-migrations', 'Failed'],
      ['rollout', 'Skipped'],
    ]) {
      await graph.getByRole('button', { name: new RegExp(`^${name}, ${status}`) }).waitFor();
    }
    await graph.getByRole('button', { name: /^apply-migrations, Failed/ }).click();
    await page.waitForURL(new RegExp(`action=${failedAction.id}`));
    const detail = page.getByRole('region', { name: 'Action apply-migrations' });
    await detail.getByText('exit status 75').waitFor();
    await detail.getByRole('button', { name: 'Retry from here' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retry from apply-migrations' });
    await confirm.getByText('fetch-release, preflight').waitFor();
    await confirm.getByRole('button', { name: 'Retry', exact: true }).click();

    await page.waitForURL(
      (url) =>
        /\/playbooks\/runs\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(runId),
    );
    const retryId = new URL(page.url()).pathname.split('/').pop()!;
    await runStatus(page).getByText('Completed').waitFor(RUN_DONE);
    const summary = page.getByRole('region', { name: 'Run', exact: true });
    await summary.locator('dt:has-text("Retry of") + dd').getByRole('link').click();
    await page.waitForURL(`${origin}/playbooks/runs/${runId}`);
    await summary
      .locator('dt:has-text("Retried as") + dd')
      .getByRole('link', { name: `Run ${retryId.slice(0, 8)}` })
      .waitFor();

    const retried = await actionsOf(page, retryId);
    expect(retried.map((action) => [action.name, action.status])).toEqual([
      ['fetch-release', 'skipped'],
      ['preflight', 'skipped'],
      ['apply-migrations', 'completed'],
      ['rollout', 'completed'],
      ['verify', 'completed'],
    ]);
  });

  it('resubmits the failed run with a changed parameter, and the new run has that value', async () => {
    if (!failed) throw new Error('the failed run of the first test is missing');
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/playbooks' });
    await page.goto(`${origin}/playbooks/runs/${failed.runId}`);
    await page
      .getByRole('group', { name: 'Run actions' })
      .getByRole('button', { name: 'Resubmit' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Resubmit Deploy Release' });
    const version = dialog.getByLabel('Version');
    // The form starts from the run's parameters once they are loaded.
    await page.waitForFunction(
      (input) => (input as HTMLInputElement | null)?.value === 'v9.9.1',
      await version.elementHandle(),
    );
    expect(await version.inputValue()).toBe('v9.9.1');
    await version.fill('v9.9.2');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(
      (url) =>
        /\/playbooks\/runs\/[0-9a-f-]{36}$/.test(url.pathname) &&
        !url.pathname.endsWith(failed!.runId),
    );
    const resubmitted = new URL(page.url()).pathname.split('/').pop()!;
    await page
      .getByRole('region', { name: 'Parameters' })
      .getByText('v9.9.2', { exact: true })
      .waitFor();
    const [stored] = await readDb<Array<{ parameters: Record<string, string> }>>(
      page,
      `playbook_runs?select=parameters&id=eq.${resubmitted}`,
    );
    expect(stored?.parameters).toEqual({ version: 'v9.9.2' });
  });

  it('offers a viewer no retry on the failed action', async () => {
    if (!failed) throw new Error('the failed run of the first test is missing');
    const page = await browsers.context.newPage();
    await signIn(page, VIEWER, { path: '/playbooks' });
    await page.goto(`${origin}/playbooks/runs/${failed.runId}?action=${failed.actionId}`);
    const detail = page.getByRole('region', { name: 'Action apply-migrations' });
    await detail.getByText('exit status 75').waitFor();
    expect(await page.getByRole('button', { name: 'Retry from here' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Run actions' }).count()).toBe(0);
  });

  it('renders a Markdown result, an HTML report in a sandboxed frame and an image artifact', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/playbooks' });

    // Markdown: a seeded run of Collect Diagnostics, its describe action.
    const diagnostics = await readDb<Array<{ id: string }>>(
      page,
      'playbooks?select=id&name=eq.collect-diagnostics&deleted_at=is.null',
    );
    const runs = await readDb<Array<{ id: string }>>(
      page,
      `playbook_runs?select=id&status=eq.completed&playbook_id=in.(${diagnostics.map((row) => row.id).join(',')})&limit=50`,
    );
    const [describe] = await readDb<Array<{ id: string; playbook_run_id: string }>>(
      page,
      `playbook_run_actions?select=id,playbook_run_id&name=eq.describe&status=eq.completed&playbook_run_id=in.(${runs.map((row) => row.id).join(',')})&limit=1`,
    );
    if (!describe) throw new Error('the seed has no completed diagnostics run');
    await page.goto(`${origin}/playbooks/runs/${describe.playbook_run_id}?action=${describe.id}`);
    const markdown = page.getByRole('document', { name: 'Markdown output' });
    await markdown.locator('h1, h2, h3').first().waitFor();
    expect(await markdown.textContent()).not.toContain('**');

    // HTML and an image: a fresh run of Monthly Cost Report.
    await page.goto(`${origin}/playbooks`);
    await page.getByRole('button', { name: 'Run Monthly Cost Report' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Run Monthly Cost Report' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    const runId = new URL(page.url()).pathname.split('/').pop()!;
    await runStatus(page).getByText('Completed').waitFor(RUN_DONE);
    const actions = await actionsOf(page, runId);
    const report = actions.find((action) => action.name === 'render-report')!;
    await page.goto(`${origin}/playbooks/runs/${runId}?action=${report.id}`);
    const frame = page.locator('iframe[title="HTML output"]');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page
      .frameLocator('iframe[title="HTML output"]')
      .locator('h2')
      .getByText(/Cost report for/)
      .waitFor();

    const image = page
      .getByRole('region', { name: 'Artifacts' })
      .getByRole('img', { name: 'cost-by-team.svg' });
    await image.waitFor();
    await page.waitForFunction((name) => {
      const img = [...document.querySelectorAll('img')].find((el) => el.alt === name);
      return img !== undefined && img.complete && img.naturalWidth > 0;
    }, 'cost-by-team.svg');
  });
});
