import { Button } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { GetPermissionsArgs } from '../../api/endpoints/permissions';
import { useGetPermissionsQuery } from '../../api/endpoints/permissions';
import type { PermissionSummary } from '../../api/schemas/permissions';
import { useCan } from '../../auth/hooks';
import type { ListPaging } from '../../lib/listState';
import { useFormatDate } from '../../shell/useFormatDate';
import { DataTable } from '../../ui/DataTable/DataTable';
import { Pager } from '../../ui/Pager';
import { Unauthorized } from '../../ui/Unauthorized';
import type { PermissionsOf, ResourcePermissionsProps } from '../../widgets/slots/slotTypes';
import { tableQueryState } from '../../widgets/tableQueryState';
import { LOAD_ERROR } from './PermissionsPage';
import { permissionColumns } from './permissionColumns';
import { PermissionDialog } from './components/LazyPermissionDialog';
import './permissions.css';

export const RESOURCE_PERMISSIONS = {
  title: 'Permissions',
  add: 'Add Permission',
} as const;

/**
 * The PERM-01 filter of the permissions that name `of`. A team is named as a permission's
 * subject (the form writes the team's id there), so a team's permissions are those whose
 * subject is its id; a playbook or connection is named by its own column.
 */
export function resourcePermissionsFilter(of: PermissionsOf): GetPermissionsArgs['filter'] {
  return 'team_id' in of ? { subject: of.team_id } : of;
}

/** The dialog open over the panel: a new permission, or the row opened. */
type Editing = { mode: 'create' } | { mode: 'edit'; permission: PermissionSummary };

/**
 * The permissions that name one playbook, connection or team (PERM-01 with its filter), in the
 * permissions page's table, a page at a time. A row opens the permission editor; those who may
 * write permissions add one for this resource (or, for a team, this team) with "Add Permission".
 */
export function ResourcePermissions({ of }: ResourcePermissionsProps) {
  const canRead = useCan('permissions', 'read');
  const canWrite = useCan('permissions', 'write');
  const formatDate = useFormatDate();
  const [paging, setPaging] = useState<ListPaging>({ pageIndex: 0, pageSize: 50 });
  const query = useGetPermissionsQuery(
    { ...paging, filter: resourcePermissionsFilter(of) },
    { skip: !canRead },
  );
  const [editing, setEditing] = useState<Editing | undefined>();
  const columns = useMemo(() => permissionColumns(formatDate), [formatDate]);
  if (!canRead) return <Unauthorized />;
  const permissions = query.data?.permissions ?? [];

  return (
    <section className="mc-resource-permissions" aria-label={RESOURCE_PERMISSIONS.title}>
      {canWrite && (
        <div className="mc-resource-permissions-actions">
          <Button
            icon="add"
            intent="primary"
            text={RESOURCE_PERMISSIONS.add}
            onClick={() => setEditing({ mode: 'create' })}
          />
        </div>
      )}
      <DataTable<PermissionSummary>
        aria-label={RESOURCE_PERMISSIONS.title}
        columns={columns}
        rows={permissions}
        getRowId={(permission) => permission.id}
        onRowOpen={(permission) => setEditing({ mode: 'edit', permission })}
        {...tableQueryState(query)}
        errorTitle={LOAD_ERROR}
      />
      {!query.isLoading && !query.error && (
        <Pager
          paging={paging}
          total={query.data?.totalEntries ?? 0}
          shown={permissions.length}
          onPageIndexChange={(pageIndex) => setPaging((now) => ({ ...now, pageIndex }))}
          onPageSizeChange={(pageSize) => setPaging({ pageIndex: 0, pageSize })}
          disabled={query.isFetching}
        />
      )}
      {editing && (
        <PermissionDialog
          key={editing.mode === 'edit' ? editing.permission.id : 'new'}
          {...(editing.mode === 'edit' ? { permission: editing.permission } : { defaults: of })}
          canWrite={canWrite}
          onClose={() => setEditing(undefined)}
        />
      )}
    </section>
  );
}
