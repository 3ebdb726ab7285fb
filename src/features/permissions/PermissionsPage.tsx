import { useMemo } from 'react';
import { permissionTags, useGetPermissionsQuery } from '../../api/endpoints/permissions';
import type { PermissionSummary } from '../../api/schemas/permissions';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { ListPage } from '../../widgets/ListPage';
import { useListScreen } from '../../widgets/useListScreen';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { permissionColumns } from './permissionColumns';
import { PermissionDialog } from './components/LazyPermissionDialog';
import './permissions.css';

export const PAGE_TITLE = 'Permissions';
export const LOAD_ERROR = 'Error loading permissions';

/**
 * `/settings/permissions`: permissions a page at a time (served by the server, page and size in
 * the URL). A row opens the editor; Add Permission needs write access. The open dialog is in
 * the address (`?id=` or `?new=1`), so a reload keeps it.
 */
export function PermissionsPage() {
  const list = useListScreen({ title: PAGE_TITLE, refreshTags: permissionTags });
  const canWrite = useCan('permissions', 'write');
  const formatDate = useFormatDate();
  const { pageIndex, pageSize } = list.state;
  const query = useGetPermissionsQuery({ pageIndex, pageSize });
  const dialog = useRecordDialog();
  const columns = useMemo(() => permissionColumns(formatDate), [formatDate]);
  const editing = dialog.editing(query.data?.permissions, (permission) => permission.id);

  return (
    <ListPage<PermissionSummary>
      action={{ allowed: canWrite, text: 'Add Permission', onClick: dialog.openCreate }}
      aria-label="Permissions"
      columns={columns}
      rows={query.data?.permissions ?? []}
      getRowId={(permission) => permission.id}
      onRowOpen={(permission) => dialog.openEdit(permission.id)}
      list={list}
      unsorted
      total={query.data?.totalEntries ?? 0}
      query={query}
      errorTitle={LOAD_ERROR}
    >
      {(editing || (dialog.state.mode === 'create' && canWrite)) && (
        <PermissionDialog
          key={editing?.id ?? 'new'}
          permission={editing}
          canWrite={canWrite}
          onClose={dialog.close}
        />
      )}
    </ListPage>
  );
}
