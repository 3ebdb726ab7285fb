import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RelationshipsTabState } from '../model/relationshipsState';
import { parseRelationshipsTab, withRelationshipsTab } from '../model/relationshipsState';

export interface RelationshipsParams {
  /** The tab's state as the address holds it. */
  state: RelationshipsTabState;
  /** Writes changes into the address (a new history entry). */
  update: (changes: Partial<RelationshipsTabState>) => void;
}

/** The Relationships tab's state in the address, read and written. */
export function useRelationshipsParams(): RelationshipsParams {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseRelationshipsTab(params), [params]);
  const update = useCallback(
    (changes: Partial<RelationshipsTabState>) =>
      setParams((current) => withRelationshipsTab(current, changes)),
    [setParams],
  );
  return { state, update };
}
