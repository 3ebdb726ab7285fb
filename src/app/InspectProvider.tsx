import type { ReactNode } from 'react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { InspectContext } from '../ui/inspect';
import { inspectSet, selectPreferences } from '../shell/preferencesSlice';
import { useAppDispatch, useAppSelector } from '../shell/hooks';
import type { InspectBridge, InspectorLoader, LoadedInspector } from './inspect';
import { createInspectBridge, inspectModeOf, loadBrowserInspector } from './inspect';
import type { FlowRecorder } from './inspector/recorder';
import { createFlowRecorder } from './inspector/recorder';

/** The built-in flow inspector's panel: its own chunk, downloaded only when it is turned on. */
const FlowInspectorPanel = lazy(async () => ({
  default: (await import('./inspector/FlowInspectorPanel')).FlowInspectorPanel,
}));

/** The built-in inspector's current store, which the bridge's local loader hands out. */
function recorderSlot(initial: FlowRecorder | undefined) {
  let recorder = initial;
  return {
    set(next: FlowRecorder | undefined) {
      recorder = next;
    },
    async load(): Promise<LoadedInspector> {
      recorder ??= createFlowRecorder();
      return { inspect: recorder.inspect, adopt: recorder.adopt };
    },
  };
}

export interface InspectProviderProps {
  children: ReactNode;
  /** Query string read at start-up for `?inspect`. Default `window.location.search`. */
  search?: string;
  /** Loads the hosted inspector. Default: the Stately browser inspector. */
  load?: InspectorLoader;
}

/**
 * Gives every actor below it the inspector callback (`useInspect()`), and turns an inspector on
 * when the URL has `?inspect` or the preference is set: Stately's hosted inspector, or with
 * `?inspect=local` (or the preference's mode `local`) the console's own flow inspector panel.
 */
export function InspectProvider({
  children,
  search = typeof window === 'undefined' ? '' : window.location.search,
  load = loadBrowserInspector,
}: InspectProviderProps) {
  const dispatch = useAppDispatch();
  const preferences = useAppSelector(selectPreferences);
  const [fromUrl] = useState(() => inspectModeOf(search));
  const mode = fromUrl ?? inspectModeOf('', preferences);
  // The built-in inspector's store: made only while it is on, before any actor starts, and
  // made afresh each time it is turned on.
  const [local, setLocal] = useState(() => ({
    mode,
    recorder: mode === 'local' ? createFlowRecorder() : undefined,
  }));
  if (local.mode !== mode) {
    setLocal({ mode, recorder: mode === 'local' ? createFlowRecorder() : undefined });
  }
  const recorder = local.mode === mode ? local.recorder : undefined;
  const [slot] = useState(() => recorderSlot(local.recorder));
  // Created and enabled before any child renders, so no actor's first events are lost.
  const [bridge] = useState<InspectBridge>(() => {
    const created = createInspectBridge({ hosted: load, local: slot.load });
    if (mode) void created.enable(mode);
    return created;
  });
  useEffect(() => {
    slot.set(recorder);
    if (mode) void bridge.enable(mode);
    else bridge.disable();
  }, [bridge, slot, mode, recorder]);
  return (
    <InspectContext.Provider value={bridge.inspect}>
      {children}
      {recorder ? (
        <Suspense fallback={null}>
          <FlowInspectorPanel
            recorder={recorder}
            onClose={fromUrl ? undefined : () => dispatch(inspectSet(false))}
          />
        </Suspense>
      ) : null}
    </InspectContext.Provider>
  );
}
