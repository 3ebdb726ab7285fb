import { Switch, Tooltip } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import { tagSelector } from '../../../../api/endpoints/catalogChanges';
import {
  useGetConfigItemChangeTypesQuery,
  useGetConfigItemChangesQuery,
} from '../../../../api/endpoints/configItem';
import type { ConfigChangesArgs } from '../../../../api/endpoints/configItem';
import type { ConfigChange } from '../../../../api/schemas/configItem';
import { sortedTags } from '../../../../lib/tags';
import { selectPreferences } from '../../../../shell/preferencesSlice';
import { useAppSelector } from '../../../../shell/hooks';
import { useFormatDate } from '../../../../shell/useFormatDate';
import { FilterDropdown } from '../../../../ui/FilterDropdown';
import { TimeRangePicker } from '../../../../ui/TimeRangePicker';
import { ListTable } from '../../../../widgets/ListPage';
import { useListPage } from '../../../../widgets/useListPage';
import { useUrlState } from '../../../../widgets/useUrlState';
import {
  CHANGES_TAB_STATE,
  DEFAULT_CHANGES_RANGE,
  changeTypeQuery,
  changesTimeBounds,
  recursiveFrom,
} from '../model/changesState';
import { SeveritySelect } from '../../components/SeveritySelect';
import { useShowDeletedConfigs } from '../../useShowDeletedConfigs';
import { ChangeDialog } from '../../changes/ChangeDialog';
import { includeItem } from '../../changes/model/changesFilters';
import { useChangeDialog } from '../../changes/useChangeDialog';
import {
  FOLLOW_INTERVAL_MS,
  FOLLOW_LABEL,
  followPolling,
  useFreshChanges,
} from '../../changes/useFollowedChanges';
import { NEW_ROW_CLASS, changeColumns } from './changeColumns';
import '../../changes/changes.css';

export const CHANGES_LOAD_ERROR = 'Error loading changes';
export const SOFT_LABEL = 'Soft';
export const SOFT_HINT = 'Changes of softly related items too';
export const SOFT_NEEDS_DIRECTION = 'Choose Upstream or Downstream to add softly related items';

/** The `key=value` tags chosen and those of the rows shown, sorted, as the Tags filter's options. */
function tagOptions(rows: readonly ConfigChange[], chosen: Record<string, unknown>) {
  const all = new Set(Object.keys(chosen));
  for (const row of rows)
    for (const [key, value] of sortedTags(row.tags)) all.add(`${key}=${value}`);
  return [...all].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: value }));
}

function ChangesToolbar({ rows }: { rows: readonly ConfigChange[] }) {
  const { state, update } = useUrlState(CHANGES_TAB_STATE);
  const { data: changeTypes = [] } = useGetConfigItemChangeTypesQuery();
  const typeOptions = useMemo(
    () => changeTypes.map((type) => ({ value: type, label: type })),
    [changeTypes],
  );
  const tags = useMemo(() => tagOptions(rows, state.tags), [rows, state.tags]);
  const toggle = (
    label: string,
    key: 'upstream' | 'downstream' | 'soft' | 'follow',
    disabled = false,
  ) => (
    <Switch
      label={label}
      checked={state[key] && !disabled}
      disabled={disabled}
      onChange={(event) => update({ [key]: event.currentTarget.checked })}
      className="mc-config-toolbar-switch"
    />
  );
  // Soft relationships are walked with a direction only (Mission Control's
  // related_changes_recursive ignores `soft` for the item alone).
  const walking = state.upstream || state.downstream;
  return (
    <div className="mc-config-toolbar" role="toolbar" aria-label="Change filters">
      {toggle('Upstream', 'upstream')}
      {toggle('Downstream', 'downstream')}
      <Tooltip
        content={walking ? SOFT_HINT : SOFT_NEEDS_DIRECTION}
        placement="bottom"
        className="mc-config-toolbar-switch"
      >
        {toggle(SOFT_LABEL, 'soft', !walking)}
      </Tooltip>
      <TimeRangePicker
        value={state.timeRange}
        onChange={(timeRange) => update({ timeRange: timeRange ?? DEFAULT_CHANGES_RANGE })}
      />
      <FilterDropdown
        label="Change Type"
        options={typeOptions}
        value={state.changeTypes}
        onChange={(changeTypes) => update({ changeTypes })}
      />
      <SeveritySelect value={state.severity} onChange={(severity) => update({ severity })} />
      <FilterDropdown
        label="Tags"
        options={tags}
        value={state.tags}
        onChange={(next) => update({ tags: next })}
      />
      {toggle(FOLLOW_LABEL, 'follow')}
    </div>
  );
}

