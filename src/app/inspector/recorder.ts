import type { InspectionEvent, StateValue } from 'xstate';

/** One step of an actor: the event it took, the state before and after, its context after. */
export interface FlowStep {
  event: string;
  /** Undefined for the actor's first snapshot. */
  from: StateValue | undefined;
  to: StateValue;
  /** Milliseconds since the epoch. */
  time: number;
  context: unknown;
}

/** A machine actor seen by the inspector, with its log (the latest `FLOW_LOG_LIMIT` steps). */
export interface FlowActor {
  /** The actor's session id, unique in the page. */
  id: string;
  machineId: string;
  /** The machine the actor runs (with the console's implementations). */
  logic: unknown;
  /** `active` while it runs; `done`, `error` or `stopped` after. */
  status: string;
  steps: readonly FlowStep[];
}

/**
 * A store of the page's machine actors fed by the inspection events; read with
 * `useSyncExternalStore`. Listeners are told of changes in a microtask.
 */
export interface FlowRecorder {
  inspect(event: InspectionEvent): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly FlowActor[];
}

export const FLOW_LOG_LIMIT = 500;
/** Actors that ended stay listed (the latest ones) so their log can still be read. */
export const ENDED_ACTORS_KEPT = 10;

/** A recorder for the built-in flow inspector. Only created while it is on. */
export function createFlowRecorder(now: () => number = Date.now): FlowRecorder {
  let actors: readonly FlowActor[] = [];
  const listeners = new Set<() => void>();
  let queued = false;
  // Listeners hear of changes after the current task: actors start while components render.
  const set = (next: readonly FlowActor[]) => {
    actors = next;
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      for (const listener of listeners) listener();
    });
  };
  return {
    inspect(event) {
      const ref = event.actorRef as { sessionId: string; logic?: { id?: string; root?: unknown } };
      const logic = ref.logic;
      if (event.type === '@xstate.actor') {
        if (!logic?.root) return;
        const actor = { id: ref.sessionId, machineId: String(logic.id), logic, status: 'active' };
        set([...actors, { ...actor, steps: [] }]);
      } else if (event.type === '@xstate.snapshot') {
        const known = actors.find((actor) => actor.id === ref.sessionId);
        if (!known) return;
        const snapshot = event.snapshot as unknown as {
          value: StateValue;
          context: unknown;
          status: string;
        };
        const step: FlowStep = {
          event: event.event.type,
          from: known.steps.at(-1)?.to,
          to: snapshot.value,
          time: now(),
          context: snapshot.context,
        };
        const updated = {
          ...known,
          status: snapshot.status,
          steps: [...known.steps, step].slice(-FLOW_LOG_LIMIT),
        };
        let next = actors.map((actor) => (actor === known ? updated : actor));
        const ended = next.filter((actor) => actor.status !== 'active');
        if (ended.length > ENDED_ACTORS_KEPT) {
          const dropped = new Set(ended.slice(0, ended.length - ENDED_ACTORS_KEPT));
          next = next.filter((actor) => !dropped.has(actor));
        }
        set(next);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => actors,
  };
}
