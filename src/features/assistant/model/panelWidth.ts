/** The assistant panel's width: kept in the browser, and kept within the window. */

export const DEFAULT_WIDTH = 440;
export const MIN_WIDTH = 320;
/** What the arrow keys move the resize handle by. */
export const WIDTH_STEP = 40;
const WIDTH_KEY = 'mc.assistant.width';
/** The page keeps at least this much beside the panel, when the window is wide enough. */
const PAGE_MARGIN = 64;

/** `width` within the minimum and the window (the whole window, less a margin, at most). */
export function clampWidth(width: number, windowWidth = window.innerWidth): number {
  const max = Math.max(MIN_WIDTH, windowWidth - PAGE_MARGIN);
  return Math.round(Math.min(max, Math.max(MIN_WIDTH, width)));
}

/** The width kept, or the default. */
export function readPanelWidth(storage: Storage): number {
  const kept = Number(storage.getItem(WIDTH_KEY));
  return Number.isFinite(kept) && kept > 0 ? kept : DEFAULT_WIDTH;
}

export function savePanelWidth(storage: Storage, width: number): void {
  storage.setItem(WIDTH_KEY, String(width));
}
