import { Button, FormGroup, MenuItem, Spinner } from '@blueprintjs/core';
import type { ItemRenderer } from '@blueprintjs/select';
import { Suggest } from '@blueprintjs/select';
import type { ReactNode } from 'react';
import { useId, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

/** Wait after the last keystroke before searching (spec 001 §9). */
export const PICKER_DEBOUNCE_MS = 300;
/** Shown while nothing is typed (spec 001 §8). */
export const START_TYPING = 'Start typing to search';
/** Shown when a search found nothing (spec 001 §8). */
export const NO_OPTIONS = 'No options found';

/** One choice of a picker. */
export interface PickerOption {
  value: string;
  label: string;
  /** Shown to the right of the label (a type, a namespace). */
  detail?: string;
}

/** What a search for the typed text gives. */
export interface PickerSearch {
  options: readonly PickerOption[];
  loading: boolean;
  /** Why the search failed. */
  error?: string;
}

export interface ResourcePickerProps {
  /** The field's label and the input's accessible name. */
  label: string;
  /**
   * Searches on the server for the typed text (already debounced); called on every render with
   * the current text, `''` while nothing is typed. A hook: pass the same one on every render.
   */
  useSearch: (text: string) => PickerSearch;
  /** The chosen value; none while nothing is chosen. */
  value?: string;
  /** How the chosen value reads when it is not among the results (e.g. from the record). */
  valueLabel?: string;
  /** Called with the chosen option, or undefined when the choice is cleared. */
  onChange: (option: PickerOption | undefined) => void;
  /** Called when the field loses focus (a form marks it touched). */
  onBlur?: () => void;
  /** A validation message shown under the field. */
  error?: string;
  /** A hint shown under the field while there is no error. */
  helperText?: ReactNode;
  /** Marks the label "(required)". */
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /**
   * The typed text is the value (a name or a pattern such as `web-*`), and the search's results
   * are suggestions: `onChange` gets `{ value: text, label: text }` as the user types, or the
   * option chosen. Default false: only a result can be chosen.
   */
  freeText?: boolean;
  /**
   * The label is read by assistive technology only and the field takes no extra space: for a
   * picker in a toolbar of filters, whose placeholder says what it picks.
   */
  hideLabel?: boolean;
}

const renderOption: ItemRenderer<PickerOption> = (
  option,
  { handleClick, handleFocus, modifiers },
) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={option.value}
      text={option.label}
      label={option.detail}
      active={modifiers.active}
      disabled={modifiers.disabled}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  ) : null;

/**
 * The console's one searching picker: the user types, and after 300 ms of quiet the text is
 * searched on the server (through `useSearch`); results are picked with the mouse or the arrow
 * keys and Enter. Nothing is loaded before the user types.
 */
export function ResourcePicker({
  label,
  useSearch,
  value,
  valueLabel,
  onChange,
  onBlur,
  error,
  helperText,
  required = false,
  disabled = false,
  placeholder = 'Search…',
  freeText = false,
  hideLabel = false,
}: ResourcePickerProps) {
  const inputId = useId();
  const [text, setText] = useState(freeText ? (value ?? '') : '');
  // Free text follows a value changed from outside (cleared, or set to `*` by a switch).
  const [shownValue, setShownValue] = useState(value);
  if (freeText && value !== shownValue) {
    setShownValue(value);
    if ((value ?? '') !== text) setText(value ?? '');
  }
  // Free text is searched only once the user has typed; a record's value is not a search.
  const [typed, setTyped] = useState(false);
  // Free text: whether a suggestion was reached with the arrow keys since the last keystroke.
  // Enter without that keeps what was typed (a pattern) instead of taking the first suggestion.
  const browsed = useRef(false);
  // The option last chosen, so its label stays once the results have moved on.
  const [picked, setPicked] = useState<PickerOption | undefined>();
  const query = !freeText || typed ? text.trim() : '';
  const settled = useDebouncedValue(query, PICKER_DEBOUNCE_MS);
  const search = useSearch(settled);
  const waiting = query !== settled || search.loading;
  const selected = useMemo<PickerOption | null>(() => {
    if (!value || freeText) return null;
    if (picked?.value === value) return picked;
    return (
      search.options.find((option) => option.value === value) ?? {
        value,
        label: valueLabel ?? value,
      }
    );
  }, [value, valueLabel, search.options, picked, freeText]);

  let empty;
  if (query === '') empty = START_TYPING;
  else if (waiting) empty = <Spinner size={16} aria-label="Searching" />;
  else if (search.error) empty = search.error;
  else empty = NO_OPTIONS;

  const helper = error ?? (query !== '' && !waiting ? search.error : undefined);
  return (
    <FormGroup
      className={hideLabel ? 'mc-picker-inline' : undefined}
      label={label}
      labelFor={inputId}
      labelInfo={required ? '(required)' : undefined}
      helperText={helper ?? helperText}
      intent={helper ? 'danger' : 'none'}
    >
      <Suggest<PickerOption>
        items={query === '' || waiting ? [] : [...search.options]}
        itemRenderer={renderOption}
        itemsEqual="value"
        inputValueRenderer={(option) => option.label}
        selectedItem={selected}
        // The typed text is held here, not in the list: the list's own reset-on-close clears
        // it as the popover opens, which loses what was typed right after focusing.
        query={text}
        onQueryChange={(next) => {
          setText(next);
          browsed.current = false;
          if (!freeText) return;
          setTyped(true);
          setShownValue(next || undefined);
          onChange(next === '' ? undefined : { value: next, label: next });
        }}
        onItemSelect={(option, event) => {
          if (freeText && event?.type.startsWith('key') && !browsed.current) return;
          setPicked(option);
          if (freeText) {
            setText(option.value);
            setShownValue(option.value);
          }
          onChange(option);
        }}
        noResults={<MenuItem disabled text={empty} roleStructure="listoption" />}
        fill
        disabled={disabled}
        closeOnSelect
        popoverProps={{
          minimal: true,
          matchTargetWidth: true,
          onClosing: () => {
            if (!freeText) setText('');
          },
        }}
        inputProps={{
          id: inputId,
          ...(onBlur ? { onBlur: () => onBlur() } : {}),
          onKeyDown: (event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') browsed.current = true;
          },
          placeholder,
          intent: helper ? 'danger' : 'none',
          'aria-invalid': helper ? true : undefined,
          rightElement:
            value && !disabled ? (
              <Button
                variant="minimal"
                icon="cross"
                aria-label={`Clear ${label}`}
                onClick={() => onChange(undefined)}
              />
            ) : undefined,
        }}
      />
    </FormGroup>
  );
}
