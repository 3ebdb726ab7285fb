import { Button, Classes, FormGroup, Tag } from '@blueprintjs/core';
import type { ResourceSelector } from '../../../api/schemas/permissions';
import { namespaced } from '../../../widgets/pickers';
import { ScopePicker } from '../../../widgets/peoplePickers';

export interface ScopesPickerProps {
  /** The chosen scopes. */
  value: readonly ResourceSelector[];
  onChange: (scopes: ResourceSelector[]) => void;
  error?: string;
  disabled: boolean;
}

const labelOf = (scope: ResourceSelector) => namespaced(scope.name ?? '', scope.namespace);

/** `sre/runbooks` → `{ namespace: 'sre', name: 'runbooks' }`; `runbooks` → `{ name: 'runbooks' }`. */
function selectorOf(value: string): ResourceSelector {
  const slash = value.indexOf('/');
  return slash < 0
    ? { name: value }
    : { namespace: value.slice(0, slash), name: value.slice(slash + 1) };
}

/**
 * The scopes a permission covers: each one is searched and added with the scope picker, and
 * listed as a tag that removes it.
 */
export function ScopesPicker({ value, onChange, error, disabled }: ScopesPickerProps) {
  const chosen = value.map(labelOf);
  return (
    <div className="mc-permission-scopes">
      <ScopePicker
        label="Add scope"
        error={error}
        disabled={disabled}
        onChange={(option) => {
          if (option && !chosen.includes(option.value))
            onChange([...value, selectorOf(option.value)]);
        }}
      />
      <FormGroup label="Scopes">
        <div role="group" aria-label="Scopes">
          {value.length === 0 && <span className={Classes.TEXT_MUTED}>No scopes chosen</span>}
          {value.map((scope, index) => (
            <Tag key={labelOf(scope)} minimal>
              {labelOf(scope)}
              <Button
                size="small"
                variant="minimal"
                icon="small-cross"
                aria-label={`Remove ${labelOf(scope)}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((_, position) => position !== index))}
              />
            </Tag>
          ))}
        </div>
      </FormGroup>
    </div>
  );
}
