import { SignIn } from '@clerk/clerk-react';
import { useSearchParams } from 'react-router-dom';
import { clerkPaths, safeReturnTo } from './clerkPaths';

/** /login: the provider's sign-in; afterwards the user goes to `return_to` (default /). */
export function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'), window.location.origin);
  return (
    <main className="mc-centered-page">
      <SignIn
        path={clerkPaths.login.path}
        routing="path"
        signUpUrl={clerkPaths.registration.getHref()}
        forceRedirectUrl={returnTo}
      />
    </main>
  );
}
