import { useSelector } from 'react-redux';
import { useDeleteTokenMutation } from '../../api/endpoints/tokens';
import { toErrorMessage } from '../../api/errors';
import type { Token } from '../../api/schemas/tokens';
import { useAuthorizer } from '../../auth/hooks';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { toastError, toastSuccess } from '../../ui/toaster';

export const TOKEN_DELETED = 'Token deleted successfully';

export interface TokenActions {
  /** Only the token's creator or an admin may delete it (api.md AUTH-11). */
  canDelete: (token: Token) => boolean;
  /** Deletes the token; says how it went in a toast. Resolves to whether it was deleted. */
  remove: (token: Token) => Promise<boolean>;
  isDeleting: boolean;
}

export function useTokenActions(): TokenActions {
  const user = useSelector(selectCurrentUser);
  const { isAdmin } = useAuthorizer();
  const [deleteToken, deleteState] = useDeleteTokenMutation();

  const canDelete = (token: Token) =>
    isAdmin ||
    (user !== undefined && (token.person_id === user.id || token.created_by === user.id));

  const remove = async (token: Token) => {
    try {
      await deleteToken(token.id).unwrap();
      void toastSuccess(TOKEN_DELETED);
      return true;
    } catch (error) {
      void toastError(toErrorMessage(error));
      return false;
    }
  };

  return { canDelete, remove, isDeleting: deleteState.isLoading };
}
