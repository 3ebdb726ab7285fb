import type { ActorRefLike, InspectionEvent, Observer } from 'xstate';
import type { InspectCallback } from '../ui/inspect';

/** Events kept while the inspector loads; older ones are dropped. */
export const INSPECT_BUFFER_LIMIT = 200;

/** What the inspector package gives: an observer (or callback) of inspection events. */
export interface LoadedInspector {
  inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  stop?: () => void;
  /** Told, once started, of the machine actors that were already running. */
  adopt?: (actors: readonly ActorRefLike[]) => void;
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

/** Where inspection events go: Stately's hosted inspector or the console's own flow inspector. */
export type InspectMode = 'hosted' | 'local';

/** The loaders of both inspectors. */
export interface InspectorLoaders {
  hosted: InspectorLoader;
  local: InspectorLoader;
}

/**
 * The inspector the address asks for: `?inspect=local` the built-in one, `?inspect` with no
 * or another value the hosted one; without `inspect`, the preference's (when it is on).
 */
export function inspectModeOf(
  search: string,
  preference: { inspect: boolean; inspectMode: InspectMode } = {
    inspect: false,
    inspectMode: 'hosted',
  },
): InspectMode | undefined {
  const value = new URLSearchParams(search).get('inspect');
  if (value !== null) return value === 'local' ? 'local' : 'hosted';
  return preference.inspect ? preference.inspectMode : undefined;
}

export interface InspectBridge {
  /** Pass to every actor: `useActorRef(machine, { inspect })`. Stable for the bridge's life. */
  readonly inspect: InspectCallback;
  /**
   * Loads and starts the inspector of `mode` (default hosted), once; events sent while it
   * loads are replayed. Another mode than the current one stops the current inspector first.
   */
  enable(mode?: InspectMode): Promise<void>;
  /** Stops forwarding and closes the inspector. */
  disable(): void;
  readonly status: 'off' | 'loading' | 'on' | 'failed';
  /** The inspector enabled last. */
  readonly mode: InspectMode | undefined;
}

function deliver(target: LoadedInspector, event: InspectionEvent): void {
  if (typeof target.inspect === 'function') target.inspect(event);
  else target.inspect.next?.(event);
}

/**
 * The link between the console's actors and the inspector. Actors capture `inspect` when they
 * are created, so it is one function that forwards to whatever inspector is active.
 */
export function createInspectBridge(
  load: InspectorLoader | InspectorLoaders = loadBrowserInspector,
): InspectBridge {
  const loaders = typeof load === 'function' ? { hosted: load, local: load } : load;
  let mode: InspectMode | undefined;
  let status: InspectBridge['status'] = 'off';
  let inspector: LoadedInspector | undefined;
  let pending: Promise<void> | undefined;
  let buffer: InspectionEvent[] = [];
  // The machine actors running now, so an inspector turned on later can list them too.
  const live = new Set<ActorRefLike>();

  const inspect: InspectCallback = (event) => {
    if (event.type === '@xstate.actor') {
      const { logic } = event.actorRef as { logic?: { root?: unknown } };
      if (logic?.root) live.add(event.actorRef);
    } else if (
      event.type === '@xstate.snapshot' &&
      (event.snapshot as { status?: string }).status !== 'active'
    ) {
      live.delete(event.actorRef);
    }
    if (status === 'on' && inspector) {
      deliver(inspector, event);
    } else if (status === 'loading') {
      buffer.push(event);
      if (buffer.length > INSPECT_BUFFER_LIMIT) buffer.shift();
    }
  };

  const bridge: InspectBridge = {
    inspect,
    get status() {
      return status;
    },
    get mode() {
      return mode;
    },
    enable(wanted = 'hosted') {
      if (mode !== wanted) bridge.disable();
      mode = wanted;
      if (status === 'on') return Promise.resolve();
      if (pending) return pending;
      status = 'loading';
      const loading: Promise<void> = loaders[wanted]()
        .then((loaded) => {
          if (pending === loading) pending = undefined;
          if (status !== 'loading' || mode !== wanted) {
            loaded.stop?.();
            return;
          }
          inspector = loaded;
          status = 'on';
          const queued = buffer;
          buffer = [];
          for (const event of queued) deliver(loaded, event);
          loaded.adopt?.([...live]);
        })
        .catch((error: unknown) => {
          if (pending === loading) pending = undefined;
          if (mode !== wanted) return;
          status = 'failed';
          buffer = [];
          console.error('The state-machine inspector could not be started', error);
        });
      pending = loading;
      return pending;
    },
    disable() {
      status = 'off';
      pending = undefined;
      buffer = [];
      inspector?.stop?.();
      inspector = undefined;
    },
  };
  return bridge;
}
