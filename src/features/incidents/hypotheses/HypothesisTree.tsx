import { Button, Classes, NonIdealState } from '@blueprintjs/core';
import { useId, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import type { IncidentDetail } from '../../../api/schemas/incidents';
import { useCan } from '../../../auth/hooks';
import { selectSession } from '../../../auth/sessionSlice';
import { AddHypothesisForm } from './AddHypothesisForm';
import { HypothesisNode } from './HypothesisNode';
import type { HypothesisTreeContextValue } from './HypothesisTreeContext';
import { HypothesisTreeContext } from './HypothesisTreeContext';
import { buildHypothesisTree } from './model/hypothesisTree';
import './hypotheses.css';

export interface HypothesisTreeProps {
  /** The incident as INC-02 answers it, with its hypotheses, evidence and comments. */
  incident: IncidentDetail;
  /** Whether the user may write the incident (add, rename, rate and delete hypotheses). */
  canEdit: boolean;
}

/**
 * The investigation of an incident: its root cause, the factors under it and their solutions,
 * each with a status on the scale from proven to disproven, its evidence and its comments.
 * Changes go to the server and the tree follows the incident as it is reloaded.
 */
export function HypothesisTree({ incident, canEdit }: HypothesisTreeProps) {
  const user = useSelector(selectSession).user;
  const canWriteEvidence = useCan('evidences', 'write');
  const canWriteComments = useCan('comments', 'write');
  const [addingRoot, setAddingRoot] = useState(false);
  const headingId = useId();
  const tree = useMemo(() => buildHypothesisTree(incident.hypotheses), [incident.hypotheses]);
  const context = useMemo<HypothesisTreeContextValue>(
    () => ({
      incidentId: incident.id,
      user,
      canEdit,
      canEditEvidence: canEdit && canWriteEvidence,
      canComment: canEdit && canWriteComments,
    }),
    [incident.id, user, canEdit, canWriteEvidence, canWriteComments],
  );
  const hasRoot = tree.some((node) => node.hypothesis.type === 'root');

  return (
    <HypothesisTreeContext.Provider value={context}>
      <section className="mc-hypotheses" aria-labelledby={headingId}>
        <div className="mc-hypotheses-heading">
          <h3 id={headingId} className={Classes.HEADING}>
            Hypotheses
          </h3>
          {canEdit && !hasRoot && !addingRoot && (
            <Button
              icon="add"
              variant="minimal"
              size="small"
              text="Add root cause"
              onClick={() => setAddingRoot(true)}
            />
          )}
        </div>
        {addingRoot && <AddHypothesisForm type="root" onDone={() => setAddingRoot(false)} />}
        {tree.length === 0 ? (
          !addingRoot && (
            <NonIdealState
              className="mc-hypotheses-empty"
              icon="search-template"
              title="No hypotheses yet"
              description={canEdit ? 'Add the root cause you suspect.' : undefined}
            />
          )
        ) : (
          <ul className="mc-hypothesis-list" aria-label="Hypotheses">
            {tree.map((node) => (
              <HypothesisNode key={node.hypothesis.id} node={node} />
            ))}
          </ul>
        )}
      </section>
    </HypothesisTreeContext.Provider>
  );
}
