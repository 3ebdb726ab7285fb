import { Button, ButtonGroup } from '@blueprintjs/core';

export interface EditDeleteActionsProps {
  /** The row's name, in the buttons' accessible names ("Edit {name}", "Delete {name}"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** A row's Edit and Delete buttons (a `DataTable`'s `rowActions`). */
export function EditDeleteActions({ name, onEdit, onDelete }: EditDeleteActionsProps) {
  return (
    <ButtonGroup variant="minimal">
      <Button icon="edit" aria-label={`Edit ${name}`} onClick={onEdit} />
      <Button icon="trash" intent="danger" aria-label={`Delete ${name}`} onClick={onDelete} />
    </ButtonGroup>
  );
}
