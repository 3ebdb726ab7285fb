import type { Browser, Page, Response } from 'playwright-core';
import { appPages, standalonePages } from '../../src/app/routes';
import { CONFIG_ITEM_TABS } from '../../src/features/catalog/item/model/tabs';
import { BOUNDARY_TITLE, CRASH_TITLE } from '../../src/app/pages/CrashPage';
import { UNAUTHORIZED_TITLE } from '../../src/ui/Unauthorized';
import { launchBrowser } from './support/browser';
import { readDb } from './support/readDb';
import { baseUrl } from './support/server';
import { signIn } from './support/signIn';

jest.setTimeout(600_000);

const origin = baseUrl();

/** The six demo roles, each signed in once and sent through every route. */
const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;

type Ids = Record<string, string>;

async function firstId(page: Page, query: string, column = 'id'): Promise<string> {
  const rows = await readDb<Array<Record<string, string | null>>>(page, `${query}&limit=1`);
  const value = rows[0]?.[column];
  if (!value) throw new Error(`the seeded demo database has no row for ${query}`);
  return value;
}

/** Ids and names from the seeded estate for every `:param` of the route table. */
async function loadIds(page: Page): Promise<Ids> {
  const [application] = await readDb<Array<{ name: string; namespace: string }>>(
    page,
    'applications?select=name,namespace&deleted_at=is.null&namespace=not.is.null&limit=1',
  );
  const [view] = await readDb<Array<{ id: string; name: string; namespace: string }>>(
    page,
    'views?select=id,name,namespace&deleted_at=is.null&namespace=not.is.null&order=name&limit=1',
  );
  // A scraper's newest run; a seed without one still fills the route (the page says not found).
  const [scrapeRun] = await readDb<Array<{ id: string; resource_id: string }>>(
    page,
    'job_history?select=id,resource_id&name=eq.Scraper&resource_type=eq.config_scraper&order=created_at.desc&limit=1',
  );
  const scraper = await firstId(page, 'config_scrapers?select=id&deleted_at=is.null');
  return {
    scrapeRunScraper: scrapeRun?.resource_id ?? scraper,
    scrapeRun: scrapeRun?.id ?? '00000000-0000-0000-0000-000000000000',
    topology: await firstId(page, 'components?select=id&deleted_at=is.null&parent_id=is.null'),
    incident: await firstId(page, 'incidents?select=id&order=created_at.desc'),
    config: await firstId(
      page,
      'config_items?select=id&deleted_at=is.null&order=updated_at.desc.nullslast',
    ),
    playbook: await firstId(page, 'playbooks?select=id&deleted_at=is.null&order=name'),
    run: await firstId(page, 'playbook_runs?select=id&order=created_at.desc'),
    resource: await firstId(
      page,
      'notification_send_history?select=resource_id&order=created_at.desc',
      'resource_id',
    ),
    scraper,
    team: await firstId(page, 'teams?select=id&deleted_at=is.null'),
    incidentRule: await firstId(page, 'incident_rules?select=id&deleted_at=is.null'),
    canary: await firstId(page, 'canaries?select=id&deleted_at=is.null'),
    settingsTopology: await firstId(page, 'topologies?select=id&deleted_at=is.null'),
    applicationName: application!.name,
    applicationNamespace: application!.namespace,
    view: view!.id,
    viewName: view!.name,
    viewNamespace: view!.namespace,
  };
}

/** An address of the route table, and whether its page stands outside the shell. */
interface Address {
  path: string;
  standalone: boolean;
}

/** Each route of the route table as an address, its parameters filled from the estate. */
function addresses(ids: Ids): Address[] {
  const fill: Record<string, (path: string) => string[]> = {
    '/topology/:id': () => [`/topology/${ids.topology}`],
    '/incidents/:id': () => [`/incidents/${ids.incident}`],
    '/catalog/:id/*': () => [
      `/catalog/${ids.config}`,
      ...CONFIG_ITEM_TABS.map((tab) => `/catalog/${ids.config}/${tab.id}`),
    ],
    '/playbooks/:id': () => [`/playbooks/${ids.playbook}`],
    '/playbooks/runs/:id': () => [`/playbooks/runs/${ids.run}`],
    '/applications/:namespace/:name': () => [
      `/applications/${ids.applicationNamespace}/${ids.applicationName}`,
    ],
    '/views/:id': () => [`/views/${ids.view}`],
    '/view/:namespace/:name': () => [`/view/${ids.viewNamespace}/${ids.viewName}`],
    '/view/:name': () => [`/view/${ids.viewName}`],
    '/notifications/resource/:resourceId': () => [`/notifications/resource/${ids.resource}`],
    '/settings/integrations/:type/:id': () => [`/settings/integrations/scrapers/${ids.scraper}`],
    '/settings/teams/:id': () => [`/settings/teams/${ids.team}`],
    '/settings/incident_rules/:id': () => [`/settings/incident_rules/${ids.incidentRule}`],
    '/settings/canaries/:id': () => [`/settings/canaries/${ids.canary}`],
    '/settings/topologies/:id': () => [`/settings/topologies/${ids.settingsTopology}`],
    '/settings/views/:id': () => [`/settings/views/${ids.view}`],
    '/catalog/scrapers/:id': () => [`/catalog/scrapers/${ids.scraper}`],
    '/catalog/scrapers/:id/runs/:runId': () => [
      `/catalog/scrapers/${ids.scrapeRunScraper}/runs/${ids.scrapeRun}`,
    ],
    '/view/topology/:id': () => [`/view/topology/${ids.topology}`],
    // A job the demo runs and the seed has a history of.
    '/settings/jobs/:name': () => ['/settings/jobs/CleanupEventQueue'],
    // Without a subject, then a role's and a team's access with denied entries (the search).
    '/settings/permissions/subjects': (path) => [
      path,
      `${path}?subject=editor&denied=true`,
      `${path}?subject=${ids.team}&types=playbook&actions=read,playbook:run`,
    ],
    // The page, then a preset permission dialog and the access check preset to mcp:use.
    '/settings/mcp': (path) => [path, `${path}?add=playbook`, `${path}?check=mcp`],
  };
  // `/` (the dashboard) is a page of the route table like the others.
  const standalone = new Set<AppPageOf>(standalonePages);
  return [...appPages, ...standalonePages].flatMap((page) => {
    // A page without parameters is visited at its path unless the map lists its addresses.
    const filled = fill[page.path] ?? (page.path.includes(':') ? undefined : () => [page.path]);
    if (!filled) throw new Error(`the sweep has no ids for ${page.path}`);
    return filled(page.path).map((path) => ({ path, standalone: standalone.has(page) }));
  });
}

