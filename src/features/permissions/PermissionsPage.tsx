import { Button } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { permissionTags, useGetPermissionsQuery } from '../../api/endpoints/permissions';
import type { PermissionSummary } from '../../api/schemas/permissions';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { DataTable } from '../../ui/DataTable/DataTable';
import { Pager } from '../../ui/Pager';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { tableQueryState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { PermissionDialog } from './components/PermissionDialog';
import { permissionColumns } from './permissionColumns';
import './permissions.css';

export const PAGE_TITLE = 'Permissions';
export const LOAD_ERROR = 'Error loading permissions';

type DialogState =
  { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; permission: PermissionSummary };

/**
 * `/settings/permissions`: permissions a page at a time (served by the server, page and size in
 * the URL). A row opens the editor; Add Permission needs write access.
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
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const columns = useMemo(() => permissionColumns(formatDate), [formatDate]);
  const permissions = data?.permissions ?? [];

  return (
    <div className="mc-page">
      {canWrite && (
        <PageExtras>
          <Button
            intent="primary"
            icon="plus"
            text="Add Permission"
            onClick={() => setDialog({ mode: 'add' })}
          />
        </PageExtras>
      )}
      <DataTable<PermissionSummary>
        aria-label="Permissions"
        columns={columns}
        rows={permissions}
        getRowId={(permission) => permission.id}
        onRowOpen={(permission) => setDialog({ mode: 'edit', permission })}
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle={LOAD_ERROR}
      />
      {!isLoading && !error && (
        <Pager
          {...list.pagerProps(data?.totalEntries ?? 0, permissions.length)}
          disabled={isFetching}
        />
      )}
      {dialog.mode !== 'closed' && (
        <PermissionDialog
          permission={dialog.mode === 'edit' ? dialog.permission : undefined}
          canWrite={canWrite}
          onClose={() => setDialog({ mode: 'closed' })}
        />
      )}
    </div>
  );
}
