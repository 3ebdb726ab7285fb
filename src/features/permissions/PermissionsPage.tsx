import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useGetPermissionsQuery } from '../../api/endpoints/permissions';
import { toErrorMessage } from '../../api/errors';
import type { PermissionSummary } from '../../api/schemas/permissions';
import { useCan } from '../../auth/hooks';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { Pager } from './components/Pager';
import { PermissionDialog } from './components/PermissionDialog';
import { PermissionsTable } from './components/PermissionsTable';
import './permissions.css';
import { usePaging } from './usePaging';
import { usePermissionActions } from './usePermissionActions';
import { useRefreshKey } from '../../shell/useRefreshKey';

export const PAGE_TITLE = 'Permissions';
export const LOAD_ERROR = 'Error loading permissions';
export const NO_DATA = 'No data available';
/** Where the chosen page size is remembered. */
export const PAGE_SIZE_STORAGE_KEY = 'mc.permissions.pageSize';

type DialogState =
  { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; permission: PermissionSummary };

/**
 * `/settings/permissions`: permissions a page at a time (served by the server, page and size in
 * the URL). A row opens the editor; Add Permission needs write access.
 */
export function PermissionsPage() {
  usePageHeader({ title: PAGE_TITLE, refreshKey: 'permissions' });
  const canWrite = useCan('permissions', 'write');
  const { paging, setPageIndex, setPageSize } = usePaging(PAGE_SIZE_STORAGE_KEY);
  const { data, isLoading, error, refetch, isFetching } = useGetPermissionsQuery(paging);
  useRefreshKey('permissions', refetch);
  const actions = usePermissionActions();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  let content;
  if (isLoading) {
    content = <Spinner aria-label="Loading permissions" />;
  } else if (error) {
    content = (
      <Callout intent="danger" title={LOAD_ERROR} role="alert">
        <p>{toErrorMessage(error)}</p>
        <Button text="Retry" icon="refresh" loading={isFetching} onClick={() => void refetch()} />
      </Callout>
    );
  } else {
    const permissions = data?.permissions ?? [];
    content = (
      <>
        {permissions.length === 0 ? (
          <NonIdealState icon="shield" title={NO_DATA} />
        ) : (
          <PermissionsTable
            permissions={permissions}
            onOpen={(permission) => setDialog({ mode: 'edit', permission })}
          />
        )}
        <Pager
          paging={paging}
          total={data?.totalEntries ?? 0}
          shown={permissions.length}
          onPageIndexChange={setPageIndex}
          onPageSizeChange={setPageSize}
        />
      </>
    );
  }

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
      {content}
      {dialog.mode !== 'closed' && (
        <PermissionDialog
          permission={dialog.mode === 'edit' ? dialog.permission : undefined}
          canWrite={canWrite}
          actions={actions}
          onClose={() => setDialog({ mode: 'closed' })}
        />
      )}
    </div>
  );
}
