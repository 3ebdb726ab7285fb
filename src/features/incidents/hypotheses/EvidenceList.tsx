import { useMemo } from 'react';
import type { Evidence } from '../../../api/schemas/incidents';
import { EvidenceItem } from './EvidenceItem';
import { byCreatedAt } from './model/hypothesisTree';

export interface EvidenceListProps {
  evidences: readonly Evidence[] | null | undefined;
}

/** The evidence of a hypothesis, oldest first; nothing when there is none. */
export function EvidenceList({ evidences }: EvidenceListProps) {
  const sorted = useMemo(() => [...(evidences ?? [])].sort(byCreatedAt), [evidences]);
  if (sorted.length === 0) return null;
  return (
    <ul className="mc-evidence-list" aria-label="Evidence">
      {sorted.map((evidence) => (
        <EvidenceItem key={evidence.id} evidence={evidence} />
      ))}
    </ul>
  );
}
