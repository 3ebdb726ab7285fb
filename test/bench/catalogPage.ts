import type { Page } from 'playwright-core';
import { benchSignedInPage, countRows, median, timedLoads } from './browserBench';

/** Page loads timed per page (after one that warms the server up); the median is reported. */
const LOADS = 5;
const SUMMARY_PATH = '/catalog';
/** The largest type of the demo estate. */
const LIST_TYPE = 'Kubernetes::Pod';
const LIST_PATH = `/catalog?configType=${encodeURIComponent(LIST_TYPE)}`;
/** The long list scrolled: the largest page size, windowed. */
const LONG_LIST_PATH = `${LIST_PATH}&pageSize=200`;

export interface LoadFigure {
  /** Navigation start to the frame after the first rows (ms). */
  navigationToRowsMs: number;
  /** The data's response end to that frame (ms). */
  dataToRowsMs: number;
  /** Request start to response end of the data call (ms). */
  responseMs: number;
}

export interface CatalogPageFigures {
  items: number;
  summary: LoadFigure;
  list: LoadFigure;
  /** A click in the Health filter to the frame after the new rows, each sample (ms). */
  filterChangeMs: number[];
  /** Rows of a 200-row page in the DOM, at the top and after scrolling to the end. */
  domRowsTop: number;
  domRowsBottom: number;
  /** Scrolling the 200-row page to its end, to the frame after (ms). */
  scrollMs: number;
}

interface BenchWindow {
  __catalogBench: { firstRows: number | null; table: string };
}

/** Notes the frame after the first data rows of the table named in `__catalogBench.table`. */
function instrument(): void {
  const bench: BenchWindow['__catalogBench'] = { firstRows: null, table: '' };
  (window as unknown as BenchWindow).__catalogBench = bench;
  const watch = new MutationObserver(() => {
    if (bench.firstRows !== null || bench.table === '') return;
    const cell = document.querySelector(
      `table[aria-label="${bench.table}"]:not([aria-busy]) tbody td:not(.mc-data-table-empty)`,
    );
    if (!cell) return;
    bench.firstRows = -1;
    requestAnimationFrame(() => (bench.firstRows = performance.now()));
  });
  watch.observe(document, { childList: true, subtree: true });
  const table = new URL(location.href).searchParams.has('configType')
    ? 'Config items'
    : 'Config types';
  bench.table = table;
}

async function loadOnce(page: Page, url: string, dataPath: string): Promise<LoadFigure> {
  await page.goto(url);
  await page.waitForFunction(
    () => ((window as unknown as BenchWindow).__catalogBench.firstRows ?? 0) > 0,
    undefined,
    { timeout: 120_000 },
  );
  return page.evaluate((path) => {
    const firstRows = (window as unknown as BenchWindow).__catalogBench.firstRows ?? NaN;
    const data = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry.name.includes(path))
      .filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= firstRows)
      .pop();
    if (!data) throw new Error(`no ${path} response before the first rows`);
    return {
      navigationToRowsMs: firstRows,
      dataToRowsMs: firstRows - data.responseEnd,
      responseMs: data.responseEnd - data.requestStart,
    };
  }, dataPath);
}

async function loads(page: Page, url: string, dataPath: string): Promise<LoadFigure> {
  const figures = await timedLoads(LOADS, () => loadOnce(page, url, dataPath));
  return {
    navigationToRowsMs: median(figures.map((f) => f.navigationToRowsMs)),
    dataToRowsMs: median(figures.map((f) => f.dataToRowsMs)),
    responseMs: median(figures.map((f) => f.responseMs)),
  };
}

/** What identifies the rows shown: the pager's range text and the first row. */
function rowsSignature(): string {
  const pager = document.querySelector('nav[aria-label="Pagination"]')?.textContent ?? '';
  const first =
    document.querySelector('table[aria-label="Config items"] tbody tr')?.textContent ?? '';
  return `${pager}|${first}`;
}

/**
 * Clicks the button named `name` and waits for other rows: the time from the click to the
 * frame after the table shows them.
 */
async function timeFilterClick(page: Page, name: string): Promise<number> {
  await page.evaluate((signatureSource) => {
    const signature = new Function(`return (${signatureSource})()`) as () => string;
    const before = signature();
    const w = window as unknown as { __filterDone: Promise<number>; __clickAt: number };
    w.__filterDone = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error('the rows did not change within 30 s of the filter change'));
      }, 30_000);
      const observer = new MutationObserver(() => {
        const busy = document.querySelector('table[aria-label="Config items"][aria-busy]');
        if (busy || signature() === before) return;
        observer.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve(performance.now() - w.__clickAt));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    document.addEventListener('click', () => (w.__clickAt = performance.now()), {
      capture: true,
      once: true,
    });
  }, rowsSignature.toString());
  await page.getByRole('button', { name, exact: true }).click();
  return page.evaluate(() => (window as unknown as { __filterDone: Promise<number> }).__filterDone);
}

async function measure(page: Page, origin: string): Promise<CatalogPageFigures> {
  const items = await countRows(page, '/api/db/configs?select=id&limit=1');

  const summary = await loads(page, `${origin}${SUMMARY_PATH}`, '/api/catalog/summary');
  const list = await loads(page, `${origin}${LIST_PATH}`, '/api/db/configs');

  // Filter changes, each to rows not seen before (nothing answered from the cache).
  await page.getByRole('button', { name: /^Health filter/ }).click();
  await page.getByRole('list', { name: 'Health' }).waitFor();
  const filterChangeMs: number[] = [];
  // unhealthy; unhealthy or healthy; not healthy; healthy; healthy or unknown.
  for (const name of [
    'Include unhealthy',
    'Include healthy',
    'Exclude healthy',
    'Include healthy',
    'Include unknown',
  ]) {
    filterChangeMs.push(await timeFilterClick(page, name));
  }

  await page.goto(`${origin}${LONG_LIST_PATH}`);
  const table = page.locator('table[aria-label="Config items"]:not([aria-busy])');
  await table.waitFor();
  const domRows = () =>
    page.evaluate(
      () =>
        document.querySelectorAll(
          'table[aria-label="Config items"] tbody tr:not(.mc-data-table-pad)',
        ).length,
    );
  const domRowsTop = await domRows();
  const scrollMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const box = document.querySelector('table[aria-label="Config items"]')
          ?.parentElement as HTMLElement;
        const started = performance.now();
        box.scrollTop = box.scrollHeight;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(performance.now() - started)),
        );
      }),
  );
  const domRowsBottom = await domRows();
  return { items, summary, list, filterChangeMs, domRowsTop, domRowsBottom, scrollMs };
}

/**
 * Starts the console on the seeded demo database in `dataDir`, signs in with Chromium and
 * times the catalog: the summary and a type's list loading, filter changes and scrolling a
 * 200-row page. The server is stopped at the end, whatever happens.
 */
export function benchCatalogPage(dataDir: string): Promise<CatalogPageFigures> {
  return benchSignedInPage(
    dataDir,
    { init: (context) => context.addInitScript(instrument) },
    measure,
  );
}

export const CATALOG_PAGE_LOADS = LOADS;
