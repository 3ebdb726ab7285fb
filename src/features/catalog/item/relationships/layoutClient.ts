// Types only: dagre stays out of the page's code (the worker has it, and the page loads it
// only where there is no worker).
import type {
  LayoutAnswer,
  LayoutDirection,
  LayoutFailure,
  LayoutGraph,
  LayoutRequest,
} from './graphLayout';

/** What the client uses of a worker: a `Worker`, or a stand-in. */
export interface LayoutWorker {
  postMessage(request: LayoutRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<LayoutAnswer | LayoutFailure>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** The name of the user timing entry each layout leaves (`performance.measure`). */
export const LAYOUT_MEASURE = 'relationship graph layout';

/** What a layout's user timing entry carries besides its round trip. */
export interface LayoutMeasureDetail {
  /** The layout itself, where it ran (ms). */
  layoutMs: number;
  /** Whether it ran in the worker (else on the page). */
  inWorker: boolean;
  nodes: number;
}

/** Only what the layout reads of a graph: ids and edge ends, not the configs (cheap to post). */
export function layoutGraphOf(graph: LayoutGraph): LayoutGraph {
  return {
    nodes: graph.nodes.map(({ id }) => ({ id })),
    edges: graph.edges.map(({ source, target }) => ({ source, target })),
  };
}

/** The graph's layout worker, or null where the browser (or jsdom) has no Worker. */
export function spawnLayoutWorker(): LayoutWorker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(
      /* webpackChunkName: "relationship-graph-layout" */
      new URL('./layout.worker.ts', import.meta.url),
      { name: 'relationship-graph-layout' },
    ) as LayoutWorker;
  } catch {
    // A policy that forbids workers: the page lays out itself.
    return null;
  }
}

/** The same layout on the page (dagre loaded on first use). */
export async function layoutInProcess(request: LayoutRequest): Promise<LayoutAnswer> {
  const { computeLayout } = await import('./graphLayout');
  return computeLayout(request);
}

export interface LayoutClient {
  /**
   * Lays out a graph in a direction, or the fittest. Resolves with null when a later call
   * superseded it: that layout is abandoned (the worker busy with it is ended).
   */
  layout(graph: LayoutGraph, direction?: LayoutDirection): Promise<LayoutAnswer | null>;
  /** Ends the worker; a layout under way resolves with null. The client stays usable. */
  dispose(): void;
}

export interface LayoutClientOptions {
  spawn?: () => LayoutWorker | null;
  inProcess?: (request: LayoutRequest) => Promise<LayoutAnswer>;
}

interface Pending {
  request: LayoutRequest;
  sentAt: number;
  resolve: (answer: LayoutAnswer | null) => void;
  reject: (error: Error) => void;
}

function measure(pending: Pending, answer: LayoutAnswer, inWorker: boolean): void {
  if (typeof performance === 'undefined' || typeof performance.measure !== 'function') return;
  const detail: LayoutMeasureDetail = {
    layoutMs: answer.layoutMs,
    inWorker,
    nodes: pending.request.graph.nodes.length,
  };
  try {
    performance.measure(LAYOUT_MEASURE, { start: pending.sentAt, detail });
  } catch {
    // A timeline without user timing options: nothing to note.
  }
}

/**
 * Lays out graphs off the main thread, one at a time: the worker is started on the first
 * layout, and a layout asked while another is under way ends the worker (its answer is no
 * longer wanted) and starts a new one. Without Worker, or when the worker cannot be loaded,
 * the same layout runs on the page.
 */
export function createLayoutClient({
  spawn = spawnLayoutWorker,
  inProcess = layoutInProcess,
}: LayoutClientOptions = {}): LayoutClient {
  let worker: LayoutWorker | null = null;
  let workerUnavailable = false;
  let nextId = 1;
  let pending: Pending | null = null;

  const stopWorker = () => {
    if (!worker) return;
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
    worker = null;
  };

  /** Ends the layout under way, its promise resolving with null. */
  const abandon = () => {
    const was = pending;
    pending = null;
    if (!was) return;
    // A worker still busy with it is ended rather than left to finish.
    stopWorker();
    was.resolve(null);
  };

  const runInProcess = (current: Pending) => {
    inProcess(current.request).then(
      (answer) => {
        if (pending !== current) return;
        pending = null;
        measure(current, answer, false);
        current.resolve(answer);
      },
      (error: unknown) => {
        if (pending !== current) return;
        pending = null;
        current.reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };

  const startWorker = (): LayoutWorker | null => {
    if (worker || workerUnavailable) return worker;
    worker = spawn();
    if (!worker) {
      workerUnavailable = true;
      return null;
    }
    worker.onmessage = ({ data }) => {
      const current = pending;
      if (!current || data.id !== current.request.id) return;
      pending = null;
      if ('error' in data) {
        current.reject(new Error(data.error));
        return;
      }
      measure(current, data, true);
      current.resolve(data);
    };
    worker.onerror = (event) => {
      // The worker's script did not load (or a policy blocked it): lay out on the page.
      event.preventDefault();
      workerUnavailable = true;
      stopWorker();
      if (pending) runInProcess(pending);
    };
    return worker;
  };

  return {
    layout(graph, direction) {
      abandon();
      const request: LayoutRequest = {
        id: nextId,
        graph: layoutGraphOf(graph),
        ...(direction === undefined ? {} : { direction }),
      };
      nextId += 1;
      return new Promise((resolve, reject) => {
        const current: Pending = { request, sentAt: performance.now(), resolve, reject };
        pending = current;
        const running = startWorker();
        if (running) running.postMessage(request);
        else runInProcess(current);
      });
    },
    dispose() {
      abandon();
      stopWorker();
    },
  };
}
