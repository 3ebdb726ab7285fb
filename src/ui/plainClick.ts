import type { MouseEvent } from 'react';

/**
 * A plain click (main button, no modifier key): the console opens the address itself. Other
 * clicks are left to the browser (a new tab or window).
 */
export function isPlainClick(event: MouseEvent<Element>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
