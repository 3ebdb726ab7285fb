import type { ReactNode } from 'react';
import { Unauthorized } from '../ui/Unauthorized';
import type { Action, Resource } from './authorizer';
import type { Feature } from './featureFlags';
import { useAuthorizer, useFeatureFlags } from './hooks';

export interface AccessGateProps {
  /** The resource group the content needs. */
  resource: Resource;
  /** Default `read`. */
  action?: Action;
  /** A feature that must be enabled as well; none by default. */
  feature?: Feature;
  /**
   * What to show when access is refused: `nothing` (default, for buttons and menu items) or
   * `unauthorized`, the "Unauthorized" screen (for pages).
   */
  fallback?: 'nothing' | 'unauthorized';
  children: ReactNode;
}

/**
 * Shows its children only when the user may perform `action` on `resource` and `feature`
 * (when given) is enabled.
 */
export function AccessGate({
  resource,
  action = 'read',
  feature,
  fallback = 'nothing',
  children,
}: AccessGateProps) {
  const authorizer = useAuthorizer();
  const { flags } = useFeatureFlags({ skip: feature === undefined });
  const allowed = (!feature || flags.isEnabled(feature)) && authorizer.can(resource, action);
  if (allowed) return <>{children}</>;
  return fallback === 'unauthorized' ? <Unauthorized /> : null;
}
