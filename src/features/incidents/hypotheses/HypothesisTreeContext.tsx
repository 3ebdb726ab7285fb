import { createContext, useContext } from 'react';

/** What every part of the tree needs: the incident, the signed-in user and what they may do. */
export interface HypothesisTreeContextValue {
  incidentId: string;
  /** The signed-in user, who creates hypotheses and comments. */
  user?: { id: string; name?: string | null; avatar?: string | null };
  /** Add, rename, rate and delete hypotheses (write on `incident`). */
  canEdit: boolean;
  /** Mark and remove evidence (also write on `evidences`). */
  canEditEvidence: boolean;
  /** Comment (also write on `comments`). */
  canComment: boolean;
}

export const HypothesisTreeContext = createContext<HypothesisTreeContextValue>({
  incidentId: '',
  canEdit: false,
  canEditEvidence: false,
  canComment: false,
});

export const useHypothesisTree = () => useContext(HypothesisTreeContext);
