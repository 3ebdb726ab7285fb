import { Button, Checkbox, Switch, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import {
  useDeleteEvidenceMutation,
  useUpdateEvidenceMutation,
} from '../../../api/endpoints/incidents';
import type { Evidence } from '../../../api/schemas/incidents';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EvidenceBody } from './EvidenceBody';
import { useHypothesisTree } from './HypothesisTreeContext';
import {
  evidenceName,
  evidenceTypeLabel,
  evidenceView,
  showsDescription,
} from './model/evidenceView';
import { usePendingValue } from './usePendingValue';

/** The question of the remove confirmation. */
export const REMOVE_EVIDENCE_QUESTION = 'Remove this evidence from the hypothesis?';

export interface EvidenceItemProps {
  evidence: Evidence;
}

/**
 * One evidence: what it is (by type), its description, whether it is part of the definition of
 * done and done (INC-16), and Remove (INC-17). Changes need write on evidences.
 */
export function EvidenceItem({ evidence }: EvidenceItemProps) {
  const { incidentId, canEditEvidence } = useHypothesisTree();
  const [updateEvidence] = useUpdateEvidenceMutation();
  const [deleteEvidence] = useDeleteEvidenceMutation();
  const [confirming, setConfirming] = useState(false);
  const definition = usePendingValue(evidence.definition_of_done === true);
  const done = usePendingValue(evidence.done === true);
  const view = useMemo(() => evidenceView(evidence), [evidence]);
  const typeLabel = evidenceTypeLabel(evidence.type);
  const name = `${typeLabel}: ${evidenceName(view) || evidence.id}`;
  const description = evidence.description?.trim();

  const change = (
    field: 'definition_of_done' | 'done',
    value: boolean,
    shown: typeof definition,
  ) => {
    shown.set(value);
    updateEvidence({ id: evidence.id, incidentId, changes: { [field]: value } })
      .unwrap()
      // The endpoint reports the failure; the saved value shows again.
      .catch(() => shown.clear());
  };

  return (
    <li className="mc-evidence" aria-label={name}>
      <div className="mc-evidence-main">
        <Tag minimal className="mc-evidence-type">
          {typeLabel}
        </Tag>
        <EvidenceBody view={view} />
      </div>
      {description && !showsDescription(view, description) && (
        <p className="mc-evidence-description">{description}</p>
      )}
      <div className="mc-evidence-controls">
        <Switch
          label="Definition of done"
          checked={definition.value}
          disabled={!canEditEvidence}
          onChange={(event) =>
            change('definition_of_done', event.currentTarget.checked, definition)
          }
        />
        <Checkbox
          label="Done"
          checked={done.value}
          disabled={!canEditEvidence || !definition.value}
          onChange={(event) => change('done', event.currentTarget.checked, done)}
        />
        {canEditEvidence && (
          <Button
            icon="trash"
            variant="minimal"
            size="small"
            text="Remove"
            aria-label={`Remove ${name}`}
            onClick={() => setConfirming(true)}
          />
        )}
      </div>
      {canEditEvidence && (
        <ConfirmDialog
          isOpen={confirming}
          title="Remove evidence"
          confirmText="Remove"
          onConfirm={() =>
            deleteEvidence({ id: evidence.id, incidentId })
              .unwrap()
              .then(
                () => true,
                () => false,
              )
          }
          onClose={() => setConfirming(false)}
        >
          {REMOVE_EVIDENCE_QUESTION}
        </ConfirmDialog>
      )}
    </li>
  );
}
