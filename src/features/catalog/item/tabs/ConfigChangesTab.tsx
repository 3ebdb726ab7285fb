import { Switch } from '@blueprintjs/core';
import { useMemo } from 'react';
import {
  useGetConfigItemChangeTypesQuery,
  useGetConfigItemChangesQuery,
} from '../../../../api/endpoints/configItem';
import type { ConfigChangesArgs } from '../../../../api/endpoints/configItem';
import type { ConfigChange } from '../../../../api/schemas/configItem';
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
import { useChangeDialog } from '../../changes/useChangeDialog';
import { changeColumns } from './changeColumns';

export const CHANGES_LOAD_ERROR = 'Error loading changes';

function ChangesToolbar() {
  const { state, update } = useUrlState(CHANGES_TAB_STATE);
  const { data: changeTypes = [] } = useGetConfigItemChangeTypesQuery();
  const typeOptions = useMemo(
    () => changeTypes.map((type) => ({ value: type, label: type })),
    [changeTypes],
  );
  return (
    <div className="mc-config-toolbar" role="toolbar" aria-label="Change filters">
      <Switch
        label="Upstream"
        checked={state.upstream}
        onChange={(event) => update({ upstream: event.currentTarget.checked })}
        className="mc-config-toolbar-switch"
      />
      <Switch
        label="Downstream"
        checked={state.downstream}
        onChange={(event) => update({ downstream: event.currentTarget.checked })}
        className="mc-config-toolbar-switch"
      />
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
    </div>
  );
}

/**
 * The Changes tab (CAT-19): the item's changes, and with Upstream or Downstream those of its
 * parents or children, over a time range (last 2 days unless chosen), by change type and
 * severity, a page at a time, sorted by the server. All of it is kept in the address. A row
 * opens the change with its diff in a dialog (`changeId` and `changeConfigId` in the address).
 */
export function ConfigChangesTab({ configId }: { configId: string }) {
  const formatDate = useFormatDate();
  const { timezone } = useAppSelector(selectPreferences);
  const includeDeletedConfigs = useShowDeletedConfigs();
  const { state } = useUrlState(CHANGES_TAB_STATE);
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
      includeDeletedConfigs,
    }),
    [configId, state, bounds, pageIndex, pageSize, sortBy, sortOrder, includeDeletedConfigs],
  );
  const query = useGetConfigItemChangesQuery(args);
  const columns = useMemo(() => changeColumns(configId, formatDate), [configId, formatDate]);
  const rows = query.data?.rows ?? [];

  return (
    <div className="mc-config-tab">
      <ChangesToolbar />
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
