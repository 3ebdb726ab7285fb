import { AnchorButton, Button, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { useDeleteHypothesisMutation } from '../../../api/endpoints/incidents';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useHypothesisTree } from './HypothesisTreeContext';
import type { HypothesisTreeNode } from './model/hypothesisTree';
import {
  DELETE_BLOCKED_REASON,
  DELETE_HYPOTHESIS_QUESTION,
  canDeleteHypothesis,
} from './model/hypothesisTree';

export interface DeleteHypothesisButtonProps {
  node: HypothesisTreeNode;
  /** What the hypothesis is called in the button's name, e.g. `Factor "Pool exhausted"`. */
  name: string;
}

/**
 * Deletes a hypothesis after a confirmation: its comments, its evidence, then its row (INC-13).
 * Disabled while it has children. The endpoint reports the outcome and the tree reloads either
 * way; after a failure the dialog stays open to try again.
 */
export function DeleteHypothesisButton({ node, name }: DeleteHypothesisButtonProps) {
  const { incidentId } = useHypothesisTree();
  const [deleteHypothesis] = useDeleteHypothesisMutation();
  const [confirming, setConfirming] = useState(false);
  const label = `Delete ${name}`;

  if (!canDeleteHypothesis(node)) {
    return (
      <Tooltip content={DELETE_BLOCKED_REASON} compact>
        <AnchorButton
          icon="trash"
          variant="minimal"
          size="small"
          aria-label={label}
          aria-description={DELETE_BLOCKED_REASON}
          disabled
        />
      </Tooltip>
    );
  }
  return (
    <>
      <Button
        icon="trash"
        variant="minimal"
        size="small"
        aria-label={label}
        title="Delete"
        onClick={() => setConfirming(true)}
      />
      <ConfirmDialog
        isOpen={confirming}
        title="Delete hypothesis"
        onConfirm={() =>
          deleteHypothesis({ id: node.hypothesis.id, incidentId })
            .unwrap()
            .then(
              () => true,
              () => false,
            )
        }
        onClose={() => setConfirming(false)}
      >
        {DELETE_HYPOTHESIS_QUESTION}
      </ConfirmDialog>
    </>
  );
}
