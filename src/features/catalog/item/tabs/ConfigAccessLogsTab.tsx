import { Tag } from '@blueprintjs/core';
import { useGetConfigAccessLogsQuery } from '../../../../api/endpoints/configAccess';
import type { AccessLog } from '../../../../api/schemas/configAccess';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import type { TableClock } from '../../../../widgets/columns';
import { textColumn, timeColumn } from '../../../../widgets/columns';
import { ListTable } from '../../../../widgets/ListPage';
import { useClockColumns } from '../../../../widgets/useAnsweredAt';
import { useListPage } from '../../../../widgets/useListPage';
import { UserName } from '../../access/accessColumns';

export const ACCESS_LOGS_LOAD_ERROR = 'Error loading access logs';
export const NO_ACCESS_LOGS = 'No sign-ins recorded for this item';

/** Whether the sign-in used a second factor: Yes, No, or nothing when unknown. */
export function mfaWord(mfa: boolean | null | undefined): string {
  if (mfa === true) return 'Yes';
  if (mfa === false) return 'No';
  return '';
}

/** A property's value as text (objects as JSON). */
function propertyText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** User, MFA, Sign-ins, Properties, Last sign-in. */
function accessLogColumns(clock: TableClock): DataTableColumn<AccessLog>[] {
  return [
    {
      id: 'user',
      header: 'User',
      minWidth: 220,
      cell: (log) => (
        <UserName
          name={log.external_user?.name || log.external_user?.email || log.external_user_id}
          email={log.external_user?.email}
        />
      ),
    },
    textColumn({ id: 'mfa', header: 'MFA', width: 80 }, (log) => mfaWord(log.mfa)),
    textColumn({ id: 'count', header: 'Sign-ins', width: 100 }, (log) =>
      log.count === null || log.count === undefined ? '' : String(log.count),
    ),
    {
      id: 'properties',
      header: 'Properties',
      minWidth: 240,
      cell: (log) => (
        <span className="mc-access-types">
          {Object.entries(log.properties ?? {}).map(([key, value]) => (
            <Tag key={key} minimal>
              {key}: {propertyText(value)}
            </Tag>
          ))}
        </span>
      ),
    },
    timeColumn(clock, { id: 'time', header: 'Last sign-in', width: 170 }, (log) => log.created_at),
  ];
}

/**
 * The Access Logs tab: sign-ins to the item per external user
 * (`config_access_logs?config_id=eq.{id}`, newest first), with MFA, the number of sign-ins and
 * their properties.
 */
export function ConfigAccessLogsTab({ configId }: { configId: string }) {
  const list = useListPage();
  const { pageIndex, pageSize } = list.state;
  const query = useGetConfigAccessLogsQuery({ configId, pageIndex, pageSize });
  const columns = useClockColumns(accessLogColumns, query.fulfilledTimeStamp);
  return (
    <div className="mc-config-tab">
      <ListTable<AccessLog>
        aria-label="Access logs"
        className="mc-config-table mc-access-table"
        columns={columns}
        rows={query.data?.rows ?? []}
        getRowId={(log) => `${log.external_user_id}/${log.scraper_id ?? ''}`}
        list={list}
        unsorted
        total={query.data?.totalEntries ?? 0}
        query={query}
        errorTitle={ACCESS_LOGS_LOAD_ERROR}
        empty={NO_ACCESS_LOGS}
      />
    </div>
  );
}
