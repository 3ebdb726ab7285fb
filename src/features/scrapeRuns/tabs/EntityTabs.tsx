import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type {
  ConfigAccess,
  ConfigAccessLog,
  EntitySummary,
  ExternalGroup,
  ExternalRole,
  ExternalUser,
  ScrapeRunPayload,
} from '../../../api/schemas/scrapeRuns';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { DataTable } from '../../../ui/DataTable/DataTable';
import type { TableClock } from '../../../widgets/columns';
import { IconLabel, ageColumn, textColumn } from '../../../widgets/columns';
import { accessNames, entitySummaryText, externalConfigText, grantee } from '../model/payload';

const aliasesText = (aliases: readonly string[] | null | undefined) => (aliases ?? []).join(', ');

/** The rows of one table of the run, its summary line above them. */
function EntityTable<Row>({
  label,
  summary,
  rows,
  columns,
  rowId,
  empty,
}: {
  label: string;
  summary: EntitySummary | null | undefined;
  rows: readonly Row[];
  columns: DataTableColumn<Row>[];
  rowId: (row: Row, index: number) => string;
  empty: string;
}) {
  const indexed = useMemo(() => rows.map((row, index) => ({ row, index })), [rows]);
  const wrapped = useMemo(
    () =>
      columns.map((column): DataTableColumn<{ row: Row; index: number }> => ({
        ...column,
        sortKey: undefined,
        cell: ({ row }) => column.cell(row),
      })),
    [columns],
  );
  const saved = entitySummaryText(summary);
  return (
    <div className="mc-scrape-run-entities">
      <p className="mc-meta-text">
        {rows.length === 1 ? '1 row' : `${rows.length} rows`} in this run
        {saved ? ` · saved: ${saved}` : ''}
      </p>
      <div className="mc-scrape-run-table">
        <DataTable
          aria-label={label}
          className="mc-scrape-run-grid"
          columns={wrapped}
          rows={indexed}
          getRowId={({ row, index }) => rowId(row, index)}
          emptyText={empty}
        />
      </div>
    </div>
  );
}

function useClock(): TableClock {
  const formatDate = useFormatDate();
  return useMemo(() => ({ formatDate, now: new Date() }), [formatDate]);
}

const idOr = (id: string | null | undefined, index: number) => id || `row-${index}`;

function createdColumn<Row extends { created_at?: string | null }>(
  clock: TableClock,
): DataTableColumn<Row> {
  return ageColumn(
    clock,
    { id: 'created', header: 'Created', width: 150 },
    (row) => row.created_at,
  );
}

/** What the users, groups, roles, access and access log tabs show. */
export type EntityTab = 'users' | 'groups' | 'roles' | 'access' | 'access-logs';

/** The summary of each tab's table in `save_summary`. */
const SUMMARY_KEY = {
  users: 'external_users',
  groups: 'external_groups',
  roles: 'external_roles',
  access: 'config_access',
  'access-logs': 'access_logs',
} as const;

/** The accessible names of the tables. */
export const ENTITY_TABLE_LABELS: Record<EntityTab, string> = {
  users: 'Users',
  groups: 'Groups',
  roles: 'Roles',
  access: 'Access',
  'access-logs': 'Access logs',
};

function UsersTable({ rows, summary }: { rows: ExternalUser[]; summary?: EntitySummary | null }) {
  const clock = useClock();
  const columns = useMemo<DataTableColumn<ExternalUser>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        minWidth: 200,
        cell: (user) => (
          <span className="mc-scrape-run-person">
            <IconLabel className="mc-scrape-run-person-name" icon="person">
              {user.name || user.id}
            </IconLabel>
            {user.email ? <span className="mc-meta-text">{user.email}</span> : null}
          </span>
        ),
      },
      textColumn({ id: 'type', header: 'Type', width: 120 }, (user) => user.user_type),
      textColumn({ id: 'aliases', header: 'Aliases', minWidth: 160 }, (user) =>
        aliasesText(user.aliases),
      ),
      textColumn({ id: 'account', header: 'Account', width: 140 }, (user) => user.account_id),
      createdColumn(clock),
    ],
    [clock],
  );
  return (
    <EntityTable
      label={ENTITY_TABLE_LABELS.users}
      summary={summary}
      rows={rows}
      columns={columns}
      rowId={(user, index) => idOr(user.id, index)}
      empty="This run scraped no users"
    />
  );
}

function GroupsTable({ rows, summary }: { rows: ExternalGroup[]; summary?: EntitySummary | null }) {
  const clock = useClock();
  const columns = useMemo<DataTableColumn<ExternalGroup>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        minWidth: 200,
        cell: (group) => (
          <IconLabel className="mc-scrape-run-person-name" icon="people">
            {group.name || group.id}
          </IconLabel>
        ),
      },
      textColumn({ id: 'type', header: 'Type', width: 120 }, (group) => group.group_type),
      textColumn({ id: 'aliases', header: 'Aliases', minWidth: 160 }, (group) =>
        aliasesText(group.aliases),
      ),
      textColumn({ id: 'account', header: 'Account', width: 140 }, (group) => group.account_id),
      createdColumn(clock),
    ],
    [clock],
  );
  return (
    <EntityTable
      label={ENTITY_TABLE_LABELS.groups}
      summary={summary}
      rows={rows}
      columns={columns}
      rowId={(group, index) => idOr(group.id, index)}
      empty="This run scraped no groups"
    />
  );
}

