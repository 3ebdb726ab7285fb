import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import type { ViewVariable } from '../../api/schemas/views';

export interface ViewVariablesProps {
  variables: readonly ViewVariable[];
  /** The values chosen in the address, by key. */
  values: Record<string, string>;
  /** Sets one variable (an empty value removes it from the address). */
  onChange: (key: string, value: string) => void;
}

/** The text of an offered value and its label. */
function optionOf(option: NonNullable<ViewVariable['options']>[number]) {
  if (typeof option === 'object') {
    return { value: String(option.value), label: option.label ?? String(option.value) };
  }
  return { value: String(option), label: String(option) };
}

/** The value shown: the address's, else the one the view was evaluated with, else the default. */
export function variableValue(variable: ViewVariable, values: Record<string, string>): string {
  const chosen = values[variable.key];
  if (chosen !== undefined) return chosen;
  const fallback = variable.value ?? variable.default;
  return fallback === null || fallback === undefined ? '' : String(fallback);
}

/** A variable without options: typed, applied on Enter or when leaving the field. */
function FreeTextVariable({
  id,
  label,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return (
    <InputGroup
      id={id}
      aria-label={label}
      value={text}
      size="small"
      onValueChange={setText}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

function VariableControl({
  variable,
  value,
  onChange,
}: {
  variable: ViewVariable;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const label = variable.label || variable.key;
  const options = (variable.options ?? []).map(optionOf);
  if (value !== '' && !options.some((option) => option.value === value) && options.length > 0) {
    options.unshift({ value, label: value });
  }
  return (
    <FormGroup label={label} labelFor={id} inline className="mc-view-variable">
      {options.length > 0 ? (
        <HTMLSelect
          id={id}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          options={value === '' ? [{ value: '', label: '—' }, ...options] : options}
        />
      ) : (
        <FreeTextVariable key={value} id={id} label={label} value={value} onCommit={onChange} />
      )}
    </FormGroup>
  );
}

/** One control per variable of the view, with its options, showing its current value. */
export function ViewVariables({ variables, values, onChange }: ViewVariablesProps) {
  if (variables.length === 0) return null;
  return (
    <div className="mc-view-variables" role="group" aria-label="Variables">
      {variables.map((variable) => (
        <VariableControl
          key={variable.key}
          variable={variable}
          value={variableValue(variable, values)}
          onChange={(value) => onChange(variable.key, value)}
        />
      ))}
    </div>
  );
}
