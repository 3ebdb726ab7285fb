import { Tag } from '@blueprintjs/core';
import type { TagProps } from '@blueprintjs/core';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import type { UserRow } from './model/users';

/** Shown for a person who never signed in. */
export const NEVER_SIGNED_IN = 'Never';

/** A column of names (roles, teams), each as a minimal tag. */
function namesColumn(
  id: string,
  header: string,
  names: (user: UserRow) => readonly string[],
  tag: Pick<TagProps, 'className' | 'icon'>,
): DataTableColumn<UserRow> {
  return {
    id,
    header,
    cell: (user) =>
      names(user).map((name) => (
        <Tag key={name} minimal {...tag}>
          {name}
        </Tag>
      )),
  };
}

/** Name, Email, Roles, State, Teams, Last login and Created of each registered user. */
export function userColumns(formatDate: FormatDateFn): DataTableColumn<UserRow>[] {
  return [
    { id: 'name', header: 'Name', sortKey: 'name', cell: (user) => user.name },
    { id: 'email', header: 'Email', sortKey: 'email', cell: (user) => user.email },
    namesColumn('roles', 'Roles', (user) => user.roles, { className: 'mc-role-tag' }),
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
    namesColumn('teams', 'Teams', (user) => user.teams, { icon: 'people' }),
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
