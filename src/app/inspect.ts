import type { InspectionEvent, Observer } from 'xstate';
import type { InspectCallback } from '../ui/inspect';

/** Events kept while the inspector loads; older ones are dropped. */
export const INSPECT_BUFFER_LIMIT = 200;

/** What the inspector package gives: an observer (or callback) of inspection events. */
export interface LoadedInspector {
  inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  stop?: () => void;
}

export type InspectorLoader = () => Promise<LoadedInspector>;

/** Opens the Stately inspector in a new window; the package is only downloaded when used. */
export const loadBrowserInspector: InspectorLoader = async () => {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector();
};

/** `?inspect` (any value) in the query string, or the preference, turns inspection on. */
export function shouldInspect(search: string, preference: boolean): boolean {
  return preference || new URLSearchParams(search).has('inspect');
}

export interface InspectBridge {
  /** Pass to every actor: `useActorRef(machine, { inspect })`. Stable for the bridge's life. */
  readonly inspect: InspectCallback;
  /** Loads and starts the inspector (once); events sent while it loads are replayed. */
  enable(): Promise<void>;
  /** Stops forwarding and closes the inspector. */
  disable(): void;
  readonly status: 'off' | 'loading' | 'on' | 'failed';
}

function deliver(target: LoadedInspector, event: InspectionEvent): void {
  if (typeof target.inspect === 'function') target.inspect(event);
  else target.inspect.next?.(event);
}

/**
 * The link between the console's actors and the inspector. Actors capture `inspect` when they
 * are created, so it is one function that forwards to whatever inspector is active.
 */
export function createInspectBridge(load: InspectorLoader = loadBrowserInspector): InspectBridge {
  let status: InspectBridge['status'] = 'off';
  let inspector: LoadedInspector | undefined;
  let pending: Promise<void> | undefined;
  let buffer: InspectionEvent[] = [];

  const inspect: InspectCallback = (event) => {
    if (status === 'on' && inspector) {
      deliver(inspector, event);
    } else if (status === 'loading') {
      buffer.push(event);
      if (buffer.length > INSPECT_BUFFER_LIMIT) buffer.shift();
    }
  };

  return {
    inspect,
    get status() {
      return status;
    },
    enable() {
      if (status === 'on') return Promise.resolve();
      if (pending) return pending;
      status = 'loading';
      pending = load()
        .then((loaded) => {
          pending = undefined;
          if (status !== 'loading') {
            loaded.stop?.();
            return;
          }
          inspector = loaded;
          status = 'on';
          const queued = buffer;
          buffer = [];
          for (const event of queued) deliver(loaded, event);
        })
        .catch((error: unknown) => {
          pending = undefined;
          status = 'failed';
          buffer = [];
          console.error('The state-machine inspector could not be started', error);
        });
      return pending;
    },
    disable() {
      status = 'off';
      buffer = [];
      inspector?.stop?.();
      inspector = undefined;
    },
  };
}
