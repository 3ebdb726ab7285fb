import { Button } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import { useGetChangePeopleQuery } from '../../../api/endpoints/catalogChanges';
import { FilterSelect } from '../../../ui/FilterSelect';
import { SearchBox } from '../../../ui/SearchBox';
import { KindPicker } from '../../../widgets/pickers';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '../model/incidentValues';
import type { IncidentUrlFilters } from './model/incidentListParams';
import { ALL_STATUSES } from './model/incidentListParams';

export const SEARCH_PLACEHOLDER = 'Search by title';
export const CLEAR_FILTERS = 'Clear filters';

export interface IncidentsToolbarProps {
  filters: IncidentUrlFilters;
  /** Whether anything differs from the default list (open incidents, no other filter). */
  filtered: boolean;
  /** Changes some filters. */
  onChange: (changes: Partial<IncidentUrlFilters>) => void;
  /** Back to the default list. */
  onClear: () => void;
}

/**
 * The incident list's filters: the search by title, status (open unless chosen), severity,
 * type, owner (AUTH-03's people), a component picked by search (MISC-03, the picker names the
 * one of the address), and "Clear filters" once anything differs from the default list.
 */
export function IncidentsToolbar({ filters, filtered, onChange, onClear }: IncidentsToolbarProps) {
  const { data: people = [] } = useGetChangePeopleQuery();
  const owners = useMemo(
    () => people.map((person) => ({ value: person.id, label: person.name || person.id })),
    [people],
  );
  const onSearch = useCallback((search: string) => onChange({ search }), [onChange]);
  return (
    <div className="mc-incidents-toolbar" role="group" aria-label="Incident filters">
      <SearchBox
        value={filters.search}
        onSearch={onSearch}
        placeholder={SEARCH_PLACEHOLDER}
        className="mc-incidents-search"
      />
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        allValue={ALL_STATUSES}
        value={filters.status}
        options={INCIDENT_STATUSES}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        label="Severity"
        allLabel="All severities"
        value={filters.severity}
        options={INCIDENT_SEVERITIES}
        onChange={(severity) => onChange({ severity })}
      />
      <FilterSelect
        label="Type"
        allLabel="All types"
        value={filters.type}
        options={INCIDENT_TYPES}
        onChange={(type) => onChange({ type })}
      />
      <FilterSelect
        label="Owner"
        allLabel="All owners"
        value={filters.owner}
        options={owners}
        onChange={(owner) => onChange({ owner })}
      />
      <div className="mc-incidents-component">
        <KindPicker
          kind="components"
          value={filters.component}
          placeholder="Any component"
          onChange={(option) => onChange({ component: option?.value })}
        />
      </div>
      {filtered && (
        <Button variant="minimal" icon="filter-remove" text={CLEAR_FILTERS} onClick={onClear} />
      )}
    </div>
  );
}
