import { Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { toErrorMessage } from '../api/errors';
import { outcomeAnnounced } from '../api/outcomes';
import { useFeatureFlags } from './hooks';

/** The notice when the flags cannot be read; the console goes on with every feature on. */
function flagsErrorMessage(error: unknown): string {
  return `Feature flags could not be loaded: ${toErrorMessage(error)}`;
}

export interface FeatureFlagsGateProps {
  children: ReactNode;
}

/**
 * Holds its children back until the feature flags are known, so a disabled page never shows
 * for a moment. When they cannot be read, says so and goes on with every feature enabled.
 */
export function FeatureFlagsGate({ children }: FeatureFlagsGateProps) {
  const { isLoading, error } = useFeatureFlags();
  const dispatch = useDispatch();
  // Only the first answer is waited for: a later refetch (after a write, or a retry after a
  // failure) must not take the page away.
  const [answered, setAnswered] = useState(false);
  if (!answered && !isLoading) setAnswered(true);
  // Told through the outcome listener once per failure, not again for each retry that fails.
  const announced = useRef(false);
  useEffect(() => {
    if (!error) {
      announced.current = false;
      return;
    }
    if (announced.current) return;
    announced.current = true;
    dispatch(outcomeAnnounced({ kind: 'error', message: flagsErrorMessage(error) }));
  }, [error, dispatch]);
  if (!answered && isLoading) {
    return (
      <div className="mc-centered-page">
        <Spinner aria-label="Loading feature flags" />
      </div>
    );
  }
  return <>{children}</>;
}
