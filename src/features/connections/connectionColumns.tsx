import type { Connection } from '../../api/schemas/connections';
import { relativeOrDate } from '../../lib/relativeTime';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { AvatarPerson } from '../../ui/Avatar';
import { PersonAvatar, isSomeone, personName } from '../../ui/Avatar';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { connectionTypeOf } from './model/connectionTypes';
import { IconLabel, nameColumn } from '../../widgets/columns';

/** The embedded creator, when `created_by` is one (not a bare id). */
function creatorOf(row: Connection): AvatarPerson | undefined {
  const value = row.created_by;
  return typeof value === 'object' && value !== null ? value : undefined;
}

function Creator({ row }: { row: Connection }) {
  const person = creatorOf(row);
  if (!isSomeone(person)) return null;
  return (
    <span className="mc-connection-cell">
      <PersonAvatar person={person} decorative />
      <span>{personName(person)}</span>
    </span>
  );
}

/** The row's name for labels ("Delete orders-db"). */
export function connectionName(row: Connection): string {
  return row.name || row.id;
}

/**
 * The list's columns (CONN-01 fields): Name with the type's icon, Type (the catalogue's label),
 * Namespace, URL, Source, Created By, Created; the sortable ones sort on the server.
 */
export function connectionColumns(formatDate: FormatDateFn): DataTableColumn<Connection>[] {
  return [
    nameColumn((row) => (
      <IconLabel className="mc-connection-cell" icon={connectionTypeOf(row.type).icon}>
        {connectionName(row)}
      </IconLabel>
    )),
    {
      id: 'type',
      header: 'Type',
      sortKey: 'type',
      width: 160,
      cell: (row) => connectionTypeOf(row.type).label,
    },
    {
      id: 'namespace',
      header: 'Namespace',
      sortKey: 'namespace',
      width: 140,
      cell: (row) => row.namespace,
    },
    {
      id: 'url',
      header: 'URL',
      minWidth: 200,
      cell: (row) => <span className="mc-connection-url">{row.url}</span>,
    },
    { id: 'source', header: 'Source', sortKey: 'source', width: 130, cell: (row) => row.source },
    { id: 'createdBy', header: 'Created By', width: 170, cell: (row) => <Creator row={row} /> },
    {
      id: 'created',
      header: 'Created',
      sortKey: 'created_at',
      width: 140,
      cell: (row) => relativeOrDate(row.created_at, formatDate),
    },
  ];
}
