import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { signInAsAdmin, withServerAndBrowser } from './browserBench';
import type { WeightRoute } from './weightRoutes';
import { WEIGHT_ROUTES } from './weightRoutes';

/** The sign-in page's script budget (the first screen), bytes on the wire. */
export const LOGIN_BUDGET = 200 * 1024;
/** Every route's script budget on a first load signed in, bytes on the wire. */
export const ROUTE_BUDGET = 250 * 1024;

/** Script bytes one page load downloaded. */
export interface PageWeight {
  /** The route pattern (or `/login`). */
  route: string;
  /** The address loaded. */
  url: string;
  /** Response bodies of every script, compressed as the server sent them. */
  scriptBytes: number;
  scriptFiles: number;
  /** The largest script: its file name and bytes. */
  largest: { name: string; bytes: number } | undefined;
  budget: number;
}

/** Quiet for this long with no request open: the page has loaded what it loads. */
const QUIET_MS = 700;
const SETTLE_LIMIT_MS = 60_000;
const STREAMS = new Set(['eventsource', 'websocket']);
/** Spinners shown while a page's code or the session loads. */
const LOADING_SELECTOR = '[aria-label="Loading page"], [aria-label="Loading"]';

/**
 * Loads `url` in a new page of `context` with the HTTP cache off and sums the bodies of the
 * scripts it downloads (their size on the wire) until no spinner of a loading page shows and
 * no request has been open for a while.
 */
async function loadAndWeigh(context: BrowserContext, url: string) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts: Array<Promise<{ name: string; bytes: number }>> = [];
    let open = 0;
    let lastChange = Date.now();
    const settle = () => {
      open -= 1;
      lastChange = Date.now();
    };
    // Streams stay open as long as the page: they do not keep it loading.
    const counted = (request: Request) => !STREAMS.has(request.resourceType());
    page.on('request', (request) => {
      if (!counted(request)) return;
      open += 1;
      lastChange = Date.now();
    });
    page.on('requestfailed', (request) => {
      if (counted(request)) settle();
    });
    page.on('requestfinished', (request) => {
      if (counted(request)) settle();
      if (request.resourceType() !== 'script') return;
      scripts.push(
        request.sizes().then((sizes) => ({
          name: path.basename(new URL(request.url()).pathname),
          bytes: sizes.responseBodySize,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await waitUntilSettled(page, () => open <= 0 && Date.now() - lastChange >= QUIET_MS);
    const files = await Promise.all(scripts);
    const largest = [...files].sort((a, b) => b.bytes - a.bytes)[0];
    return {
      scriptBytes: files.reduce((sum, file) => sum + file.bytes, 0),
      scriptFiles: files.length,
      largest,
    };
  } finally {
    await page.close();
  }
}

async function waitUntilSettled(page: Page, quiet: () => boolean): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  while (Date.now() < deadline) {
    const loading = await page.locator(LOADING_SELECTOR).count();
    if (loading === 0 && quiet()) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`${page.url()} was still loading after ${SETTLE_LIMIT_MS / 1000} s`);
}

/** The address of `route`, its parameters from the demo data when there is a row. */
async function addressOf(
  context: BrowserContext,
  origin: string,
  route: WeightRoute,
): Promise<string> {
  const { sample } = route;
  if (!sample) return route.fallback;
  const response = await context.request.get(
    `${origin}/api/db/${sample.table}?select=${sample.select}&limit=1`,
  );
  if (!response.ok()) return route.fallback;
  const rows = (await response.json()) as Array<Record<string, unknown>>;
  return rows[0] ? sample.href(rows[0]) : route.fallback;
}

/** Signs in once and keeps the session for the fresh contexts of each route. */
async function signedInState(browser: Browser, origin: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAsAdmin(page, origin);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mc-bench-weight-')), 'state');
    await context.storageState({ path: file });
    return file;
  } finally {
    await context.close();
  }
}

/**
 * The script weight of `/login` signed out and of every route of the route table on a first
 * load signed in (each in a fresh browser context, cache off), on the production build.
 */
export async function benchWeight(
  dataDir: string,
  routes: readonly WeightRoute[] = WEIGHT_ROUTES,
): Promise<PageWeight[]> {
  return withServerAndBrowser(dataDir, async (browser, origin) => {
    const weights: PageWeight[] = [];
    const signedOut = await browser.newContext();
    try {
      const url = `${origin}/login`;
      weights.push({
        route: '/login',
        url,
        ...(await loadAndWeigh(signedOut, url)),
        budget: LOGIN_BUDGET,
      });
    } finally {
      await signedOut.close();
    }
    const state = await signedInState(browser, origin);
    try {
      for (const route of routes) {
        const context = await browser.newContext({
          storageState: state,
          viewport: { width: 1440, height: 900 },
        });
        try {
          const url = `${origin}${await addressOf(context, origin, route)}`;
          weights.push({
            route: route.pattern,
            url,
            ...(await loadAndWeigh(context, url)),
            budget: ROUTE_BUDGET,
          });
        } finally {
          await context.close();
        }
      }
    } finally {
      fs.rmSync(path.dirname(state), { recursive: true, force: true });
    }
    return weights;
  });
}
