import { SegmentedControl } from '@blueprintjs/core';
import type { RelationshipDirection } from '../../../../api/endpoints/configItem';
import type { FilterOption } from '../../../../ui/FilterDropdown';
import { FilterDropdown } from '../../../../ui/FilterDropdown';
import { FilterSwitch } from '../../../../widgets/FilterBar';
import { statusWord } from '../model/format';
import type { RelationshipsTabState, RelationshipView } from '../model/relationshipsState';
import {
  DIRECTION_OPTIONS,
  HEALTH_VALUES,
  directionOf,
  directionToggles,
} from '../model/relationshipsState';

const HEALTH_OPTIONS: FilterOption[] = HEALTH_VALUES.map((value) => ({
  value,
  label: statusWord(value),
}));

const VIEW_OPTIONS: Array<{ value: RelationshipView; label: string }> = [
  { value: 'graph', label: 'Graph' },
  { value: 'list', label: 'List' },
];

export interface RelationshipToolbarProps {
  state: RelationshipsTabState;
  update: (changes: Partial<RelationshipsTabState>) => void;
  /** Whether deleted configs are shown (the address, else the preference). */
  includeDeleted: boolean;
  /** Choices of the Type, Status and Tag filters. */
  typeOptions: FilterOption[];
  statusOptions: FilterOption[];
  tagOptions: FilterOption[];
}

/**
 * Direction, soft relationships, deleted configs, the Type, Status, Health and Tag filters,
 * and Graph or List. Every choice goes into the address.
 */
export function RelationshipToolbar({
  state,
  update,
  includeDeleted,
  typeOptions,
  statusOptions,
  tagOptions,
}: RelationshipToolbarProps) {
  return (
    <div className="mc-config-toolbar" role="toolbar" aria-label="Relationship filters">
      <span className="mc-rel-direction">
        <span aria-hidden>Direction</span>
        <SegmentedControl
          size="small"
          aria-label="Direction"
          options={DIRECTION_OPTIONS.map(({ value, label }) => ({ value, label }))}
          value={directionOf(state)}
          onValueChange={(value) => update(directionToggles(value as RelationshipDirection))}
        />
      </span>
      <FilterSwitch
        label="Soft relationships"
        checked={state.soft}
        onChange={(soft) => update({ soft })}
        className="mc-config-toolbar-switch"
      />
      <FilterSwitch
        label="Include deleted"
        checked={includeDeleted}
        onChange={(showDeleted) => update({ showDeleted })}
        className="mc-config-toolbar-switch"
      />
      <FilterDropdown
        label="Type"
        options={typeOptions}
        value={state.type}
        onChange={(type) => update({ type })}
      />
      <FilterDropdown
        label="Status"
        options={statusOptions}
        value={state.status}
        onChange={(status) => update({ status })}
      />
      <FilterDropdown
        label="Health"
        options={HEALTH_OPTIONS}
        value={state.health}
        onChange={(health) => update({ health })}
      />
      <FilterDropdown
        label="Tag"
        options={tagOptions}
        value={state.tag}
        onChange={(tag) => update({ tag })}
        tagStyle
      />
      <SegmentedControl
        size="small"
        aria-label="View"
        className="mc-rel-view"
        options={VIEW_OPTIONS}
        value={state.view}
        onValueChange={(view) => update({ view: view === 'list' ? 'list' : 'graph' })}
      />
    </div>
  );
}
