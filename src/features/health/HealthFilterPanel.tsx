import { memo } from 'react';
import { Classes, H6, Switch } from '@blueprintjs/core';
import type { TriState, TriStateMap } from '../../lib/triState';
import { applyTriState } from '../../lib/triState';
import { FilterDropdown } from '../../ui/FilterDropdown';
import { TriStateToggle } from '../../ui/TriStateToggle';
import type { Owned } from '../../widgets/ownedByMyTeams';
import { OwnedByMyTeamsSwitch } from '../../widgets/ownedByMyTeams';
import type { LabelCatalog } from './model/labels';
import { labelId } from './model/labels';

export interface HealthFilterPanelProps {
  hidePassing: boolean;
  onHidePassingChange: (hidePassing: boolean) => void;
  /** `mine`: the checks of the user's teams only. */
  owned: Owned;
  onOwnedChange: (owned: Owned) => void;
  /** The labels of the listed checks. */
  catalog: LabelCatalog;
  /** Label id → 1 (include) or -1 (exclude). */
  labels: TriStateMap;
  onLabelsChange: (labels: TriStateMap) => void;
}

function withoutKey(selection: TriStateMap, ids: ReadonlySet<string>): TriStateMap {
  const rest: TriStateMap = {};
  for (const [id, state] of Object.entries(selection)) if (!ids.has(id)) rest[id] = state;
  return rest;
}

/**
 * The left panel: Hide Passing, Owned by my teams, then one filter per label key. A flag label (values only
 * `true`/`false`) is a tri-state toggle on `true`; other keys are include/exclude dropdowns of
 * their values.
 */
export const HealthFilterPanel = memo(function HealthFilterPanel({
  hidePassing,
  onHidePassingChange,
  owned,
  onOwnedChange,
  catalog,
  labels,
  onLabelsChange,
}: HealthFilterPanelProps) {
  return (
    <aside className="mc-health-filters" aria-label="Filters">
      <Switch
        label="Hide Passing"
        checked={hidePassing}
        onChange={(event) => onHidePassingChange(event.currentTarget.checked)}
      />
      <OwnedByMyTeamsSwitch value={owned} onChange={onOwnedChange} />
      {catalog.keys.length > 0 && <H6 className="mc-health-filters-heading">Labels</H6>}
      {catalog.keys.length === 0 && (
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>No labels</p>
      )}
      {catalog.keys.map((key) => {
        const options = catalog.options.get(key) ?? [];
        if (catalog.flagKeys.has(key)) {
          const id = labelId(key, 'true');
          return (
            <TriStateToggle
              key={key}
              label={key}
              value={(labels[id] ?? 0) as TriState}
              onChange={(state: TriState) => onLabelsChange(applyTriState(labels, id, state))}
            />
          );
        }
        const ids = new Set(options.map((option) => option.id));
        const value: TriStateMap = {};
        for (const id of ids) {
          const state = labels[id];
          if (state !== undefined) value[id] = state;
        }
        return (
          <FilterDropdown
            key={key}
            label={key}
            options={options.map((option) => ({ value: option.id, label: option.value }))}
            value={value}
            onChange={(next: TriStateMap) =>
              onLabelsChange({ ...withoutKey(labels, ids), ...next })
            }
          />
        );
      })}
    </aside>
  );
});
