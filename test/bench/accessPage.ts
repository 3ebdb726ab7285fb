import type { Page } from 'playwright-core';
import type { FirstPaintFigure } from './browserBench';
import { benchSignedInPage, countRows, loadUntilFirstPaint, timedLoads } from './browserBench';

/** Loads timed per grouping (after one that warms the server up). */
export const ACCESS_PAGE_LOADS = 5;

/** The groupings of `/catalog/access`, each with its table's name and the view it reads. */
const GROUPINGS = [
  { groupBy: 'users', table: 'Access by user', view: 'config_access_summary_by_user?' },
  { groupBy: 'groups', table: 'Access by group', view: 'config_access_summary_by_group?' },
  { groupBy: 'catalog', table: 'Access by config', view: 'config_access_summary_by_config?' },
  { groupBy: 'flat', table: 'Access', view: 'config_access_summary?' },
] as const;

export interface AccessGroupingFigures {
  groupBy: string;
  /** Each load: navigation to the first rows, the answer to them, the answer's time. */
  loads: FirstPaintFigure[];
}

export interface AccessPageFigures {
  /** Config items and the rows of `config_access_summary` (a grant per principal reached). */
  items: number;
  accessRows: number;
  groupings: AccessGroupingFigures[];
}

interface AccessWindow {
  __firstPaint: { at: number | null };
}

/**
 * An init script: notes the frame after the first data row of the access table the address
 * names (its grouping's table) in `window.__firstPaint.at`, as `noteFirstPaint` does.
 */
function noteAccessRows(tables: Record<string, string>): void {
  const note: AccessWindow['__firstPaint'] = { at: null };
  (window as unknown as AccessWindow).__firstPaint = note;
  const table = tables[new URL(location.href).searchParams.get('groupBy') ?? 'users'] ?? '';
  const watch = new MutationObserver(() => {
    if (note.at !== null) return;
    const cell = document.querySelector(
      `table[aria-label="${table}"]:not([aria-busy]) tbody td:not(.mc-data-table-empty)`,
    );
    if (!cell) return;
    note.at = -1;
    requestAnimationFrame(() => (note.at = performance.now()));
  });
  watch.observe(document, { childList: true, subtree: true });
}

async function measure(page: Page, origin: string): Promise<AccessPageFigures> {
  const items = await countRows(page, '/api/db/config_items?select=id&limit=1');
  const accessRows = await countRows(
    page,
    '/api/db/config_access_summary?select=config_id&limit=1',
  );
  const groupings: AccessGroupingFigures[] = [];
  for (const grouping of GROUPINGS) {
    const url = `${origin}/catalog/access?groupBy=${grouping.groupBy}`;
    const loads = await timedLoads(ACCESS_PAGE_LOADS, () =>
      loadUntilFirstPaint(page, url, `/api/db/${grouping.view}`),
    );
    groupings.push({ groupBy: grouping.groupBy, loads });
  }
  return { items, accessRows, groupings };
}

/**
 * Starts the console on the seeded demo database in `dataDir` and times `/catalog/access` in
 * each grouping: navigation to its first rows.
 */
export function benchAccessPage(dataDir: string): Promise<AccessPageFigures> {
  const tables = Object.fromEntries(GROUPINGS.map((g) => [g.groupBy, g.table]));
  return benchSignedInPage(
    dataDir,
    { init: (context) => context.addInitScript(noteAccessRows, tables) },
    measure,
  );
}
