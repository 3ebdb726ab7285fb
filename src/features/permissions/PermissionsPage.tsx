import { useMemo } from 'react';
import { permissionTags, useGetPermissionsQuery } from '../../api/endpoints/permissions';
import type { PermissionSummary } from '../../api/schemas/permissions';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { DataTable } from '../../ui/DataTable/DataTable';
import { Pager } from '../../ui/Pager';
import { PageAction, usePageHeader } from '../../ui/pageHeader';
import { tableQueryState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { PermissionDialog } from './components/PermissionDialog';
import { permissionColumns } from './permissionColumns';
import './permissions.css';

export const PAGE_TITLE = 'Permissions';
export const LOAD_ERROR = 'Error loading permissions';

/**
 * `/settings/permissions`: permissions a page at a time (served by the server, page and size in
 * the URL). A row opens the editor; Add Permission needs write access. The open dialog is in
 * the address (`?id=` or `?new=1`), so a reload keeps it.
 */
export function PermissionsPage() {
  usePageHeader({ title: PAGE_TITLE, onRefresh: useInvalidateTags(permissionTags) });
  const canWrite = useCan('permissions', 'write');
  const formatDate = useFormatDate();
  const list = useListPage();
  const { pageIndex, pageSize } = list.state;
  const { data, isLoading, error, refetch, isFetching } = useGetPermissionsQuery({
    pageIndex,
    pageSize,
  });
  const dialog = useRecordDialog();
  const columns = useMemo(() => permissionColumns(formatDate), [formatDate]);
  const permissions = data?.permissions ?? [];
  const editing = dialog.editing(data?.permissions, (permission) => permission.id);

  return (
    <div className="mc-page">
      <PageAction allowed={canWrite} text="Add Permission" onClick={dialog.openCreate} />
      <DataTable<PermissionSummary>
        aria-label="Permissions"
        columns={columns}
        rows={permissions}
        getRowId={(permission) => permission.id}
        onRowOpen={(permission) => dialog.openEdit(permission.id)}
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle={LOAD_ERROR}
      />
      {!isLoading && !error && (
        <Pager
          {...list.pagerProps(data?.totalEntries ?? 0, permissions.length)}
          disabled={isFetching}
        />
      )}
      {(editing || (dialog.state.mode === 'create' && canWrite)) && (
        <PermissionDialog
          key={editing?.id ?? 'new'}
          permission={editing}
          canWrite={canWrite}
          onClose={dialog.close}
        />
      )}
    </div>
  );
}
