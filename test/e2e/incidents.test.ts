import type { Page } from 'playwright-core';
import { readDb } from './support/readDb';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, VIEWER, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();

interface IncidentRow {
  id: string;
  title: string;
  status: string;
}

/** The incidents titled exactly `title` (any status). */
const incidentsTitled = (page: Page, title: string) =>
  readDb<IncidentRow[]>(
    page,
    `incidents?select=id,title,status&title=eq.${encodeURIComponent(title)}`,
  );

/** A check of the seed, for its dialog. */
async function someCheck(page: Page): Promise<{ id: string; name: string }> {
  const [check] = await readDb<Array<{ id: string; name: string }>>(
    page,
    'checks?select=id,name&deleted_at=is.null&order=name.asc&limit=1',
  );
  if (!check) throw new Error('the seed has no checks');
  return check;
}

/** Opens the check's dialog and the Link to Incident dialog from its footer. */
async function openLinkDialog(page: Page, checkId: string) {
  await page.goto(`${origin}/health?checkId=${checkId}`);
  await page.getByRole('button', { name: 'Attach as Evidence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
  await dialog.waitFor();
  return dialog;
}

/** Types a new incident's title in the dialog and chooses to create it. */
async function chooseNewIncident(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: 'Link to Incident' });
  await dialog.getByRole('combobox', { name: 'Incident' }).fill(title);
  await page.getByRole('option', { name: `Create new incident: ${title}` }).click();
}

describe('incidents', () => {
  const run = browserPerFile();

  it('creates an incident, grows its hypothesis tree and records a status change', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/incidents' });
    const title = `Checkout errors ${Date.now()}`;

    await page.getByRole('button', { name: 'Create incident' }).click();
    const create = page.getByRole('dialog', { name: 'Create incident' });
    await create.getByLabel('Title').fill(title);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/incidents\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Hypotheses' }).waitFor();

    // The root hypothesis was made with the incident; a factor under it, a solution under that.
    const root = page.getByRole('region', { name: `Root cause: ${title}` });
    await root.getByRole('button', { name: 'Add factor' }).click();
    await root.getByLabel('Title of the new factor').fill('Pool exhausted');
    await root.getByLabel('Title of the new factor').press('Enter');
    const factor = page.getByRole('region', { name: 'Factor: Pool exhausted' });
    await factor.getByRole('button', { name: 'Add solution' }).click();
    await factor.getByLabel('Title of the new solution').fill('Raise the pool size');
    await factor.getByLabel('Title of the new solution').press('Enter');
    await page.getByRole('region', { name: 'Solution: Raise the pool size' }).waitFor();

    const [incident] = await incidentsTitled(page, title);
    const hypotheses = await readDb<Array<{ title: string; type: string; parent_id: string }>>(
      page,
      `hypotheses?select=title,type,parent_id&incident_id=eq.${incident!.id}&order=created_at.asc`,
    );
    expect(hypotheses.map((h) => [h.type, h.title])).toEqual([
      ['root', title],
      ['factor', 'Pool exhausted'],
      ['solution', 'Raise the pool size'],
    ]);

    // Status open → investigating, seen in the timeline.
    await page.getByRole('button', { name: 'Status: Open' }).click();
    await page.getByRole('option', { name: 'Investigating' }).click();
    await page.getByRole('button', { name: 'Status: Investigating' }).waitFor();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('Ada Admin changed status to investigating').waitFor();
    const [updated] = await incidentsTitled(page, title);
    expect(updated!.status).toBe('investigating');
  });

  it('attaches a check as evidence to a new incident and follows the toast to it', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const check = await someCheck(page);
    const title = `Check failing ${Date.now()}`;

    const dialog = await openLinkDialog(page, check.id);
    await chooseNewIncident(page, title);
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();

    const toast = page.locator('.bp6-toast').filter({ hasText: `Evidence linked to ${title}` });
    const open = toast.getByRole('button', { name: 'Open incident' });
    const href = await open.getAttribute('href');
    const [incident] = await incidentsTitled(page, title);
    expect(href).toBe(`/incidents/${incident!.id}`);
    await open.click();
    await page.waitForURL(`${origin}${href!}`);
    const evidence = page.getByRole('link', { name: check.name }).first();
    await evidence.waitFor();
    expect(await evidence.getAttribute('href')).toContain(`checkId=${check.id}`);
  });

  it('leaves no incident behind when the evidence cannot be attached', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const check = await someCheck(page);
    const title = `Never half made ${Date.now()}`;
    // The backend refuses the attach step, the last of the three.
    await page.route('**/api/db/evidences*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ code: '23503', message: 'the evidence was refused' }),
          })
        : route.continue(),
    );

    const dialog = await openLinkDialog(page, check.id);
    await chooseNewIncident(page, title);
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await dialog.getByRole('alert').getByText('the evidence was refused').waitFor();
    // The form keeps what was typed.
    expect(await dialog.getByRole('combobox', { name: 'Incident' }).inputValue()).toBe(title);

    await page.unroute('**/api/db/evidences*');
    expect(await incidentsTitled(page, title)).toEqual([]);
    await page.goto(`${origin}/incidents?status=all&search=${encodeURIComponent(title)}`);
    await page.getByText('No incidents match these filters').waitFor();
  });

  it('shows a viewer no create or attach actions', async () => {
    const page = await run.context.newPage();
    await signIn(page, VIEWER, { path: '/incidents' });
    await page.getByRole('columnheader', { name: /Title/ }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Create incident' }).count()).toBe(0);

    const check = await someCheck(page);
    await page.goto(`${origin}/health?checkId=${check.id}`);
    await page.getByRole('dialog').getByText(check.name).first().waitFor();
    expect(await page.getByRole('button', { name: 'Attach as Evidence' }).count()).toBe(0);
  });
});
