import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import {
  useGetChecksOfOwnedComponentsQuery,
  useGetChecksOfOwnedConfigsQuery,
} from '../../api/endpoints/ownership';
import type { HealthCheck } from './model/types';
import type { Owned } from '../../widgets/ownedByMyTeams';
import { ownerOf, useOwnerFilter } from '../../widgets/ownedByMyTeams';

const NONE: readonly HealthCheck[] = [];

/**
 * The checks "Owned by my teams" keeps: those whose own owner label names one of the user's
 * teams, or that are linked to a component or config item the teams own. All of them when the
 * address does not ask; none until the teams and the links have answered.
 */
export function useOwnedChecks(checks: readonly HealthCheck[], owned: Owned) {
  const { owners, pending } = useOwnerFilter(owned);
  const components = useGetChecksOfOwnedComponentsQuery(owners ?? skipToken);
  const configs = useGetChecksOfOwnedConfigsQuery(owners ?? skipToken);
  return useMemo(() => {
    if (owned !== 'mine') return checks;
    if (pending || !owners || !components.data || !configs.data) return NONE;
    const linked = new Set([...components.data, ...configs.data]);
    const teams = new Set(owners.teams);
    return checks.filter((check) => {
      const owner = ownerOf(check.labels, owners.label);
      return linked.has(check.id) || (owner !== undefined && teams.has(owner));
    });
  }, [checks, owned, pending, owners, components.data, configs.data]);
}
