import type { Page } from 'playwright-core';
import { addFeatureFlag } from './support/featureFlags';
import { failedCalls } from './support/failedCalls';
import { browserPerFile } from './support/perTest';
import { readDb, sendJson } from './support/readDb';
import { baseUrl } from './support/server';
import { ADMIN, demoAccount, signIn } from './support/signIn';
import { encodeTriStateItem } from '../../src/lib/triState';

jest.setTimeout(180_000);

const origin = baseUrl();

const GUEST = demoAccount('guest');

/**
 * Assumes the demo seeds views `mission-control/pods` and `mission-control/deployments`
 * flagged for the sidebar, at least one view with a variable offering two or more options,
 * one with a multiselect-filtered column that has options, and one that applies to a seeded
 * config (VIEW-06). Everything else is read from the running demo.
 */

interface ViewSummary {
  id: string;
  name: string;
  namespace: string | null;
  title: string | null;
}

interface Evaluated {
  name: string;
  title?: string | null;
  requestFingerprint?: string;
  columns?: Array<{ name: string; hidden?: boolean; filter?: { type?: string } | null }>;
  panels?: Array<{ name: string; type: string }>;
  variables?: Array<{
    key: string;
    label?: string | null;
    type?: string | null;
    options?: Array<string | number | { value: string | number; label?: string | null }> | null;
    default?: string | number | null;
  }>;
  columnOptions?: Record<string, unknown> | null;
  sections?: Array<{ title: string; viewRef?: { namespace?: string; name: string } | null }>;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const viewTable = (page: Page) => page.locator('table[aria-label="View table"]:not([aria-busy])');
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const titleOf = (view: { title?: string | null; name: string }) => view.title?.trim() || view.name;

/** `memory_limit` → `Memory Limit`, as the table's headers and filters read. */
const header = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** VIEW-02 as the signed-in page would call it. */
async function evaluate(page: Page, id: string, variables: Record<string, string> = {}) {
  return sendJson<Evaluated>(page, 'POST', `/api/view/${encodeURIComponent(id)}`, { variables });
}

async function allViews(page: Page): Promise<ViewSummary[]> {
  return readDb<ViewSummary[]>(page, 'views_summary?select=id,name,namespace,title&order=name.asc');
}

/** The first view (and its evaluation) that `accept` takes. */
async function findView(
  page: Page,
  accept: (result: Evaluated) => boolean,
  what: string,
): Promise<{ view: ViewSummary; result: Evaluated }> {
  for (const view of await allViews(page)) {
    const result = await evaluate(page, view.id);
    if (accept(result)) return { view, result };
  }
  throw new Error(`the demo has no view with ${what}`);
}

const optionValue = (option: string | number | { value: string | number }) =>
  String(typeof option === 'object' ? option.value : option);

/** A seeded view of `mission-control` by name. */
async function seededView(page: Page, name: string): Promise<ViewSummary> {
  const found = (await allViews(page)).find(
    (view) => view.namespace === 'mission-control' && view.name === name,
  );
  if (!found) throw new Error(`the demo has no view mission-control/${name}`);
  return found;
}

/** A view's table read (VIEW-05) for an evaluation's fingerprint. */
const tableRead = (fingerprint: string) => (response: { url(): string }) =>
  new URL(response.url()).pathname.startsWith('/api/db/view_') &&
  new URL(response.url()).searchParams.get('request_fingerprint') === `eq.${fingerprint}`;

/** The total of a Content-Range header (`0-9/42` → 42). */
const totalOf = (range: string | null | undefined) => Number((range ?? '').split('/')[1] ?? NaN);

/** Every panel of an evaluated view drawn by its kind, and its uiRef sections' tables. */
async function expectDrawn(page: Page, answer: Evaluated): Promise<void> {
  for (const panel of answer.panels ?? []) {
    const region = page.getByRole('region', { name: panel.name, exact: true });
    await region.waitFor();
    expect(await region.getAttribute('data-panel-type')).toBe(panel.type);
    // Drawn: neither "No data", an unsupported kind nor an error.
    expect(await region.locator('.mc-view-panel-empty').count()).toBe(0);
    expect(await region.getByRole('alert').count()).toBe(0);
    if (panel.type === 'timeseries') await region.locator('canvas').first().waitFor();
  }
  // uiRef sections: the console's catalog list and changes table.
  for (const section of answer.sections ?? []) {
    const region = page.locator('section.mc-view-section', {
      has: page.getByRole('heading', { name: section.title, level: 2, exact: true }),
    });
    // A console table section is drawn as it comes into view: scroll to it, as a reader would.
    await region.scrollIntoViewIfNeeded();
    await region.locator('table').first().waitFor();
    expect(await region.getByRole('alert').count()).toBe(0);
  }
}

/** A GET of the console's API as the signed-in page would make it. */
async function readJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as T;
  }, `${origin}${path}`);
}

