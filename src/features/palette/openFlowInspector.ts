import { inspectSet } from '../../shell/preferencesSlice';
import type { AppDispatch } from '../../shell/rootReducer';

/**
 * "Open flow inspector": the one place the palette opens the state-machine inspector. For now
 * it turns on the inspector preference (the Stately browser inspector); a local inspector is to
 * take its place here.
 */
export function openFlowInspector(dispatch: AppDispatch): void {
  dispatch(inspectSet(true));
}
