import { MenuItem, TagInput } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { SelectionCount, useSelectionSummary } from '../SelectionCount';
import type { FieldChromeProps, KitControl } from './FormFieldGroup';
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

/**
 * Free-form values (`string[]`): typed, added with Enter, a comma or leaving the field. Four or
 * more read "4 selected" in the box until it is focused (spec 001 §3).
 */
export function TagsField({ placeholder, ...field }: TagsFieldProps) {
  return (
    <KitField<string[] | undefined> {...field}>
      {(control) => (
        <TagsInput
          values={control.input.value || []}
          onChange={(values) => control.input.onChange(cleanTags(values))}
          box={valuesBox(control, placeholder)}
        />
      )}
    </KitField>
  );
}

/** What the box of a field of several values takes from the field, and its placeholder. */
interface ValuesBox extends Pick<KitControl<unknown>, 'id' | 'disabled' | 'invalid'> {
  onBlur: () => void;
  placeholder: string | undefined;
}

function valuesBox(
  { input, id, disabled, invalid }: KitControl<string[] | undefined>,
  placeholder: string | undefined,
): ValuesBox {
  return { id, disabled, invalid, onBlur: () => input.onBlur(), placeholder };
}

interface TagsInputProps {
  values: string[];
  onChange: (values: unknown[]) => void;
  box: ValuesBox;
}

/** The tags' box: its values, or their count while it summarises them. */
function TagsInput({ values, onChange, box }: TagsInputProps) {
  const { id, disabled, invalid, onBlur, placeholder } = box;
  const { summarised, focusProps } = useSelectionSummary(values.length);
  return (
    <div {...focusProps}>
      <TagInput
        values={summarised ? [] : values}
        // From the field's values, never the box's: a value typed then left while the box
        // turns to its summary is added to them all.
        onAdd={(added) => onChange([...values, ...added])}
        onRemove={(_, index) => onChange(values.filter((__, at) => at !== index))}
        addOnBlur
        fill
        disabled={disabled}
        intent={invalid.intent}
        placeholder={summarised ? undefined : placeholder}
        inputProps={{
          id,
          'aria-invalid': invalid['aria-invalid'],
          onBlur,
          // Enter adds what was typed; it must not also submit the form around.
          onKeyDown: (event) => {
            if (event.key === 'Enter' && event.currentTarget.value.trim() !== '') {
              event.preventDefault();
            }
          },
        }}
      >
        {summarised && <SelectionCount count={values.length} />}
      </TagInput>
    </div>
  );
}

export interface MultiSelectFieldProps extends FieldChromeProps {
  name: string;
  options: readonly SelectOption[];
  placeholder?: string;
}

/**
 * Several choices of a known list (`string[]` of option values), filtered as the user types.
 * Four or more read "4 selected" in the box until it is focused (spec 001 §3).
 */
export function MultiSelectField({ options, placeholder, ...field }: MultiSelectFieldProps) {
  return (
    <KitField<string[] | undefined> {...field}>
      {(control) => (
        <MultiSelectInput
          options={options}
          selected={control.input.value || []}
          onChange={control.input.onChange}
          box={valuesBox(control, placeholder)}
        />
      )}
    </KitField>
  );
}

interface MultiSelectInputProps {
  options: readonly SelectOption[];
  selected: string[];
  onChange: (values: string[]) => void;
  box: ValuesBox;
}

/** The choices' box: the chosen ones as tags, or their count while it summarises them. */
function MultiSelectInput({ options, selected, onChange, box }: MultiSelectInputProps) {
  const { id, disabled, invalid, onBlur, placeholder } = box;
  const { summarised, focusProps } = useSelectionSummary(selected.length);
  const labelOf = (value: string) =>
    options.find((option) => option.value === value)?.label ?? value;
  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  return (
    <div {...focusProps}>
      <MultiSelect<SelectOption>
        items={[...options]}
        selectedItems={options.filter((option) => selected.includes(option.value))}
        itemPredicate={(query, option) => option.label.toLowerCase().includes(query.toLowerCase())}
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
        // A tag that renders as nothing is not shown: the summary stands for them all.
        tagRenderer={(option) => (summarised ? null : labelOf(option.value))}
        noResults={<MenuItem disabled text="No options found" roleStructure="listoption" />}
        placeholder={summarised ? undefined : placeholder}
        disabled={disabled}
        resetOnSelect
        fill
        popoverProps={{ minimal: true, onClosed: onBlur }}
        tagInputProps={{
          inputProps: { id },
          intent: invalid.intent,
          children: summarised ? <SelectionCount count={selected.length} /> : undefined,
        }}
      />
    </div>
  );
}
