import { useSelector } from 'react-redux';
import type { Token } from '../../api/schemas/tokens';
import { useAuthorizer } from '../../auth/hooks';
import { selectCurrentUser } from '../../auth/sessionSlice';

/** Only the token's creator or an admin may delete it (api.md AUTH-11). */
export function useCanDeleteToken(): (token: Token) => boolean {
  const user = useSelector(selectCurrentUser);
  const { isAdmin } = useAuthorizer();
  return (token) =>
    isAdmin ||
    (user !== undefined && (token.person_id === user.id || token.created_by === user.id));
}
