import { Button } from '@blueprintjs/core';

export interface AddRowButtonProps {
  /** What one row is, as the button says it: `Header` reads "Add Header". */
  noun: string;
  disabled: boolean;
  onClick: () => void;
}

/** The button below a list of rows that adds one ("Add Header"). */
export function AddRowButton({ noun, disabled, onClick }: AddRowButtonProps) {
  return (
    <Button
      variant="minimal"
      icon="add"
      text={`Add ${noun}`}
      disabled={disabled}
      onClick={onClick}
    />
  );
}

export interface RemoveRowButtonProps {
  /** What one row is: `Header` names the second row's button "Remove header 2". */
  noun: string;
  /** The row's index (from 0). */
  index: number;
  disabled: boolean;
  onClick: () => void;
}

/** A row's remove button: a cross named by the row ("Remove header 2"). */
export function RemoveRowButton({ noun, index, disabled, onClick }: RemoveRowButtonProps) {
  return (
    <Button
      variant="minimal"
      icon="cross"
      aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
      disabled={disabled}
      onClick={onClick}
    />
  );
}
