import type { Locator, Page } from 'playwright-core';
import { browserPerFile } from './support/perTest';
import { baseUrl } from './support/server';
import { ADMIN, VIEWER, signIn } from './support/signIn';

jest.setTimeout(120_000);

const origin = baseUrl();

interface SummaryCheck {
  id: string;
  name: string;
  canary_name: string;
  labels?: Record<string, string> | null;
  description?: string;
  endpoint?: string;
  namespace: string;
  status: string;
  uptime?: { passed?: number; failed?: number };
  deleted_at?: string | null;
}

/** The health summary as the signed-in page fetches it (HEALTH-01). */
async function fetchSummary(page: Page): Promise<SummaryCheck[]> {
  const body = await page.evaluate(async (base) => {
    const response = await fetch(`${base}/api/canary/api/summary`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`summary answered ${response.status}`);
    return (await response.json()) as { checks_summary?: unknown };
  }, origin);
  const checks = body.checks_summary;
  if (!Array.isArray(checks)) throw new Error('the summary has no checks_summary list');
  return checks as SummaryCheck[];
}

/**
 * The latest health summary the page itself received. The demo's checks keep running, so
 * their statuses change while a test runs: what the page shows is compared with what it got.
 */
function trackSummary(page: Page): () => SummaryCheck[] {
  let latest: SummaryCheck[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/canary/api/summary') || !response.ok()) return;
    response.json().then(
      (body: { checks_summary?: unknown }) => {
        if (Array.isArray(body.checks_summary)) latest = body.checks_summary as SummaryCheck[];
      },
      () => undefined,
    );
  });
  return () => latest;
}

/** A check that is not deleted and whose name no other check shares. */
function pickCheck(checks: SummaryCheck[], test: (check: SummaryCheck) => boolean): SummaryCheck {
  const names = new Map<string, number>();
  for (const check of checks) names.set(check.name, (names.get(check.name) ?? 0) + 1);
  const found = checks.find(
    (check) => !check.deleted_at && names.get(check.name) === 1 && test(check),
  );
  if (!found) throw new Error('the demo estate has no check of the kind this test needs');
  return found;
}

/** The fields the page's search looks in. */
function searchText(check: SummaryCheck): string {
  return [check.description, check.canary_name, check.endpoint, check.name]
    .map((field) => field ?? '')
    .join('\n')
    .toLowerCase();
}

const checksTable = (page: Page) => page.getByRole('table', { name: 'Health checks' });

/** Rows of the list (groups and checks), from the table's row count (rows are windowed). */
async function rowCount(page: Page): Promise<number> {
  await checksTable(page).waitFor();
  return Number(await checksTable(page).getAttribute('aria-rowcount')) - 1;
}

