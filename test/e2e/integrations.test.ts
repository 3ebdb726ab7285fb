import type { Locator, Page } from 'playwright-core';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';
import { monacoIn } from './support/monaco';

jest.setTimeout(180_000);

const origin = baseUrl();

/** A name no earlier run on the shared database used. */
function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** The host of a Postgres URL the demo backend tests against its own database. */
const EMBEDDED_DATABASE_URL = 'postgres://mission-control-db:5432/mission_control';
/** Nothing listens on the discard port of the loopback: a connect is refused at once. */
const CLOSED_PORT_URL = 'http://127.0.0.1:9/';

/**
 * From the connections list, adds a connection of a type with a name and URL, waits for it in
 * the list and opens it; answers its dialog.
 */
async function addAndOpenConnection(
  page: Page,
  type: string,
  name: string,
  url: string,
): Promise<Locator> {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const grid = page.getByRole('dialog', { name: 'Add Connection' });
  await grid.getByRole('searchbox', { name: 'Search connection types' }).fill(type);
  await grid
    .getByRole('group', { name: 'Connection types' })
    .getByRole('button', { name: type, exact: true })
    .click();

  const form = page.getByRole('dialog', { name: `Add ${type} Connection` });
  await form.getByRole('textbox', { name: /^Name\b/ }).fill(name);
  await form.getByRole('textbox', { name: /^URL/ }).fill(url);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Connection created successfully').waitFor();
  await form.waitFor({ state: 'detached' });

  await page.getByRole('table', { name: 'Connections' }).getByText(name, { exact: true }).click();
  await page.waitForURL((address) => /^[0-9a-f-]{36}$/.test(address.searchParams.get('id') ?? ''));
  const dialog = page.getByRole('dialog', { name: `${type} Connection` });
  await dialog.getByRole('textbox', { name: /^Name\b/ }).waitFor();
  return dialog;
}

/** Presses Test in a connection's dialog and answers the result once it is shown. */
async function testConnection(dialog: Locator): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Test', exact: true }).click();
  const result = dialog.getByLabel('Test result');
  await result.waitFor();
  return result;
}

/** Opens the Add Integration wizard on the integrations page and picks a tile. */
async function pickIntegration(page: Page, tile: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Integration' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add Integration' });
  await wizard.getByRole('button', { name: tile, exact: true }).click();
  const chosen = page.getByRole('dialog', { name: `Add Integration ${tile}` });
  await chosen.waitFor();
  return chosen;
}

