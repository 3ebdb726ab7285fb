import type { ReactNode } from 'react';
import type { ApplicationReport, ApplicationSection } from '../../../api/schemas/applications';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { StatusDot } from '../../../ui/StatusDot';
import { TagList } from '../../../ui/TagList';
import type { ReportPart } from '../model/reportSections';
import type { ReportColumn } from './ReportTable';
import { ReportTable } from './ReportTable';

/** The empty-list sentences. */
export const REPORT_EMPTY = {
  locations: 'No environments.',
  configs: 'No configs.',
  changes: 'No changes.',
  findings: 'No findings.',
  incidents: 'No incidents.',
  backups: 'No backups.',
  restores: 'No restores.',
  users: 'No users with access.',
  authentication: 'No authentication methods.',
  rows: 'No rows.',
} as const;

type ListKey = 'incidents' | 'locations' | 'backups' | 'restores' | 'findings';
type Row<K extends ListKey> = NonNullable<ApplicationReport[K]>[number];

const byId = (row: { id: string }) => row.id;

function when(value: string | null | undefined, formatDate: FormatDateFn): string {
  return value ? formatDate(value) : '';
}

function Health({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return (
    <span className="mc-report-health">
      <StatusDot status={value} />
      <span>{value}</span>
    </span>
  );
}

function locationColumns(): ReportColumn<Row<'locations'>>[] {
  return [
    { header: 'Purpose', cell: (row) => row.purpose },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Account', cell: (row) => row.account },
    { header: 'Provider', cell: (row) => row.provider },
    { header: 'Region', cell: (row) => row.region },
    { header: 'Type', cell: (row) => row.type },
    { header: 'Resources', cell: (row) => row.resourceCount },
  ];
}

type ConfigRow = NonNullable<ApplicationSection['configs']>[number];
type ChangeRow = NonNullable<ApplicationSection['changes']>[number];

const CONFIG_COLUMNS: ReportColumn<ConfigRow>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Type', cell: (row) => row.type },
  { header: 'Health', cell: (row) => <Health value={row.health} /> },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Labels', cell: (row) => <TagList tags={row.labels} noun="labels" /> },
];

function changeColumns(formatDate: FormatDateFn): ReportColumn<ChangeRow>[] {
  return [
    { header: 'Date', cell: (row) => when(row.date, formatDate) },
    { header: 'Type', cell: (row) => row.changeType },
    { header: 'Description', cell: (row) => row.description },
    { header: 'Source', cell: (row) => row.source },
    { header: 'By', cell: (row) => row.createdBy },
    { header: 'Severity', cell: (row) => row.status },
  ];
}

