import type { InspectionEvent } from 'xstate';
import { createContext, useContext } from 'react';

/** Receives every inspection event of the actors it is passed to. */
export type InspectCallback = (event: InspectionEvent) => void;

export const InspectContext = createContext<InspectCallback | undefined>(undefined);

/**
 * The state-machine inspector's callback, for `useActorRef(machine, { inspect })` and
 * `useMachine(machine, { inspect })`. Always the same function; it forwards to the inspector
 * only while inspection is on (`?inspect` in the URL, or the preference), and costs nothing
 * otherwise. Undefined outside the app's providers.
 */
export function useInspect(): InspectCallback | undefined {
  return useContext(InspectContext);
}
