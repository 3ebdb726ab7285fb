import type { Page } from 'playwright-core';
import {
  benchSignedInPage,
  countRows,
  loadUntilFirstPaint,
  medianFirstPaint,
  noteFirstPaint,
  timeChangeToNewContent,
  timedLoads,
} from './browserBench';

/** Dashboard loads timed (after one that warms the server up); median and 95th percentile. */
export const TOPOLOGY_PAGE_LOADS = 10;
/** Rounds of every health filter, each after loading the dashboard afresh (an empty cache). */
export const TOPOLOGY_FILTER_ROUNDS = 4;
const GRID = 'ul.mc-topology-grid:not([aria-busy="true"]) > li > article';

export interface TopologyPageFigures {
  /** Components in the database, the root cards of the dashboard, and those drawn at first. */
  components: number;
  cards: number;
  drawn: number;
  /** Navigation start to the frame after the first cards (ms). */
  navigationToCardsMs: number;
  /** The response end of TOPO-01 to that frame (ms). */
  dataToCardsMs: number;
  /** The same, each load (ms). */
  dataToCardsSamplesMs: number[];
  /** Request start to response end of TOPO-01 (ms). */
  responseMs: number;
  /** A health filter chosen to the frame after the new cards, each sample (ms). */
  filterChangeMs: number[];
}

const load = (page: Page, url: string) =>
  loadUntilFirstPaint(page, url, '/api/canary/api/topology');

/** What identifies the cards shown: their names, or the empty state. */
function cardsSignature(): string {
  const cards = document.querySelectorAll(
    'ul.mc-topology-grid:not([aria-busy="true"]) > li > article',
  );
  const names = Array.from(cards, (card) => card.getAttribute('aria-label')).join('|');
  const empty = document.querySelector('.mc-topology-cards .bp6-non-ideal-state') ? 'empty' : '';
  return `${names}|${empty}`;
}

/** Chooses a health status: the change event to the frame after the new cards. */
function timeStatus(page: Page, status: string): Promise<number> {
  return timeChangeToNewContent(page, cardsSignature, 'ul.mc-topology-grid[aria-busy="true"]', () =>
    page
      .getByLabel('Health', { exact: true })
      .selectOption(status)
      .then(() => undefined),
  );
}

async function measure(page: Page, origin: string): Promise<TopologyPageFigures> {
  const components = await countRows(
    page,
    '/api/db/components?select=id&limit=1&deleted_at=is.null',
  );

  const url = `${origin}/topology`;
  const samples = await timedLoads(TOPOLOGY_PAGE_LOADS, () => load(page, url));
  const loads = medianFirstPaint(samples);
  const drawn = await page.locator(GRID).count();
  const more = await page.getByRole('button', { name: /^Show \d+ more components$/ }).count();
  const remaining = more
    ? Number(
        /\d+/.exec(
          (await page.getByRole('button', { name: /^Show \d+ more components$/ }).textContent()) ??
            '0',
        )?.[0] ?? 0,
      )
    : 0;
  const cards = drawn + remaining;

  // Every status the filter offers, then back to All: each a request not answered before in
  // the page's life but the last (All, the dashboard's first answer).
  const statuses = await page
    .getByLabel('Health', { exact: true })
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const order = [...statuses.filter((s) => s !== 'All'), 'All'];
  const filterChangeMs: number[] = [];
  for (let round = 0; round < TOPOLOGY_FILTER_ROUNDS; round += 1) {
    if (round > 0) await load(page, url);
    let previous = 'All';
    for (const status of order) {
      if (status === previous) continue;
      filterChangeMs.push(await timeStatus(page, status));
      previous = status;
    }
  }
  return {
    components,
    cards,
    drawn,
    navigationToCardsMs: loads.navigationToFirstMs,
    dataToCardsMs: loads.dataToFirstMs,
    dataToCardsSamplesMs: samples.map((sample) => sample.dataToFirstMs),
    responseMs: loads.responseMs,
    filterChangeMs,
  };
}

/**
 * Starts the console on the seeded demo database in `dataDir` and times the dashboard: the
 * root cards loading, then health filters changing the cards.
 */
export function benchTopologyPage(dataDir: string): Promise<TopologyPageFigures> {
  return benchSignedInPage(
    dataDir,
    { init: (context) => context.addInitScript(noteFirstPaint, GRID) },
    measure,
  );
}
