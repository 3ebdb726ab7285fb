import { useGetConfigItemChecksQuery } from '../../../../api/endpoints/configItem';
import type { ConfigCheck } from '../../../../api/schemas/configItem';
import { relativeOrDate } from '../../../../lib/relativeTime';
import { paths } from '../../../../shell/paths';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import { StatusDot } from '../../../../ui/StatusDot';
import type { TableClock } from '../../../../widgets/columns';
import { statusWord } from '../model/format';
import type { LinkedRecordName } from './LinkedRecordsTab';
import { LinkedRecordsTab } from './LinkedRecordsTab';

export const CHECKS_LOAD_ERROR = 'Error loading health checks';

const CHECK_NAME: LinkedRecordName<ConfigCheck> = {
  id: 'name',
  header: 'Name',
  minWidth: 200,
  icon: 'heart',
  text: (check) => check.name || check.id,
};

const checkHref = (check: ConfigCheck) => paths.check.getHref(check.id);

/** Type, Status, Last Runtime (after the name). */
function checkColumns({ formatDate }: TableClock): DataTableColumn<ConfigCheck>[] {
  return [
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
  return (
    <LinkedRecordsTab<ConfigCheck>
      label="Health checks"
      query={useGetConfigItemChecksQuery(configId)}
      name={CHECK_NAME}
      columns={checkColumns}
      href={checkHref}
      errorTitle={CHECKS_LOAD_ERROR}
    />
  );
}