type AppPageOf = (typeof standalonePages)[number] | (typeof appPages)[number];

/** What every page renders once its route has loaded: the shell's main area or a full page. */
const RENDERED = 'main, .mc-centered-page';

interface Visit {
  failures: string[];
  forbidden: string[];
}

/**
 * How an address is opened: `load`, the browser loads it afresh (a deep link); `navigate`, the
 * console's router goes there from the page shown, as the browser's back and forward do (a
 * `popstate`), and the shell's main area says when it shows that address's page (`data-path`).
 */
type Opening = 'load' | 'navigate';

/** Goes to `path` inside the console: the history entry, then the router told of it. */
function navigateInApp(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

/** Whether the shell's main area shows the page of the current address (after redirects). */
function showsCurrentAddress(): boolean {
  const main = document.querySelector('main[data-path]');
  return main?.getAttribute('data-path') === `${window.location.pathname}${window.location.search}`;
}

/**
 * Opens an address and waits until the page has settled: the route's chunk loaded, no skeleton
 * or page spinner left and no request of the console in flight. Returns what went wrong.
 */
async function visit(page: Page, path: string, opening: Opening): Promise<Visit> {
  const failures: string[] = [];
  const forbidden: string[] = [];
  const inFlight = new Set<unknown>();
  const onRequest = (request: { url(): string }) => {
    if (request.url().startsWith(`${origin}/api/`)) inFlight.add(request);
  };
  const onDone = (request: unknown) => inFlight.delete(request);
  const onResponse = (response: Response) => {
    const url = response.url();
    if (!url.startsWith(`${origin}/api/`)) return;
    const status = response.status();
    const what = `${response.request().method()} ${url.slice(origin.length)} → ${status}`;
    if (status === 400 || status >= 500) failures.push(what);
    if (status === 403) forbidden.push(what);
  };
  const onPageError = (error: Error) => failures.push(`uncaught: ${error.message}`);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('response', onResponse);
  page.on('pageerror', onPageError);
  try {
    try {
      if (opening === 'load') {
        await page.goto(`${origin}${path}`);
        await page.locator(RENDERED).first().waitFor({ timeout: 15_000 });
      } else {
        await page.evaluate(navigateInApp, path);
        await page.waitForFunction(showsCurrentAddress, undefined, { timeout: 15_000 });
      }
    } catch {
      failures.push(`nothing rendered: ${(await page.locator('body').innerText()).slice(0, 200)}`);
      return { failures, forbidden };
    }
    // Settled: nothing loading on screen and no request in flight, seen twice in a row.
    let quiet = 0;
    while (quiet < 2) {
      const loading = await page
        .locator('[aria-label="Loading page"], .bp6-skeleton, .bp5-skeleton')
        .count();
      quiet = loading === 0 && inFlight.size === 0 ? quiet + 1 : 0;
      if (quiet < 2) await page.waitForTimeout(100);
    }
    for (const title of [CRASH_TITLE, BOUNDARY_TITLE]) {
      if (await page.getByText(title, { exact: true }).count()) failures.push('the crash view');
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
    page.off('response', onResponse);
    page.off('pageerror', onPageError);
  }
  return { failures, forbidden };
}

describe('every route, as every role', () => {
  let browser: Browser;
  let ids: Ids;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'admin', { path: '/health' });
    ids = await loadIds(page);
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(ROLES)(
    '%s: no failed call, no refused call on an allowed page, no crash',
    async (role) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await signIn(page, role, { path: '/health' });
        const problems: string[] = [];
        // Each address is loaded afresh by one role in turn (every address is a deep link for
        // one role, the six together cover them all), and reached inside the console by the
        // other five: a page's own state must not depend on how it was reached.
        const turn = ROLES.indexOf(role);
        for (const [index, { path, standalone }] of addresses(ids).entries()) {
          const opening: Opening =
            standalone || index === 0 || index % ROLES.length === turn ? 'load' : 'navigate';
          const { failures, forbidden } = await visit(page, path, opening);
          const refused = await page.getByText(UNAUTHORIZED_TITLE, { exact: true }).count();
          if (forbidden.length > 0 && refused === 0) failures.push(...forbidden);
          problems.push(...failures.map((failure) => `${path}: ${failure}`));
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
