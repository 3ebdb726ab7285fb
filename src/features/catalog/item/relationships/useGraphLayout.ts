import { useEffect, useMemo, useState } from 'react';
import type { LayoutAnswer, LayoutDirection, LayoutGraph } from './graphLayout';
import { createLayoutClient } from './layoutClient';

/** A graph with its layout. */
export interface LaidOutGraph<G extends LayoutGraph> {
  graph: G;
  direction: LayoutDirection | undefined;
  answer: LayoutAnswer;
}

export interface GraphLayoutState<G extends LayoutGraph> {
  /** The latest graph laid out (while another is laid out, the one before). */
  laid: LaidOutGraph<G> | null;
  /** Whether the graph asked for is still being laid out. */
  pending: boolean;
  /** Why the graph asked for could not be laid out. */
  error: string | null;
}

/**
 * Lays out `graph` off the main thread (layoutClient.ts) and gives the latest layout. A new
 * graph (a group expanded) abandons the layout under way: only the last graph asked for is
 * drawn. The worker ends with the component.
 */
export function useGraphLayout<G extends LayoutGraph>(
  graph: G,
  direction?: LayoutDirection,
): GraphLayoutState<G> {
  const client = useMemo(() => createLayoutClient(), []);
  useEffect(() => () => client.dispose(), [client]);
  const [laid, setLaid] = useState<LaidOutGraph<G> | null>(null);
  const [failed, setFailed] = useState<{ graph: G; message: string } | null>(null);

  useEffect(() => {
    let wanted = true;
    client.layout(graph, direction).then(
      (answer) => {
        if (wanted && answer) setLaid({ graph, direction, answer });
      },
      (error: Error) => {
        if (wanted) setFailed({ graph, message: error.message });
      },
    );
    return () => {
      wanted = false;
    };
  }, [client, graph, direction]);

  const error = failed?.graph === graph ? failed.message : null;
  const current = laid?.graph === graph && laid.direction === direction;
  return { laid, pending: !current && error === null, error };
}
