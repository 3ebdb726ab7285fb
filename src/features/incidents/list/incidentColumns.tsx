import { Icon, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import type { IncidentSummary } from '../../../api/schemas/incidents';
import { shortAge } from '../../../lib/relativeTime';
import { paths } from '../../../shell/paths';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { AvatarStack, PersonLabel } from '../../../ui/Avatar';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  SEVERITY_LOOK,
  STATUS_INTENTS,
  TYPE_ICONS,
  isIncidentSeverity,
  isIncidentStatus,
  isIncidentType,
  labelOf,
} from '../model/incidentValues';
import { TableTime, timeColumn } from '../../../widgets/columns';

/** "INC-12 · Checkout latency" (either part alone when the other is missing). */
export function incidentTitle(row: Pick<IncidentSummary, 'id' | 'incident_id' | 'title'>): string {
  const parts = [row.incident_id, row.title].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : row.id;
}

/** A severity's icon (in its colour) and label; a value outside the list as it is sent. */
export function SeverityLabel({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  const look = isIncidentSeverity(value) ? SEVERITY_LOOK[value] : undefined;
  return (
    <span className="mc-incident-chip">
      {look && <Icon icon={look.icon} intent={look.intent} size={14} aria-hidden />}
      <span>{labelOf(INCIDENT_SEVERITIES, value)}</span>
    </span>
  );
}

/** A type's icon and label. */
export function TypeLabel({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return (
    <span className="mc-incident-chip">
      {isIncidentType(value) && <Icon icon={TYPE_ICONS[value]} size={14} aria-hidden />}
      <span>{labelOf(INCIDENT_TYPES, value)}</span>
    </span>
  );
}

/** A status as a tag in its intent. */
export function StatusTag({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Tag minimal round intent={isIncidentStatus(value) ? STATUS_INTENTS[value] : 'none'}>
      {labelOf(INCIDENT_STATUSES, value)}
    </Tag>
  );
}

/**
 * The incident list's columns (Title with the incident id, Severity, Type, Status, Commander,
 * Responders, Commenters, Age, Updated). Title, severity, type, status, age and updated sort
 * on the server; `now` is the moment ages are counted from.
 */
export function incidentColumns(
  formatDate: FormatDateFn,
  now: Date,
): DataTableColumn<IncidentSummary>[] {
  const clock = { formatDate, now };
  return [
    {
      id: 'title',
      header: 'Title',
      sortKey: 'title',
      minWidth: 240,
      cell: (row) => (
        <Link
          className="mc-incident-title"
          to={paths.incident.getHref(row.id)}
          // The row opens the incident itself; the link is for a new tab and for reading.
          onClick={(event) => event.stopPropagation()}
          tabIndex={-1}
        >
          {incidentTitle(row)}
        </Link>
      ),
    },
    {
      id: 'severity',
      header: 'Severity',
      sortKey: 'severity',
      width: 110,
      cell: (row) => <SeverityLabel value={row.severity} />,
    },
    {
      id: 'type',
      header: 'Type',
      sortKey: 'type',
      width: 140,
      cell: (row) => <TypeLabel value={row.type} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 120,
      cell: (row) => <StatusTag value={row.status} />,
    },
    {
      id: 'commander',
      header: 'Commander',
      minWidth: 150,
      cell: (row) => <PersonLabel person={row.commander} />,
    },
    {
      id: 'responders',
      header: 'Responders',
      width: 110,
      cell: (row) => <AvatarStack label="Responders" people={row.responders} />,
    },
    {
      id: 'commenters',
      header: 'Commenters',
      width: 110,
      cell: (row) => <AvatarStack label="Commenters" people={row.commenters} />,
    },
    {
      id: 'age',
      header: 'Age',
      sortKey: 'created_at',
      width: 70,
      cell: (row) => (
        <TableTime value={row.created_at} {...clock}>
          {shortAge(row.created_at, now)}
        </TableTime>
      ),
    },
    timeColumn(
      clock,
      { id: 'updated', header: 'Updated', sortKey: 'updated_at', width: 110 },
      (row) => row.updated_at,
    ),
  ];
}
