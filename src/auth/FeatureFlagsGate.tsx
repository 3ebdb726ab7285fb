import { Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { toErrorMessage } from '../api/errors';
import { toastError } from '../ui/toaster';
import { useFeatureFlags } from './hooks';

/** One toast for the failure, however often the properties are asked for again. */
const FLAGS_ERROR_TOAST_KEY = 'feature-flags-error';

export interface FeatureFlagsGateProps {
  children: ReactNode;
}

/**
 * Holds its children back until the feature flags are known, so a disabled page never shows
 * for a moment. When they cannot be read, says so and goes on with every feature enabled.
 */
export function FeatureFlagsGate({ children }: FeatureFlagsGateProps) {
  const { isLoading, error } = useFeatureFlags();
  // Only the first answer is waited for: a later refetch (after a write, or a retry after a
  // failure) must not take the page away.
  const [answered, setAnswered] = useState(false);
  if (!answered && !isLoading) setAnswered(true);
  useEffect(() => {
    if (error) {
      void toastError(
        `Feature flags could not be loaded: ${toErrorMessage(error)}`,
        FLAGS_ERROR_TOAST_KEY,
      );
    }
  }, [error]);
  if (!answered && isLoading) {
    return (
      <div className="mc-centered-page">
        <Spinner aria-label="Loading feature flags" />
      </div>
    );
  }
  return <>{children}</>;
}
