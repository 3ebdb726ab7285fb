import type { Browser, Page } from 'playwright-core';
import { median, signInAsAdmin, withServerAndBrowser } from './browserBench';

/** Page loads timed (after one that warms the server up); the median is reported. */
export const CHANGES_PAGE_LOADS = 5;
/** The range the page is timed over: a week, wider than the default two days. */
const PAGE_PATH = '/catalog/changes?rangeType=relative&range=now-7d';
/** Severities chosen one after the other: each a request not answered before. */
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];

export interface ChangesPageFigures {
  /** Changes in the database, and those the page's range matched at first. */
  changes: number;
  inRange: number;
  /** Navigation start to the frame after the first rows (ms). */
  navigationToRowsMs: number;
  /** The response end of CAT-19 to that frame (ms). */
  dataToRowsMs: number;
  /** Request start to response end of CAT-19 (ms). */
  responseMs: number;
  /** A severity chosen to the frame after the new rows, each sample (ms). */
  filterChangeMs: number[];
}

interface BenchWindow {
  __changesBench: { firstRows: number | null };
}

/** Notes the frame after the first rows of the Changes table. */
function instrument(): void {
  const bench: BenchWindow['__changesBench'] = { firstRows: null };
  (window as unknown as BenchWindow).__changesBench = bench;
  const watch = new MutationObserver(() => {
    if (bench.firstRows !== null) return;
    const cell = document.querySelector(
      'table[aria-label="Changes"]:not([aria-busy]) tbody td:not(.mc-data-table-empty)',
    );
    if (!cell) return;
    bench.firstRows = -1;
    requestAnimationFrame(() => (bench.firstRows = performance.now()));
  });
  watch.observe(document, { childList: true, subtree: true });
}

interface LoadFigure {
  navigationToRowsMs: number;
  dataToRowsMs: number;
  responseMs: number;
}

async function loadOnce(page: Page, url: string): Promise<LoadFigure> {
  await page.goto(url);
  await page.waitForFunction(
    () => ((window as unknown as BenchWindow).__changesBench.firstRows ?? 0) > 0,
    undefined,
    { timeout: 120_000 },
  );
  return page.evaluate(() => {
    const firstRows = (window as unknown as BenchWindow).__changesBench.firstRows ?? NaN;
    const data = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming =>
        entry.name.includes('/api/catalog/changes'),
      )
      .filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= firstRows)
      .pop();
    if (!data) throw new Error('no /api/catalog/changes response before the first rows');
    return {
      navigationToRowsMs: firstRows,
      dataToRowsMs: firstRows - data.responseEnd,
      responseMs: data.responseEnd - data.requestStart,
    };
  });
}

/** What identifies the rows shown: the pager's text and the first row. */
function rowsSignature(): string {
  const pager = document.querySelector('nav[aria-label="Pagination"]')?.textContent ?? '';
  const first = document.querySelector('table[aria-label="Changes"] tbody tr')?.textContent ?? '';
  return `${pager}|${first}`;
}

/** Chooses a severity and waits for other rows: the change event to the frame after them. */
async function timeSeverity(page: Page, severity: string): Promise<number> {
  await page.evaluate((signatureSource) => {
    const signature = new Function(`return (${signatureSource})()`) as () => string;
    const before = signature();
    const w = window as unknown as { __filterDone: Promise<number>; __changedAt: number };
    w.__filterDone = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error('the rows did not change within 30 s of the severity change'));
      }, 30_000);
      const observer = new MutationObserver(() => {
        const busy = document.querySelector('table[aria-label="Changes"][aria-busy]');
        if (busy || signature() === before) return;
        observer.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve(performance.now() - w.__changedAt));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    document.addEventListener('change', () => (w.__changedAt = performance.now()), {
      capture: true,
      once: true,
    });
  }, rowsSignature.toString());
  await page.getByRole('combobox', { name: 'Severity' }).selectOption(severity);
  return page.evaluate(() => (window as unknown as { __filterDone: Promise<number> }).__filterDone);
}

async function measure(browser: Browser, origin: string): Promise<ChangesPageFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await signInAsAdmin(page, origin);
    const counts = await page.evaluate(async () => {
      const all = await fetch('/api/db/config_changes?select=id&limit=1', {
        headers: { Prefer: 'count=exact' },
      });
      const week = await fetch('/api/catalog/changes', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ from: 'now-7d', to: 'now', page_size: 1, recursive: 'none' }),
      });
      return {
        changes: Number(all.headers.get('content-range')?.split('/')[1] ?? NaN),
        inRange: ((await week.json()) as { total?: number }).total ?? 0,
      };
    });

    const url = `${origin}${PAGE_PATH}`;
    await loadOnce(page, url);
    const loads: LoadFigure[] = [];
    for (let i = 0; i < CHANGES_PAGE_LOADS; i += 1) loads.push(await loadOnce(page, url));

    const filterChangeMs: number[] = [];
    for (const severity of SEVERITIES) filterChangeMs.push(await timeSeverity(page, severity));
    return {
      ...counts,
      navigationToRowsMs: median(loads.map((l) => l.navigationToRowsMs)),
      dataToRowsMs: median(loads.map((l) => l.dataToRowsMs)),
      responseMs: median(loads.map((l) => l.responseMs)),
      filterChangeMs,
    };
  } finally {
    await context.close();
  }
}

/**
 * Starts the console on the seeded demo database in `dataDir` and times the changes page:
 * a week of changes loading, then severity changes to new rows.
 */
export function benchChangesPage(dataDir: string): Promise<ChangesPageFigures> {
  return withServerAndBrowser(dataDir, measure);
}
