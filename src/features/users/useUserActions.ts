import {
  useDeleteUserMutation,
  useInviteUserMutation,
  useUpdateUserMutation,
} from '../../api/endpoints/users';
import { toErrorMessage } from '../../api/errors';
import { toastError, toastSuccess } from '../../ui/toaster';
import type { EditValues, InviteValues } from './userForm';
import { inviteBody, updateBody } from './userForm';

export const USER_MESSAGES = {
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
} as const;

export interface UserActions {
  /** Invites the person; resolves to the registration link or the server's message. */
  invite: (values: InviteValues) => Promise<{ link: string } | { error: string }>;
  /** Saves the user; resolves to an error message, or undefined when saved (with a toast). */
  update: (id: string, values: EditValues) => Promise<string | undefined>;
  /** Deletes the user; says how it went in a toast. Resolves to whether it was deleted. */
  remove: (id: string) => Promise<boolean>;
  isDeleting: boolean;
}

/** Invite (AUTH-14), update (AUTH-15) and delete (AUTH-16), with the server's messages. */
export function useUserActions(): UserActions {
  const [inviteUser] = useInviteUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const [deleteUser, deleteState] = useDeleteUserMutation();

  const invite: UserActions['invite'] = async (values) => {
    try {
      return { link: await inviteUser(inviteBody(values)).unwrap() };
    } catch (error) {
      return { error: toErrorMessage(error) };
    }
  };

  const update: UserActions['update'] = async (id, values) => {
    try {
      await updateUser(updateBody(id, values)).unwrap();
      void toastSuccess(USER_MESSAGES.updated);
      return undefined;
    } catch (error) {
      return toErrorMessage(error);
    }
  };

  const remove: UserActions['remove'] = async (id) => {
    try {
      await deleteUser(id).unwrap();
      void toastSuccess(USER_MESSAGES.deleted);
      return true;
    } catch (error) {
      void toastError(toErrorMessage(error));
      return false;
    }
  };

  return { invite, update, remove, isDeleting: deleteState.isLoading };
}
