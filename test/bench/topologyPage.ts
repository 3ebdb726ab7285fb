import type { Browser, Page } from 'playwright-core';
import { median, signInAsAdmin, withServerAndBrowser } from './browserBench';

/** Dashboard loads timed (after one that warms the server up); the median is reported. */
export const TOPOLOGY_PAGE_LOADS = 5;
const GRID = 'ul.mc-topology-grid:not([aria-busy="true"]) > li > article';

export interface TopologyPageFigures {
  /** Components in the database, and the root cards of the dashboard. */
  components: number;
  cards: number;
  /** Navigation start to the frame after the first cards (ms). */
  navigationToCardsMs: number;
  /** The response end of TOPO-01 to that frame (ms). */
  dataToCardsMs: number;
  /** Request start to response end of TOPO-01 (ms). */
  responseMs: number;
  /** A health filter chosen to the frame after the new cards, each sample (ms). */
  filterChangeMs: number[];
}

interface BenchWindow {
  __topologyBench: { firstCards: number | null };
}

/** Notes the frame after the first cards of the dashboard. */
function instrument(): void {
  const bench: BenchWindow['__topologyBench'] = { firstCards: null };
  (window as unknown as BenchWindow).__topologyBench = bench;
  const watch = new MutationObserver(() => {
    if (bench.firstCards !== null) return;
    if (!document.querySelector('ul.mc-topology-grid:not([aria-busy="true"]) > li > article')) {
      return;
    }
    bench.firstCards = -1;
    requestAnimationFrame(() => (bench.firstCards = performance.now()));
  });
  watch.observe(document, { childList: true, subtree: true });
}

interface LoadFigure {
  navigationToCardsMs: number;
  dataToCardsMs: number;
  responseMs: number;
}

async function loadOnce(page: Page, url: string): Promise<LoadFigure> {
  await page.goto(url);
  await page.waitForFunction(
    () => ((window as unknown as BenchWindow).__topologyBench.firstCards ?? 0) > 0,
    undefined,
    { timeout: 120_000 },
  );
  return page.evaluate(() => {
    const firstCards = (window as unknown as BenchWindow).__topologyBench.firstCards ?? NaN;
    const data = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming =>
        entry.name.includes('/api/canary/api/topology'),
      )
      .filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= firstCards)
      .pop();
    if (!data) throw new Error('no topology response before the first cards');
    return {
      navigationToCardsMs: firstCards,
      dataToCardsMs: firstCards - data.responseEnd,
      responseMs: data.responseEnd - data.requestStart,
    };
  });
}

/** What identifies the cards shown: their names, or the empty state. */
function cardsSignature(): string {
  const cards = document.querySelectorAll(
    'ul.mc-topology-grid:not([aria-busy="true"]) > li > article',
  );
  const names = Array.from(cards, (card) => card.getAttribute('aria-label')).join('|');
  const empty = document.querySelector('.mc-topology-cards .bp6-non-ideal-state') ? 'empty' : '';
  return `${names}|${empty}`;
}

/** Chooses a health status and waits for other cards: the change event to the frame after. */
async function timeStatus(page: Page, status: string): Promise<number> {
  await page.evaluate((signatureSource) => {
    // A string turned function: no named functions inside evaluated code.
    const signature = new Function(`return (${signatureSource})()`) as () => string;
    const before = signature();
    const w = window as unknown as { __filterDone: Promise<number>; __changedAt: number };
    w.__filterDone = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error('the cards did not change within 30 s of the filter change'));
      }, 30_000);
      const observer = new MutationObserver(() => {
        if (document.querySelector('ul.mc-topology-grid[aria-busy="true"]')) return;
        if (signature() === before) return;
        observer.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve(performance.now() - w.__changedAt));
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    document.addEventListener('change', () => (w.__changedAt = performance.now()), {
      capture: true,
      once: true,
    });
  }, cardsSignature.toString());
  await page.getByLabel('Health', { exact: true }).selectOption(status);
  return page.evaluate(() => (window as unknown as { __filterDone: Promise<number> }).__filterDone);
}

async function measure(browser: Browser, origin: string): Promise<TopologyPageFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await signInAsAdmin(page, origin);
    const components = await page.evaluate(async () => {
      const all = await fetch('/api/db/components?select=id&limit=1&deleted_at=is.null', {
        headers: { Prefer: 'count=exact' },
      });
      return Number(all.headers.get('content-range')?.split('/')[1] ?? NaN);
    });

    const url = `${origin}/topology`;
    await loadOnce(page, url);
    const loads: LoadFigure[] = [];
    for (let i = 0; i < TOPOLOGY_PAGE_LOADS; i += 1) loads.push(await loadOnce(page, url));
    const cards = await page.locator(GRID).count();

    // Every status the filter offers, then back to All: each a request not answered before.
    const statuses = await page
      .getByLabel('Health', { exact: true })
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const order = [...statuses.filter((s) => s !== 'All'), 'All'];
    const filterChangeMs: number[] = [];
    let previous = 'All';
    for (const status of order) {
      if (status === previous) continue;
      filterChangeMs.push(await timeStatus(page, status));
      previous = status;
    }
    return {
      components,
      cards,
      navigationToCardsMs: median(loads.map((l) => l.navigationToCardsMs)),
      dataToCardsMs: median(loads.map((l) => l.dataToCardsMs)),
      responseMs: median(loads.map((l) => l.responseMs)),
      filterChangeMs,
    };
  } finally {
    await context.close();
  }
}

/**
 * Starts the console on the seeded demo database in `dataDir` and times the dashboard: the
 * root cards loading, then health filters changing the cards.
 */
export function benchTopologyPage(dataDir: string): Promise<TopologyPageFigures> {
  return withServerAndBrowser(dataDir, measure);
}
