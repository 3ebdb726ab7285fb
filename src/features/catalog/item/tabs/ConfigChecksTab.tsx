import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetConfigItemChecksQuery } from '../../../../api/endpoints/configItem';
import type { ConfigCheck } from '../../../../api/schemas/configItem';
import { relativeOrDate } from '../../../../lib/relativeTime';
import { paths } from '../../../../shell/paths';
import type { FormatDateFn } from '../../../../shell/useFormatDate';
import { useFormatDate } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import { StatusDot } from '../../../../ui/StatusDot';
import { ListTable } from '../../../../widgets/ListPage';
import { linkedNameColumn } from '../ItemLink';
import { statusWord } from '../model/format';

export const CHECKS_LOAD_ERROR = 'Error loading health checks';

/** Name, Type, Status, Last Runtime. */
function checkColumns(formatDate: FormatDateFn): DataTableColumn<ConfigCheck>[] {
  return [
    linkedNameColumn({
      id: 'name',
      header: 'Name',
      minWidth: 200,
      icon: 'heart',
      to: (check) => paths.check.getHref(check.id),
      name: (check) => check.name || check.id,
    }),
    { id: 'type', header: 'Type', width: 150, cell: (check) => check.type },
    {
      id: 'status',
      header: 'Status',
      width: 140,
      cell: (check) =>
        check.status ? (
          <span className="mc-config-status">
            <StatusDot status={check.status} />
            {statusWord(check.status)}
          </span>
        ) : null,
    },
    {
      id: 'lastRuntime',
      header: 'Last Runtime',
      width: 150,
      cell: (check) => (
        <span title={formatDate(check.last_runtime)}>
          {relativeOrDate(check.last_runtime, formatDate)}
        </span>
      ),
    },
  ];
}

/** The Checks tab (CAT-37): health checks linked to the item, each opening on the health page. */
export function ConfigChecksTab({ configId }: { configId: string }) {
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const query = useGetConfigItemChecksQuery(configId);
  const columns = useMemo(() => checkColumns(formatDate), [formatDate]);
  return (
    <div className="mc-config-tab">
      <ListTable<ConfigCheck>
        aria-label="Health checks"
        className="mc-config-table"
        columns={columns}
        rows={query.data ?? []}
        getRowId={(check) => check.id}
        onRowOpen={(check) => navigate(paths.check.getHref(check.id))}
        query={query}
        errorTitle={CHECKS_LOAD_ERROR}
      />
    </div>
  );
}
