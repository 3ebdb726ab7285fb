import { EditableText } from '@blueprintjs/core';
import { useState } from 'react';
import { useUpdateHypothesisMutation } from '../../../api/endpoints/incidents';
import type { Hypothesis } from '../../../api/schemas/incidents';
import { useHypothesisTree } from './HypothesisTreeContext';
import { usePendingValue } from './usePendingValue';

export interface HypothesisTitleProps {
  hypothesis: Hypothesis;
}

/**
 * The title of a hypothesis, edited in place: Enter or leaving the field saves it (INC-12),
 * Escape puts the old title back. An empty or unchanged title is not sent.
 */
export function HypothesisTitle({ hypothesis }: HypothesisTitleProps) {
  const { incidentId, canEdit } = useHypothesisTree();
  const [updateHypothesis] = useUpdateHypothesisMutation();
  const saved = hypothesis.title ?? '';
  const shown = usePendingValue(saved);
  const [draft, setDraft] = useState<string>();

  const confirm = (value: string) => {
    setDraft(undefined);
    const title = value.trim();
    if (title === '' || title === shown.value) return;
    shown.set(title);
    updateHypothesis({ id: hypothesis.id, incidentId, changes: { title } })
      .unwrap()
      // The endpoint reports the failure; the saved title shows again.
      .catch(() => shown.clear());
  };

  return (
    <EditableText
      className="mc-hypothesis-title"
      value={draft ?? shown.value}
      disabled={!canEdit}
      placeholder={canEdit ? 'Add a title' : 'Untitled'}
      selectAllOnFocus
      customInputAttributes={{ 'aria-label': 'Title' }}
      onChange={setDraft}
      onConfirm={confirm}
      onCancel={() => setDraft(undefined)}
    />
  );
}
