import { Tag } from '@blueprintjs/core';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import type { UserRow } from './model/users';

/** Name, Email, Roles, State and Created of each registered user. */
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
  return user.name;
}
