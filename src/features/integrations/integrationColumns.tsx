import type { IconName } from '@blueprintjs/core';
import type { IntegrationRow } from '../../api/schemas/integrations';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import type { IntegrationType } from './model/integrationRow';
import { integrationTypeLabel, isIntegrationType } from './model/integrationRow';
import {
  IconLabel,
  ageColumn,
  agentColumn,
  jobStatusColumn,
  nameColumn,
  textColumn,
} from '../../widgets/columns';

const TYPE_ICONS: Record<IntegrationType, IconName> = {
  scrapers: 'search-template',
  topologies: 'graph',
  logging_backends: 'th-list',
};

export interface IntegrationColumnsOptions {
  formatDate: FormatDateFn;
  /** The instant times are aged against. */
  now: Date;
}

/**
 * The integrations list's columns (api.md INT-01): Name (with its kind's icon), Type, Source,
 * Agent, Status, Last Run and Errors; all but Agent sort on the server.
 */
export function integrationColumns({
  formatDate,
  now,
}: IntegrationColumnsOptions): DataTableColumn<IntegrationRow>[] {
  return [
    nameColumn(
      (row) => (
        <IconLabel
          className="mc-integration-name"
          icon={
            isIntegrationType(row.integration_type) ? TYPE_ICONS[row.integration_type] : undefined
          }
        >
          {row.name ?? row.id}
        </IconLabel>
      ),
      { minWidth: 220 },
    ),
    textColumn({ id: 'type', header: 'Type', sortKey: 'integration_type', width: 130 }, (row) =>
      integrationTypeLabel(row.integration_type),
    ),
    textColumn({ id: 'source', header: 'Source', width: 140 }, (row) => row.source ?? ''),
    agentColumn((row) => row.agent),
    jobStatusColumn('job_status', (row) => row.job_status),
    ageColumn(
      { formatDate, now },
      { id: 'lastRun', header: 'Last Run', sortKey: 'job_time_start', width: 150 },
      (row) => row.job_time_start ?? row.last_runtime,
    ),
    textColumn(
      { id: 'errors', header: 'Errors', sortKey: 'job_error_count', width: 100, align: 'right' },
      (row) => row.job_error_count ?? 0,
    ),
  ];
}
