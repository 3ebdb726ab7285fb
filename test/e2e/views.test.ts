import type { Page } from 'playwright-core';
import { addFeatureFlag } from './support/featureFlags';
import { browserPerFile } from './support/perTest';
import { readDb, sendJson } from './support/readDb';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';
import { encodeTriStateItem } from '../../src/lib/triState';

jest.setTimeout(180_000);

const origin = baseUrl();

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
  panels?: Array<{ name: string }>;
  variables?: Array<{
    key: string;
    label?: string | null;
    options?: Array<string | number | { value: string | number; label?: string | null }> | null;
    default?: string | number | null;
  }>;
  columnOptions?: Record<string, unknown> | null;
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
      (evaluated) => (evaluated.variables ?? []).some((v) => (v.options ?? []).length >= 2),
      'a variable offering two options',
    );
    const variable = result.variables!.find((v) => (v.options ?? []).length >= 2)!;
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
