import { Button, ButtonGroup, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { UserRow } from './users';

export interface UsersTableProps {
  users: readonly UserRow[];
  formatDate: FormatDateFn;
  /** Shows Edit and Delete. */
  canWrite: boolean;
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}

/** Name, email, roles, state and creation date of each registered user. */
export function UsersTable({ users, formatDate, canWrite, onEdit, onDelete }: UsersTableProps) {
  return (
    <HTMLTable striped className="mc-users-table" aria-label="Users">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Roles</th>
          <th scope="col">State</th>
          <th scope="col">Created</th>
          {canWrite && (
            <th scope="col">
              <span className={Classes.TEXT_MUTED}>Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <td>{user.name}</td>
            <td>{user.email}</td>
            <td>
              {user.roles.map((role) => (
                <Tag key={role} minimal className="mc-role-tag">
                  {role}
                </Tag>
              ))}
            </td>
            <td>
              <Tag minimal intent={user.state === 'active' ? 'success' : 'none'}>
                {user.state}
              </Tag>
            </td>
            <td>{formatDate(user.createdAt)}</td>
            {canWrite && (
              <td>
                <ButtonGroup variant="minimal">
                  <Button
                    icon="edit"
                    aria-label={`Edit ${user.name}`}
                    onClick={() => onEdit(user)}
                  />
                  <Button
                    icon="trash"
                    intent="danger"
                    aria-label={`Delete ${user.name}`}
                    onClick={() => onDelete(user)}
                  />
                </ButtonGroup>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
