import { Button, Classes } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { permissionTags, useGetPermissionsQuery } from '../../api/endpoints/permissions';
import type { PermissionSummary } from '../../api/schemas/permissions';
import { useCan } from '../../auth/hooks';
import { paths } from '../../shell/paths';
import { useFormatDate } from '../../shell/useFormatDate';
import { lazyPart } from '../../ui/LazyPart';
import { ListPage } from '../../widgets/ListPage';
import { ACCESS_CHECK_BUTTON } from '../../widgets/AccessCheckButton';
import { useListScreen } from '../../widgets/useListScreen';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { useUrlState } from '../../widgets/useUrlState';
import { permissionColumns } from './permissionColumns';
import { PermissionDialog } from './components/LazyPermissionDialog';
import { PermissionsToolbar } from './PermissionsToolbar';
import { PERMISSION_FILTERS, filterChanges, listFilters } from './model/filters';
import './permissions.css';

/** The access check (its machine and pickers) loads when it is opened. */
const AccessCheckDialog = lazyPart(
  async () => (await import('./accessCheck/AccessCheckDialog')).AccessCheckDialog,
);

export const PAGE_TITLE = 'Permissions';
export const LOAD_ERROR = 'Error loading permissions';
export const EMPTY_TITLE = 'No permissions';
export const FILTERED_TITLE = 'No permissions match these filters';
/** The toolbar's link to the subject workbench (`/settings/permissions/subjects`). */
export const SUBJECT_WORKBENCH_LINK = 'By subject';

/**
 * `/settings/permissions`: permissions a page at a time (served by the server, page and size in
 * the URL), filtered by subject, resource, action and effect (in the address, sent as PostgREST
 * filters). A row opens the editor; Add Permission needs write access. The open dialog is in
 * the address (`?id=` or `?new=1`), so a reload keeps it. "Check access" (for those who may
 * read RBAC) opens the access check.
 */
export function PermissionsPage() {
  const list = useListScreen({ title: PAGE_TITLE, refreshTags: permissionTags });
  const canWrite = useCan('permissions', 'write');
  const canCheck = useCan('rbac', 'read');
  const formatDate = useFormatDate();
  const filters = useUrlState(PERMISSION_FILTERS);
  const { pageIndex, pageSize } = list.state;
  const requestFilters = useMemo(() => listFilters(filters.state), [filters.state]);
  const query = useGetPermissionsQuery({ pageIndex, pageSize, filters: requestFilters });
  const dialog = useRecordDialog();
  const [checking, setChecking] = useState(false);
  const columns = useMemo(() => permissionColumns(formatDate), [formatDate]);
  const editing = dialog.editing(query.data?.permissions, (permission) => permission.id);

  return (
    <ListPage<PermissionSummary>
      action={{ allowed: canWrite, text: 'Add Permission', onClick: dialog.openCreate }}
      aria-label="Permissions"
      toolbar={
        <div className="mc-permissions-toolbar-row">
          <PermissionsToolbar
            filters={filters.state}
            onChange={(changes) => filters.update(filterChanges(filters.state, changes))}
            filtered={filters.filtered}
            onClear={filters.resetFilters}
          />
          {canCheck && (
            <Button icon="endorsed" text={ACCESS_CHECK_BUTTON} onClick={() => setChecking(true)} />
          )}
          {canCheck && (
            <Link className={Classes.BUTTON} to={paths.settingsPermissionSubjects.getHref()}>
              {SUBJECT_WORKBENCH_LINK}
            </Link>
          )}
        </div>
      }
      columns={columns}
      rows={query.data?.permissions ?? []}
      getRowId={(permission) => permission.id}
      onRowOpen={(permission) => dialog.openEdit(permission.id)}
      list={list}
      unsorted
      total={query.data?.totalEntries ?? 0}
      query={query}
      errorTitle={LOAD_ERROR}
      empty={{ icon: 'shield', emptyTitle: EMPTY_TITLE, filteredTitle: FILTERED_TITLE }}
      filters={filters}
    >
      {(editing || (dialog.state.mode === 'create' && canWrite)) && (
        <PermissionDialog
          key={editing?.id ?? 'new'}
          permission={editing}
          canWrite={canWrite}
          onClose={dialog.close}
        />
      )}
      {checking && <AccessCheckDialog onClose={() => setChecking(false)} />}
    </ListPage>
  );
}
