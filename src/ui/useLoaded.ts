import { useEffect, useState } from 'react';
import type { LoadOnce } from '../lib/loadOnce';

/**
 * What `loader` loads, once `wanted` is (or has been) true; undefined until it has arrived. A
 * component can draw without it first and with it when it comes.
 */
export function useLoaded<T>(loader: LoadOnce<T>, wanted: boolean): T | undefined {
  const [loaded, setLoaded] = useState<{ value: T } | undefined>(() => {
    const now = loader.now();
    return now === undefined ? undefined : { value: now };
  });
  useEffect(() => {
    if (!wanted || loaded) return undefined;
    let live = true;
    void loader().then((value) => {
      if (live) setLoaded({ value });
    });
    return () => {
      live = false;
    };
  }, [loader, wanted, loaded]);
  return loaded?.value;
}
