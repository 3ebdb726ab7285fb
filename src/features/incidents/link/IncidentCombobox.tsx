import { FormGroup, MenuItem, Spinner } from '@blueprintjs/core';
import type { ItemRenderer } from '@blueprintjs/select';
import { Suggest } from '@blueprintjs/select';
import type { KeyboardEvent } from 'react';
import { useId, useMemo, useState } from 'react';
import type { IncidentChoice } from '../../../../machines/incidents/linkToIncident';
import { useSearchIncidentsQuery } from '../../../api/endpoints/incidents';
import { toErrorMessage } from '../../../api/errors';
import type { IncidentSearchResult } from '../../../api/schemas/incidents';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { INCIDENT_STATUSES, labelOf } from '../model/incidentValues';

/** Wait after the last keystroke before searching (as every picker of the console). */
export const INCIDENT_SEARCH_DEBOUNCE_MS = 300;
/** Shown while nothing is typed. */
export const TYPE_TO_SEARCH = 'Type to search incidents or name a new one';
/** Shown when the search found nothing (the "create" choice is still offered). */
export const NO_INCIDENTS = 'No incidents found';

/** The choice that creates an incident with the typed title. */
export function createIncidentLabel(title: string): string {
  return `Create new incident: ${title}`;
}

/** A choice of the list: an incident found by INC-03, or a new one with the typed title. */
export type IncidentOption =
  { kind: 'existing'; id: string; title: string; detail?: string } | { kind: 'new'; title: string };

/** An incident found by INC-03 as a choice: its title, and its number and status beside it. */
export function incidentOption(row: IncidentSearchResult): IncidentOption {
  const detail = [row.incident_id, labelOf(INCIDENT_STATUSES, row.status)]
    .filter(Boolean)
    .join(' · ');
  return {
    kind: 'existing',
    id: row.id,
    title: row.title || row.incident_id || row.id,
    ...(detail ? { detail } : {}),
  };
}

const optionKey = (option: IncidentOption) =>
  option.kind === 'existing' ? `existing:${option.id}` : `new:${option.title}`;

const renderOption: ItemRenderer<IncidentOption> = (
  option,
  { handleClick, handleFocus, modifiers },
) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={optionKey(option)}
      text={option.title}
      label={option.kind === 'existing' ? option.detail : undefined}
      active={modifiers.active}
      disabled={modifiers.disabled}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  ) : null;

export interface IncidentComboboxProps {
  /** The machine's choice. */
  value: IncidentChoice;
  /** An existing incident was chosen. */
  onSelect: (id: string, title: string) => void;
  /** A new incident is to be created with this title. */
  onCreate: (title: string) => void;
  /** The validation message shown under the field. */
  error?: string;
  disabled?: boolean;
}

/**
 * The incident of a link: the typed title searches incidents (INC-03, after 300 ms of quiet),
 * and the list offers them and "Create new incident: <typed text>". Arrow keys and Enter
 * choose; Enter never submits the form while the list is open.
 */
export function IncidentCombobox({
  value,
  onSelect,
  onCreate,
  error,
  disabled = false,
}: IncidentComboboxProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const query = text.trim();
  const settled = useDebouncedValue(query, INCIDENT_SEARCH_DEBOUNCE_MS);
  const search = useSearchIncidentsQuery(settled, { skip: settled === '' });
  const waiting = query !== settled || search.isFetching;
  const options = useMemo(() => (search.data ?? []).map(incidentOption), [search.data]);

  const selected = useMemo<IncidentOption | null>(() => {
    if (value.kind === 'existing') return { kind: 'existing', id: value.id, title: value.title };
    if (value.kind === 'new') return { kind: 'new', title: value.title };
    return null;
  }, [value]);

  let empty;
  if (query === '') empty = TYPE_TO_SEARCH;
  else if (waiting) empty = <Spinner size={16} aria-label="Searching incidents" />;
  else if (search.error) empty = toErrorMessage(search.error);
  else empty = NO_INCIDENTS;

  return (
    <FormGroup
      label="Incident"
      labelFor={inputId}
      helperText={error}
      intent={error ? 'danger' : 'none'}
    >
      <Suggest<IncidentOption>
        items={query === '' || waiting ? [] : options}
        itemRenderer={renderOption}
        itemsEqual={(a, b) => optionKey(a) === optionKey(b)}
        inputValueRenderer={(option) => option.title}
        selectedItem={selected}
        query={text}
        onQueryChange={setText}
        createNewItemFromQuery={(title) => ({ kind: 'new', title })}
        createNewItemRenderer={(title, active, handleClick) => (
          <MenuItem
            key="create"
            icon="add"
            text={createIncidentLabel(title)}
            active={active}
            onClick={handleClick}
            roleStructure="listoption"
          />
        )}
        onItemSelect={(option) => {
          if (option.kind === 'existing') onSelect(option.id, option.title);
          else if (option.title.trim() !== '') onCreate(option.title.trim());
        }}
        noResults={<MenuItem disabled text={empty} roleStructure="listoption" />}
        fill
        disabled={disabled}
        closeOnSelect
        popoverProps={{ minimal: true, matchTargetWidth: true, onClosing: () => setText('') }}
        inputProps={{
          id: inputId,
          placeholder: 'Search incidents or type a new title…',
          intent: error ? 'danger' : 'none',
          'aria-invalid': error ? true : undefined,
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            // The open list takes Enter (to choose) and Escape (to close), not the dialog.
            if (event.currentTarget.getAttribute('aria-expanded') !== 'true') return;
            if (event.key === 'Enter') event.preventDefault();
            if (event.key === 'Escape') event.stopPropagation();
          },
        }}
      />
    </FormGroup>
  );
}
