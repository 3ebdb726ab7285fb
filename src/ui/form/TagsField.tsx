import { MenuItem, TagInput } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { useId } from 'react';
import { Field } from 'react-final-form';
import type { FieldChromeProps } from './FormFieldGroup';
import { FormFieldGroup, useFieldDisabled } from './FormFieldGroup';
import { requiredRule, shownError } from './fieldError';
import type { SelectOption } from './SelectField';

/** The distinct, trimmed, non-empty values of a list, in their first order. */
export function cleanTags(values: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const text = String(value).trim();
    if (text !== '') seen.add(text);
  }
  return [...seen];
}

export interface TagsFieldProps extends FieldChromeProps {
  name: string;
  placeholder?: string;
}

/** Free-form values (`string[]`): typed, added with Enter, a comma or leaving the field. */
export function TagsField({
  name,
  label,
  required,
  helperText,
  disabled,
  placeholder,
}: TagsFieldProps) {
  const id = useId();
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<string[]> name={name} validate={requiredRule(required)}>
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <FormFieldGroup
            id={id}
            label={label}
            required={required}
            helperText={helperText}
            error={error}
          >
            <TagInput
              values={input.value || []}
              onChange={(values) => input.onChange(cleanTags(values as unknown[]))}
              addOnBlur
              fill
              disabled={isDisabled}
              intent={error ? 'danger' : 'none'}
              placeholder={placeholder}
              inputProps={{
                id,
                'aria-invalid': error ? true : undefined,
                onBlur: () => input.onBlur(),
                // Enter adds what was typed; it must not also submit the form around.
                onKeyDown: (event) => {
                  if (event.key === 'Enter' && event.currentTarget.value.trim() !== '') {
                    event.preventDefault();
                  }
                },
              }}
            />
          </FormFieldGroup>
        );
      }}
    </Field>
  );
}

export interface MultiSelectFieldProps extends FieldChromeProps {
  name: string;
  options: readonly SelectOption[];
  placeholder?: string;
}

/** Several choices of a known list (`string[]` of option values), filtered as the user types. */
export function MultiSelectField({
  name,
  label,
  required,
  helperText,
  disabled,
  options,
  placeholder,
}: MultiSelectFieldProps) {
  const id = useId();
  const isDisabled = useFieldDisabled(disabled);
  const labelOf = (value: string) =>
    options.find((option) => option.value === value)?.label ?? value;
  return (
    <Field<string[]> name={name} validate={requiredRule(required)}>
      {({ input, meta }) => {
        const error = shownError(meta);
        const selected: string[] = input.value || [];
        const toggle = (value: string) =>
          input.onChange(
            selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value],
          );
        return (
          <FormFieldGroup
            id={id}
            label={label}
            required={required}
            helperText={helperText}
            error={error}
          >
            <MultiSelect<SelectOption>
              items={[...options]}
              selectedItems={options.filter((option) => selected.includes(option.value))}
              itemPredicate={(query, option) =>
                option.label.toLowerCase().includes(query.toLowerCase())
              }
              itemRenderer={(option, { handleClick, modifiers }) =>
                modifiers.matchesPredicate ? (
                  <MenuItem
                    key={option.value}
                    text={option.label}
                    roleStructure="listoption"
                    selected={selected.includes(option.value)}
                    active={modifiers.active}
                    onClick={handleClick}
                  />
                ) : null
              }
              onItemSelect={(option) => toggle(option.value)}
              onRemove={(option) => toggle(option.value)}
              tagRenderer={(option) => labelOf(option.value)}
              noResults={<MenuItem disabled text="No options found" roleStructure="listoption" />}
              placeholder={placeholder}
              disabled={isDisabled}
              resetOnSelect
              fill
              popoverProps={{ minimal: true, onClosed: () => input.onBlur() }}
              tagInputProps={{ inputProps: { id }, intent: error ? 'danger' : 'none' }}
            />
          </FormFieldGroup>
        );
      }}
    </Field>
  );
}
