import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useId } from 'react';
import type { AgentName } from '../../../api/schemas/agents';
import type { ScopeResourceType } from '../../../api/schemas/scopes';
import { SCOPE_RESOURCE_TYPES } from '../../../api/schemas/scopes';
import type { ScopeSelectorValues, ScopeTargetValues } from '../model/scopeForm';
import {
  RESOURCE_TYPE_LABELS,
  changeTargetType,
  emptySelector,
  setWildcard,
  targetTypes,
} from '../model/scopeForm';
import type { SearchKind } from '../../../api/endpoints/resources';
import { KeyValueEditor } from '../../../ui/form/KeyValueField';
import { NamePicker } from '../../../widgets/pickers';

/** Whose names a target's name field suggests; a global target names any kind. */
const NAME_KINDS: Partial<Record<ScopeResourceType, SearchKind>> = {
  config: 'configs',
  component: 'components',
  playbook: 'playbooks',
  canary: 'canaries',
};

export const TAGS_HINT = 'Resources must match ALL tags.';

export const GLOBAL_TARGET_NOTE =
  'Tags apply only to config resources, agent applies to all but playbooks.';

export interface TargetEditorProps {
  /** Zero-based position, shown as "Target {index + 1}". */
  index: number;
  target: ScopeTargetValues;
  onChange: (target: ScopeTargetValues) => void;
  onRemove: () => void;
  /** The remove button is disabled (the list never goes below one target). */
  canRemove: boolean;
  /** The agents to choose from. */
  agents: readonly AgentName[];
  /** The message of this target when the form was submitted with it invalid. */
  error?: string;
  /** Disables every control. Default false. */
  disabled?: boolean;
}

/** One target of a scope: its resource type, wildcard, name, agent and tags. */
export function TargetEditor({
  index,
  target,
  onChange,
  onRemove,
  canRemove,
  agents,
  error,
  disabled = false,
}: TargetEditorProps) {
  const ids = { type: useId(), name: useId(), agent: useId() };
  const type: ScopeResourceType = targetTypes(target)[0] ?? 'config';
  const selector: ScopeSelectorValues = target[type] ?? emptySelector();
  const label = `Target ${index + 1}`;
  const nameKind = NAME_KINDS[type];
  const change = (next: Partial<ScopeSelectorValues>) =>
    onChange({ ...target, [type]: { ...selector, ...next } });
  const agentNames = agents.map((agent) => agent.name);
  if (selector.agent !== '' && !agentNames.includes(selector.agent))
    agentNames.push(selector.agent);

  return (
    <section aria-label={label} className="mc-scope-target">
      <div className="mc-scope-target-header">
        <strong>{label}</strong>
        <Button
          variant="minimal"
          icon="trash"
          aria-label={`Remove ${label}`}
          disabled={disabled || !canRemove}
          onClick={onRemove}
        />
      </div>
      <FormGroup label="Resource Type" labelFor={ids.type}>
        <HTMLSelect
          id={ids.type}
          value={type}
          disabled={disabled}
          options={SCOPE_RESOURCE_TYPES.map((value) => ({
            value,
            label: RESOURCE_TYPE_LABELS[value],
          }))}
          onChange={(event) =>
            onChange(changeTargetType(target, event.currentTarget.value as ScopeResourceType))
          }
        />
      </FormGroup>
      {type === 'global' && (
        <Callout intent="primary" icon="info-sign" compact>
          {GLOBAL_TARGET_NOTE}
        </Callout>
      )}
      <Switch
        label="Wildcard"
        checked={selector.wildcard}
        disabled={disabled}
        onChange={(event) =>
          onChange({ ...target, [type]: setWildcard(selector, event.currentTarget.checked) })
        }
      />
      {nameKind ? (
        <NamePicker
          key={type}
          kind={nameKind}
          label="Name"
          value={selector.name || undefined}
          placeholder={selector.wildcard ? '*' : 'Name or pattern'}
          disabled={disabled || selector.wildcard}
          onChange={(option) => change({ name: option?.value ?? '' })}
        />
      ) : (
        <FormGroup label="Name" labelFor={ids.name}>
          <InputGroup
            id={ids.name}
            value={selector.name}
            placeholder={selector.wildcard ? '*' : undefined}
            disabled={disabled || selector.wildcard}
            onValueChange={(name) => change({ name })}
          />
        </FormGroup>
      )}
      {type !== 'playbook' && (
        <FormGroup label="Agent" labelFor={ids.agent}>
          <HTMLSelect
            id={ids.agent}
            value={selector.agent}
            disabled={disabled || selector.wildcard}
            options={[
              { value: '', label: 'Any agent' },
              ...agentNames.map((name) => ({ value: name, label: name })),
            ]}
            onChange={(event) => change({ agent: event.currentTarget.value })}
          />
        </FormGroup>
      )}
      <KeyValueEditor
        label="Tags"
        helperText={TAGS_HINT}
        pairs={selector.tags}
        disabled={disabled || selector.wildcard}
        onChange={(tags) => change({ tags })}
      />
      {error && (
        <Callout intent="danger" role="alert" compact>
          {error}
        </Callout>
      )}
    </section>
  );
}
