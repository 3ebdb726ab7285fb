import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import type { ViewVariable } from '../../api/schemas/views';
import { DropdownPopover } from '../../ui/FilterDropdown';

/**
 * The value of a multi-select variable's "All" choice. Upstream's variables are plain texts
 * (`map[string]string`) with no All of their own; the demo engine reads "All" (or no value) as
 * every option.
 */
export const ALL_VALUES = 'All';
export const ALL_LABEL = 'All';

/** Whether several values (or All) can be chosen for the variable. */
export function isMultiSelect(variable: ViewVariable): boolean {
  return variable.type === 'multiselect';
}

/** A multi-select variable's chosen values: none for All, else a comma list. */
export function chosenValues(value: string): string[] {
  if (value === ALL_VALUES) return [];
  return value.split(',').filter((item) => item !== '');
}

/** Whether a multi-select variable's value is All: "All", or none (the engine's every option). */
export function isAllValues(value: string): boolean {
  return chosenValues(value).length === 0;
}

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

/** The variable's choices: `optionItems` (labelled values) when sent, else `options`. */
function choicesOf(variable: ViewVariable) {
  if (variable.optionItems?.length) {
    return variable.optionItems.map((item) => ({
      value: item.value,
      label: item.label || item.value,
    }));
  }
  return (variable.options ?? []).map(optionOf);
}

/**
 * A multi-select variable: a button naming the choice (All, or the values) that opens a list
 * of checkboxes, All first. Choosing All clears the others; unticking the last value goes back
 * to the view's default. No value (the engine's answer for every option) reads as All.
 */
function MultiSelectVariable({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Array<{ value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
}) {
  const listId = useId();
  const all = isAllValues(value);
  const chosen = chosenValues(value);
  const known = new Set(options.map((option) => option.value));
  const shown = [
    ...chosen.filter((item) => !known.has(item)).map((item) => ({ value: item, label: item })),
    ...options,
  ];
  const toggle = (item: string, checked: boolean) => {
    const base = all ? options.map((option) => option.value) : chosen;
    const next = checked ? [...base, item] : base.filter((entry) => entry !== item);
    onChange([...new Set(next)].join(','));
  };
  const summary = all
    ? ALL_LABEL
    : chosen.map((item) => shown.find((o) => o.value === item)?.label ?? item).join(', ');
  const content = (
    <div className="mc-filter-menu" role="group" aria-label={label} id={listId}>
      <Checkbox
        label={ALL_LABEL}
        checked={all}
        onChange={(event) => onChange(event.currentTarget.checked ? ALL_VALUES : '')}
      />
      {shown.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={all || chosen.includes(option.value)}
          onChange={(event) => toggle(option.value, event.currentTarget.checked)}
        />
      ))}
    </div>
  );
  return (
    <DropdownPopover content={content}>
      <Button
        size="small"
        endIcon="caret-down"
        aria-label={`${label}: ${summary}`}
        className="mc-view-variable-multi"
      >
        {summary}
      </Button>
    </DropdownPopover>
  );
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
  const options = choicesOf(variable);
  if (isMultiSelect(variable)) {
    return (
      <FormGroup label={label} inline className="mc-view-variable">
        <MultiSelectVariable label={label} options={options} value={value} onChange={onChange} />
      </FormGroup>
    );
  }
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
