import { useEffect, useMemo, useState } from 'react';
import { cardShapeError } from '../../api/endpoints/topology';
import type { ApiError } from '../../api/errors';
import type { Topology, TopologyComponent } from '../../api/schemas/topology';

/** Runs `callback` once the next frame is painted (soon, where frames are not drawn). */
function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

interface Verdict {
  of: Topology;
  error: ApiError | undefined;
}

/**
 * The error of an answer whose cards are not all cards in full, or undefined: the cards drawn
 * are checked before they are drawn, every other card of the answer once the first ones are on
 * screen. Each card is checked once, whichever answer or filter shows it again.
 */
export function useCardsCheck(
  topology: Topology | undefined,
  drawn: readonly TopologyComponent[],
): ApiError | undefined {
  const drawnError = useMemo(
    () => (topology ? cardShapeError(topology, drawn) : undefined),
    [topology, drawn],
  );
  const [rest, setRest] = useState<Verdict | undefined>(undefined);
  useEffect(() => {
    if (!topology) return undefined;
    return afterNextPaint(() => {
      const error = cardShapeError(topology, topology.cards);
      // A sound answer draws nothing again.
      if (error) setRest({ of: topology, error });
    });
  }, [topology]);
  return drawnError ?? (rest && rest.of === topology ? rest.error : undefined);
}
