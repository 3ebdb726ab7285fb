/**
 * The relationship graph's layout worker: lays out each graph it is sent (graphLayout.ts) and
 * posts the positions back, so that dagre's second or so on several hundred nodes does not
 * block the page. One request at a time; the page ends the worker when it no longer wants an
 * answer (layoutClient.ts).
 */
import type { LayoutAnswer, LayoutFailure, LayoutRequest } from './graphLayout';
import { computeLayout } from './graphLayout';

interface WorkerScope {
  onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null;
  postMessage(message: LayoutAnswer | LayoutFailure): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }) => {
  try {
    scope.postMessage(computeLayout(data));
  } catch (error) {
    scope.postMessage({
      id: data.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
