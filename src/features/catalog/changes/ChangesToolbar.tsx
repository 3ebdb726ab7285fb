import { Button, Switch, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useGetConfigTypesQuery } from '../../../api/endpoints/catalog';
import { useGetConfigTagValuesQuery } from '../../../api/endpoints/catalogChanges';
import { useGetConfigItemChangeTypesQuery } from '../../../api/endpoints/configItem';
import type { ConfigChange } from '../../../api/schemas/configItem';
import type { TriStateMap } from '../../../lib/triState';
import type { FilterOption } from '../../../ui/FilterDropdown';
import { FilterDropdown } from '../../../ui/FilterDropdown';
import { TimeRangePicker } from '../../../ui/TimeRangePicker';
import { OwnedByMyTeamsSwitch } from '../../../widgets/ownedByMyTeams';
import { SeveritySelect } from '../components/SeveritySelect';
import { DEFAULT_CHANGES_RANGE } from '../item/model/changesState';
import type { ChangesFilters, ChangesFiltersChanges } from './model/changesFilters';
import { FOLLOW_LABEL } from './useFollowedChanges';
import {
  EXTERNAL_ITEM,
  PERSON_ITEM,
  configTypeItem,
  configTypeSelection,
  creatorSelection,
  splitCreatorSelection,
} from './model/changesFilters';

export const DELETED_LABEL = 'Include deleted configs';
export const CLEAR_FILTERS = 'Clear filters';
export const REMOVE_CONFIG_FILTER = 'Show the changes of every config';

/** Options from plain values, sorted, with the chosen items that are not among them. */
function valueOptions(values: Iterable<string>, chosen: TriStateMap): FilterOption[] {
  const all = new Set<string>();
  for (const value of values) if (value) all.add(value);
  for (const item of Object.keys(chosen)) all.add(item);
  return [...all].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: value }));
}

function seen(
  rows: readonly ConfigChange[],
  pick: (row: ConfigChange) => string | null | undefined,
) {
  return rows.map(pick).filter((value): value is string => typeof value === 'string');
}

export interface ChangesToolbarProps {
  filters: ChangesFilters;
  update: (changes: ChangesFiltersChanges) => void;
  /** Whether some filter differs from its default (Clear filters shows). */
  filtered: boolean;
  clear: () => void;
  /** Whether deleted configs' changes are listed (the URL, else the preference). */
  includeDeletedConfigs: boolean;
  follow: boolean;
  setFollow: (follow: boolean) => void;
  /** The rows shown: their sources, summaries and authors are offered as choices. */
  rows: readonly ConfigChange[];
  /** People's names by id. */
  people: ReadonlyMap<string, string>;
}

/**
 * The changes page's filters: time range, config type, change type, severity, source,
 * summary, author and tags, deleted configs, following, the one-config filter and a reset.
 */
