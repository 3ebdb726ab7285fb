import { localInspectorOpened } from '../../shell/preferencesSlice';
import type { AppDispatch } from '../../shell/rootReducer';

/**
 * "Open flow inspector": the built-in inspector, docked at the bottom of the page, with the
 * live flows (the palette's own among them). It stays open across visits until closed.
 */
export function openFlowInspector(dispatch: AppDispatch): void {
  dispatch(localInspectorOpened());
}
