import { Tag } from '@blueprintjs/core';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import type { UserRow } from './model/users';

/** Shown for a person who never signed in. */
export const NEVER_SIGNED_IN = 'Never';

/** Name, Email, Roles, State, Teams, Last login and Created of each registered user. */
export function userColumns(formatDate: FormatDateFn): DataTableColumn<UserRow>[] {
  return [
    { id: 'name', header: 'Name', sortKey: 'name', cell: (user) => user.name },
    { id: 'email', header: 'Email', sortKey: 'email', cell: (user) => user.email },
    {
      id: 'roles',
      header: 'Roles',
      cell: (user) =>
        user.roles.map((role) => (
          <Tag key={role} minimal className="mc-role-tag">
            {role}
          </Tag>
        )),
    },
    {
      id: 'state',
      header: 'State',
      width: 100,
      cell: (user) => (
        <Tag minimal intent={user.state === 'active' ? 'success' : 'none'}>
          {user.state}
        </Tag>
      ),
    },
    {
      id: 'teams',
      header: 'Teams',
      cell: (user) =>
        user.teams.map((team) => (
          <Tag key={team} minimal icon="people">
            {team}
          </Tag>
        )),
    },
    {
      id: 'lastLogin',
      header: 'Last login',
      sortKey: 'last_login',
      width: 170,
      cell: (user) =>
        user.lastLogin ? (
          formatDate(user.lastLogin)
        ) : (
          <span className="mc-meta-text">{NEVER_SIGNED_IN}</span>
        ),
    },
    {
      id: 'created',
      header: 'Created',
      sortKey: 'created_at',
      width: 170,
      cell: (user) => formatDate(user.createdAt),
    },
  ];
}

/** The value a user is sorted by for each sortable column. */
export function userSortValue(user: UserRow, sortBy: string): string | undefined {
  if (sortBy === 'email') return user.email;
  if (sortBy === 'created_at') return user.createdAt;
  if (sortBy === 'last_login') return user.lastLogin;
  return user.name;
}
