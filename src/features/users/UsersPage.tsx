import { Alert, Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { toErrorMessage } from '../../api/errors';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { EditUserDialog } from './EditUserDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { UsersTable } from './UsersTable';
import { useUserActions } from './useUserActions';
import type { UserRow } from './users';
import { useUsers } from './useUsers';

export const PAGE_TITLE = 'Users';
export const EMPTY_TEXT = 'No data available';

/**
 * `/settings/users` (identity-service sign-in only): the registered users with their roles;
 * invite, edit and delete for users who may write `identities`.
 */
export function UsersPage() {
  usePageHeader({ title: PAGE_TITLE });
  const canWrite = useCan('identities', 'write');
  const formatDate = useFormatDate();
  const { users, isLoading, isFetching, error, refetch } = useUsers();
  const actions = useUserActions();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserRow | undefined>();
  const [deleting, setDeleting] = useState<UserRow | undefined>();

  let content;
  if (isLoading) {
    content = <Spinner aria-label="Loading users" />;
  } else if (error) {
    content = (
      <Callout intent="danger" title="Users could not be loaded" role="alert">
        <p>{toErrorMessage(error)}</p>
        <Button text="Retry" icon="refresh" loading={isFetching} onClick={refetch} />
      </Callout>
    );
  } else if (users.length === 0) {
    content = <NonIdealState icon="people" title={EMPTY_TEXT} />;
  } else {
    content = (
      <UsersTable
        users={users}
        formatDate={formatDate}
        canWrite={canWrite}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
    );
  }

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
      {content}
      {inviting && (
        <InviteUserDialog isOpen onClose={() => setInviting(false)} onInvite={actions.invite} />
      )}
      {editing && (
        <EditUserDialog
          user={editing}
          onClose={() => setEditing(undefined)}
          onSave={(values) => actions.update(editing.id, values)}
        />
      )}
      <Alert
        isOpen={deleting !== undefined}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        loading={actions.isDeleting}
        onCancel={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return;
          await actions.remove(deleting.id);
          setDeleting(undefined);
        }}
      >
        <p>
          Are you sure you want to delete the user <strong>{deleting?.name}</strong>? This action
          cannot be undone.
        </p>
      </Alert>
    </div>
  );
}
