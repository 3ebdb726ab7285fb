import { useCallback, useMemo } from 'react';
import { useGetChangePeopleQuery } from '../../../api/endpoints/catalogChanges';
import { SearchBox } from '../../../ui/SearchBox';
import { ClearFiltersButton, ComponentFilter, FilterBar } from '../../../widgets/FilterBar';
import { OwnedByMyTeamsSwitch } from '../../../widgets/ownedByMyTeams';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '../model/incidentValues';
import type { IncidentUrlFilters } from './model/incidentListParams';
import { ALL_STATUSES } from './model/incidentListParams';

export const SEARCH_PLACEHOLDER = 'Search by title';

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
    <FilterBar
      label="Incident filters"
      className="mc-incidents-toolbar"
      filters={filters}
      onChange={onChange}
      before={
        <SearchBox
          value={filters.search}
          onSearch={onSearch}
          placeholder={SEARCH_PLACEHOLDER}
          className="mc-incidents-search"
        />
      }
      selects={[
        {
          field: 'status',
          label: 'Status',
          allLabel: 'All statuses',
          allValue: ALL_STATUSES,
          options: INCIDENT_STATUSES,
        },
        {
          field: 'severity',
          label: 'Severity',
          allLabel: 'All severities',
          options: INCIDENT_SEVERITIES,
        },
        { field: 'type', label: 'Type', allLabel: 'All types', options: INCIDENT_TYPES },
        { field: 'owner', label: 'Owner', allLabel: 'All owners', options: owners },
      ]}
    >
      <ComponentFilter
        className="mc-incidents-component"
        value={filters.component}
        onChange={(component) => onChange({ component })}
      />
      <OwnedByMyTeamsSwitch value={filters.owned} onChange={(owned) => onChange({ owned })} />
      {filtered && <ClearFiltersButton onClick={onClear} />}
    </FilterBar>
  );
}