export interface ConfigChangesTabProps {
  configId: string;
  /** How often the list reloads while following, in ms. Default 10 s. */
  followInterval?: number;
}

/**
 * The Changes tab (CAT-19): the item's changes, and with Upstream or Downstream those of its
 * parents or children, with Soft those of softly related items, over a time range (last 2 days
 * unless chosen), by change type, severity and the changed configs' tags (a tag in a row adds
 * itself when clicked), a page at a time, sorted by the server. Follow reloads the list every
 * 10 s and marks the changes that arrive, as the changes page does. All of it is kept in the
 * address. A row opens the change with its diff in a dialog (`changeId` and `changeConfigId`).
 */
export function ConfigChangesTab({
  configId,
  followInterval = FOLLOW_INTERVAL_MS,
}: ConfigChangesTabProps) {
  const formatDate = useFormatDate();
  const { timezone } = useAppSelector(selectPreferences);
  const includeDeletedConfigs = useShowDeletedConfigs();
  const { state, update } = useUrlState(CHANGES_TAB_STATE);
  const dialog = useChangeDialog();
  const list = useListPage({ defaultSort: { sortBy: 'created_at', sortOrder: 'desc' } });
  const { pageIndex, pageSize, sortBy, sortOrder } = list.state;
  const bounds = useMemo(
    () => changesTimeBounds(state.timeRange, new Date(), timezone),
    [state.timeRange, timezone],
  );
  const args = useMemo<ConfigChangesArgs>(
    () => ({
      id: configId,
      recursive: recursiveFrom(state.upstream, state.downstream),
      from: bounds.from,
      to: bounds.to,
      type: changeTypeQuery(state.changeTypes),
      severity: state.severity || undefined,
      pageIndex,
      pageSize,
      sortBy,
      sortOrder,
      tags: tagSelector(state.tags) || undefined,
      // Sent with a direction only: the item alone has no soft walk (see the toolbar).
      soft: state.soft && (state.upstream || state.downstream),
      includeDeletedConfigs,
    }),
    [configId, state, bounds, pageIndex, pageSize, sortBy, sortOrder, includeDeletedConfigs],
  );
  const query = useGetConfigItemChangesQuery(args, followPolling(state.follow, followInterval));
  const fresh = useFreshChanges(args, query.currentData?.rows, state.follow);
  const onTag = useCallback(
    (tag: string) => update({ tags: includeItem(state.tags, tag) }),
    [state.tags, update],
  );
  const columns = useMemo(
    () => changeColumns({ configId, formatDate, fresh, onTag }),
    [configId, formatDate, fresh, onTag],
  );
  const rows = query.data?.rows ?? [];

  return (
    <div className="mc-config-tab">
      <ChangesToolbar rows={rows} />
      <ListTable<ConfigChange>
        aria-label="Changes"
        className="mc-config-table"
        columns={columns}
        rows={rows}
        getRowId={(change) => change.id}
        onRowOpen={(change) =>
          dialog.openChange({ changeId: change.id, configId: change.config_id || configId })
        }
        list={list}
        total={query.data?.totalEntries ?? 0}
        query={query}
        errorTitle={CHANGES_LOAD_ERROR}
        rowClassName={(change) => (fresh.has(change.id) ? NEW_ROW_CLASS : undefined)}
      />
      {dialog.open && (
        <ChangeDialog
          configId={dialog.open.configId}
          changeId={dialog.open.changeId}
          change={rows.find((change) => change.id === dialog.open?.changeId)}
          onClose={dialog.closeChange}
        />
      )}
    </div>
  );
}
