import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type {
  AccessByConfig,
  AccessByGroup,
  AccessByUser,
  AccessRow,
} from '../../../api/schemas/configAccess';
import type { DateInput } from '../../../lib/dates';
import { relativeOrDate } from '../../../lib/relativeTime';
import { paths } from '../../../shell/paths';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { ConfigName } from '../../../widgets/ConfigIcon';
import type { ColumnLayout, TableClock } from '../../../widgets/columns';
import { ageColumn, IconLabel, textColumn } from '../../../widgets/columns';
import { ItemLink } from '../item/ItemLink';
import { isStale, STALE_AFTER_DAYS } from './model/stale';
import './access.css';

export const STALE_TEXT = 'Stale';
export const NEVER_TEXT = 'Never';

/** A count as the views give it (a number, or text for a `bigint`). */
function count(value: number | string | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A user's name with the email below it when it has one. */
export function UserName({ name, email }: { name: ReactNode; email?: string | null }) {
  return (
    <span className="mc-access-user">
      <IconLabel className="mc-access-user-name" icon="person">
        {name}
      </IconLabel>
      {email ? <span className="mc-meta-text">{email}</span> : null}
    </span>
  );
}

/** A config item's name and icon, linking to its page. */
function ConfigLink({
  id,
  name,
  type,
}: {
  id: string;
  name: string | null | undefined;
  type: string | null | undefined;
}) {
  return (
    <ItemLink to={paths.catalogItem.getHref(id)}>
      <ConfigName name={name} type={type} />
    </ItemLink>
  );
}

/** Config and Type: the item, linking to its page, and its type. */
function configColumns<
  Row extends { config_id: string; config_name?: string | null; config_type?: string | null },
>(): DataTableColumn<Row>[] {
  return [
    {
      id: 'config',
      header: 'Config',
      sortKey: 'config_name',
      minWidth: 220,
      cell: (row) => (
        <ConfigLink id={row.config_id} name={row.config_name} type={row.config_type} />
      ),
    },
    textColumn(
      { id: 'type', header: 'Type', sortKey: 'config_type', width: 200 },
      (row) => row.config_type,
    ),
  ];
}

/** User: the name (or what stands for it) with the email below it. */
function userColumn<Row extends { email?: string | null }>(
  name: (row: Row) => ReactNode,
): DataTableColumn<Row> {
  return {
    id: 'user',
    header: 'User',
    sortKey: 'user',
    minWidth: 220,
    cell: (row) => <UserName name={name(row)} email={row.email} />,
  };
}

/**
 * The last sign-in: its age (the date once old, the full date on hover), "Never" without one,
 * and a "Stale" tag when it is older than `STALE_AFTER_DAYS` days or never happened.
 */
function lastSignInColumn<Row>(
  { formatDate, now }: TableClock,
  time: (row: Row) => DateInput,
  /** Rows whose staleness means nothing (a group's grant without known members). */
  judged: (row: Row) => boolean = () => true,
): DataTableColumn<Row> {
  return {
    id: 'lastSignIn',
    header: 'Last sign-in',
    sortKey: 'last_signed_in_at',
    width: 190,
    cell: (row) => {
      const value = time(row);
      return (
        <span className="mc-access-signin">
          {value ? (
            <span title={formatDate(value)}>{relativeOrDate(value, formatDate, now)}</span>
          ) : (
            <span className="mc-meta-text">{NEVER_TEXT}</span>
          )}
          {judged(row) && isStale(value, now) && (
            <Tag minimal intent="warning" title={`No sign-in for ${STALE_AFTER_DAYS} days or more`}>
              {STALE_TEXT}
            </Tag>
          )}
        </span>
      );
    },
  };
}

/** A count column of a grouped list, sorted by its view column. */
function countColumn<Row>(
  layout: Omit<ColumnLayout<Row>, 'width'> & { sortKey: string },
  value: (row: Row) => number | string | null | undefined,
): DataTableColumn<Row> {
  return textColumn({ width: 100, ...layout }, (row) => count(value(row)));
}

/** The config types a user or group reaches, as tags. */
function typesColumn<Row>(types: (row: Row) => readonly string[] | null | undefined) {
  return {
    id: 'configTypes',
    header: 'Config types',
    minWidth: 200,
    cell: (row: Row) => (
      <span className="mc-access-types">
        {(types(row) ?? []).map((type) => (
          <Tag key={type} minimal>
            {type}
          </Tag>
        ))}
      </span>
    ),
  } satisfies DataTableColumn<Row>;
}

const latestGrant = <Row extends { latest_grant?: string | null }>(clock: TableClock) =>
  ageColumn<Row>(
    clock,
    { id: 'latestGrant', header: 'Latest grant', sortKey: 'latest_grant', width: 150 },
    (row) => row.latest_grant,
  );

const accessCount = <Row extends { access_count?: number | string | null }>() =>
  countColumn<Row>(
    { id: 'access', header: 'Access', sortKey: 'access_count' },
    (row) => row.access_count,
  );

const rolesCount = <Row extends { distinct_roles?: number | string | null }>() =>
  countColumn<Row>(
    { id: 'roles', header: 'Roles', sortKey: 'distinct_roles' },
    (row) => row.distinct_roles,
  );

/** What a user or a group reaches: Configs, Config types, Last sign-in, Latest grant. */
function reachColumns<
  Row extends {
    distinct_configs?: number | string | null;
    config_types?: string[] | null;
    last_signed_in_at?: string | null;
    latest_grant?: string | null;
  },
>(clock: TableClock): DataTableColumn<Row>[] {
  return [
    countColumn(
      { id: 'configs', header: 'Configs', sortKey: 'distinct_configs' },
      (row) => row.distinct_configs,
    ),
    typesColumn((row) => row.config_types),
    lastSignInColumn(clock, (row) => row.last_signed_in_at),
    latestGrant(clock),
  ];
}

/** By user: User, Access, Roles, Configs, Config types, Last sign-in, Latest grant. */
export function byUserColumns(clock: TableClock): DataTableColumn<AccessByUser>[] {
  return [
    userColumn<AccessByUser>((row) => row.user || row.external_user_id),
    accessCount(),
    rolesCount(),
    ...reachColumns<AccessByUser>(clock),
  ];
}

/** By group: Group, Access, Users, Roles, Configs, Config types, Last sign-in, Latest grant. */
export function byGroupColumns(clock: TableClock): DataTableColumn<AccessByGroup>[] {
  return [
    {
      id: 'group',
      header: 'Group',
      sortKey: 'group',
      minWidth: 220,
      cell: (row) => (
        <IconLabel className="mc-access-group" icon="people">
          {row.group || row.external_group_id}
        </IconLabel>
      ),
    },
    accessCount(),
    countColumn(
      { id: 'users', header: 'Users', sortKey: 'distinct_users' },
      (row) => row.distinct_users,
    ),
    rolesCount(),
    ...reachColumns<AccessByGroup>(clock),
  ];
}

/** By item: Config, Type, Access, Users, Roles, Last sign-in, Latest grant. */
export function byConfigColumns(clock: TableClock): DataTableColumn<AccessByConfig>[] {
  return [
    ...configColumns<AccessByConfig>(),
    accessCount(),
    countColumn(
      { id: 'users', header: 'Users', sortKey: 'distinct_users' },
      (row) => row.distinct_users,
    ),
    rolesCount(),
    lastSignInColumn(clock, (row) => row.last_signed_in_at),
    latestGrant(clock),
  ];
}

/** Whether a row is a user's access (not a group's grant without known members). */
const isUsersAccess = (row: AccessRow) => Boolean(row.external_user_id);

/** The access columns shared by the flat list and an item's Access tab. */
function principalColumns(clock: TableClock): DataTableColumn<AccessRow>[] {
  const { formatDate } = clock;
  return [
    userColumn<AccessRow>((row) => row.user || row.external_user_id || row.external_group_id),
    textColumn(
      { id: 'userType', header: 'User type', sortKey: 'user_type', width: 140 },
      (row) => row.user_type,
    ),
    textColumn({ id: 'role', header: 'Role', sortKey: 'role', minWidth: 160 }, (row) => row.role),
    lastSignInColumn(clock, (row) => row.last_signed_in_at, isUsersAccess),
    {
      id: 'lastReview',
      header: 'Last review',
      sortKey: 'last_reviewed_at',
      width: 170,
      cell: (row) =>
        row.last_reviewed_at ? (
          formatDate(row.last_reviewed_at)
        ) : (
          <span className="mc-meta-text">{NEVER_TEXT}</span>
        ),
    },
    ageColumn(
      clock,
      { id: 'granted', header: 'Granted', sortKey: 'created_at', width: 150 },
      (row) => row.created_at,
    ),
  ];
}

/** Every row: Config, Type, then User, User type, Role, Last sign-in, Last review, Granted. */
export function flatColumns(clock: TableClock): DataTableColumn<AccessRow>[] {
  return [...configColumns<AccessRow>(), ...principalColumns(clock)];
}

/** An item's Access tab: the principals that reach it, with their roles and sign-ins. */
export function itemAccessColumns(clock: TableClock): DataTableColumn<AccessRow>[] {
  return principalColumns(clock);
}

/** A row of `config_access_summary` has no id: the item, user or group, and role make one. */
export function accessRowId(row: AccessRow): string {
  return [
    row.config_id,
    row.external_user_id ?? '',
    row.external_group_id ?? '',
    row.role ?? '',
  ].join('/');
}
