import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useGetPropertiesQuery } from '../api/endpoints/system';
import type { Action, Authorizer, Resource } from './authorizer';
import { createAuthorizer } from './authorizer';
import type { FeatureFlags } from './featureFlags';
import { ALL_ENABLED, createFeatureFlags } from './featureFlags';
import { selectSession } from './sessionSlice';

/** The signed-in user's authorizer, rebuilt when whoami answers again. Allows nothing before. */
export function useAuthorizer(): Authorizer {
  const { roles, permissions } = useSelector(selectSession);
  return useMemo(() => createAuthorizer({ roles, permissions }), [roles, permissions]);
}

/** Whether the signed-in user may perform `action` on `resource`. */
export function useCan(resource: Resource, action: Action = 'read'): boolean {
  return useAuthorizer().can(resource, action);
}

export interface FeatureFlagsResult {
  /** Every feature on while loading or when the properties cannot be read. */
  flags: FeatureFlags;
  /** True until the first answer (or failure) of `GET /api/properties`. */
  isLoading: boolean;
  /** Why the properties could not be read. */
  error?: unknown;
}

export interface UseFeatureFlagsOptions {
  /** Do not ask for the properties (the caller does not need them). */
  skip?: boolean;
}

/** Feature flags from `GET /api/properties`; refreshed when a property is written. */
export function useFeatureFlags({ skip = false }: UseFeatureFlagsOptions = {}): FeatureFlagsResult {
  const { data, isLoading, isUninitialized, error } = useGetPropertiesQuery(undefined, { skip });
  const flags = useMemo(() => (data ? createFeatureFlags(data) : ALL_ENABLED), [data]);
  return { flags, isLoading: !skip && (isLoading || isUninitialized), error };
}
