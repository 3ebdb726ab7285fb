import { Icon } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetConfigItemIncidentsQuery } from '../../../../api/endpoints/configItem';
import type { ResourceIncident } from '../../../../api/schemas/incidents';
import { paths } from '../../../../shell/paths';
import { useFormatDate } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import { DataTable } from '../../../../ui/DataTable/DataTable';
import type { TableClock } from '../../../../widgets/columns';
import { textColumn, timeColumn } from '../../../../widgets/columns';
import { tableQueryState } from '../../../../widgets/tableQueryState';
import { ItemLink } from '../ItemLink';
import { statusWord } from '../model/format';

export const INCIDENTS_LOAD_ERROR = 'Error loading incidents';
export const NO_INCIDENTS = 'No incidents';

/** An incident's severity as a word; numbers (older incidents) as they are. */
export function incidentSeverity(severity: ResourceIncident['severity']): string {
  return typeof severity === 'number' ? String(severity) : statusWord(severity);
}

/** Title, Severity, Status, Type, Created. */
function incidentColumns(clock: TableClock): DataTableColumn<ResourceIncident>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      minWidth: 240,
      cell: (incident) => (
        <ItemLink to={paths.incident.getHref(incident.id)} className="mc-config-name">
          <Icon icon="error" aria-hidden />
          <span className="mc-config-name-text">{incident.title || incident.id}</span>
        </ItemLink>
      ),
    },
    textColumn({ id: 'severity', header: 'Severity', width: 120 }, (incident) =>
      incidentSeverity(incident.severity),
    ),
    textColumn({ id: 'status', header: 'Status', width: 130 }, (incident) =>
      statusWord(incident.status),
    ),
    textColumn({ id: 'type', header: 'Type', width: 140 }, (incident) => statusWord(incident.type)),
    timeColumn(
      clock,
      { id: 'created', header: 'Created', width: 150 },
      (incident) => incident.created_at ?? null,
    ),
  ];
}

/**
 * The Incidents tab (INC-04): the incidents with evidence of the item, newest first, each
 * opening on its incident page.
 */
export function ConfigIncidentsTab({ configId }: { configId: string }) {
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const { data, isLoading, isFetching, error, refetch } = useGetConfigItemIncidentsQuery(configId);
  const columns = useMemo(() => incidentColumns({ formatDate, now: new Date() }), [formatDate]);
  return (
    <div className="mc-config-tab">
      <DataTable<ResourceIncident>
        aria-label="Incidents"
        className="mc-config-table"
        columns={columns}
        rows={data ?? []}
        getRowId={(incident) => incident.id}
        onRowOpen={(incident) => navigate(paths.incident.getHref(incident.id))}
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle={INCIDENTS_LOAD_ERROR}
        emptyText={NO_INCIDENTS}
      />
    </div>
  );
}
