import { SignUp } from '@clerk/clerk-react';
import { clerkPaths } from './clerkPaths';

/** /registration: the provider's sign-up, with a link back to /login. */
export function SignUpPage() {
  return (
    <main className="mc-centered-page">
      <SignUp
        path={clerkPaths.registration.path}
        routing="path"
        signInUrl={clerkPaths.login.getHref()}
        fallbackRedirectUrl={clerkPaths.home.getHref()}
      />
    </main>
  );
}
