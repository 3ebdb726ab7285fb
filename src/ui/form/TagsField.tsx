import { MenuItem, TagInput } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import type { FieldChromeProps } from './FormFieldGroup';
import { KitField } from './FormFieldGroup';
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
export function TagsField({ placeholder, ...field }: TagsFieldProps) {
  return (
    <KitField<string[] | undefined> {...field}>
      {({ input, id, disabled, invalid }) => (
        <TagInput
          values={input.value || []}
          onChange={(values) => input.onChange(cleanTags(values as unknown[]))}
          addOnBlur
          fill
          disabled={disabled}
          intent={invalid.intent}
          placeholder={placeholder}
          inputProps={{
            id,
            'aria-invalid': invalid['aria-invalid'],
            onBlur: () => input.onBlur(),
            // Enter adds what was typed; it must not also submit the form around.
            onKeyDown: (event) => {
              if (event.key === 'Enter' && event.currentTarget.value.trim() !== '') {
                event.preventDefault();
              }
            },
          }}
        />
      )}
    </KitField>
  );
}

export interface MultiSelectFieldProps extends FieldChromeProps {
  name: string;
  options: readonly SelectOption[];
  placeholder?: string;
}

/** Several choices of a known list (`string[]` of option values), filtered as the user types. */
export function MultiSelectField({ options, placeholder, ...field }: MultiSelectFieldProps) {
  const labelOf = (value: string) =>
    options.find((option) => option.value === value)?.label ?? value;
  return (
    <KitField<string[] | undefined> {...field}>
      {({ input, id, disabled, invalid }) => {
        const selected: string[] = input.value || [];
        const toggle = (value: string) =>
          input.onChange(
            selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value],
          );
        return (
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
            disabled={disabled}
            resetOnSelect
            fill
            popoverProps={{ minimal: true, onClosed: () => input.onBlur() }}
            tagInputProps={{ inputProps: { id }, intent: invalid.intent }}
          />
        );
      }}
    </KitField>
  );
}