function RolesTable({ rows, summary }: { rows: ExternalRole[]; summary?: EntitySummary | null }) {
  const clock = useClock();
  const columns = useMemo<DataTableColumn<ExternalRole>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        minWidth: 200,
        cell: (role) => (
          <IconLabel className="mc-scrape-run-person-name" icon="shield">
            {role.name || role.id}
          </IconLabel>
        ),
      },
      textColumn({ id: 'type', header: 'Type', width: 120 }, (role) => role.role_type),
      textColumn(
        { id: 'description', header: 'Description', minWidth: 200 },
        (role) => role.description,
      ),
      textColumn({ id: 'account', header: 'Account', width: 140 }, (role) => role.account_id),
      createdColumn(clock),
    ],
    [clock],
  );
  return (
    <EntityTable
      label={ENTITY_TABLE_LABELS.roles}
      summary={summary}
      rows={rows}
      columns={columns}
      rowId={(role, index) => idOr(role.id, index)}
      empty="This run scraped no roles"
    />
  );
}

/** A config an access row names: linking to its catalog page when the row has its id. */
function AccessConfig({ row }: { row: ConfigAccess }): ReactNode {
  const text = externalConfigText(row.external_config_id) || row.config_id || '';
  return row.config_id ? <Link to={paths.catalogItem.getHref(row.config_id)}>{text}</Link> : text;
}

function AccessTable({ payload }: { payload: ScrapeRunPayload }) {
  const clock = useClock();
  const names = useMemo(() => accessNames(payload), [payload]);
  const columns = useMemo<DataTableColumn<ConfigAccess>[]>(
    () => [
      {
        id: 'config',
        header: 'Config',
        minWidth: 220,
        cell: (row) => <AccessConfig row={row} />,
      },
      {
        id: 'grantee',
        header: 'User or group',
        minWidth: 180,
        cell: (row) => (
          <IconLabel
            className="mc-scrape-run-person-name"
            icon={row.external_user_id ? 'person' : 'people'}
          >
            {grantee(row, names)}
          </IconLabel>
        ),
      },
      textColumn({ id: 'role', header: 'Role', width: 160 }, (row) =>
        row.external_role_id ? (names.roles.get(row.external_role_id) ?? row.external_role_id) : '',
      ),
      createdColumn(clock),
    ],
    [clock, names],
  );
  return (
    <EntityTable
      label={ENTITY_TABLE_LABELS.access}
      summary={payload.save_summary?.config_access}
      rows={payload.results?.config_access ?? []}
      columns={columns}
      rowId={(row, index) => idOr(row.id, index)}
      empty="This run scraped no access"
    />
  );
}

function AccessLogsTable({
  rows,
  summary,
}: {
  rows: ConfigAccessLog[];
  summary?: EntitySummary | null;
}) {
  const clock = useClock();
  const columns = useMemo<DataTableColumn<ConfigAccessLog>[]>(
    () => [
      textColumn({ id: 'config', header: 'Config', minWidth: 220 }, (row) =>
        externalConfigText(row.external_config_id),
      ),
      textColumn({ id: 'user', header: 'User', minWidth: 180 }, (row) =>
        aliasesText(row.external_user_aliases),
      ),
      ageColumn(clock, { id: 'when', header: 'When', width: 150 }, (row) => row.created_at),
      {
        id: 'mfa',
        header: 'MFA',
        width: 80,
        cell: (row) =>
          row.mfa === undefined || row.mfa === null ? null : (
            <Tag minimal intent={row.mfa ? 'success' : 'warning'}>
              {row.mfa ? 'Yes' : 'No'}
            </Tag>
          ),
      },
      textColumn({ id: 'count', header: 'Count', width: 80, align: 'right' }, (row) =>
        row.count === undefined || row.count === null ? '' : String(row.count),
      ),
    ],
    [clock],
  );
  return (
    <EntityTable
      label={ENTITY_TABLE_LABELS['access-logs']}
      summary={summary}
      rows={rows}
      columns={columns}
      rowId={(row, index) =>
        `${externalConfigText(row.external_config_id)}:${row.created_at ?? ''}:${index}`
      }
      empty="This run scraped no access logs"
    />
  );
}

/** The users, groups, roles, access or access logs the run scraped, with its save summary. */
export function EntityTabPanel({ tab, payload }: { tab: EntityTab; payload: ScrapeRunPayload }) {
  const results = payload.results;
  const summary = payload.save_summary?.[SUMMARY_KEY[tab]];
  switch (tab) {
    case 'users':
      return <UsersTable rows={results?.external_users ?? []} summary={summary} />;
    case 'groups':
      return <GroupsTable rows={results?.external_groups ?? []} summary={summary} />;
    case 'roles':
      return <RolesTable rows={results?.external_roles ?? []} summary={summary} />;
    case 'access':
      return <AccessTable payload={payload} />;
    case 'access-logs':
      return <AccessLogsTable rows={results?.config_access_logs ?? []} summary={summary} />;
  }
}
