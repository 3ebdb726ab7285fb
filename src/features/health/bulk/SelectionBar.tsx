import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import type { CheckSelection } from './useCheckSelection';

export interface SelectionBarProps {
  selection: CheckSelection;
  /** Opens Run Selected with the selected checks. */
  onRun: () => void;
}

/** Above the checks table: how many are selected, Select all, Select none and Run selected. */
export function SelectionBar({ selection, onRun }: SelectionBarProps) {
  const count = selection.checks.length;
  return (
    <div className="mc-row mc-health-selection" role="group" aria-label="Selected checks">
      <span className="mc-meta-text" role="status">
        {count === 0 ? 'No checks selected' : `${count} selected`}
      </span>
      <ButtonGroup variant="minimal">
        <Button size="small" text="Select all" onClick={selection.selectAll} />
        <Button
          size="small"
          text="Select none"
          onClick={selection.selectNone}
          disabled={count === 0}
        />
      </ButtonGroup>
      <Button
        size="small"
        icon="play"
        intent={Intent.PRIMARY}
        text="Run selected"
        disabled={count === 0}
        onClick={onRun}
      />
    </div>
  );
}
