import { useGetConfigItemIncidentsQuery } from '../../../../api/endpoints/configItem';
import type { ResourceIncident } from '../../../../api/schemas/incidents';
import { paths } from '../../../../shell/paths';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import type { TableClock } from '../../../../widgets/columns';
import { textColumn, timeColumn } from '../../../../widgets/columns';
import { statusWord } from '../model/format';
import type { LinkedRecordName } from './LinkedRecordsTab';
import { LinkedRecordsTab } from './LinkedRecordsTab';

export const INCIDENTS_LOAD_ERROR = 'Error loading incidents';
export const NO_INCIDENTS = 'No incidents';

/** An incident's severity as a word; numbers (older incidents) as they are. */
export function incidentSeverity(severity: ResourceIncident['severity']): string {
  return typeof severity === 'number' ? String(severity) : statusWord(severity);
}

const INCIDENT_TITLE: LinkedRecordName<ResourceIncident> = {
  id: 'title',
  header: 'Title',
  minWidth: 240,
  icon: 'error',
  text: (incident) => incident.title || incident.id,
};

const incidentHref = (incident: ResourceIncident) => paths.incident.getHref(incident.id);

/** Severity, Status, Type, Created (after the title). */
function incidentColumns(clock: TableClock): DataTableColumn<ResourceIncident>[] {
  return [
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
  return (
    <LinkedRecordsTab<ResourceIncident>
      label="Incidents"
      query={useGetConfigItemIncidentsQuery(configId)}
      name={INCIDENT_TITLE}
      columns={incidentColumns}
      href={incidentHref}
      errorTitle={INCIDENTS_LOAD_ERROR}
      empty={NO_INCIDENTS}
    />
  );
}
