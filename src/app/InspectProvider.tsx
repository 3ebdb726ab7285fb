import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { InspectContext } from '../ui/inspect';
import { selectPreferences } from '../shell/preferencesSlice';
import { useAppSelector } from '../shell/hooks';
import type { InspectBridge, InspectorLoader } from './inspect';
import { createInspectBridge, loadBrowserInspector, shouldInspect } from './inspect';

export interface InspectProviderProps {
  children: ReactNode;
  /** Query string read at start-up for `?inspect`. Default `window.location.search`. */
  search?: string;
  /** Loads the inspector. Default: the Stately browser inspector. */
  load?: InspectorLoader;
}

/**
 * Gives every actor below it the inspector callback (`useInspect()`), and turns the inspector
 * on when the URL has `?inspect` or the preference is set.
 */
export function InspectProvider({
  children,
  search = typeof window === 'undefined' ? '' : window.location.search,
  load = loadBrowserInspector,
}: InspectProviderProps) {
  const preference = useAppSelector(selectPreferences).inspect;
  const [fromUrl] = useState(() => shouldInspect(search, false));
  // Created and enabled before any child renders, so no actor's first events are lost.
  const [bridge] = useState<InspectBridge>(() => {
    const created = createInspectBridge(load);
    if (shouldInspect(search, preference)) void created.enable();
    return created;
  });
  useEffect(() => {
    if (fromUrl || preference) void bridge.enable();
    else bridge.disable();
  }, [bridge, fromUrl, preference]);
  return <InspectContext.Provider value={bridge.inspect}>{children}</InspectContext.Provider>;
}
