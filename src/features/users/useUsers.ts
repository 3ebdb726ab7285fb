import { useMemo } from 'react';
import {
  useGetIdentitiesQuery,
  useGetPeopleActivityQuery,
  useGetPeopleRolesQuery,
} from '../../api/endpoints/users';
import type { UserRow } from './model/users';
import { toUserRows } from './model/users';

export interface UsersResult {
  users: UserRow[];
  isLoading: boolean;
  isFetching: boolean;
  /** Why the identities or their roles could not be read. */
  error: unknown;
  refetch: () => void;
}

/**
 * The registered users (AUTH-08) with their roles (AUTH-06), last sign-in and teams, each asked
 * for once the ids are known.
 */
export function useUsers(): UsersResult {
  const identities = useGetIdentitiesQuery();
  const ids = useMemo(
    () => (identities.data ?? []).map((identity) => identity.id),
    [identities.data],
  );
  const roles = useGetPeopleRolesQuery(ids, { skip: ids.length === 0 });
  const activity = useGetPeopleActivityQuery(ids, { skip: ids.length === 0 });
  const users = useMemo(
    () => toUserRows(identities.data ?? [], roles.data, activity.data),
    [identities.data, roles.data, activity.data],
  );
  return {
    users,
    isLoading:
      identities.isLoading || (ids.length > 0 && (roles.isUninitialized || roles.isLoading)),
    isFetching: identities.isFetching || roles.isFetching || activity.isFetching,
    error: identities.error ?? roles.error ?? activity.error,
    refetch: () => {
      void identities.refetch();
      if (!roles.isUninitialized) void roles.refetch();
      if (!activity.isUninitialized) void activity.refetch();
    },
  };
}