export function ChangesToolbar({
  filters,
  update,
  filtered,
  clear,
  includeDeletedConfigs,
  follow,
  setFollow,
  rows,
  people,
}: ChangesToolbarProps) {
  const { data: configTypes = [] } = useGetConfigTypesQuery();
  const { data: changeTypes = [] } = useGetConfigItemChangeTypesQuery();
  // Tag pairs are many on a large estate: they are read once the Tags filter is opened (or when
  // the address already names some), not with the page.
  const [tagsWanted, setTagsWanted] = useState(false);
  const { data: tagValues = [], isLoading: tagsLoading } = useGetConfigTagValuesQuery(undefined, {
    skip: !tagsWanted && Object.keys(filters.tags).length === 0,
  });

  const configTypeOptions = useMemo(
    () => configTypes.map((type) => ({ value: configTypeItem(type), label: type })),
    [configTypes],
  );
  const changeTypeOptions = useMemo(
    () => changeTypes.map((type) => ({ value: type, label: type })),
    [changeTypes],
  );
  const sourceOptions = useMemo(
    () =>
      valueOptions(
        seen(rows, (row) => row.source),
        filters.source,
      ),
    [rows, filters.source],
  );
  const summaryOptions = useMemo(
    () =>
      valueOptions(
        seen(rows, (row) => row.summary),
        filters.summary,
      ),
    [rows, filters.summary],
  );
  const creators = useMemo(() => creatorSelection(filters), [filters]);
  const creatorOptions = useMemo(() => {
    const options: FilterOption[] = [...people].map(([id, name]) => ({
      value: `${PERSON_ITEM}${id}`,
      label: name,
    }));
    for (const id of Object.keys(filters.createdBy)) {
      if (!people.has(id)) options.push({ value: `${PERSON_ITEM}${id}`, label: id });
    }
    const external = valueOptions(
      seen(rows, (row) => row.external_created_by),
      filters.externalCreatedBy,
    );
    for (const { value } of external) {
      options.push({ value: `${EXTERNAL_ITEM}${value}`, label: value });
    }
    return options;
  }, [people, rows, filters.createdBy, filters.externalCreatedBy]);
  const tagOptions = useMemo(
    () => valueOptions(tagValues, filters.tags),
    [tagValues, filters.tags],
  );
  const configName = filters.id
    ? (rows.find((row) => row.config_id === filters.id)?.name ?? filters.id)
    : '';

  return (
    <div className="mc-changes-toolbar" role="toolbar" aria-label="Change filters">
      <TimeRangePicker
        value={filters.timeRange}
        onChange={(timeRange) => update({ timeRange: timeRange ?? DEFAULT_CHANGES_RANGE })}
      />
      <FilterDropdown
        label="Config Type"
        options={configTypeOptions}
        value={configTypeSelection(filters)}
        onChange={(next) => update({ configTypes: next, configType: '' })}
      />
      <FilterDropdown
        label="Change Type"
        options={changeTypeOptions}
        value={filters.changeTypes}
        onChange={(next) => update({ changeTypes: next })}
      />
      <SeveritySelect value={filters.severity} onChange={(severity) => update({ severity })} />
      <FilterDropdown
        label="Source"
        options={sourceOptions}
        value={filters.source}
        onChange={(next) => update({ source: next })}
      />
      <FilterDropdown
        label="Summary"
        options={summaryOptions}
        value={filters.summary}
        onChange={(next) => update({ summary: next })}
      />
      <FilterDropdown
        label="Created By"
        options={creatorOptions}
        value={creators}
        onChange={(next) => update(splitCreatorSelection(next))}
      />
      <FilterDropdown
        label="Tags"
        options={tagOptions}
        value={filters.tags}
        onChange={(next) => update({ tags: next })}
        onOpening={() => setTagsWanted(true)}
        loading={tagsLoading}
      />
      <OwnedByMyTeamsSwitch
        className="mc-changes-toolbar-switch"
        value={filters.owned}
        onChange={(owned) => update({ owned })}
      />
      <Switch
        className="mc-changes-toolbar-switch"
        label={DELETED_LABEL}
        checked={includeDeletedConfigs}
        onChange={(event) => update({ showDeletedConfigs: event.currentTarget.checked })}
      />
      <Switch
        className="mc-changes-toolbar-switch"
        label={FOLLOW_LABEL}
        checked={follow}
        onChange={(event) => setFollow(event.currentTarget.checked)}
      />
      {filters.id && (
        <span className="mc-changes-config-filter">
          <Tag minimal icon="cube" title={`Only the changes of ${configName}`}>
            Config: {configName}
          </Tag>
          <Button
            size="small"
            variant="minimal"
            icon="cross"
            aria-label={REMOVE_CONFIG_FILTER}
            title={REMOVE_CONFIG_FILTER}
            onClick={() => update({ id: '' })}
          />
        </span>
      )}
      {filtered && (
        <Button variant="minimal" icon="filter-remove" text={CLEAR_FILTERS} onClick={clear} />
      )}
    </div>
  );
}
