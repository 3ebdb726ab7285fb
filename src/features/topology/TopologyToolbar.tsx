import { Button, HTMLSelect } from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { useGetAgentNamesQuery } from '../../api/endpoints/agents';
import type { Topology, TopologyComponent } from '../../api/schemas/topology';
import { ClearFiltersButton, FilterSwitch } from '../../widgets/FilterBar';
import type { TopologyFilters } from './model/topologyParams';
import { CLEARED, hasFilters } from './model/topologyParams';

/** The choice that leaves a filter out. */
export const ALL_OPTION = 'All';

interface Option {
  value: string;
  label: string;
}

/** The fixed sort fields; numeric properties of the cards follow them. */
export const SORT_FIELDS: Option[] = [
  { value: 'status', label: 'Status' },
  { value: 'name', label: 'Name' },
  { value: 'type', label: 'Type' },
];

function withCurrent(options: Option[], current: string | undefined): Option[] {
  if (!current || options.some((option) => option.value === current)) return options;
  return [...options, { value: current, label: current }];
}

function plain(values: readonly string[]): Option[] {
  return values.map((value) => ({ value, label: value }));
}

/** `key=value` choices of the labels the components carry. */
export function labelOptions(tags: Record<string, string[]>): Option[] {
  return Object.keys(tags)
    .sort((a, b) => a.localeCompare(b))
    .flatMap((key) =>
      [...new Set(tags[key])]
        .sort((a, b) => a.localeCompare(b))
        .map((value) => ({ value: `${key}=${value}`, label: `${key}: ${value}` })),
    );
}

/** Sort fields: status, name, type, then the names of numeric properties the cards have. */
export function sortOptions(cards: readonly TopologyComponent[]): Option[] {
  const names = new Set<string>();
  for (const card of cards) {
    for (const property of card.properties ?? []) {
      if (property.name && property.type !== 'hidden' && typeof property.value === 'number') {
        names.add(property.name);
      }
    }
  }
  return [
    ...SORT_FIELDS,
    ...[...names].sort((a, b) => a.localeCompare(b)).map((name) => ({ value: name, label: name })),
  ];
}

function Select({
  label,
  value,
  options,
  onChange,
  allLabel = ALL_OPTION,
}: {
  label: string;
  value: string | undefined;
  options: Option[];
  onChange: (value: string | undefined) => void;
  allLabel?: string;
}) {
  const id = useId();
  return (
    <span className="mc-topology-filter">
      <label className="mc-topology-filter-label" htmlFor={id}>
        {label}
      </label>
      <HTMLSelect
        id={id}
        value={value ?? ALL_OPTION}
        onChange={(event) => {
          const next = event.currentTarget.value;
          onChange(next === ALL_OPTION ? undefined : next);
        }}
        options={[{ value: ALL_OPTION, label: allLabel }, ...withCurrent(options, value)]}
      />
    </span>
  );
}

export interface TopologyToolbarProps {
  filters: TopologyFilters;
  onChange: (changes: Partial<TopologyFilters>) => void;
  /** Whether hidden components are shown (the address, else the preference). */
  showHidden: boolean;
  /** The last answer of TOPO-01: its lists are the filters' choices. */
  topology: Topology | undefined;
  /** The cards shown: their numeric properties can be sorted by. */
  cards: readonly TopologyComponent[];
}

/** The dashboard's filters, sort and hidden switch. */
export function TopologyToolbar({
  filters,
  onChange,
  showHidden,
  topology,
  cards,
}: TopologyToolbarProps) {
  const agents = useGetAgentNamesQuery();
  const agentOptions = useMemo(
    () =>
      (agents.data ?? [])
        .map((agent) => ({ value: agent.id, label: agent.name ?? agent.id }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [agents.data],
  );
  const labels = useMemo(() => labelOptions(topology?.tags ?? {}), [topology?.tags]);
  const sorts = useMemo(() => sortOptions(cards), [cards]);
  const sortId = useId();

  return (
    <div className="mc-topology-filters" role="group" aria-label="Filters">
      <Select
        label="Health"
        value={filters.status}
        options={plain(topology?.healthStatuses ?? [])}
        onChange={(status) => onChange({ status })}
      />
      <Select
        label="Type"
        value={filters.type}
        options={plain(topology?.types ?? [])}
        onChange={(type) => onChange({ type })}
      />
      <Select
        label="Team"
        value={filters.team}
        options={plain(topology?.teams ?? [])}
        onChange={(team) => onChange({ team })}
      />
      <Select
        label="Labels"
        value={filters.labels}
        options={labels}
        onChange={(value) => onChange({ labels: value })}
      />
      {agentOptions.length > 1 && (
        <Select
          label="Agent"
          value={filters.agent}
          options={agentOptions}
          onChange={(agent) => onChange({ agent })}
        />
      )}
      <span className="mc-topology-filter">
        <label className="mc-topology-filter-label" htmlFor={sortId}>
          Sort by
        </label>
        <HTMLSelect
          id={sortId}
          value={filters.sortBy}
          onChange={(event) => onChange({ sortBy: event.currentTarget.value })}
          options={withCurrent(sorts, filters.sortBy)}
        />
      </span>
      <Button
        variant="minimal"
        icon={filters.sortOrder === 'asc' ? 'sort-asc' : 'sort-desc'}
        aria-label={filters.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
        title={filters.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
        onClick={() => onChange({ sortOrder: filters.sortOrder === 'asc' ? 'desc' : 'asc' })}
      />
      <FilterSwitch
        className="mc-topology-hidden-switch"
        label="Show hidden"
        checked={showHidden}
        onChange={(hidden) => onChange({ showHidden: hidden })}
      />
      {hasFilters(filters) && <ClearFiltersButton onClick={() => onChange(CLEARED)} />}
    </div>
  );
}
