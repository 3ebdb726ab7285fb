import type { ChildProcess } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureBuild } from '../../server/build';
import { launchBrowser } from '../e2e/support/browser';
import { ROOT, startServer } from '../e2e/support/server';

const ADMIN = { email: 'admin@demo.local', password: 'demo-admin-pass' };

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The nearest-rank percentile `fraction` (0 to 1) of the values: the 95th is `0.95`. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1] ?? NaN;
}

/** Signs the page in as the demo admin and waits to leave the sign-in page. */
export async function signInAsAdmin(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-Mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
}

/** Stops a server started for a bench, forcibly after 15 s. */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Builds the console if needed, starts it on the demo database in `dataDir` (already seeded)
 * and runs `measure` in Chromium against it. The server is stopped at the end, whatever
 * happens; the folder is left for the caller to remove.
 */
export async function withServerAndBrowser<T>(
  dataDir: string,
  measure: (browser: Browser, origin: string) => Promise<T>,
): Promise<T> {
  await ensureBuild(ROOT);
  const { server, child } = await startServer({ DATA_DIR: dataDir });
  // Leaving early (Ctrl+C, an uncaught error) stops the server too.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    const browser = await launchBrowser();
    try {
      return await measure(browser, server.url);
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(child);
    process.off('exit', killOnExit);
  }
}

/** What a page bench sets up before signing in. */
export interface BenchPageSetup {
  /** Adds the bench's init scripts to the context, so that they run in every document. */
  init: (context: BrowserContext) => Promise<unknown>;
  /** The window size; 1440×900 unless told. */
  viewport?: { width: number; height: number };
}

/**
 * Starts the console on the demo database in `dataDir` as `withServerAndBrowser` does and runs
 * `measure` on a page of a fresh browser context set up by `setup`, signed in as the demo admin.
 * The context is closed at the end, whatever happens.
 */
export function benchSignedInPage<T>(
  dataDir: string,
  setup: BenchPageSetup,
  measure: (page: Page, origin: string, context: BrowserContext) => Promise<T>,
): Promise<T> {
  return withServerAndBrowser(dataDir, async (browser, origin) => {
    const context = await browser.newContext({
      viewport: setup.viewport ?? { width: 1440, height: 900 },
    });
    try {
      await setup.init(context);
      const page = await context.newPage();
      await signInAsAdmin(page, origin);
      return await measure(page, origin, context);
    } finally {
      await context.close();
    }
  });
}

/**
 * The number of rows PostgREST counts for `address` (e.g. `/api/db/configs?select=id&limit=1`),
 * asked from the signed-in page.
 */
export function countRows(page: Page, address: string): Promise<number> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Prefer: 'count=exact' } });
    return Number(response.headers.get('content-range')?.split('/')[1] ?? NaN);
  }, address);
}

/** One load that warms the server and the browser's cache up, then `times` timed loads. */
export async function timedLoads<F>(times: number, load: () => Promise<F>): Promise<F[]> {
  await load();
  const loads: F[] = [];
  for (let i = 0; i < times; i += 1) loads.push(await load());
  return loads;
}

interface FirstPaintWindow {
  __firstPaint: { at: number | null };
}

/**
 * An init script (`context.addInitScript(noteFirstPaint, selector)`): notes the frame after
 * `selector` first matches in the document, in `window.__firstPaint.at`.
 */
export function noteFirstPaint(selector: string): void {
  const note: FirstPaintWindow['__firstPaint'] = { at: null };
  (window as unknown as FirstPaintWindow).__firstPaint = note;
  const watch = new MutationObserver(() => {
    if (note.at !== null || !document.querySelector(selector)) return;
    note.at = -1;
    requestAnimationFrame(() => (note.at = performance.now()));
  });
  watch.observe(document, { childList: true, subtree: true });
}

/** One load of a page watched by `noteFirstPaint`. */
export interface FirstPaintFigure {
  /** Navigation start to the frame after the first match (ms). */
  navigationToFirstMs: number;
  /** The response end of the data request to that frame (ms). */
  dataToFirstMs: number;
  /** Request start to response end of the data request (ms). */
  responseMs: number;
}

/**
 * Loads `url` (in a context with `noteFirstPaint`) and times it against the last response
 * whose address contains `dataPath` that ended before the first paint.
 */
export async function loadUntilFirstPaint(
  page: Page,
  url: string,
  dataPath: string,
): Promise<FirstPaintFigure> {
  await page.goto(url);
  await page.waitForFunction(
    () => ((window as unknown as FirstPaintWindow).__firstPaint.at ?? 0) > 0,
    undefined,
    { timeout: 120_000 },
  );
  return page.evaluate((path) => {
    const firstPaint = (window as unknown as FirstPaintWindow).__firstPaint.at ?? NaN;
    const data = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry.name.includes(path))
      .filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= firstPaint)
      .pop();
    if (!data) throw new Error(`no ${path} response before the first paint`);
    return {
      navigationToFirstMs: firstPaint,
      dataToFirstMs: firstPaint - data.responseEnd,
      responseMs: data.responseEnd - data.requestStart,
    };
  }, dataPath);
}

/**
 * Times a change made by `act` (a `change` event, e.g. choosing an option) to the frame after
 * the content `signature` describes is different and nothing matches `busySelector`.
 * `signature` runs in the page: a plain function without named inner functions.
 */
export async function timeChangeToNewContent(
  page: Page,
  signature: () => string,
  busySelector: string,
  act: () => Promise<void>,
): Promise<number> {
  await page.evaluate(
    ({ signatureSource, busy }) => {
      const read = new Function(`return (${signatureSource})()`) as () => string;
      const before = read();
      const w = window as unknown as { __changeDone: Promise<number>; __changedAt: number };
      w.__changeDone = new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error('the content did not change within 30 s of the change'));
        }, 30_000);
        const observer = new MutationObserver(() => {
          if (document.querySelector(busy) || read() === before) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(performance.now() - w.__changedAt));
        });
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
        });
      });
      document.addEventListener('change', () => (w.__changedAt = performance.now()), {
        capture: true,
        once: true,
      });
    },
    { signatureSource: signature.toString(), busy: busySelector },
  );
  await act();
  return page.evaluate(() => (window as unknown as { __changeDone: Promise<number> }).__changeDone);
}

/** The median of each figure of the loads. */
export function medianFirstPaint(loads: FirstPaintFigure[]): FirstPaintFigure {
  return {
    navigationToFirstMs: median(loads.map((l) => l.navigationToFirstMs)),
    dataToFirstMs: median(loads.map((l) => l.dataToFirstMs)),
    responseMs: median(loads.map((l) => l.responseMs)),
  };
}
