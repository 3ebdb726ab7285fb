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

/** Page loads timed (after one that warms the server up); the median is reported. */
export const CHANGES_PAGE_LOADS = 5;
/** The range the page is timed over: a week, wider than the default two days. */
const PAGE_PATH = '/catalog/changes?rangeType=relative&range=now-7d';
/** Severities chosen one after the other: each a request not answered before. */
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];
/**
 * Rounds of every severity, each after loading the page afresh (an empty cache), so that the
 * 95th percentile rests on 20 changes none of which was answered before.
 */
export const CHANGES_FILTER_ROUNDS = 4;

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
  /** The response end of CAT-19 to that frame, each load (ms). */
  dataToRowsSamplesMs: number[];
  /** A severity chosen to the frame after the new rows, each sample (ms). */
  filterChangeMs: number[];
}

const FIRST_ROW = 'table[aria-label="Changes"]:not([aria-busy]) tbody td:not(.mc-data-table-empty)';

const load = (page: Page, url: string) => loadUntilFirstPaint(page, url, '/api/catalog/changes');

/** What identifies the rows shown: the pager's text and the first row. */
function rowsSignature(): string {
  const pager = document.querySelector('nav[aria-label="Pagination"]')?.textContent ?? '';
  const first = document.querySelector('table[aria-label="Changes"] tbody tr')?.textContent ?? '';
  return `${pager}|${first}`;
}

/** Chooses a severity: the change event to the frame after the new rows. */
function timeSeverity(page: Page, severity: string): Promise<number> {
  return timeChangeToNewContent(page, rowsSignature, 'table[aria-label="Changes"][aria-busy]', () =>
    page
      .getByRole('combobox', { name: 'Severity' })
      .selectOption(severity)
      .then(() => undefined),
  );
}

async function measure(page: Page, origin: string): Promise<ChangesPageFigures> {
  const changes = await countRows(page, '/api/db/config_changes?select=id&limit=1');
  const inRange = await page.evaluate(async () => {
    const week = await fetch('/api/catalog/changes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: 'now-7d', to: 'now', page_size: 1, recursive: 'none' }),
    });
    return ((await week.json()) as { total?: number }).total ?? 0;
  });

  const url = `${origin}${PAGE_PATH}`;
  const samples = await timedLoads(CHANGES_PAGE_LOADS, () => load(page, url));
  const loads = medianFirstPaint(samples);

  const filterChangeMs: number[] = [];
  for (let round = 0; round < CHANGES_FILTER_ROUNDS; round += 1) {
    if (round > 0) await load(page, url);
    for (const severity of SEVERITIES) filterChangeMs.push(await timeSeverity(page, severity));
  }
  return {
    changes,
    inRange,
    dataToRowsSamplesMs: samples.map((sample) => sample.dataToFirstMs),
    navigationToRowsMs: loads.navigationToFirstMs,
    dataToRowsMs: loads.dataToFirstMs,
    responseMs: loads.responseMs,
    filterChangeMs,
  };
}

/**
 * Starts the console on the seeded demo database in `dataDir` and times the changes page:
 * a week of changes loading, then severity changes to new rows.
 */
export function benchChangesPage(dataDir: string): Promise<ChangesPageFigures> {
  return benchSignedInPage(
    dataDir,
    { init: (context) => context.addInitScript(noteFirstPaint, FIRST_ROW) },
    measure,
  );
}
