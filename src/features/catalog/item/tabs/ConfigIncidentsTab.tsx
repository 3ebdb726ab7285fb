import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetConfigItemIncidentsQuery } from '../../../../api/endpoints/configItem';
import type { ResourceIncident } from '../../../../api/schemas/incidents';
import { paths } from '../../../../shell/paths';
import { useFormatDate } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import type { TableClock } from '../../../../widgets/columns';
import { textColumn, timeColumn } from '../../../../widgets/columns';
import { ListTable } from '../../../../widgets/ListPage';
import { linkedNameColumn } from '../ItemLink';
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
    linkedNameColumn({
      id: 'title',
      header: 'Title',
      minWidth: 240,
      icon: 'error',
      to: (incident) => paths.incident.getHref(incident.id),
      name: (incident) => incident.title || incident.id,
    }),
    textColumn({ id: 'severity', header: 'Severity', width: 120 }, (incident) =>
      incidentSeverity(incident.severity),
    ),
    textColumn({ id: 'status', header: 'Status', width: 130 }, (incident) =>
      statusWord(incident.status),
    ),
    textColumn({ id: 'type', header: 'Type', width: 140 }, (incident) => statusWord(incident.type)),
    timeColumn(
      clock,
      { id: 'created', header: 'Created', width: 170 },
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
  const query = useGetConfigItemIncidentsQuery(configId);
  const columns = useMemo(() => incidentColumns({ formatDate, now: new Date() }), [formatDate]);
  return (
    <div className="mc-config-tab">
      <ListTable<ResourceIncident>
        aria-label="Incidents"
        className="mc-config-table"
        columns={columns}
        rows={query.data ?? []}
        getRowId={(incident) => incident.id}
        onRowOpen={(incident) => navigate(paths.incident.getHref(incident.id))}
        query={query}
        errorTitle={INCIDENTS_LOAD_ERROR}
        empty={NO_INCIDENTS}
      />
    </div>
  );
}
