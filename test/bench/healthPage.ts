import type { BrowserContext, Page } from 'playwright-core';
import { DEFAULT_GROUP_BY } from '../../src/features/health/model/groupChecks';
import { benchSignedInPage, median, timedLoads } from './browserBench';

/** Page loads timed (after one that warms the server up); the median is reported. */
const LOADS = 5;
/** Group By changes timed; the median is reported. */
const INTERACTIONS = 5;
/** Searches timed (each a canary name from across the list); median and 95th percentile. */
const SEARCHES = 20;
/** Every check listed (Hide Passing off), grouped by canary as by default. */
const HEALTH_PATH = '/health?hidePassing=false';
const SUMMARY_PATH = '/api/canary/api/summary';

export interface HealthPageFigures {
  /** Checks in the summary the page received. */
  checks: number;
  /** Rows of the list after loading (canary groups). */
  rows: number;
  /** Size of the summary response body (decoded). */
  summaryBytes: number;
  /** Request start to response end of the summary, median (ms). */
  summaryMs: number;
  /** Navigation start to the frame after the first rows are in the page, median (ms). */
  navigationToRowsMs: number;
  /** Summary response end to that frame, median (ms). */
  dataToRowsMs: number;
  /** Last keystroke in the search box to the frame after the filtered rows, each search (ms). */
  searchWithDebounceMs: number[];
  /**
   * The search taking effect (the address changing, after the debounce) to that frame, each
   * search (ms).
   */
  searchWithoutDebounceMs: number[];
  /** A new Group By choice to the frame after the regrouped rows, median (ms). */
  groupByMs: number;
  /** Each Group By change timed, in order: the choice and its time (ms). */
  groupBySamples: Array<{ choice: string; ms: number }>;
  /** JS heap in use after load, as Chromium reports it, before and after a garbage collection. */
  heapUsedBytes: number;
  heapUsedAfterGcBytes: number;
}

interface BenchWindow {
  __bench: {
    firstRows: number | null;
    lastKey: number;
    lastChange: number;
    lastUrl: number;
    pending: Promise<{ mutation: number; frame: number }> | null;
  };
}

/**
 * Installed in every page before its scripts run: notes the first list rows (and the frame
 * after them), the last keystroke, the last select change and the last address change.
 */
function instrument(): void {
  const bench: BenchWindow['__bench'] = {
    firstRows: null,
    lastKey: 0,
    lastChange: 0,
    lastUrl: 0,
    pending: null,
  };
  (window as unknown as BenchWindow).__bench = bench;
  document.addEventListener('keydown', () => (bench.lastKey = performance.now()), true);
  document.addEventListener('change', () => (bench.lastChange = performance.now()), true);
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      bench.lastUrl = performance.now();
      original(...args);
    };
  }
  const watch = new MutationObserver(() => {
    if (bench.firstRows !== null || !document.querySelector('tr.mc-health-row')) return;
    watch.disconnect();
    requestAnimationFrame(() => (bench.firstRows = performance.now()));
  });
  watch.observe(document, { childList: true, subtree: true });
}

/** Starts watching the list for its next change; resolves at the frame after it. */
function armListChange(): void {
  const bench = (window as unknown as BenchWindow).__bench;
  const main = document.querySelector('.mc-health-main');
  if (!main) throw new Error('the health list is not on the page');
  const controls = main.querySelector('.mc-health-controls');
  bench.pending = new Promise((resolve) => {
    const observer = new MutationObserver((records) => {
      if (records.every((record) => controls?.contains(record.target))) return;
      observer.disconnect();
      const mutation = performance.now();
      requestAnimationFrame(() => resolve({ mutation, frame: performance.now() }));
    });
    observer.observe(main, { childList: true, subtree: true, attributes: true });
  });
}

interface LoadFigures {
  navigationToRowsMs: number;
  dataToRowsMs: number;
  summaryMs: number;
  summaryBytes: number;
}

/** Opens the list afresh and reads the page's own timings. */
async function loadOnce(page: Page, origin: string): Promise<LoadFigures> {
  await page.goto(`${origin}${HEALTH_PATH}`);
  await page.waitForFunction(() => (window as unknown as BenchWindow).__bench.firstRows !== null, {
    timeout: 120_000,
  });
  return page.evaluate((summaryPath) => {
    const firstRows = (window as unknown as BenchWindow).__bench.firstRows ?? NaN;
    const summary = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry.name.includes(summaryPath))
      .find((entry) => entry.responseEnd > 0 && entry.responseEnd <= firstRows);
    if (!summary) throw new Error('no summary response before the first rows');
    return {
      navigationToRowsMs: firstRows,
      dataToRowsMs: firstRows - summary.responseEnd,
      summaryMs: summary.responseEnd - summary.requestStart,
      summaryBytes: summary.decodedBodySize,
    };
  }, SUMMARY_PATH);
}

