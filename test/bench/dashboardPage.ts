import type { Page } from 'playwright-core';
import { benchSignedInPage, timedLoads } from './browserBench';

/** Dashboard loads timed (after one that warms the server up). */
export const DASHBOARD_PAGE_LOADS = 10;
export interface DashboardLoad {
  /** Navigation start to the frame after the first panel (ms). */
  navigationToFirstMs: number;
  /** The response end of `GET /api/dashboard` to that frame (ms). */
  dataToFirstMs: number;
  /** The response end of `GET /api/dashboard` to the frame after every panel is drawn (ms). */
  dataToLastMs: number;
  /** Request start to response end of `GET /api/dashboard` (ms). */
  responseMs: number;
}

export interface DashboardPageFigures {
  /** The dashboard view (`namespace/name`). */
  view: string;
  /** Its panels and those of its view sections: what "every panel drawn" waits for. */
  panels: number;
  /** Its sections, and how many name another view. */
  sections: number;
  viewSections: number;
  loads: DashboardLoad[];
}

interface PanelsWindow {
  __panels: { first: number | null; last: number | null };
}

/**
 * An init script: notes the frame after the first panel shows and the frame after `expected`
 * panels are drawn, none of them waiting for its code (a spinner) and each time series with its
 * canvas.
 */
function notePanels(expected: number): void {
  const note: PanelsWindow['__panels'] = { first: null, last: null };
  (window as unknown as PanelsWindow).__panels = note;
  // Inline callbacks only: the page runs this function's text, where a named inner function
  // would call the bundler's naming helper, which the page lacks.
  const watch = new MutationObserver(() => {
    const panels = Array.from(document.querySelectorAll('.mc-view-panel'));
    if (note.first === null && panels.length > 0) {
      note.first = -1;
      requestAnimationFrame(() => (note.first = performance.now()));
    }
    if (
      note.last === null &&
      panels.length >= expected &&
      panels.every(
        (panel) =>
          !panel.querySelector('.bp6-spinner') &&
          (!panel.querySelector('.mc-view-timeseries') || !!panel.querySelector('canvas')),
      )
    ) {
      note.last = -1;
      watch.disconnect();
      requestAnimationFrame(() => (note.last = performance.now()));
    }
  });
  watch.observe(document, { childList: true, subtree: true });
}

async function load(page: Page, url: string): Promise<DashboardLoad> {
  await page.goto(url);
  try {
    await page.waitForFunction(
      () => ((window as unknown as PanelsWindow).__panels.last ?? 0) > 0,
      undefined,
      { timeout: 60_000 },
    );
  } catch (error) {
    const shown = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.mc-view-panel'), (panel) => {
        const busy = panel.querySelector('.bp6-spinner') ? ' (spinner)' : '';
        return `${panel.getAttribute('aria-label') ?? '?'}${busy}`;
      }).join(', '),
    );
    throw new Error(`not every panel was drawn; shown: ${shown || 'none'}`, { cause: error });
  }
  return page.evaluate(() => {
    const { first, last } = (window as unknown as PanelsWindow).__panels;
    const answer = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry.name.includes('/api/dashboard'))
      .pop();
    if (!answer) throw new Error('no /api/dashboard response');
    return {
      navigationToFirstMs: first ?? NaN,
      dataToFirstMs: (first ?? NaN) - answer.responseEnd,
      dataToLastMs: (last ?? NaN) - answer.responseEnd,
      responseMs: answer.responseEnd - answer.requestStart,
    };
  });
}

interface DashboardShape {
  view: string;
  panels: number;
  sections: number;
  viewSections: number;
}

/** What the dashboard holds, from its answer. */
function dashboardShape(page: Page): Promise<DashboardShape> {
  return page.evaluate(async () => {
    interface Evaluated {
      panels?: unknown[] | null;
    }
    const response = await fetch('/api/dashboard');
    if (!response.ok) throw new Error(`GET /api/dashboard: ${response.status}`);
    const answer = (await response.json()) as Evaluated & {
      namespace?: string;
      name?: string;
      sections?: Array<{ viewRef?: unknown }> | null;
      sectionResults?: Record<string, Evaluated> | null;
    };
    const sections = answer.sections ?? [];
    const sectionPanels = Object.values(answer.sectionResults ?? {}).reduce(
      (sum, result) => sum + (result.panels?.length ?? 0),
      0,
    );
    return {
      view: `${answer.namespace ?? ''}/${answer.name ?? ''}`,
      panels: (answer.panels?.length ?? 0) + sectionPanels,
      sections: sections.length,
      viewSections: sections.filter((section) => section.viewRef).length,
    };
  });
}

/**
 * Starts the console on the seeded demo database in `dataDir` and times `/`: the dashboard's
 * answer, its first panel and every panel of it and its view sections drawn.
 */
export function benchDashboardPage(dataDir: string): Promise<DashboardPageFigures> {
  return benchSignedInPage(dataDir, { init: async () => undefined }, async (page, origin) => {
    const shape = await dashboardShape(page);
    if (shape.panels === 0) throw new Error(`the dashboard ${shape.view} has no panels`);
    await page.addInitScript(notePanels, shape.panels);
    const loads = await timedLoads(DASHBOARD_PAGE_LOADS, () => load(page, `${origin}/`));
    return { ...shape, loads };
  });
}
