import { Classes } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { IconNames } from '@blueprintjs/icons';
import type { SettingsResource } from '../../api/schemas/settingsResources';
import { relativeOrDate } from '../../lib/relativeTime';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { AvatarPerson } from '../../ui/Avatar';
import { PersonAvatar, isSomeone, personName } from '../../ui/Avatar';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { StatusDot } from '../../ui/StatusDot';
import { DashboardTag } from './DashboardTag';
import { jobStatusDot } from './model/jobStatus';
import type { ResourceTable, ResourceTableName } from './resourceTables';
import { IconLabel, nameColumn, textColumn } from '../../widgets/columns';

const ICON_NAMES: ReadonlySet<string> = new Set(Object.values(IconNames));

/** The icon of a row without one of its own. */
const TABLE_ICONS: Readonly<Record<ResourceTableName, IconName>> = {
  teams: 'people',
  incident_rules: 'flow-branch',
  canaries: 'heart',
  topologies: 'graph',
  config_scrapers: 'search-template',
  views: 'panel-table',
};

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A view's title from its spec (`display.title`, else a top-level `title`), or ''. */
export function specTitle(spec: unknown): string {
  if (!isMap(spec)) return '';
  const display = isMap(spec.display) ? spec.display : {};
  const title = display.title ?? spec.title;
  return typeof title === 'string' ? title : '';
}

/** The row's icon when it names one the console has, else the table's. */
export function rowIcon(table: ResourceTableName, icon: string | null | undefined): IconName {
  return icon && ICON_NAMES.has(icon) ? (icon as IconName) : TABLE_ICONS[table];
}

/** The embedded creator, when `created_by` is one (not a bare id). */
export function creatorOf(row: SettingsResource): AvatarPerson | undefined {
  const value = row.created_by;
  return typeof value === 'object' && value !== null ? value : undefined;
}

function Creator({ row }: { row: SettingsResource }) {
  const person = creatorOf(row);
  if (!isSomeone(person)) return null;
  return (
    <span className="mc-resource-creator">
      <PersonAvatar person={person} decorative />
      <span>{personName(person)}</span>
    </span>
  );
}

function JobStatus({ row, formatDate }: { row: SettingsResource; formatDate: FormatDateFn }) {
  const dot = jobStatusDot(row.job_status);
  const ran = relativeOrDate(row.job_time_start ?? row.last_runtime, formatDate);
  const next = relativeOrDate(row.next_runtime, formatDate);
  if (!dot && ran === '' && next === '') return null;
  return (
    <span className="mc-resource-status">
      {dot && <StatusDot {...dot} />}
      {ran !== '' && <span>{ran}</span>}
      {next !== '' && <span className={Classes.TEXT_MUTED}>next {next}</span>}
    </span>
  );
}

/**
 * The list's columns (api.md §21 fields): Name with its icon (and the dashboard's tag), Namespace, Status of the last job
 * with when it ran, Agent (topologies), Source, Created By, Created, Updated; the sortable ones
 * sort on the server.
 */
export function resourceColumns(
  config: ResourceTable,
  formatDate: FormatDateFn,
  isDashboard?: (row: SettingsResource) => boolean,
): DataTableColumn<SettingsResource>[] {
  const columns: DataTableColumn<SettingsResource>[] = [
    nameColumn((row) => (
      <IconLabel className="mc-resource-name" icon={rowIcon(config.table, row.icon)}>
        {row.name}
        {isDashboard?.(row) && <DashboardTag />}
      </IconLabel>
    )),
  ];
  if (config.fields.namespace) {
    columns.push(
      textColumn({ id: 'namespace', header: 'Namespace', width: 150 }, (row) => row.namespace),
    );
  }
  if (config.extraColumns.includes('title')) {
    columns.push({
      id: 'title',
      header: 'Title',
      minWidth: 180,
      cell: (row) => specTitle(row.spec),
    });
  }
  if (config.withJobStatus) {
    columns.push({
      id: 'status',
      header: 'Status',
      sortKey: 'job_time_start',
      width: 170,
      cell: (row) => <JobStatus row={row} formatDate={formatDate} />,
    });
  }
  if (config.withAgent) {
    columns.push({
      id: 'agent',
      header: 'Agent',
      width: 140,
      cell: (row) => row.agent?.name,
    });
  }
  columns.push(textColumn({ id: 'source', header: 'Source', width: 130 }, (row) => row.source));
  if (config.extraColumns.includes('lastRan')) {
    columns.push({
      id: 'lastRan',
      header: 'Last Ran',
      sortKey: 'last_ran',
      width: 150,
      cell: (row) => relativeOrDate(row.last_ran, formatDate),
    });
  }
  if (config.extraColumns.includes('error')) {
    columns.push({
      id: 'error',
      header: 'Error',
      minWidth: 180,
      cell: (row) => (row.error ? <span className="mc-resource-error">{row.error}</span> : null),
    });
  }
  // A paged list reads the table itself, without the creator embedded.
  if (config.listMode === 'all') {
    columns.push({
      id: 'createdBy',
      header: 'Created By',
      width: 170,
      cell: (row) => <Creator row={row} />,
    });
  }
  columns.push({
    id: 'created',
    header: 'Created',
    sortKey: 'created_at',
    // Wide enough for a full date and time on one line.
    width: 180,
    cell: (row) => relativeOrDate(row.created_at, formatDate),
  });
  if (config.listMode === 'all') {
    columns.push({
      id: 'updated',
      header: 'Updated',
      // canaries_with_status has no updated_at to sort by.
      ...(config.table === 'canaries' ? {} : { sortKey: 'updated_at' }),
      width: 180,
      cell: (row) => relativeOrDate(row.updated_at, formatDate),
    });
  }
  return columns;
}
