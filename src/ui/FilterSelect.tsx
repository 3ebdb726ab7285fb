import { HTMLSelect } from '@blueprintjs/core';

/** An offered value and how it reads. */
export interface FilterChoice {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  /** The select's accessible name. */
  label: string;
  /** The option that sets no filter ("All statuses"). */
  allLabel: string;
  /** The value of that option. Default empty: choosing it calls `onChange(undefined)`. */
  allValue?: string;
  /** The chosen value (from the address); `undefined` selects the "all" option. */
  value: string | undefined;
  /** The values offered: plain values (read through `optionLabel`) or value and label pairs. */
  options: ReadonlyArray<string | FilterChoice>;
  /** How a plain value, and a chosen value that is not offered, read. Default as they are. */
  optionLabel?: (value: string) => string;
  /** The value chosen, or `undefined` for an empty value (the "all" option by default). */
  onChange: (value: string | undefined) => void;
}

const same = (value: string) => value;

/**
 * One list filter as a select: an "all" option first, then the offered values. A chosen value
 * that is not offered (typed into the address, or not loaded yet) is kept and shown as an option
 * after "all", so the select never claims a filter other than the one applied.
 */
export function FilterSelect({
  label,
  allLabel,
  allValue = '',
  value,
  options,
  optionLabel = same,
  onChange,
}: FilterSelectProps) {
  const choices = options.map((option) =>
    typeof option === 'string' ? { value: option, label: optionLabel(option) } : option,
  );
  const current = value ?? allValue;
  const offered = current === allValue || choices.some((choice) => choice.value === current);
  return (
    <HTMLSelect
      aria-label={label}
      value={current}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
      options={[
        { value: allValue, label: allLabel },
        ...(offered ? [] : [{ value: current, label: optionLabel(current) }]),
        ...choices,
      ]}
    />
  );
}
