import { Button, Icon } from '@blueprintjs/core';
import { impersonationEnded, scopeLabel } from '../auth/impersonationSlice';
import { useAppDispatch, useAppSelector } from './hooks';

/** The bar's own words. */
export const IMPERSONATION_BAR = {
  label: 'Viewing as scope',
  viewing: (count: number) =>
    count === 1 ? 'Viewing the console as scope' : 'Viewing the console as scopes',
  narrowed: (count: number) =>
    count === 1
      ? 'Only what this scope allows is shown.'
      : 'Only what these scopes allow is shown.',
  end: 'Stop viewing as scope',
} as const;

/**
 * Across the top while the console is seen as one or more Scopes: which ones, that every list,
 * count and search shows only what they allow, and the button that ends it.
 */
export function ImpersonationBar() {
  const scopes = useAppSelector((state) => state.impersonation.scopes);
  const dispatch = useAppDispatch();
  if (scopes.length === 0) return null;
  return (
    <div className="mc-impersonation-bar" role="region" aria-label={IMPERSONATION_BAR.label}>
      <Icon icon="eye-open" />
      <span className="mc-impersonation-text">
        {IMPERSONATION_BAR.viewing(scopes.length)}{' '}
        {scopes.map((scope, index) => (
          <span key={scope.id}>
            {index > 0 ? ', ' : ''}
            <strong>{scopeLabel(scope)}</strong>
          </span>
        ))}
        . {IMPERSONATION_BAR.narrowed(scopes.length)}
      </span>
      <Button
        size="small"
        intent="warning"
        icon="cross"
        text={IMPERSONATION_BAR.end}
        onClick={() => dispatch(impersonationEnded())}
      />
    </div>
  );
}
