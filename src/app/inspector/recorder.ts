import type { ActorRefLike, InspectionEvent, StateValue } from 'xstate';

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
  /** Lists machine actors that were running before the recorder, from their current state. */
  adopt(refs: readonly ActorRefLike[]): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly FlowActor[];
}

export const FLOW_LOG_LIMIT = 500;
/** Actors that ended stay listed (the latest ones) so their log can still be read. */
export const ENDED_ACTORS_KEPT = 10;

/** The step an actor that started before the inspector is first listed with. */
export const ADOPTED_EVENT = '(running before the inspector)';

/** A recorder for the built-in flow inspector. Only created while it is on. */
export function createFlowRecorder(now: () => number = Date.now): FlowRecorder {
  let actors: readonly FlowActor[] = [];
  /** Machine actors created and not yet started. */
  const created = new WeakSet<object>();
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
        // Listed at its first snapshot: React may create an actor in a render it then throws
        // away, and such an actor never starts.
        if (logic?.root) created.add(event.actorRef);
      } else if (event.type === '@xstate.snapshot') {
        let known = actors.find((actor) => actor.id === ref.sessionId);
        if (!known) {
          if (!created.delete(event.actorRef) || !logic?.root) return;
          known = {
            id: ref.sessionId,
            machineId: String(logic.id),
            logic,
            status: 'active',
            steps: [],
          };
        }
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
        let next = actors.includes(known)
          ? actors.map((actor) => (actor === known ? updated : actor))
          : [...actors, updated];
        const ended = next.filter((actor) => actor.status !== 'active');
        if (ended.length > ENDED_ACTORS_KEPT) {
          const dropped = new Set(ended.slice(0, ended.length - ENDED_ACTORS_KEPT));
          next = next.filter((actor) => !dropped.has(actor));
        }
        set(next);
      }
    },
    adopt(refs) {
      const known = new Set(actors.map((actor) => actor.id));
      const adopted: FlowActor[] = [];
      for (const ref of refs) {
        const { logic } = ref as { logic?: { id?: string; root?: unknown } };
        const snapshot = ref.getSnapshot() as {
          value: StateValue;
          context: unknown;
          status: string;
        };
        if (!logic?.root || known.has(ref.sessionId) || snapshot.status !== 'active') continue;
        adopted.push({
          id: ref.sessionId,
          machineId: String(logic.id),
          logic,
          status: snapshot.status,
          steps: [
            {
              event: ADOPTED_EVENT,
              from: undefined,
              to: snapshot.value,
              time: now(),
              context: snapshot.context,
            },
          ],
        });
      }
      if (adopted.length > 0) set([...adopted, ...actors]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => actors,
  };
}
