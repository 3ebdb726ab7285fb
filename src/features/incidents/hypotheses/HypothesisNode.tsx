import { Button, Tag } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useUpdateHypothesisMutation } from '../../../api/endpoints/incidents';
import type { HypothesisStatus } from '../model/incidentValues';
import { HYPOTHESIS_TYPES, childTypeOf, labelOf } from '../model/incidentValues';
import { AddHypothesisForm } from './AddHypothesisForm';
import { Comments } from './Comments';
import { DeleteHypothesisButton } from './DeleteHypothesisButton';
import { EvidenceList } from './EvidenceList';
import { HypothesisStatusScale } from './HypothesisStatusScale';
import { HypothesisTitle } from './HypothesisTitle';
import { useHypothesisTree } from './HypothesisTreeContext';
import type { HypothesisTreeNode } from './model/hypothesisTree';
import { usePendingValue } from './usePendingValue';

export interface HypothesisNodeProps {
  node: HypothesisTreeNode;
}

/**
 * One hypothesis of the tree: its type, title, status scale and actions, then (unless folded)
 * its evidence, its comments and the hypotheses under it.
 */
export function HypothesisNode({ node }: HypothesisNodeProps) {
  const { hypothesis, children } = node;
  const { incidentId, canEdit } = useHypothesisTree();
  const [updateHypothesis] = useUpdateHypothesisMutation();
  const status = usePendingValue(hypothesis.status ?? '');
  const [expanded, setExpanded] = useState(true);
  const [adding, setAdding] = useState(false);
  const bodyId = useId();

  const typeLabel = labelOf(HYPOTHESIS_TYPES, hypothesis.type) || 'Hypothesis';
  const title = hypothesis.title?.trim() || 'Untitled';
  const name = `${typeLabel}: ${title}`;
  const childType = childTypeOf(hypothesis.type);
  const childLabel = childType ? labelOf(HYPOTHESIS_TYPES, childType) : undefined;

  const changeStatus = (next: HypothesisStatus) => {
    status.set(next);
    updateHypothesis({ id: hypothesis.id, incidentId, changes: { status: next } })
      .unwrap()
      // The endpoint reports the failure; the saved status shows again.
      .catch(() => status.clear());
  };

  return (
    <li className={`mc-hypothesis mc-hypothesis--${hypothesis.type ?? 'unknown'}`}>
      <section aria-label={name} className="mc-hypothesis-card">
        <div className="mc-hypothesis-header">
          <Button
            icon={expanded ? 'chevron-down' : 'chevron-right'}
            variant="minimal"
            size="small"
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded((open) => !open)}
          />
          <Tag minimal className="mc-hypothesis-type">
            {typeLabel}
          </Tag>
          <HypothesisTitle hypothesis={hypothesis} />
          <span className="mc-hypothesis-actions">
            {canEdit && childType && childLabel && (
              <Button
                icon="add"
                variant="minimal"
                size="small"
                text={`Add ${childLabel.toLowerCase()}`}
                disabled={adding}
                onClick={() => {
                  setExpanded(true);
                  setAdding(true);
                }}
              />
            )}
            {canEdit && <DeleteHypothesisButton node={node} name={name} />}
          </span>
        </div>
        <HypothesisStatusScale
          value={status.value}
          onChange={changeStatus}
          disabled={!canEdit}
          label={`Status of ${name}`}
        />
        <div id={bodyId} className="mc-hypothesis-body" hidden={!expanded}>
          {expanded && (
            <>
              <EvidenceList evidences={hypothesis.evidences} />
              <Comments hypothesis={hypothesis} />
              {adding && childType && (
                <AddHypothesisForm
                  type={childType}
                  parentId={hypothesis.id}
                  onDone={() => setAdding(false)}
                />
              )}
              {children.length > 0 && (
                <ul className="mc-hypothesis-list" aria-label={`Under ${name}`}>
                  {children.map((child) => (
                    <HypothesisNode key={child.hypothesis.id} node={child} />
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </section>
    </li>
  );
}
