import type { ReactElement, ReactNode } from 'react';
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
   * What to show when access is refused: `nothing` (default, for buttons and menu items),
   * `unauthorized`, the "Unauthorized" screen (for pages), or an element of the caller's (`/`
   * sends the user to a page they may read).
   */
  fallback?: 'nothing' | 'unauthorized' | ReactElement;
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
  if (fallback === 'unauthorized') return <Unauthorized />;
  return fallback === 'nothing' ? null : fallback;
}
