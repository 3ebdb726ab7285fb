/** Blueprint's toaster, a chunk of its own that `toaster.ts` loads with the first toast. */
export { OverlayToaster } from '@blueprintjs/core';
