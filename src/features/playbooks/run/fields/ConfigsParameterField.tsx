import { MenuItem, Spinner } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { useGetConfigsByIdsQuery } from '../../../../api/endpoints/catalogInsights';
import type { PickerOption } from '../../../../ui/ResourcePicker';
import { NO_OPTIONS, PICKER_DEBOUNCE_MS, START_TYPING } from '../../../../ui/ResourcePicker';
import { useDebouncedValue } from '../../../../ui/useDebouncedValue';
import { configIdsOf, joinConfigIds, parameterLabel } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { ParameterChrome } from './fieldProps';
import { filterSelector, selectorSearch } from './ResourceParameterField';

/** The names of chosen configs not picked in this form (an earlier run's), read by their ids. */
function useConfigNames(ids: readonly string[], known: ReadonlyMap<string, PickerOption>) {
  const unknown = useMemo(() => ids.filter((id) => !known.has(id)).sort(), [ids, known]);
  const { currentData } = useGetConfigsByIdsQuery(unknown.length > 0 ? unknown : skipToken);
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const config of currentData ?? []) names.set(config.id, config.name ?? config.id);
    return names;
  }, [currentData]);
}

/**
 * A configs parameter: several config items, searched by name as the user types (narrowed by
 * `properties.filter`), chosen with the arrow keys and Enter or the mouse, each shown as a tag
 * removed with its button or Backspace. The form holds their ids; PB-09 sends a selector of them.
 */
export function ConfigsParameterField(props: ParameterFieldProps) {
  const { parameter, id, value, error, disabled, onChange } = props;
  const [useSearch] = useState(() =>
    selectorSearch('configs', filterSelector(parameter.properties?.filter)),
  );
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), PICKER_DEBOUNCE_MS);
  const search = useSearch(settled);
  // The options picked in this form, so their names stay once the results move on.
  const [picked, setPicked] = useState<ReadonlyMap<string, PickerOption>>(() => new Map());
  const ids = useMemo(() => configIdsOf(value), [value]);
  const names = useConfigNames(ids, picked);
  const selected = ids.map(
    (configId): PickerOption =>
      picked.get(configId) ?? { value: configId, label: names.get(configId) ?? configId },
  );
  const toggle = (option: PickerOption) => {
    if (ids.includes(option.value)) {
      onChange(joinConfigIds(ids.filter((chosen) => chosen !== option.value)));
      return;
    }
    setPicked((current) => new Map(current).set(option.value, option));
    onChange(joinConfigIds([...ids, option.value]));
  };
  const typing = query.trim() !== '';
  const waiting = typing && (settled !== query.trim() || search.loading);
  return (
    <div onBlur={props.onBlur}>
      <ParameterChrome parameter={parameter} id={id} error={error}>
        <MultiSelect<PickerOption>
          items={typing ? [...search.options] : []}
          selectedItems={selected}
          itemsEqual="value"
          query={query}
          onQueryChange={setQuery}
          itemRenderer={(option, { handleClick, handleFocus, modifiers }) => (
            <MenuItem
              key={option.value}
              text={option.label}
              label={option.detail}
              roleStructure="listoption"
              selected={ids.includes(option.value)}
              active={modifiers.active}
              onClick={handleClick}
              onFocus={handleFocus}
            />
          )}
          onItemSelect={toggle}
          onRemove={toggle}
          tagRenderer={(option) => option.label}
          noResults={
            <MenuItem
              disabled
              roleStructure="listoption"
              text={
                waiting ? (
                  <Spinner size={16} aria-label="Searching" />
                ) : !typing ? (
                  START_TYPING
                ) : (
                  (search.error ?? NO_OPTIONS)
                )
              }
            />
          }
          placeholder="Search configs…"
          disabled={disabled}
          resetOnSelect
          fill
          popoverProps={{ minimal: true }}
          popoverTargetProps={{ 'aria-label': parameterLabel(parameter) }}
          tagInputProps={{
            intent: error ? 'danger' : 'none',
            inputProps: {
              id,
              'aria-invalid': error ? true : undefined,
              // Enter chooses the active config; it never submits the form around the field.
              onKeyDown: (event) => {
                if (event.key === 'Enter') event.preventDefault();
              },
            },
          }}
        />
      </ParameterChrome>
    </div>
  );
}
