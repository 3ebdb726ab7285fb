import type { IconName } from '@blueprintjs/core';
import { Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFormatDate } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import type { TableClock } from '../../../../widgets/columns';
import { ListTable } from '../../../../widgets/ListPage';
import type { TableQueryResult } from '../../../../widgets/tableQueryState';
import { ItemLink } from '../ItemLink';

/** The first column of a linked record: its icon and name, a link to where it lives. */
export interface LinkedRecordName<Row> {
  /** The column's id and header, e.g. `name` and "Name". */
  id: string;
  header: string;
  minWidth: number;
  icon: IconName;
  /** The record's name (its id when it has none). */
  text: (row: Row) => string;
}

export interface LinkedRecordsTabProps<Row extends { id: string }> {
  /** The table's accessible name, e.g. "Health checks". */
  label: string;
  /** The records linked to the item. */
  query: TableQueryResult & { data?: readonly Row[] | undefined };
  name: LinkedRecordName<Row>;
  /** The columns after the name, given the table's clock. */
  columns: (clock: TableClock) => DataTableColumn<Row>[];
  /** Where a record lives: its name links there and opening its row goes there. */
  href: (row: Row) => string;
  errorTitle: string;
  /** The empty list; "No data available" by default. */
  empty?: ReactNode;
}

/**
 * A config item's tab listing records of another area linked to it (its health checks, its
 * incidents): the name with its icon linking to the record, the other columns, each row
 * opening the record, and the query's loading, error with Retry and empty states.
 */
export function LinkedRecordsTab<Row extends { id: string }>({
  label,
  query,
  name,
  columns,
  href,
  errorTitle,
  empty,
}: LinkedRecordsTabProps<Row>) {
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const { id, header, minWidth, icon, text } = name;
  const allColumns = useMemo<DataTableColumn<Row>[]>(
    () => [
      {
        id,
        header,
        minWidth,
        cell: (row) => (
          <ItemLink to={href(row)} className="mc-config-name">
            <Icon icon={icon} aria-hidden />
            <span className="mc-config-name-text">{text(row)}</span>
          </ItemLink>
        ),
      },
      ...columns({ formatDate, now: new Date() }),
    ],
    [id, header, minWidth, icon, text, href, columns, formatDate],
  );
  return (
    <div className="mc-config-tab">
      <ListTable<Row>
        aria-label={label}
        className="mc-config-table"
        columns={allColumns}
        rows={query.data ?? []}
        getRowId={(row) => row.id}
        onRowOpen={(row) => navigate(href(row))}
        query={query}
        errorTitle={errorTitle}
        empty={empty}
      />
    </div>
  );
}
