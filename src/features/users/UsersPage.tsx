import { Button, ButtonGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useDeleteUserMutation } from '../../api/endpoints/users';
import { toErrorMessage } from '../../api/errors';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable/DataTable';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { useListPage } from '../../widgets/useListPage';
import { EditUserDialog } from './EditUserDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { userColumns, userSortValue } from './userColumns';
import type { UserRow } from './model/users';
import { useUsers } from './useUsers';

export const PAGE_TITLE = 'Users';

/**
 * `/settings/users` (identity-service sign-in only): the registered users with their roles;
 * invite, edit and delete for users who may write `identities`.
 */
export function UsersPage() {
  usePageHeader({ title: PAGE_TITLE });
  const canWrite = useCan('identities', 'write');
  const formatDate = useFormatDate();
  const list = useListPage();
  const { users, isLoading, isFetching, error, refetch } = useUsers();
  const [deleteUser] = useDeleteUserMutation();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserRow | undefined>();
  const [deleting, setDeleting] = useState<UserRow | undefined>();
  const columns = useMemo(() => userColumns(formatDate), [formatDate]);

  return (
    <div className="mc-page">
      {canWrite && (
        <PageExtras>
          <Button
            intent="primary"
            icon="new-person"
            text="Invite user"
            onClick={() => setInviting(true)}
          />
        </PageExtras>
      )}
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
                <ButtonGroup variant="minimal">
                  <Button
                    icon="edit"
                    aria-label={`Edit ${user.name}`}
                    onClick={() => setEditing(user)}
                  />
                  <Button
                    icon="trash"
                    intent="danger"
                    aria-label={`Delete ${user.name}`}
                    onClick={() => setDeleting(user)}
                  />
                </ButtonGroup>
              )
            : undefined
        }
        loading={isLoading}
        error={error ? toErrorMessage(error) : undefined}
        errorTitle="Users could not be loaded"
        onRetry={refetch}
        retrying={isFetching}
      />
      {inviting && <InviteUserDialog onClose={() => setInviting(false)} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(undefined)} />}
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
