import { useAuth } from '@clerk/clerk-react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { CenteredSpinner } from './CenteredSpinner';
import { clerkPaths, safeReturnTo } from './clerkPaths';

/**
 * /auth-state-checker: where a 401 leads in hosted mode. Once the provider has loaded, a
 * signed-out user goes to /login keeping `return_to`; a signed-in user whom the backend refused
 * goes to the bad-session error page.
 */
export function AuthStateCheckerPage() {
  const { isLoaded, isSignedIn } = useAuth();
  const [params] = useSearchParams();
  if (!isLoaded) return <CenteredSpinner label="Checking your session" />;
  if (isSignedIn) return <Navigate to={clerkPaths.badSession.getHref()} replace />;
  const returnTo = params.get('return_to');
  return (
    <Navigate
      to={clerkPaths.login.getHref(
        returnTo ? safeReturnTo(returnTo, window.location.origin) : undefined,
      )}
      replace
    />
  );
}
