import { Switch } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetConfigItemRelationshipsQuery } from '../../../../api/endpoints/configItem';
import { toErrorMessage } from '../../../../api/errors';
import type { RelatedConfig } from '../../../../api/schemas/configItem';
import { relativeOrDate } from '../../../../lib/relativeTime';
import { paths } from '../../../../shell/paths';
import type { FormatDateFn } from '../../../../shell/useFormatDate';
import { useFormatDate } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import { DataTable } from '../../../../ui/DataTable/DataTable';
import { StatusDot } from '../../../../ui/StatusDot';
import { TagList } from '../../../../ui/TagList';
import { useListPage } from '../../../../widgets/useListPage';
import { ConfigName } from '../../components/ConfigIcon';
import { ItemLink } from '../ItemLink';
import { statusWord } from '../model/format';
import type { RelationshipsUrlState } from '../model/relationshipsState';
import {
  insightTotal,
  parseRelationshipParams,
  relatedOthers,
  withRelationshipParams,
} from '../model/relationshipsState';
import { useShowDeletedConfigs } from '../../useShowDeletedConfigs';

export const RELATIONSHIPS_LOAD_ERROR = 'Error loading relationships';

/** Name, Type, Health, Status, Tags, Changes, Insights, Updated. */
function relationshipColumns(formatDate: FormatDateFn): DataTableColumn<RelatedConfig>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      minWidth: 160,
      cell: (config) => (
        <ItemLink to={paths.catalogItem.getHref(config.id)}>
          <ConfigName
            name={config.name}
            type={config.type}
            configClass={config.config_class}
            deletedAt={config.deleted_at}
          />
        </ItemLink>
      ),
    },
    { id: 'type', header: 'Type', sortKey: 'type', width: 150, cell: (config) => config.type },
    {
      id: 'health',
      header: 'Health',
      sortKey: 'health',
      width: 100,
      cell: (config) =>
        config.health ? (
          <span className="mc-config-status">
            <StatusDot status={config.health} />
            {statusWord(config.health)}
          </span>
        ) : null,
    },
    { id: 'status', header: 'Status', sortKey: 'status', width: 100, cell: (c) => c.status },
    {
      id: 'tags',
      header: 'Tags',
      minWidth: 120,
      cell: (config) => <TagList tags={config.tags} />,
    },
    {
      id: 'changes',
      header: 'Changes',
      sortKey: 'changes',
      width: 80,
      align: 'right',
      cell: (config) => config.changes || '',
    },
    {
      id: 'insights',
      header: 'Insights',
      sortKey: 'insights',
      width: 75,
      align: 'right',
      cell: (config) => insightTotal(config.analysis) || '',
    },
    {
      id: 'updated',
      header: 'Updated',
      sortKey: 'updated_at',
      width: 100,
      cell: (config) => (
        <span title={formatDate(config.updated_at)}>
          {relativeOrDate(config.updated_at, formatDate)}
        </span>
      ),
    },
  ];
}

function sortValue(config: RelatedConfig, sortBy: string) {
  if (sortBy === 'insights') return insightTotal(config.analysis);
  if (sortBy === 'changes') return config.changes ?? 0;
  const value = config[sortBy as keyof RelatedConfig];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/**
 * The Relationships tab (CAT-30), as a list: the configs reached from the item through its
 * relationships, incoming, outgoing or both, hard only or soft too (kept in the address);
 * each row opens its item.
 */
export function ConfigRelationshipsTab({ configId }: { configId: string }) {
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const includeDeletedConfigs = useShowDeletedConfigs();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseRelationshipParams(params), [params]);
  const update = useCallback(
    (changes: Partial<RelationshipsUrlState>) =>
      setParams((current) => withRelationshipParams(current, changes)),
    [setParams],
  );
  const list = useListPage();
  const { data, isLoading, isFetching, error, refetch } = useGetConfigItemRelationshipsQuery({
    configId,
    incoming: state.incoming,
    outgoing: state.outgoing,
    soft: state.soft,
    includeDeletedConfigs,
  });
  const columns = useMemo(() => relationshipColumns(formatDate), [formatDate]);
  const rows = list.sortLocally(relatedOthers(data ?? [], configId), sortValue);

  return (
    <div className="mc-config-tab">
      <div className="mc-config-toolbar" role="toolbar" aria-label="Relationship filters">
        <Switch
          label="Incoming"
          checked={state.incoming}
          onChange={(event) => update({ incoming: event.currentTarget.checked })}
          className="mc-config-toolbar-switch"
        />
        <Switch
          label="Outgoing"
          checked={state.outgoing}
          onChange={(event) => update({ outgoing: event.currentTarget.checked })}
          className="mc-config-toolbar-switch"
        />
        <Switch
          label="Soft relationships"
          checked={state.soft}
          onChange={(event) => update({ soft: event.currentTarget.checked })}
          className="mc-config-toolbar-switch"
        />
      </div>
      <DataTable<RelatedConfig>
        aria-label="Relationships"
        className="mc-config-table"
        columns={columns}
        rows={rows}
        getRowId={(config) => config.id}
        onRowOpen={(config) => navigate(paths.catalogItem.getHref(config.id))}
        sort={list.sort}
        onSortChange={list.setSort}
        loading={isLoading}
        error={error ? toErrorMessage(error) : undefined}
        errorTitle={RELATIONSHIPS_LOAD_ERROR}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    </div>
  );
}
