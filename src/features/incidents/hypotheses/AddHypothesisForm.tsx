import { Button, InputGroup, Intent } from '@blueprintjs/core';
import type { FormEvent, KeyboardEvent } from 'react';
import { useState } from 'react';
import { useCreateHypothesisMutation } from '../../../api/endpoints/incidents';
import { toErrorMessage } from '../../../api/errors';
import type { HypothesisType } from '../model/incidentValues';
import { DEFAULT_HYPOTHESIS_STATUS, HYPOTHESIS_TYPES, labelOf } from '../model/incidentValues';
import { useHypothesisTree } from './HypothesisTreeContext';

/** What the form says when Add is pressed with no title. */
export const EMPTY_TITLE_MESSAGE = 'Enter a title';

export interface AddHypothesisFormProps {
  /** The type of the new hypothesis. */
  type: HypothesisType;
  /** The hypothesis it goes under; none for a root cause. */
  parentId?: string;
  /** Called once it is added, or when the user cancels. */
  onDone: () => void;
}

/**
 * An inline title box that adds a hypothesis (INC-10) as possible, by the signed-in user.
 * Enter adds, Escape cancels; an empty title is refused and a failure keeps the text with the
 * server's reason.
 */
export function AddHypothesisForm({ type, parentId, onDone }: AddHypothesisFormProps) {
  const { incidentId, user } = useHypothesisTree();
  const [createHypothesis, { isLoading }] = useCreateHypothesisMutation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();
  const label = labelOf(HYPOTHESIS_TYPES, type).toLowerCase();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') {
      setError(EMPTY_TITLE_MESSAGE);
      return;
    }
    setError(undefined);
    try {
      await createHypothesis({
        incident_id: incidentId,
        type,
        title: trimmed,
        status: DEFAULT_HYPOTHESIS_STATUS,
        ...(parentId ? { parent_id: parentId } : {}),
        created_by: user?.id ?? '',
      }).unwrap();
      onDone();
    } catch (failure) {
      setError(toErrorMessage(failure));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !isLoading) {
      event.stopPropagation();
      onDone();
    }
  };

  return (
    <form className="mc-hypothesis-add" onSubmit={(event) => void submit(event)}>
      <InputGroup
        autoFocus
        size="small"
        aria-label={`Title of the new ${label}`}
        placeholder={`New ${label}`}
        value={title}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        onValueChange={(value) => {
          setTitle(value);
          if (error === EMPTY_TITLE_MESSAGE) setError(undefined);
        }}
        onKeyDown={onKeyDown}
        readOnly={isLoading}
      />
      <Button type="submit" size="small" intent="primary" text="Add" loading={isLoading} />
      <Button size="small" variant="minimal" text="Cancel" disabled={isLoading} onClick={onDone} />
      {error && (
        <span role="alert" className="mc-hypothesis-add-error">
          {error}
        </span>
      )}
    </form>
  );
}
