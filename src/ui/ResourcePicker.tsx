import { Button, FormGroup, MenuItem, Spinner } from '@blueprintjs/core';
import type { ItemRenderer } from '@blueprintjs/select';
import { Suggest } from '@blueprintjs/select';
import type { KeyboardEvent, MouseEventHandler, ReactNode } from 'react';
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

/** The "create new" choice of a picker: offered beside the results for the typed text. */
export interface PickerCreateOption {
  /** How the choice reads for the typed text, e.g. `Create "x"`. */
  text: (query: string) => string;
  /** Called with the typed text (trimmed) when the choice is taken. */
  onCreate: (query: string) => void;
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
  /**
   * Reads the name of a chosen value that came from elsewhere (the address, a record without
   * its name): called on every render with the value whose name is not known, `undefined` while
   * there is none (no value, a `valueLabel`, or an option just picked). Until it answers, the
   * value itself is shown. A hook: pass the same one on every render.
   */
  useLabel?: (value: string | undefined) => string | undefined;
  /**
   * Offers "create new" for the typed text below the results (while something is typed);
   * taking it calls `onCreate` with the text instead of `onChange`. Not with `freeText`.
   */
  createOption?: PickerCreateOption;
  /** Called with the chosen option, or undefined when the choice is cleared. */
  onChange: (option: PickerOption | undefined) => void;
  /** Offers a button that clears the choice. Default true. */
  clearable?: boolean;
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

/** An item of the list: a result, or the "create new" choice for the typed text. */
type PickerItem = PickerOption & { create?: true };

const sameItem = (a: PickerItem, b: PickerItem) =>
  a.value === b.value && Boolean(a.create) === Boolean(b.create);

const renderOption: ItemRenderer<PickerItem> = (option, { handleClick, handleFocus, modifiers }) =>
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

/** Reads no names: a picker whose values are their own names. */
const noLabel = (): string | undefined => undefined;

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
  useLabel = noLabel,
  createOption,
  onChange,
  clearable = true,
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
  // A value whose name nobody gave (one from the address) is read by its own lookup.
  const nameKnown = !value || freeText || valueLabel !== undefined || picked?.value === value;
  const lookedUp = useLabel(nameKnown ? undefined : value);
  const selected = useMemo<PickerItem | null>(() => {
    if (!value || freeText) return null;
    if (picked?.value === value) return picked;
    return (
      search.options.find((option) => option.value === value) ?? {
        value,
        label: valueLabel ?? lookedUp ?? value,
      }
    );
  }, [value, valueLabel, lookedUp, search.options, picked, freeText]);
  const creating = createOption && !freeText ? createOption : undefined;

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
      <Suggest<PickerItem>
        items={query === '' || waiting ? [] : [...search.options]}
        itemRenderer={renderOption}
        itemsEqual={sameItem}
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
        {...(creating
          ? {
              createNewItemFromQuery: (typed: string): PickerItem => ({
                value: typed.trim(),
                label: typed.trim(),
                create: true,
              }),
              createNewItemRenderer: (
                typed: string,
                active: boolean,
                handleClick: MouseEventHandler<HTMLElement>,
              ) =>
                typed.trim() === '' ? undefined : (
                  <MenuItem
                    key="create"
                    icon="add"
                    text={creating.text(typed.trim())}
                    active={active}
                    onClick={handleClick}
                    roleStructure="listoption"
                  />
                ),
            }
          : {})}
        onItemSelect={(option, event) => {
          if (option.create) {
            if (option.value !== '') creating?.onCreate(option.value);
            return;
          }
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
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') browsed.current = true;
            // The open list takes Enter (to choose) and Escape (to close), not the form or
            // the dialog around the picker. Free text keeps Enter: what was typed is the value.
            if (event.currentTarget.getAttribute('aria-expanded') !== 'true') return;
            if (event.key === 'Enter' && !freeText) event.preventDefault();
            if (event.key === 'Escape') event.stopPropagation();
          },
          placeholder,
          intent: helper ? 'danger' : 'none',
          'aria-invalid': helper ? true : undefined,
          rightElement:
            value && clearable && !disabled ? (
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
