import { useMemo, useState } from 'react';
import { useDeleteUserMutation } from '../../api/endpoints/users';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable/DataTable';
import { EditDeleteActions } from '../../ui/DataTable/EditDeleteActions';
import { PageAction, usePageHeader } from '../../ui/pageHeader';
import { useListPage } from '../../widgets/useListPage';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { tableQueryState } from '../../widgets/tableQueryState';
import { EditUserDialog } from './EditUserDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { userColumns, userSortValue } from './userColumns';
import type { UserRow } from './model/users';
import { useUsers } from './useUsers';

export const PAGE_TITLE = 'Users';

/**
 * `/settings/users` (identity-service sign-in only): the registered users with their roles;
 * invite, edit and delete for users who may write `identities`. The open dialog is in the
 * address (`?id=` edits a user, `?new=1` invites one), so a reload keeps it.
 */
export function UsersPage() {
  usePageHeader({ title: PAGE_TITLE });
  const canWrite = useCan('identities', 'write');
  const formatDate = useFormatDate();
  const list = useListPage();
  const usersQuery = useUsers();
  const { users, isLoading } = usersQuery;
  const [deleteUser] = useDeleteUserMutation();
  const dialog = useRecordDialog();
  // The form reads its values once: a user opens when the roles have come too.
  const editing = canWrite && !isLoading ? dialog.editing(users, (user) => user.id) : undefined;
  const [deleting, setDeleting] = useState<UserRow | undefined>();
  const columns = useMemo(() => userColumns(formatDate), [formatDate]);

  return (
    <div className="mc-page">
      <PageAction
        allowed={canWrite}
        icon="new-person"
        text="Invite user"
        onClick={dialog.openCreate}
      />
      <DataTable<UserRow>
        aria-label="Users"
        columns={columns}
        rows={list.sortLocally(users, userSortValue)}
        getRowId={(user) => user.id}
        sort={list.sort}
        onSortChange={list.setSort}
        rowActions={
          canWrite
            ? (user) => (
                <EditDeleteActions
                  name={user.name}
                  onEdit={() => dialog.openEdit(user.id)}
                  onDelete={() => setDeleting(user)}
                />
              )
            : undefined
        }
        {...tableQueryState(usersQuery)}
        errorTitle="Users could not be loaded"
      />
      {dialog.state.mode === 'create' && canWrite && <InviteUserDialog onClose={dialog.close} />}
      {editing && <EditUserDialog key={editing.id} user={editing} onClose={dialog.close} />}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete user"
        onClose={() => setDeleting(undefined)}
        onConfirm={() => deleting && deleteUser(deleting.id).unwrap()}
      >
        Are you sure you want to delete the user <strong>{deleting?.name}</strong>? This action
        cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
