import { Button, Callout, Classes, FormGroup } from '@blueprintjs/core';
import type { AgentName } from '../../../api/schemas/agents';
import type { ScopeTargetValues } from '../model/scopeForm';
import { emptyTarget } from '../model/scopeForm';
import { TargetEditor } from './TargetEditor';

export const NO_TARGETS = 'No targets defined. Click Add Target to create one.';

export interface TargetListProps {
  targets: readonly ScopeTargetValues[];
  onChange: (targets: ScopeTargetValues[]) => void;
  agents: readonly AgentName[];
  /** The list's validation result: one message, or one per target. */
  error?: string | ReadonlyArray<string | undefined>;
  /** Show the validation messages (after a submit attempt). */
  showErrors: boolean;
  /** Disables every control. Default false. */
  disabled?: boolean;
}

/** The targets of a scope; targets are added with Add Target and never go below one by removal. */
export function TargetList({
  targets,
  onChange,
  agents,
  error,
  showErrors,
  disabled = false,
}: TargetListProps) {
  const listError = showErrors && typeof error === 'string' ? error : undefined;
  const targetError = (index: number) =>
    showErrors && Array.isArray(error) ? (error[index] ?? undefined) : undefined;
  return (
    <FormGroup label="Targets">
      <div className="mc-scope-target-list">
        {targets.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{NO_TARGETS}</p>
        ) : (
          targets.map((target, index) => (
            <TargetEditor
              key={index}
              index={index}
              target={target}
              agents={agents}
              disabled={disabled}
              error={targetError(index)}
              canRemove={targets.length > 1}
              onChange={(next) => onChange(targets.map((t, i) => (i === index ? next : t)))}
              onRemove={() => {
                if (targets.length > 1) onChange(targets.filter((_, i) => i !== index));
              }}
            />
          ))
        )}
        {listError && (
          <Callout intent="danger" role="alert" compact>
            {listError}
          </Callout>
        )}
        <Button
          icon="add"
          text="Add Target"
          disabled={disabled}
          onClick={() => onChange([...targets, emptyTarget()])}
        />
      </div>
    </FormGroup>
  );
}