describe('views on the demo backend', () => {
  const run = browserPerFile();

  it('lists the sidebar views and opens one from its entry', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const flagged = await readDb<ViewSummary[]>(
      page,
      'views_summary?sidebar=eq.true&select=id,name,namespace,title&order=ordinal.asc,title.asc',
    );
    expect(flagged.map((view) => `${view.namespace}/${view.name}`)).toEqual(
      expect.arrayContaining(['mission-control/pods', 'mission-control/deployments']),
    );
    const pods = flagged.find((view) => view.name === 'pods')!;
    await sidebar(page)
      .getByRole('link', { name: titleOf(pods), exact: true })
      .click();
    await page.waitForURL(`${origin}/views/${pods.id}`);
    await page.getByRole('heading', { name: titleOf(pods), level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Refresh view' }).waitFor();

    // The same view by namespace and name.
    await page.goto(`${origin}/view/mission-control/pods`);
    await page.getByRole('heading', { name: titleOf(pods), level: 1 }).waitFor();
    await page.goto(`${origin}/view/mission-control/no-such-view`);
    await page.getByRole('heading', { name: 'View not found' }).waitFor();
  });

  it('re-evaluates the view when a variable changes and keeps it in the address', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const { view, result } = await findView(
      page,
      (evaluated) =>
        (evaluated.variables ?? []).some(
          (v) => v.type !== 'multiselect' && (v.options ?? []).length >= 2,
        ),
      'a variable offering two options',
    );
    const variable = result.variables!.find(
      (v) => v.type !== 'multiselect' && (v.options ?? []).length >= 2,
    )!;
    await page.goto(`${origin}/views/${view.id}`);
    const control = page.getByRole('combobox', { name: variable.label || variable.key });
    await control.waitFor();
    const current = await control.inputValue();
    const next = variable.options!.map(optionValue).find((value) => value !== current)!;

    const evaluated = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith(`/api/view/${view.id}`) &&
        (response.request().postData() ?? '').includes(`"${variable.key}":"${next}"`),
    );
    await control.selectOption(next);
    const response = await evaluated;
    expect(response.ok()).toBe(true);
    await page.waitForURL((url) => url.searchParams.get(`var-${variable.key}`) === next);
    // The panels are those of the new evaluation.
    const body = (await response.json()) as Evaluated;
    for (const panel of body.panels ?? []) {
      await page.getByRole('region', { name: panel.name, exact: true }).waitFor();
    }
    expect(await control.inputValue()).toBe(next);

    // A reload evaluates with the address's variable.
    const again = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        r.url().endsWith(`/api/view/${view.id}`) &&
        (r.request().postData() ?? '').includes(`"${variable.key}":"${next}"`),
    );
    await page.reload();
    await again;
    expect(
      await page.getByRole('combobox', { name: variable.label || variable.key }).inputValue(),
    ).toBe(next);
  });

  it("filters the view's table by a column", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    /** A column's filter values: `columnOptions[col]` is a list, or `{ list }`. */
    const optionsOf = (evaluated: Evaluated, name: string): unknown[] => {
      const entry = evaluated.columnOptions?.[name];
      if (Array.isArray(entry)) return entry;
      const list = (entry as { list?: unknown } | undefined)?.list;
      return Array.isArray(list) ? list : [];
    };
    const filterable = (evaluated: Evaluated) =>
      (evaluated.columns ?? []).find(
        (column) =>
          !column.hidden &&
          column.filter?.type === 'multiselect' &&
          optionsOf(evaluated, column.name).length > 0,
      );
    const { view, result } = await findView(
      page,
      (evaluated) => filterable(evaluated) !== undefined,
      'a filterable column with options',
    );
    const column = filterable(result)!;
    const option = optionValue(
      optionsOf(result, column.name)[0] as string | number | { value: string },
    );
    await page.goto(`${origin}/views/${view.id}`);
    await viewTable(page).waitFor();

    const filtered = page.waitForResponse(
      (response) =>
        new URL(response.url()).searchParams.get(`${column.name}.filter`) === option &&
        new URL(response.url()).pathname.startsWith('/api/db/view_'),
    );
    await page.getByRole('button', { name: `${header(column.name)} filter` }).click();
    await page.getByRole('button', { name: `Include ${option}` }).click();
    const response = await filtered;
    expect(response.ok()).toBe(true);
    expect(param(page, column.name)).toBe(`${encodeTriStateItem(option)}:1`);
    await page.keyboard.press('Escape');
    await viewTable(page).waitFor();
    const rows = (await response.json()) as Array<Record<string, unknown>>;
    for (const row of rows) expect(String(row[column.name])).toBe(option);
  });

  it("shows a view's viewRef sections, each evaluated on its own with its panels", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const failures = failedCalls(page);
    const overview = await seededView(page, 'operations-overview');
    const answer = await evaluate(page, overview.id);
    const sections = (answer.sections ?? []).filter((section) => section.viewRef);
    expect(sections.length).toBeGreaterThan(1);
    await page.goto(`${origin}/views/${overview.id}`);
    let withRows = 0;
    for (const section of sections) {
      const region = page.locator('section.mc-view-section', {
        has: page.getByRole('heading', { name: section.title, level: 2, exact: true }),
      });
      await region.waitFor();
      const ref = section.viewRef!;
      const own = await seededView(page, ref.name);
      const evaluated = await evaluate(page, own.id);
      for (const panel of evaluated.panels ?? []) {
        await region.getByRole('region', { name: panel.name, exact: true }).waitFor();
      }
      // Its rows, through its own fingerprint.
      if ((evaluated.columns ?? []).some((column) => !column.hidden)) {
        withRows += 1;
        await region
          .locator('table[aria-label="View table"], ul[aria-label="View cards"]')
          .first()
          .waitFor();
      }
      expect(await region.getByRole('alert').count()).toBe(0);
    }
    // The overview only gathers sections: every table on the page is a section's.
    expect(await page.locator('.mc-view-table').count()).toBe(withRows);
    // A section collapses.
    const first = page.getByRole('button', { name: sections[0]!.title, exact: true });
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(failures).toEqual([]);
  });

  it('shows unhealthy-configs as cards and as a table, the choice in the address', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const failures = failedCalls(page);
    const view = await seededView(page, 'unhealthy-configs');
    await page.goto(`${origin}/views/${view.id}`);
    const toggle = page.getByRole('group', { name: 'Show rows as' });
    await toggle.getByRole('button', { name: 'Cards' }).click();
    await page.waitForURL((url) => url.searchParams.get('display') === 'cards');
    const cards = page.getByRole('list', { name: 'View cards' });
    await cards.getByRole('article').first().waitFor();
    // A config_item title links to the config, from the row's __row__attributes.
    const title = cards.getByRole('article').first().getByRole('link').first();
    expect(await title.getAttribute('href')).toMatch(/^\/catalog\/[0-9a-f-]{36}$/);
    await page.reload();
    await cards.getByRole('article').first().waitFor();

    await toggle.getByRole('button', { name: 'Table' }).click();
    await page.waitForURL((url) => url.searchParams.get('display') !== 'cards');
    await viewTable(page).waitFor();
    const headers = await viewTable(page).getByRole('columnheader').allInnerTexts();
    // The row's attributes and grants are no columns.
    expect(headers).toHaveLength(6);
    expect(headers.join(' ')).not.toMatch(/attributes|grants|fingerprint/i);
    const link = viewTable(page).locator('tbody tr').first().getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(/^\/catalog\/[0-9a-f-]{36}$/);

    // A label's tag filters the table by that label.
    const tag = viewTable(page)
      .getByRole('button', { name: /^Filter by / })
      .first();
    const [key, value] = ((await tag.getAttribute('aria-label')) ?? '')
      .replace(/^Filter by /, '')
      .split(': ') as [string, string];
    const filtered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith('/api/db/view_') &&
        new URL(response.url()).searchParams.get('labels.filter') === `${key}:${value}`,
    );
    await tag.click();
    const response = await filtered;
    expect(response.ok()).toBe(true);
    const rows = (await response.json()) as Array<{ labels: Record<string, string> }>;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.labels[key]).toBe(value);
    await page.waitForURL((url) => url.searchParams.get('labels') !== null);
    expect(failures).toEqual([]);
  });

  it('re-evaluates workloads when a multi-select variable changes, and its rows change', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const failures = failedCalls(page);
    const view = await seededView(page, 'workloads');
    const choices = page.getByRole('group', { name: 'Health' });
    const first = await evaluate(page, view.id);
    expect(first.variables!.find((variable) => variable.key === 'health')?.type).toBe(
      'multiselect',
    );
    const before = page.waitForResponse(tableRead(first.requestFingerprint!));
    const choice = (name: string) =>
      choices.locator('label').filter({ hasText: new RegExp(`^${name}$`) });
    await page.goto(`${origin}/views/${view.id}`);
    const beforeTotal = totalOf((await before).headers()['content-range']);
    await viewTable(page).waitFor();

    // The unset multi-selects read All.
    await page.getByRole('button', { name: 'Namespaces: All' }).waitFor();
    await page.getByRole('button', { name: /^Health: / }).click();
    const evaluated = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith(`/api/view/${view.id}`) &&
        (response.request().postData() ?? '').includes('healthy,'),
    );
    const otherRead = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/db/view_mission_control_workloads' &&
        new URL(response.url()).searchParams.get('request_fingerprint') !==
          `eq.${first.requestFingerprint}`,
    );
    await choice('healthy').click();
    const answer = await evaluated;
    expect(answer.ok()).toBe(true);
    const sent = JSON.parse(answer.request().postData() ?? '{}') as {
      variables: Record<string, string>;
    };
    expect(sent.variables.health!.split(',').sort()).toEqual(['healthy', 'unhealthy', 'warning']);
    expect(param(page, 'var-health')).toBe(sent.variables.health);
    const after = (await answer.json()) as Evaluated;
    const read = await otherRead;
    expect(new URL(read.url()).searchParams.get('request_fingerprint')).toBe(
      `eq.${after.requestFingerprint}`,
    );
    expect(totalOf(read.headers()['content-range'])).toBeGreaterThan(beforeTotal);
    const healthy = ((await read.json()) as Array<{ name: string; health: string }>).find(
      (row) => row.health === 'healthy',
    )!;
    await viewTable(page).getByText(healthy.name, { exact: true }).first().waitFor();

    // All: every option, sent as the engine reads it.
    const all = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith(`/api/view/${view.id}`) &&
        (response.request().postData() ?? '').includes('"health":"All"'),
    );
    if (!(await choices.isVisible())) await page.getByRole('button', { name: /^Health: / }).click();
    await choice('All').click();
    expect((await all).ok()).toBe(true);
    await page.getByRole('button', { name: 'Health: All' }).waitFor();
    expect(failures).toEqual([]);
  });

  it.each([
    ['panel-gallery', true],
    ['mission-control-dashboard', false],
  ])('draws every panel of %s and its sections with no failed call', async (name, everyKind) => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const failures = failedCalls(page);
    const view = await seededView(page, name);
    const answer = await evaluate(page, view.id);
    const panels = answer.panels ?? [];
    if (everyKind) {
      expect([...new Set(panels.map((panel) => panel.type))].sort()).toEqual(
        [
          'bargauge',
          'duration',
          'gauge',
          'heatmap',
          'number',
          'piechart',
          'properties',
          'table',
          'text',
          'timeseries',
        ].sort(),
      );
    }
    expect(panels.length).toBeGreaterThan(0);
    await page.goto(`${origin}/views/${view.id}`);
    await expectDrawn(page, answer);
    expect(failures).toEqual([]);
  });

  it('opens the seeded dashboard at / with every panel drawn and no failed call', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const failures = failedCalls(page);
    const dashboard = await readJson<Evaluated & { id: string }>(page, '/api/dashboard');
    const seeded = await seededView(page, 'mission-control-dashboard');
    expect(dashboard.id).toBe(seeded.id);
    expect(dashboard.panels?.length ?? 0).toBeGreaterThan(0);
    // The sidebar's first entry opens it.
    await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByRole('heading', { name: titleOf(dashboard), level: 1 }).waitFor();
    await expectDrawn(page, dashboard);
    await page.getByRole('button', { name: 'Refresh view' }).waitFor();
    expect(failures).toEqual([]);
  });

  it.each(['editor', 'commander', 'responder', 'viewer', 'guest'])(
    'opens the dashboard at / for the %s, every panel drawn, when the role may read views',
    async (role) => {
      const context = await run.browser.newContext();
      try {
        const page = await context.newPage();
        const failures = failedCalls(page);
        await signIn(page, demoAccount(role), { path: '/' });
        const status = await page.evaluate(
          async (url) => (await fetch(url)).status,
          `${origin}/api/dashboard`,
        );
        if (status === 403) {
          // A role that may not read views is sent to the first page it may read.
          await page.waitForURL((url) => url.pathname !== '/');
          return;
        }
        expect(status).toBe(200);
        const dashboard = await readJson<Evaluated & { id: string }>(page, '/api/dashboard');
        await page.getByRole('heading', { name: titleOf(dashboard), level: 1 }).waitFor();
        await expectDrawn(page, dashboard);
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it("draws the changes, runs and incidents chosen in the address on the dashboard's time series", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const failures = failedCalls(page);
    await page.goto(`${origin}/?events=changes,runs,incidents`);
    const panel = page.getByRole('region', { name: 'Recent changes', exact: true });
    await panel.locator('canvas').first().waitFor();
    const markers = panel.getByRole('list', { name: 'Events on Recent changes' });
    for (const kind of ['changes', 'runs', 'incidents']) {
      await markers.locator(`li[data-kind="${kind}"]`).first().waitFor();
    }
    expect(await panel.getByRole('checkbox', { name: 'Playbook runs' }).isChecked()).toBe(true);
    // Every marker stands between the plotting area's edges, in its kind's lane: changes on
    // the x axis, runs and incidents 16 and 32 px above it.
    const plot = await panel.locator('.u-over').boundingBox();
    const placed = await markers.locator('li').evaluateAll((items) =>
      items.map((item) => ({
        kind: item.getAttribute('data-kind') ?? '',
        box: item.querySelector('.mc-chart-event-marker')!.getBoundingClientRect().toJSON(),
      })),
    );
    expect(plot).not.toBeNull();
    const lanes: Record<string, number> = { changes: 0, runs: 16, incidents: 32 };
    for (const { kind, box } of placed as Array<{ kind: string; box: DOMRect }>) {
      const middle = box.x + box.width / 2;
      expect(middle).toBeGreaterThanOrEqual(plot!.x - 1);
      expect(middle).toBeLessThanOrEqual(plot!.x + plot!.width + 1);
      const axis = plot!.y + plot!.height - lanes[kind]!;
      expect(Math.abs(box.y + box.height / 2 - axis)).toBeLessThan(4);
    }
    // The estate's changes crowd the week: those within a few pixels are one counted marker,
    // so the markers of a kind stand apart.
    await markers.locator('li[data-kind="changes"]:not([data-count="1"])').first().waitFor();
    const changes = await markers.locator('li[data-kind="changes"]').evaluateAll((items) =>
      items.map((item) => ({
        count: Number(item.getAttribute('data-count')),
        middle: (() => {
          const box = item.querySelector('.mc-chart-event-marker')!.getBoundingClientRect();
          return box.x + box.width / 2;
        })(),
      })),
    );
    expect(changes.some((change) => change.count > 1)).toBe(true);
    for (let index = 1; index < changes.length; index += 1) {
      expect(changes[index]!.middle - changes[index - 1]!.middle).toBeGreaterThan(11);
    }
    // Focus shows what, who and when, with the link.
    await markers.locator('li[data-kind="incidents"] .mc-chart-event-marker').first().focus();
    const tip = page.getByTestId('chart-event-tip');
    await tip.waitFor();
    expect(await tip.getByRole('link').first().getAttribute('href')).toMatch(/^\/incidents\//);
    expect(failures).toEqual([]);
  });

  it("draws a check's playbook runs on its Health Overview, on the chosen range", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const failures = failedCalls(page);
    const [latest] = await readJson<Array<{ check_id: string }>>(
      page,
      '/api/db/playbook_runs?check_id=not.is.null&parent_id=is.null&order=created_at.desc&limit=1&select=check_id',
    );
    expect(latest).toBeDefined();
    await page.goto(`${origin}/health?checkId=${latest!.check_id}&timeRange=1y&events=runs`);
    await page.getByRole('tab', { name: 'History' }).waitFor();
    // Below 992 px the chart is a tab of its own.
    const graphTab = page.getByRole('tab', { name: 'Graph' });
    if (await graphTab.isVisible().catch(() => false)) await graphTab.click();
    const chart = page.getByRole('region', { name: 'Health Overview' });
    await chart.locator('canvas').first().waitFor();
    const markers = chart.getByRole('list', { name: 'Events on Health Overview' });
    const marker = markers.locator('li[data-kind="runs"] .mc-chart-event-marker').first();
    await marker.waitFor();
    const plot = await chart.locator('.u-over').boundingBox();
    const box = await marker.boundingBox();
    expect(plot).not.toBeNull();
    expect(box!.x + box!.width / 2).toBeGreaterThanOrEqual(plot!.x - 1);
    expect(box!.x + box!.width / 2).toBeLessThanOrEqual(plot!.x + plot!.width + 1);
    // A run, or several within a few pixels: the runs list over their window.
    expect(await marker.getAttribute('href')).toMatch(/^\/playbooks\/runs[/?]/);
    expect(failures).toEqual([]);
  });

  it('sends a user who may not read views from / to the first page they may read', async () => {
    const admin = await run.context.newPage();
    await signIn(admin, ADMIN, { path: '/health' });
    const [guest] = await readDb<Array<{ id: string }>>(
      admin,
      `people?select=id&email=eq.${encodeURIComponent(GUEST.email)}`,
    );
    const description = `e2e: no views for the guest ${Date.now()}`;
    await sendJson(admin, 'POST', '/api/db/permissions', {
      person_id: guest!.id,
      subject_type: 'person',
      object: 'views',
      action: 'read',
      deny: true,
      description,
    });
    try {
      const context = await run.browser.newContext();
      try {
        const page = await context.newPage();
        await signIn(page, GUEST, { path: '/' });
        await page.waitForURL(`${origin}/health`);
        await page.getByRole('heading', { name: 'Health', level: 1 }).waitFor();
        expect(
          await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).count(),
        ).toBe(0);
      } finally {
        await context.close();
      }
    } finally {
      await sendJson(
        admin,
        'PATCH',
        `/api/db/permissions?description=eq.${encodeURIComponent(description)}`,
        { deleted_at: new Date().toISOString() },
      );
    }
  });

  it("opens a config's view tab", async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/health' });
    const configs = await readDb<Array<{ id: string; type: string }>>(
      page,
      'configs?select=id,type&deleted_at=is.null&type=in.(Kubernetes::Namespace,AWS::EC2::Instance)&limit=20',
    );
    let found:
      { configId: string; view: { id: string; name: string; title?: string | null } } | undefined;
    for (const config of configs) {
      const views = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return response.ok
          ? ((await response.json()) as Array<{ id: string; name: string; title?: string | null }>)
          : [];
      }, `${origin}/api/view/list?config_id=${config.id}`);
      if (views.length > 0) {
        found = { configId: config.id, view: views[0]! };
        break;
      }
    }
    if (!found) throw new Error('no namespace or EC2 instance of the demo has a view (VIEW-06)');

    await page.goto(`${origin}/catalog/${found.configId}/spec`);
    const evaluated = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith(`/api/view/${found!.view.id}`),
    );
    await page.getByRole('tab', { name: titleOf(found.view) }).click();
    await page.waitForURL(`${origin}/catalog/${found.configId}/view/${found.view.id}`);
    const response = await evaluated;
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({ variables: {} });
    await page.getByRole('button', { name: 'Refresh view' }).waitFor();
    expect(await page.getByRole('group', { name: 'Variables' }).count()).toBe(0);
  });

  it('removes the view entries with the feature flag views.disable', async () => {
    const page = await run.context.newPage();
    await signIn(page, ADMIN, { path: '/settings/feature-flags' });
    await page.getByRole('heading', { name: 'Feature Flags', level: 1 }).waitFor();
    const pods = (await allViews(page)).find(
      (view) => view.namespace === 'mission-control' && view.name === 'pods',
    )!;
    const entry = sidebar(page).getByRole('link', { name: titleOf(pods), exact: true });
    await entry.waitFor();

    await addFeatureFlag(page, 'views.disable', 'true');
    await entry.waitFor({ state: 'detached' });
    await page.goto(`${origin}/views/${pods.id}`);
    await page.getByText('You do not have permission to access this page.').waitFor();

    await page.goto(`${origin}/settings/feature-flags`);
    await page.getByRole('button', { name: 'Delete views.disable' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await sidebar(page)
      .getByRole('link', { name: titleOf(pods), exact: true })
      .waitFor();
  });
});
