import { Classes, HTMLTable, Tag } from '@blueprintjs/core';
import type { PermissionSummary } from '../../../api/schemas/permissions';
import { useFormatDate } from '../../../shell/useFormatDate';
import { describeResource, describeSubject } from '../model/describe';

export interface PermissionsTableProps {
  permissions: readonly PermissionSummary[];
  /** Called when a row is clicked (or Enter is pressed on it). */
  onOpen: (permission: PermissionSummary) => void;
}

/** Creator of a permission; permissions from Kubernetes show their source instead. */
export function permissionCreator(permission: PermissionSummary): string {
  return (
    permission.created_by?.name ??
    permission.created_by?.email ??
    (permission.source && permission.source !== 'UI' ? permission.source : '')
  );
}

/** One page of permissions: who, on what, which action, and when and by whom. */
export function PermissionsTable({ permissions, onOpen }: PermissionsTableProps) {
  const formatDate = useFormatDate();
  return (
    <HTMLTable striped interactive aria-label="Permissions" className="mc-permissions-table">
      <thead>
        <tr>
          <th scope="col">Subject</th>
          <th scope="col">Resource</th>
          <th scope="col">Action</th>
          <th scope="col">Description</th>
          <th scope="col">Updated</th>
          <th scope="col">Created</th>
          <th scope="col">Created By</th>
        </tr>
      </thead>
      <tbody>
        {permissions.map((permission) => (
          <tr
            key={permission.id}
            tabIndex={0}
            onClick={() => onOpen(permission)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onOpen(permission);
            }}
          >
            <td>{describeSubject(permission)}</td>
            <td>{describeResource(permission)}</td>
            <td>
              <code>{permission.action}</code>
              {permission.deny && (
                <Tag minimal intent="danger" className="mc-permission-deny">
                  Deny
                </Tag>
              )}
            </td>
            <td className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{permission.description}</td>
            <td>{formatDate(permission.updated_at)}</td>
            <td>{formatDate(permission.created_at)}</td>
            <td>{permissionCreator(permission)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