/** Does `act` and waits for the list's next change; returns the page's marks. */
async function timeChange(
  page: Page,
  act: () => Promise<unknown>,
): Promise<{
  mutation: number;
  frame: number;
  lastKey: number;
  lastChange: number;
  lastUrl: number;
}> {
  await page.evaluate(armListChange);
  await act();
  return page.evaluate(async () => {
    const bench = (window as unknown as BenchWindow).__bench;
    const change = await bench.pending;
    if (!change) throw new Error('the list change was not armed');
    return {
      ...change,
      lastKey: bench.lastKey,
      lastChange: bench.lastChange,
      lastUrl: bench.lastUrl,
    };
  });
}

async function rowCount(page: Page): Promise<number> {
  const table = page.getByRole('table', { name: 'Health checks' });
  await table.waitFor();
  return Number(await table.getAttribute('aria-rowcount')) - 1;
}

/** Waits until the list shows `count` rows (or, for 0, the empty state). */
async function waitForRows(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const table = document.querySelector('table[aria-label="Health checks"]');
      if (!table) return expected === 0 && document.querySelector('.mc-health-empty') !== null;
      return Number(table.getAttribute('aria-rowcount')) - 1 === expected;
    },
    count,
    { timeout: 30_000 },
  );
}

interface SummaryCheck {
  canary_name?: string;
}

/** Search texts that each narrow the list: canary names from across the summary. */
async function searchTerms(page: Page): Promise<{ terms: string[]; checks: number }> {
  const checks = await page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { Accept: 'application/json' } });
    return ((await response.json()) as { checks_summary: SummaryCheck[] }).checks_summary;
  }, SUMMARY_PATH);
  const names = [...new Set(checks.map((check) => check.canary_name ?? ''))].filter(Boolean);
  const terms: string[] = [];
  for (let i = 0; i < SEARCHES; i += 1) {
    const name = names[Math.floor(((i + 0.5) * names.length) / SEARCHES)];
    if (name) terms.push(name);
  }
  return { terms, checks: checks.length };
}

async function measure(
  page: Page,
  origin: string,
  context: BrowserContext,
): Promise<HealthPageFigures> {
  const loads = await timedLoads(LOADS, () => loadOnce(page, origin));
  const rows = await rowCount(page);

  await page.waitForTimeout(1_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const heapUsed = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN;
  };
  const heapUsedBytes = await heapUsed();
  await cdp.send('HeapProfiler.collectGarbage');
  const heapUsedAfterGcBytes = await heapUsed();

  const { terms, checks } = await searchTerms(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  const withDebounce: number[] = [];
  const withoutDebounce: number[] = [];
  for (const term of terms) {
    await search.click();
    const marks = await timeChange(page, () => page.keyboard.type(term));
    withDebounce.push(marks.frame - marks.lastKey);
    withoutDebounce.push(marks.frame - marks.lastUrl);
    await page.waitForURL((url) => url.searchParams.get('query') === term);
    await search.fill('');
    await page.waitForURL((url) => !url.searchParams.has('query'));
    await waitForRows(page, rows);
  }

  const groupBy = page.getByLabel('Group By');
  const groupings: Array<{ choice: string; ms: number }> = [];
  const choices = ['no-group', 'type', 'name', 'description', 'canary_name'];
  for (let i = 0; i < INTERACTIONS; i += 1) {
    const choice = choices[i % choices.length] as string;
    const marks = await timeChange(page, () => groupBy.selectOption(choice));
    groupings.push({ choice, ms: marks.frame - marks.lastChange });
    // The default grouping is left out of the address.
    await page.waitForURL(
      (url) => (url.searchParams.get('groupBy') ?? DEFAULT_GROUP_BY) === choice,
    );
  }

  return {
    checks,
    rows,
    summaryBytes: median(loads.map((load) => load.summaryBytes)),
    summaryMs: median(loads.map((load) => load.summaryMs)),
    navigationToRowsMs: median(loads.map((load) => load.navigationToRowsMs)),
    dataToRowsMs: median(loads.map((load) => load.dataToRowsMs)),
    searchWithDebounceMs: withDebounce,
    searchWithoutDebounceMs: withoutDebounce,
    groupByMs: median(groupings.map((sample) => sample.ms)),
    groupBySamples: groupings,
    heapUsedBytes,
    heapUsedAfterGcBytes,
  };
}

/**
 * Starts the console on the demo database in `dataDir` (already seeded), signs in with Chromium
 * and times the health page: loading, searching and regrouping. The server is stopped at the
 * end, whatever happens; the folder is left for the caller to remove.
 */
export function benchHealthPage(dataDir: string): Promise<HealthPageFigures> {
  return benchSignedInPage(
    dataDir,
    {
      init: (context) => context.addInitScript(instrument),
      viewport: { width: 1400, height: 900 },
    },
    measure,
  );
}

export const HEALTH_PAGE_LOADS = LOADS;
export const HEALTH_PAGE_INTERACTIONS = INTERACTIONS;
export const HEALTH_PAGE_SEARCHES = SEARCHES;
