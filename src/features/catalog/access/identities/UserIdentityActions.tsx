import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import type { AccessByUser } from '../../../../api/schemas/configAccess';
import { useCan } from '../../../../auth/hooks';
import { AddAliasDialog } from './AddAliasDialog';
import { MergeUsersDialog } from './MergeUsersDialog';
import type { IdentityAction } from './UserIdentityMenu';
import { UserIdentityMenu } from './UserIdentityMenu';

/** A by-user row's name: the user's, else its id. */
const userName = (row: AccessByUser) => row.user || row.external_user_id;

/** A count as the view gives it (a number, or text for a `bigint`). */
const countOf = (value: number | string | null | undefined) => Number(value ?? 0) || 0;

export interface UserIdentityActions {
  /** The row menu of the by-user list; none for users who may not write `database`. */
  rowActions: ((row: AccessByUser) => ReactNode) | undefined;
  /** The open dialog, if any. */
  dialog: ReactNode;
}

/**
 * The identity actions of the by-user list (write on `database`): a row menu with "Add alias…"
 * and "Merge into…", and the dialog the chosen one opens.
 */
export function useUserIdentityActions(): UserIdentityActions {
  const canWrite = useCan('database', 'write');
  const [open, setOpen] = useState<{ action: IdentityAction; row: AccessByUser }>();
  const close = useCallback(() => setOpen(undefined), []);
  const rowActions = useCallback(
    (row: AccessByUser) => (
      <UserIdentityMenu name={userName(row)} onAction={(action) => setOpen({ action, row })} />
    ),
    [],
  );
  let dialog: ReactNode = null;
  if (open?.action === 'alias') {
    dialog = (
      <AddAliasDialog
        userId={open.row.external_user_id}
        name={userName(open.row)}
        onClose={close}
      />
    );
  } else if (open?.action === 'merge') {
    const { row } = open;
    dialog = (
      <MergeUsersDialog
        duplicate={{
          id: row.external_user_id,
          name: userName(row),
          email: row.email ?? null,
          accessCount: countOf(row.access_count),
        }}
        onClose={close}
      />
    );
  }
  return { rowActions: canWrite ? rowActions : undefined, dialog };
}
