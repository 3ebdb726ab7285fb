/** Code loaded on demand, once: every caller shares the first load. */
export interface LoadOnce<T> {
  /** Starts the load (the first time) and answers with what it loaded. */
  (): Promise<T>;
  /** What was loaded, or undefined while it has not (yet) arrived. */
  now(): T | undefined;
}

/**
 * Wraps a dynamic import (`() => import('js-yaml')`) so it runs once, and what it gave is at
 * hand synchronously afterwards. A failed load is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const start = (() => {
    loading ??= load().then(
      (value) => {
        loaded = value;
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }) as LoadOnce<T>;
  start.now = () => loaded;
  return start;
}