/** A view section's data: its columns (hidden ones left out) over its rows. */
function ViewData({ label, view }: { label: string; view: ApplicationSection['view'] }) {
  const columns = view?.columns ?? [];
  const rows = (view?.rows ?? []).map((row, index) => ({ index, row }));
  const cell = (row: unknown, name: string, at: number): ReactNode => {
    const value = Array.isArray(row)
      ? row[at]
      : typeof row === 'object' && row !== null
        ? (row as Record<string, unknown>)[name]
        : undefined;
    if (value === null || value === undefined) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  return (
    <ReportTable
      label={label}
      columns={columns.map((column, at) => ({
        header: column.name,
        cell: ({ row }: { row: unknown }) => cell(row, column.name, at),
      }))}
      rows={rows}
      getRowId={({ index }) => String(index)}
      empty={REPORT_EMPTY.rows}
    />
  );
}

function SectionBody({
  title,
  section,
  formatDate,
}: {
  title: string;
  section: ApplicationSection;
  formatDate: FormatDateFn;
}) {
  if (section.type === 'configs') {
    return (
      <ReportTable
        label={title}
        columns={CONFIG_COLUMNS}
        rows={section.configs ?? []}
        getRowId={byId}
        empty={REPORT_EMPTY.configs}
      />
    );
  }
  if (section.type === 'changes') {
    return (
      <ReportTable
        label={title}
        columns={changeColumns(formatDate)}
        rows={section.changes ?? []}
        getRowId={byId}
        empty={REPORT_EMPTY.changes}
      />
    );
  }
  return <ViewData label={title} view={section.view} />;
}

/** One part of the report under its heading. */
export function ReportPartBody({
  part,
  report,
  formatDate,
}: {
  part: ReportPart;
  report: ApplicationReport;
  formatDate: FormatDateFn;
}) {
  const label = part.title;
  switch (part.kind) {
    case 'locations':
      return (
        <ReportTable
          label={label}
          columns={locationColumns()}
          rows={report.locations ?? []}
          getRowId={(row, index) => `${row.purpose ?? ''}/${row.name ?? ''}/${index}`}
          empty={REPORT_EMPTY.locations}
        />
      );
    case 'section':
      return <SectionBody title={label} section={part.section} formatDate={formatDate} />;
    case 'findings':
      return (
        <ReportTable
          label={label}
          columns={[
            { header: 'Title', cell: (row: Row<'findings'>) => row.title },
            { header: 'Type', cell: (row) => row.type },
            { header: 'Severity', cell: (row) => row.severity },
            { header: 'Status', cell: (row) => row.status },
            { header: 'First seen', cell: (row) => when(row.date, formatDate) },
            { header: 'Last seen', cell: (row) => when(row.lastObserved, formatDate) },
          ]}
          rows={report.findings ?? []}
          getRowId={byId}
          empty={REPORT_EMPTY.findings}
        />
      );
    case 'incidents':
      return (
        <ReportTable
          label={label}
          columns={[
            { header: 'Date', cell: (row: Row<'incidents'>) => when(row.date, formatDate) },
            { header: 'Description', cell: (row) => row.description },
            { header: 'Severity', cell: (row) => row.severity },
            { header: 'Status', cell: (row) => row.status },
            { header: 'Resolved', cell: (row) => when(row.resolvedDate, formatDate) },
          ]}
          rows={report.incidents ?? []}
          getRowId={byId}
          empty={REPORT_EMPTY.incidents}
        />
      );
    case 'backups':
      return (
        <ReportTable
          label={label}
          columns={[
            { header: 'Date', cell: (row: Row<'backups'>) => when(row.date, formatDate) },
            { header: 'Database', cell: (row) => row.database },
            { header: 'Type', cell: (row) => row.type },
            { header: 'Source', cell: (row) => row.source },
            { header: 'Size', cell: (row) => row.size },
            { header: 'Status', cell: (row) => row.status },
          ]}
          rows={report.backups ?? []}
          getRowId={byId}
          empty={REPORT_EMPTY.backups}
        />
      );
    case 'restores':
      return (
        <ReportTable
          label={label}
          columns={[
            { header: 'Date', cell: (row: Row<'restores'>) => when(row.date, formatDate) },
            { header: 'Database', cell: (row) => row.database },
            { header: 'Source', cell: (row) => row.source },
            { header: 'Status', cell: (row) => row.status },
            { header: 'Completed', cell: (row) => when(row.completedAt, formatDate) },
          ]}
          rows={report.restores ?? []}
          getRowId={byId}
          empty={REPORT_EMPTY.restores}
        />
      );
    case 'access':
      return <AccessControl report={report} formatDate={formatDate} />;
  }
}

type User = NonNullable<NonNullable<ApplicationReport['accessControl']>['users']>[number];
type AuthMethod = NonNullable<
  NonNullable<ApplicationReport['accessControl']>['authentication']
>[number];

function AccessControl({
  report,
  formatDate,
}: {
  report: ApplicationReport;
  formatDate: FormatDateFn;
}) {
  const users = report.accessControl?.users ?? [];
  const methods = report.accessControl?.authentication ?? [];
  return (
    <>
      <h3 className="mc-report-subheading">Users</h3>
      <ReportTable<User>
        label="Users"
        columns={[
          { header: 'Name', cell: (row) => row.name },
          { header: 'Email', cell: (row) => row.email },
          { header: 'Role', cell: (row) => row.role },
          { header: 'Auth', cell: (row) => row.authType },
          { header: 'Created', cell: (row) => when(row.created, formatDate) },
          { header: 'Last login', cell: (row) => when(row.lastLogin, formatDate) },
          { header: 'Last review', cell: (row) => when(row.lastAccessReview, formatDate) },
        ]}
        rows={users}
        getRowId={(row, index) => row.id ?? String(index)}
        empty={REPORT_EMPTY.users}
      />
      <h3 className="mc-report-subheading">Authentication</h3>
      <ReportTable<AuthMethod>
        label="Authentication"
        columns={[
          { header: 'Name', cell: (row) => row.name },
          { header: 'Type', cell: (row) => row.type },
          {
            header: 'MFA',
            cell: (row) => (row.mfa ? `${row.mfa.type ?? ''} ${row.mfa.enforced ?? ''}` : ''),
          },
          {
            header: 'Properties',
            cell: (row) => <TagList tags={row.properties} noun="properties" />,
          },
        ]}
        rows={methods}
        getRowId={(row, index) => `${row.name ?? ''}/${index}`}
        empty={REPORT_EMPTY.authentication}
      />
    </>
  );
}
