import { useGetAccessSummaryQuery } from '../../../../api/endpoints/configAccess';
import type { AccessRow } from '../../../../api/schemas/configAccess';
import { ListTable } from '../../../../widgets/ListPage';
import { useClockColumns } from '../../../../widgets/useAnsweredAt';
import { useListPage } from '../../../../widgets/useListPage';
import { accessRowId, itemAccessColumns } from '../../access/accessColumns';

export const ACCESS_LOAD_ERROR = 'Error loading access';
export const NO_ITEM_ACCESS = 'No one has recorded access to this item';

/**
 * The Access tab: the users, groups and roles that reach the item
 * (`config_access_summary?config_id=eq.{id}`), a page at a time, with each user's last sign-in
 * (stale after 90 days or never) and the last review.
 */
export function ConfigAccessTab({ configId }: { configId: string }) {
  const list = useListPage({ defaultSort: { sortBy: 'user' } });
  const { pageIndex, pageSize, sortBy, sortOrder } = list.state;
  const query = useGetAccessSummaryQuery({ configId, pageIndex, pageSize, sortBy, sortOrder });
  const columns = useClockColumns(itemAccessColumns, query.fulfilledTimeStamp);
  return (
    <div className="mc-config-tab">
      <ListTable<AccessRow>
        aria-label="Access"
        className="mc-config-table mc-access-table"
        columns={columns}
        rows={query.data?.rows ?? []}
        getRowId={accessRowId}
        list={list}
        total={query.data?.totalEntries ?? 0}
        query={query}
        errorTitle={ACCESS_LOAD_ERROR}
        empty={NO_ITEM_ACCESS}
      />
    </div>
  );
}
