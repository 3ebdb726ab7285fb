import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId, useMemo, useState } from 'react';

/** One choice of a picker. */
export interface PickerOption {
  value: string;
  label: string;
}

export interface OptionPickerProps {
  /** The field's label, also the select's accessible name. */
  label: string;
  options: readonly PickerOption[];
  /** The chosen value; none while nothing is chosen. */
  value?: string;
  onChange: (value: string | undefined) => void;
  /** The label of the chosen value when it is not among the options (yet). */
  valueLabel?: string;
  /** The options are still loading. */
  loading?: boolean;
  /** Why the options could not be loaded. */
  loadError?: string;
  /** A validation message to show under the field. */
  error?: string;
  /** Disables the search box and the select. Default false. */
  disabled?: boolean;
  /** At most this many matches are listed. Default 100. */
  limit?: number;
}

/**
 * A select with a search box that narrows its options (by label, case-insensitive). The chosen
 * value is always listed, even when it does not match the search.
 */
export function OptionPicker({
  label,
  options,
  value,
  onChange,
  valueLabel,
  loading = false,
  loadError,
  error,
  disabled = false,
  limit = 100,
}: OptionPickerProps) {
  const selectId = useId();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matches = options
      .filter((option) => needle === '' || option.label.toLowerCase().includes(needle))
      .slice(0, limit);
    if (value && !matches.some((option) => option.value === value)) {
      const chosen = options.find((option) => option.value === value) ?? {
        value,
        label: valueLabel ?? value,
      };
      matches.unshift(chosen);
    }
    return matches;
  }, [options, search, value, valueLabel, limit]);
  const placeholder = loading ? 'Loading…' : `Select ${label.toLowerCase()}`;
  const helper = error ?? loadError;
  return (
    <FormGroup
      label={label}
      labelFor={selectId}
      helperText={helper}
      intent={helper ? 'danger' : 'none'}
    >
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={`Search ${label.toLowerCase()}`}
        placeholder="Search"
        value={search}
        disabled={disabled}
        onValueChange={setSearch}
      />
      <HTMLSelect
        id={selectId}
        fill
        value={value ?? ''}
        disabled={disabled}
        options={[
          { value: '', label: placeholder },
          ...shown.map((option) => ({ value: option.value, label: option.label })),
        ]}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
      />
    </FormGroup>
  );
}
