import { Button, Switch } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import type { FilterChoice } from '../ui/FilterSelect';
import { FilterSelect } from '../ui/FilterSelect';
import { CLEAR_FILTERS_TEXT } from '../ui/ListEmptyState';
import { KindPicker } from './pickers';

/** The fields of a filter set that hold a text value. */
export type TextFilterField<F> = {
  [K in keyof F]-?: F[K] extends string | undefined ? K : never;
}[keyof F] &
  string;

/**
 * The `value` and `onChange` of the control of one filter field, for a toolbar's controls:
 * `<FilterDropdown label options {...bind('status')} />` with `bind = filterBinding(filters,
 * onChange)`.
 */
export function filterBinding<F>(filters: F, onChange: (changes: Partial<F>) => void) {
  return <K extends keyof F>(field: K) => ({
    value: filters[field],
    // A control that clears its field (a time range back to its default) gives undefined.
    onChange: (value: F[K] | undefined) => onChange({ [field]: value } as unknown as Partial<F>),
  });
}

/** One select of a filter bar: the field it sets, its name, its "all" option and its choices. */
export interface FilterBarSelect<F> {
  field: TextFilterField<F>;
  /** The select's accessible name ("Status"). */
  label: string;
  /** The option that sets no filter ("All statuses"). */
  allLabel: string;
  /** The value of that option, when it is not the empty value. */
  allValue?: string;
  options: ReadonlyArray<string | FilterChoice>;
  /** How a plain value reads. */
  optionLabel?: (value: string) => string;
}

export interface FilterBarProps<F> {
  /** The group's accessible name; default "Filters". */
  label?: string;
  className: string;
  filters: F;
  /** Changes some filters. */
  onChange: (changes: Partial<F>) => void;
  /** The selects, in order; `false` leaves one out. */
  selects: ReadonlyArray<FilterBarSelect<F> | false>;
  /** What stands before the selects (a search box). */
  before?: ReactNode;
  /** What follows them (pickers, removable filters, Clear filters). */
  children?: ReactNode;
}

/**
 * A list's filter toolbar: a group of selects, one per filter field, each with an "all" option
 * that clears its field, between what the page puts before and after them.
 */
export function FilterBar<F>({
  label = 'Filters',
  className,
  filters,
  onChange,
  selects,
  before,
  children,
}: FilterBarProps<F>) {
  return (
    <div className={className} role="group" aria-label={label}>
      {before}
      {selects.map(
        (select) =>
          select && (
            <FilterSelect
              key={select.field}
              label={select.label}
              allLabel={select.allLabel}
              allValue={select.allValue}
              value={filters[select.field] as string | undefined}
              options={select.options}
              optionLabel={select.optionLabel}
              onChange={(value) => onChange({ [select.field]: value } as Partial<F>)}
            />
          ),
      )}
      {children}
    </div>
  );
}

export interface ComponentFilterProps {
  className: string;
  /** The id of the chosen component (from the address). */
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}

/** A filter on one topology component, picked by search ("Any component" when none). */
export function ComponentFilter({ className, value, onChange }: ComponentFilterProps) {
  return (
    <div className={className}>
      <KindPicker
        kind="components"
        value={value}
        placeholder="Any component"
        onChange={(option) => onChange(option?.value)}
      />
    </div>
  );
}

export interface RemovableFilterProps {
  icon: IconName;
  /** What the filter is on ("Config"). */
  label: string;
  /** The chosen value as it reads. */
  name: string;
  onRemove: () => void;
}

/** A filter shown as a button "Label: name" that removes it when pressed. */
export function RemovableFilter({ icon, label, name, onRemove }: RemovableFilterProps) {
  return (
    <Button
      variant="outlined"
      icon={icon}
      endIcon="small-cross"
      aria-label={`Remove filter ${label}: ${name}`}
      onClick={onRemove}
    >
      {label}: {name}
    </Button>
  );
}

/** "Clear filters", for a toolbar whose filters differ from the default. */
export function ClearFiltersButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="minimal" icon="filter-remove" text={CLEAR_FILTERS_TEXT} onClick={onClick} />
  );
}

export interface FilterSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className: string;
}

/** A filter that is on or off, as a labelled switch. */
export function FilterSwitch({ label, checked, onChange, className }: FilterSwitchProps) {
  return (
    <Switch
      label={label}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      className={className}
    />
  );
}
