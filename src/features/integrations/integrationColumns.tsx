import type { IconName } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import type { IntegrationRow } from '../../api/schemas/integrations';
import { relativeOrDate } from '../../lib/relativeTime';
import { paths } from '../../shell/paths';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { JobStatusTag } from '../../ui/JobStatusTag';
import type { IntegrationType } from './model/integrationRow';
import { integrationTypeLabel, isIntegrationType } from './model/integrationRow';
import { IconLabel, nameColumn } from '../../widgets/columns';

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
    {
      id: 'type',
      header: 'Type',
      sortKey: 'integration_type',
      width: 130,
      cell: (row) => integrationTypeLabel(row.integration_type),
    },
    {
      id: 'source',
      header: 'Source',
      sortKey: 'source',
      width: 140,
      cell: (row) => row.source ?? '',
    },
    {
      id: 'agent',
      header: 'Agent',
      width: 140,
      cell: (row) =>
        row.agent?.id ? (
          <Link to={paths.settingsAgents.getHref(row.agent.id)}>
            {row.agent.name || row.agent.id}
          </Link>
        ) : null,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'job_status',
      width: 120,
      cell: (row) => <JobStatusTag status={row.job_status} />,
    },
    {
      id: 'lastRun',
      header: 'Last Run',
      sortKey: 'job_time_start',
      width: 150,
      cell: (row) => {
        const start = row.job_time_start ?? row.last_runtime;
        return start ? (
          <span title={formatDate(start)}>{relativeOrDate(start, formatDate, now)}</span>
        ) : null;
      },
    },
    {
      id: 'errors',
      header: 'Errors',
      sortKey: 'job_error_count',
      width: 100,
      align: 'right',
      cell: (row) => row.job_error_count ?? 0,
    },
  ];
}