/** Waits until the list's row count satisfies `accept`, and returns it. */
async function waitForRowCount(page: Page, accept: (count: number) => boolean): Promise<number> {
  const deadline = Date.now() + 20_000;
  let count = -1;
  while (Date.now() < deadline) {
    if ((await checksTable(page).count()) > 0) {
      count = await rowCount(page);
      if (accept(count)) return count;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`the row count stayed at ${count}`);
}

/** Titles of the rows in the DOM (the windowed part of the list). */
async function visibleTitles(page: Page): Promise<string[]> {
  return checksTable(page).locator('tbody .mc-health-title').allTextContents();
}

/** Waits until the rows' titles are the expected ones (none: no table or no rows). */
async function waitForTitles(page: Page, expected: () => string[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  let shown: string[] = [];
  while (Date.now() < deadline) {
    shown = (await checksTable(page).count()) > 0 ? (await visibleTitles(page)).sort() : [];
    if (shown.join('|') === expected().join('|')) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`the rows stayed ${shown.join(', ')}, not ${expected().join(', ')}`);
}

function param(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

/** Opens the dialog of a check of the summary through the address (last hour); waits for it. */
async function openAnyCheck(page: Page): Promise<Locator> {
  const check = pickCheck(await fetchSummary(page), () => true);
  await page.goto(`${origin}/health?checkId=${check.id}&timeRange=1h`);
  const dialog = page.getByRole('dialog', { name: check.name });
  await dialog.waitFor();
  return dialog;
}

const historyTable = (dialog: Locator) => dialog.getByRole('table', { name: 'Check history' });
/** The history pager's "51–100 of 172": shown once the history has loaded. */
const runsText = (dialog: Locator) =>
  dialog.getByRole('navigation', { name: 'Pagination' }).getByText(/^\d+(–\d+)? of \d+$/);

/** The number of runs the history says it holds, once it has loaded. */
async function historyTotal(dialog: Locator): Promise<number> {
  await runsText(dialog).waitFor();
  const text = (await runsText(dialog).textContent()) ?? '';
  return Number(/of (\d+)$/.exec(text)?.[1] ?? NaN);
}

/** Waits until the history's run count satisfies `accept`, and returns it. */
async function waitForHistoryTotal(
  dialog: Locator,
  accept: (total: number) => boolean,
): Promise<number> {
  const deadline = Date.now() + 20_000;
  let total = NaN;
  while (Date.now() < deadline) {
    total = await historyTotal(dialog);
    if (accept(total)) return total;
    await dialog.page().waitForTimeout(100);
  }
  throw new Error(`the history stayed at ${total} runs`);
}

/**
 * Does `action` and waits for the history request whose address contains `marker`, then for the
 * dialog to show that answer's total (its Content-Range); returns the total.
 */
async function historyAfter(
  page: Page,
  dialog: Locator,
  marker: string,
  action: () => Promise<unknown>,
): Promise<number> {
  const answer = page.waitForResponse(
    (response) =>
      response.url().includes('/api/db/check_statuses') && response.url().includes(marker),
  );
  await action();
  const range = (await answer).headers()['content-range'] ?? '';
  const total = Number(/\/(\d+)$/.exec(range)?.[1] ?? NaN);
  expect(Number.isInteger(total)).toBe(true);
  return waitForHistoryTotal(dialog, (shown) => shown === total);
}

/** The Status column of the history rows shown. */
async function historyStatuses(dialog: Locator): Promise<string[]> {
  const cells = historyTable(dialog).locator('tbody tr td:nth-child(3)');
  return (await cells.allTextContents()).map((text) => text.trim());
}

describe('the health page on the demo backend', () => {
  const run = browserPerFile({ width: 1400, height: 900 });

  it('narrows rows by search and Hide Passing, and keeps Group By and Tab By over a reload', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    const checks = await fetchSummary(page);
    // A canary with a failing check whose name matches no other canary's checks.
    const failingCanary = pickCheck(
      checks,
      (check) =>
        check.status === 'unhealthy' &&
        checks.some(
          (other) => other.canary_name === check.canary_name && other.status === 'healthy',
        ) &&
        checks.every(
          (other) =>
            other.canary_name === check.canary_name ||
            !searchText(other).includes(check.canary_name.toLowerCase()),
        ),
    ).canary_name;

    const canaries = (list: SummaryCheck[]) => new Set(list.map((c) => c.canary_name)).size;
    const failing = (list: SummaryCheck[]) => list.filter((c) => c.status !== 'healthy');

    // Hide Passing is on by default: one group per canary with a failing check.
    const latest = trackSummary(page);
    await page.goto(`${origin}/health`);
    const failingOnly = await waitForRowCount(
      page,
      (count) => count > 0 && count === canaries(failing(latest())),
    );

    // Turning it off lists the canaries whose checks all pass too.
    await page.locator('label', { hasText: 'Hide Passing' }).click();
    await page.waitForURL((url) => url.searchParams.get('hidePassing') === 'false');
    const everything = await waitForRowCount(page, (count) => count === canaries(latest()));
    expect(everything).toBeGreaterThan(failingOnly);

    // Search waits for a pause, then narrows the rows to the one canary that matches.
    await page.getByRole('searchbox', { name: 'Search' }).fill(failingCanary);
    await page.waitForURL((url) => url.searchParams.get('query') === failingCanary);
    await waitForRowCount(page, (count) => count === 1);
    expect(await visibleTitles(page)).toEqual([failingCanary]);

    // No grouping: one row per check of that canary.
    await page.getByLabel('Group By').selectOption('no-group');
    await page.waitForURL((url) => url.searchParams.get('groupBy') === 'no-group');
    const inCanary = checks.filter((check) => check.canary_name === failingCanary);
    const names = (list: SummaryCheck[]) => list.map((c) => c.name).sort();
    await waitForRowCount(page, (count) => count === inCanary.length);
    expect((await visibleTitles(page)).sort()).toEqual(names(inCanary));

    // Hide Passing again: only that canary's failing checks (as the page last heard); off: all.
    const failingInCanary = () =>
      failing(latest().filter((check) => check.canary_name === failingCanary));
    // On is the default, which the address leaves out.
    await page.locator('label', { hasText: 'Hide Passing' }).click();
    await page.waitForURL((url) => !url.searchParams.has('hidePassing'));
    await waitForTitles(page, () => names(failingInCanary()));
    await page.locator('label', { hasText: 'Hide Passing' }).click();
    await page.waitForURL((url) => url.searchParams.get('hidePassing') === 'false');
    await waitForRowCount(page, (count) => count === inCanary.length);

    // Tabs by agent instead of namespace.
    const tabs = page.getByRole('tablist').first();
    const namespaceTabs = await tabs.getByRole('tab').allTextContents();
    expect(namespaceTabs.slice(1).join()).toContain(inCanary[0]?.namespace ?? '-');
    await page.getByLabel('Tab By').selectOption('agent');
    await page.waitForURL((url) => url.searchParams.get('tabBy') === 'agent');
    // Agents are named once their names arrive (the id shows until then).
    await page.waitForFunction(
      (previous) => {
        const titles = [...document.querySelectorAll('.mc-health-tabs [role="tab"]')].map(
          (tab) => tab.textContent ?? '',
        );
        return (
          titles.length > 1 &&
          titles.join('|') !== previous &&
          titles.every((title) => !/[0-9a-f]{8}-[0-9a-f]{4}-/.test(title))
        );
      },
      namespaceTabs.join('|'),
      { timeout: 15_000 },
    );
    const tabsBefore = await tabs.getByRole('tab').allTextContents();
    expect(tabsBefore[0]).toMatch(/^All/);

    await page.reload();
    await checksTable(page).waitFor();
    expect(param(page, 'groupBy')).toBe('no-group');
    expect(param(page, 'tabBy')).toBe('agent');
    expect(param(page, 'query')).toBe(failingCanary);
    expect(await page.getByLabel('Group By').inputValue()).toBe('no-group');
    expect(await page.getByLabel('Tab By').inputValue()).toBe('agent');
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(failingCanary);
    await waitForRowCount(page, (count) => count === inCanary.length);
    await page.waitForFunction(
      (expected) =>
        [...document.querySelectorAll('.mc-health-tabs [role="tab"]')]
          .map((tab) => tab.textContent ?? '')
          .join('|') === expected,
      tabsBefore.join('|'),
      { timeout: 15_000 },
    );
  });

  it('opens a check by clicking its row and by a deep link', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    const check = pickCheck(await fetchSummary(page), () => true);

    await page.goto(
      `${origin}/health?hidePassing=false&groupBy=no-group&query=${encodeURIComponent(check.name)}`,
    );
    await waitForRowCount(page, (count) => count > 0);
    await checksTable(page)
      .locator('tbody tr')
      .filter({ has: page.getByText(check.name, { exact: true }) })
      .click();
    await page.waitForURL((url) => url.searchParams.get('checkId') === check.id);
    const dialog = page.getByRole('dialog', { name: check.name });
    await dialog.waitFor();
    await dialog.getByRole('group', { name: 'Check summary' }).waitFor();
    expect(await dialog.getByLabel('Namespace').textContent()).toBe(check.namespace);

    // Closing removes the check from the address and keeps the list's parameters.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(param(page, 'checkId')).toBeNull();
    expect(param(page, 'groupBy')).toBe('no-group');

    const deep = await run.context.newPage();
    await deep.goto(`${origin}/health?checkId=${check.id}&timeRange=1h`);
    const deepDialog = deep.getByRole('dialog', { name: check.name });
    await deepDialog.waitFor();
    await deepDialog
      .getByRole('table', { name: 'Check history' })
      .or(deepDialog.getByText('No data available'))
      .first()
      .waitFor();
    expect(await deepDialog.getByRole('combobox', { name: 'Time Range' }).inputValue()).toBe('1h');
  });

  it('filters the history by status and rejects a duration in minutes', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    const check = pickCheck(
      await fetchSummary(page),
      (c) => (c.uptime?.passed ?? 0) > 0 && (c.uptime?.failed ?? 0) > 0,
    );

    await page.goto(`${origin}/health?checkId=${check.id}&timeRange=1d`);
    const dialog = page.getByRole('dialog', { name: check.name });
    await historyTable(dialog).waitFor();
    const all = await historyTotal(dialog);
    expect(all).toBeGreaterThan(1);

    const unhealthy = await historyAfter(page, dialog, 'status=eq.0', () =>
      dialog.getByLabel('Status', { exact: true }).selectOption('Unhealthy'),
    );
    expect(unhealthy).toBeGreaterThan(0);
    expect(unhealthy).toBeLessThan(all);
    const failedRows = await historyStatuses(dialog);
    expect(failedRows.length).toBe(Math.min(unhealthy, 50));
    expect(new Set(failedRows)).toEqual(new Set(['Unhealthy']));

    const healthy = await historyAfter(page, dialog, 'status=eq.1', () =>
      dialog.getByLabel('Status', { exact: true }).selectOption('Healthy'),
    );
    expect(healthy + unhealthy).toBe(all);
    const passedRows = await historyStatuses(dialog);
    expect(passedRows.length).toBe(Math.min(healthy, 50));
    expect(new Set(passedRows)).toEqual(new Set(['Healthy']));

    // A duration in minutes is refused with a toast: no request, the rows stay as they were.
    const durationRequests: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/db/check_statuses') && url.includes('duration=')) {
        durationRequests.push(url);
      }
    });
    await dialog.getByLabel('Duration', { exact: true }).selectOption('Custom');
    await dialog.getByLabel('Custom duration').fill('5m');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('duration is allowed only in milli seconds & seconds').waitFor();
    expect(await historyTotal(dialog)).toBe(healthy);
    expect(durationRequests).toEqual([]);

    // A duration in seconds is taken, together with the status.
    const slowAnswer = page.waitForResponse(
      (response) =>
        response.url().includes('/api/db/check_statuses') &&
        response.url().includes('duration=gte.1000'),
    );
    await dialog.getByLabel('Custom duration').fill('1s');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const answer = await slowAnswer;
    expect(new URL(answer.url()).searchParams.get('status')).toBe('eq.1');
    // Every run shown now took a second or more (`1.2s`, `2m`), none in milliseconds.
    await page.waitForFunction(
      () => {
        const dialogs = [...document.querySelectorAll('[role="dialog"]')];
        const table = dialogs.at(-1)?.querySelector('table[aria-label="Check history"]');
        if (!table) return dialogs.at(-1)?.textContent?.includes('No data available') ?? false;
        const cells = [...table.querySelectorAll('tbody tr td:nth-child(2)')];
        return cells.every((cell) => /^\d+(\.\d)?(s|m)$/.test(cell.textContent?.trim() ?? ''));
      },
      undefined,
      { timeout: 20_000 },
    );
    expect(await historyTotal(dialog)).toBeLessThanOrEqual(healthy);
  });

  it('runs a check now as an admin and adds a run to its history', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    const dialog = await openAnyCheck(page);
    const before = await historyTotal(dialog);
    const firstTimeBefore = (await historyTable(dialog).count())
      ? await historyTable(dialog).locator('tbody tr td').first().textContent()
      : null;

    const runNow = dialog.getByRole('button', { name: 'Run Now' });
    await runNow.click();
    const after = await waitForHistoryTotal(dialog, (total) => total === before + 1);
    expect(after).toBe(before + 1);
    await historyTable(dialog).waitFor();
    const firstTimeAfter = await historyTable(dialog).locator('tbody tr td').first().textContent();
    expect(firstTimeAfter).not.toBe(firstTimeBefore);
    // Ready for another run once the check has reloaded.
    await dialog.locator('button:not([disabled])', { hasText: 'Run Now' }).waitFor();
    expect(await runNow.isEnabled()).toBe(true);
  });

  it('runs ten selected checks, shows ten results and the list’s statuses update', async () => {
    const page = await run.context.newPage();
    const summaries = trackSummary(page);
    const runIds: string[] = [];
    page.on('request', (request) => {
      const match = /\/api\/canary\/run\/check\/([^/?]+)/.exec(request.url());
      if (match && request.method() === 'POST') runIds.push(decodeURIComponent(match[1]!));
    });
    await signIn(page, ADMIN);
    await page.goto(`${origin}/health?groupBy=no-group&hidePassing=false`);
    await checksTable(page).waitFor();
    const boxes = checksTable(page).locator('tbody label.mc-health-select');
    await boxes.nth(9).waitFor();
    for (let index = 0; index < 10; index += 1) await boxes.nth(index).click();
    const bar = page.getByRole('group', { name: 'Selected checks' });
    await bar.getByText('10 selected').waitFor();

    const started = Date.now();
    await bar.getByRole('button', { name: 'Run selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run selected checks' });
    await dialog.getByRole('button', { name: 'Run 10 checks' }).click();
    await dialog.getByRole('status').getByText('10 of 10 done').waitFor({ timeout: 60_000 });
    const results = dialog.getByRole('alert');
    await results.waitFor();
    // Ten results: the summary's counts add up to ten, and each row has a final status.
    const counts = ((await results.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10);
    const statuses = await dialog
      .getByRole('table', { name: 'Checks to run' })
      .locator('tbody tr td:nth-child(2)')
      .allTextContents();
    expect(statuses).toHaveLength(10);
    for (const status of statuses) {
      expect(['Passed', 'Failed', 'Ran', 'Could not run']).toContain(status);
    }
    expect(new Set(runIds).size).toBe(10);

    // The list is read again once the runs are done: the checks that ran show their new run.
    const ranNow = (check: SummaryCheck & { last_runtime?: string | null }) =>
      Date.parse(check.last_runtime ?? '') >= started - 5_000;
    const deadline = Date.now() + 20_000;
    let updated: SummaryCheck[] = [];
    while (Date.now() < deadline) {
      updated = summaries().filter((check) => runIds.includes(check.id) && ranNow(check));
      if (updated.length === statuses.filter((status) => status !== 'Could not run').length) break;
      await page.waitForTimeout(100);
    }
    expect(updated.length).toBe(statuses.filter((status) => status !== 'Could not run').length);
    await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a viewer the check without Run Now', async () => {
    const page = await run.context.newPage();
    await signIn(page, VIEWER);
    const dialog = await openAnyCheck(page);
    await runsText(dialog).waitFor();
    // The footer is there (where the check comes from, a link once its source is found),
    // without Run Now.
    await dialog.locator('.bp6-dialog-footer').first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Run Now' }).count()).toBe(0);
  });

  it('draws the checks against the values of a label from the address, and None goes back', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN);
    const checks = await fetchSummary(page);
    // Every seeded check carries a team label; a check another file creates (the editors'
    // HTTP check, perhaps while this test runs) carries none, and then falls in the `(none)`
    // column, drawn last.
    const teams = [
      ...new Set(checks.flatMap((check) => (check.labels?.team ? [check.labels.team] : []))),
    ];
    expect(teams.length).toBeGreaterThan(1);

    await page.goto(
      `${origin}/health?hidePassing=false&groupBy=no-group&pivotBy=labels&pivotLabel=team&pivotCellType=uptime`,
    );
    const pivot = page.getByRole('table', { name: 'Health pivot' });
    teams.sort();
    // A column per team (sorted), after the expander and Checks.
    await pivot.locator('thead th', { hasText: teams[teams.length - 1] }).waitFor();
    const headers = await pivot.locator('thead th').allTextContents();
    const unlabelled = headers.at(-1) === '(none)' ? ['(none)'] : [];
    expect(headers).toEqual(['', 'Checks', ...teams, ...unlabelled]);
    expect(await page.getByLabel('Pivot By').inputValue()).toBe('labels');
    expect(await page.getByLabel('Pivot Label').inputValue()).toBe('team');
    expect(await page.getByLabel('Cell Type').inputValue()).toBe('uptime');

    // A check's cell sits under its team and links to the check.
    const check = pickCheck(checks, (one) => Boolean(one.labels?.team));
    const team = check.labels?.team ?? '';
    const link = pivot.getByRole('link', { name: `Uptime of ${check.name} in ${team}` });
    await page.getByRole('searchbox', { name: 'Search' }).fill(check.name);
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/health?checkId=${check.id}&timeRange=1h`);
    await link.click();
    await page.getByRole('dialog', { name: check.name }).waitFor();
    expect(param(page, 'checkId')).toBe(check.id);
    expect(param(page, 'pivotLabel')).toBe('team');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('checkId'));

    // None: the checks table again, the pivot gone from the address.
    await page.getByLabel('Pivot By').selectOption('none');
    await page.waitForURL((url) => !url.searchParams.has('pivotBy'));
    await checksTable(page).waitFor();
    expect(param(page, 'pivotLabel')).toBeNull();
    expect(await pivot.count()).toBe(0);
  });
});
