import { useMemo } from 'react';
import { useDeleteUserMutation } from '../../api/endpoints/users';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { EditDeleteActions } from '../../ui/DataTable/EditDeleteActions';
import { usePageHeader } from '../../ui/pageHeader';
import { lazyPart } from '../../ui/LazyPart';
import { ListPage } from '../../widgets/ListPage';
import { useListPage } from '../../widgets/useListPage';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { useRowDeletion } from '../../widgets/useRowDeletion';
import { userColumns, userSortValue } from './userColumns';
import type { UserRow } from './model/users';
import { useUsers } from './useUsers';

// The invite and edit forms load when opened, from a click or from the address.
const InviteUserDialog = lazyPart(
  async () => (await import('./InviteUserDialog')).InviteUserDialog,
);
const EditUserDialog = lazyPart(async () => (await import('./EditUserDialog')).EditUserDialog);

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
  const query = useUsers();
  const [deleteUser] = useDeleteUserMutation();
  const dialog = useRecordDialog();
  const deletion = useRowDeletion<UserRow>({
    title: 'Delete user',
    question: (user) => (
      <>
        Are you sure you want to delete the user <strong>{user.name}</strong>? This action cannot be
        undone.
      </>
    ),
    onConfirm: (user) => deleteUser(user.id).unwrap(),
  });
  // The form reads its values once: a user opens when the roles have come too.
  const editing =
    canWrite && !query.isLoading ? dialog.editing(query.users, (user) => user.id) : undefined;
  const columns = useMemo(() => userColumns(formatDate), [formatDate]);

  return (
    <ListPage<UserRow>
      action={{
        allowed: canWrite,
        icon: 'new-person',
        text: 'Invite user',
        onClick: dialog.openCreate,
      }}
      aria-label="Users"
      columns={columns}
      rows={list.sortLocally(query.users, userSortValue)}
      getRowId={(user) => user.id}
      list={list}
      query={query}
      errorTitle="Users could not be loaded"
      rowActions={
        canWrite
          ? (user) => (
              <EditDeleteActions
                name={user.name}
                onEdit={() => dialog.openEdit(user.id)}
                onDelete={() => deletion.ask(user)}
              />
            )
          : undefined
      }
    >
      {dialog.state.mode === 'create' && canWrite && <InviteUserDialog onClose={dialog.close} />}
      {editing && <EditUserDialog key={editing.id} user={editing} onClose={dialog.close} />}
      {deletion.dialog}
    </ListPage>
  );
}