describe('integrations, connections, agents and the event queue', () => {
  const browsers = browserPerFile();

  it('creates a Postgres connection to the demo’s own database and tests it: ok', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/connections' });
    const name = unique('e2e-postgres');
    const dialog = await addAndOpenConnection(page, 'Postgres', name, EMBEDDED_DATABASE_URL);

    const result = await testConnection(dialog);
    await result.getByText('Connection test passed').waitFor();
    expect(await result.getAttribute('role')).toBe('status');
    expect(await result.innerText()).toMatch(/\bok\b/);
  });

  it('creates an HTTP connection to a closed port and tests it: the refusal is shown', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/connections' });
    const name = unique('e2e-http');
    const dialog = await addAndOpenConnection(page, 'HTTP', name, CLOSED_PORT_URL);

    const result = await testConnection(dialog);
    await result.getByText('Connection test failed').waitFor();
    expect(await result.getAttribute('role')).toBe('alert');
    expect(await result.innerText()).toContain('ECONNREFUSED 127.0.0.1:9');
  });

  it('shows the Flux manifest of Prometheus in the chosen namespace and copies it', async () => {
    // The copy goes through the real `navigator.clipboard`: granting the context both
    // permissions lets the page write it and the test read it back, as in the tokens file. A
    // stub installed with `addInitScript` would only prove that the stub was called.
    await browsers.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/integrations' });
    const dialog = await pickIntegration(page, 'Prometheus');

    const namespace = unique('e2e-monitoring');
    await dialog.getByLabel('Namespace', { exact: true }).fill(namespace);
    // The chart's default values are loaded into the editor (and the manifest) first.
    await monacoIn(dialog.getByRole('group', { name: 'Values' }));
    await dialog.getByRole('tab', { name: 'Flux', selected: true }).waitFor();
    const manifest = dialog.getByLabel('Flux manifest', { exact: true });
    await manifest.getByText(`namespace: ${namespace}`).first().waitFor();
    const shown = await manifest.innerText();
    expect(shown).toContain('kind: HelmRelease');
    expect(shown).toContain('chart: mission-control-prometheus');
    expect(shown).toContain(`namespace: ${namespace}`);

    await dialog.getByRole('button', { name: 'Copy Flux manifest' }).click();
    await page.getByText('Copied to clipboard', { exact: true }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim()).toBe((await manifest.innerText()).trim());
    expect(copied).toContain(`namespace: ${namespace}`);
  });

  it('adds a custom topology through the wizard and finds it in the list', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/integrations' });
    const dialog = await pickIntegration(page, 'Custom Topology');
    const form = dialog.getByRole('form', { name: 'Topology' });

    const name = unique('e2e-topology');
    await form.getByRole('textbox', { name: /^Name\b/ }).fill(name);
    const editor = await monacoIn(form.getByRole('group', { name: 'Spec' }));
    await editor.click();
    // Inserted at once, as a paste: typing key by key would meet the editor's auto-indent.
    await page.keyboard.insertText(
      'schedule: "@every 30m"\ncomponents:\n- name: e2e-api\n  type: service\n',
    );
    // Save stays disabled until the spec is valid; a click waits for it to be enabled.
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page
      .getByRole('table', { name: 'Integrations' })
      .getByText(name, { exact: true })
      .waitFor();
    const [stored] = await readDb<Array<{ namespace: string; source: string; spec: unknown }>>(
      page,
      `topologies?select=namespace,source,spec&name=eq.${name}&deleted_at=is.null`,
    );
    expect(stored).toEqual({
      namespace: 'default',
      source: 'UI',
      spec: { schedule: '@every 30m', components: [{ name: 'e2e-api', type: 'service' }] },
    });
  });

  it('registers an agent, shows its token once, and not when the agent is opened again', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/agents' });
    await page.getByRole('button', { name: 'Register agent' }).click();
    const form = page.getByRole('dialog', { name: 'Register agent' });
    const name = unique('e2e-agent');
    await form.getByRole('textbox', { name: /^Name\b/ }).fill(name);
    await form.getByRole('button', { name: 'Register', exact: true }).click();

    const instructions = page.getByRole('dialog', { name: 'Install the agent' });
    const token = (
      (await instructions.getByLabel('Access token', { exact: true }).textContent()) ?? ''
    ).trim();
    expect(token.length).toBeGreaterThan(10);
    expect(await instructions.getByLabel('Helm command', { exact: true }).innerText()).toContain(
      token,
    );
    await instructions.getByRole('button', { name: 'Done', exact: true }).click();
    await page.getByText('The agent access token will not be shown again.').waitFor();
    await instructions.waitFor({ state: 'detached' });

    // Newest first: the new agent is on the first page.
    await page.getByRole('table', { name: 'Agents' }).getByText(name, { exact: true }).click();
    const agent = page.getByRole('dialog', { name });
    await agent.getByText('Username', { exact: true }).waitFor();
    expect(await agent.getByLabel('Access token', { exact: true }).count()).toBe(0);
    expect(await page.content()).not.toContain(token);
  });

  it('lists the queued events by name with their counts', async () => {
    const page = await browsers.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/event-queue-status' });
    const table = page.getByRole('table', { name: 'Event queue status' });
    const row = table.getByRole('row').filter({ hasText: 'push_queue.create' });
    await row.waitFor();
    await table.getByText('playbook.approval.inserted', { exact: true }).waitFor();

    const [summary] = await readDb<Array<{ pending: number; failed: number }>>(
      page,
      'event_queue_summary?select=pending,failed&name=eq.push_queue.create',
    );
    if (!summary) throw new Error('the seed queued no push_queue.create event');
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 3).map((cell) => cell.trim())).toEqual([
      'push_queue.create',
      String(summary.pending),
      String(summary.failed),
    ]);
    expect(summary.failed).toBeGreaterThan(0);
  });
});
