import { Tag } from '@blueprintjs/core';
import type { PermissionSummary } from '../../api/schemas/permissions';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { describeSubject } from './model/describe';
import { ResourceCell } from './ResourceCell';

/** Creator of a permission; permissions from Kubernetes show their source instead. */
export function permissionCreator(permission: PermissionSummary): string {
  return (
    permission.created_by?.name ??
    permission.created_by?.email ??
    (permission.source && permission.source !== 'UI' ? permission.source : '')
  );
}

/** Subject, Resource, Action, Description, Updated, Created, Created By (spec 002 §2.5). */
export function permissionColumns(formatDate: FormatDateFn): DataTableColumn<PermissionSummary>[] {
  return [
    { id: 'subject', header: 'Subject', cell: describeSubject },
    { id: 'resource', header: 'Resource', cell: (row) => <ResourceCell row={row} /> },
    {
      id: 'action',
      header: 'Action',
      width: 170,
      cell: (permission) => (
        <>
          <code>{permission.action}</code>
          {permission.deny && (
            <Tag minimal intent="danger" className="mc-permission-deny">
              Deny
            </Tag>
          )}
        </>
      ),
    },
    { id: 'description', header: 'Description', cell: (permission) => permission.description },
    {
      id: 'updated',
      header: 'Updated',
      width: 170,
      cell: (permission) => formatDate(permission.updated_at),
    },
    {
      id: 'created',
      header: 'Created',
      width: 170,
      cell: (permission) => formatDate(permission.created_at),
    },
    { id: 'createdBy', header: 'Created By', width: 140, cell: permissionCreator },
  ];
}
