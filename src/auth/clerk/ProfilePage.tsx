import { UserProfile, useAuth } from '@clerk/clerk-react';
import { Navigate } from 'react-router-dom';
import { CenteredSpinner } from './CenteredSpinner';
import { clerkPaths } from './clerkPaths';

/** /profile-settings: the provider's profile screens; signed-out users go to sign in first. */
export function ProfilePage() {
  const { isLoaded, isSignedIn } = useAuth();
  if (!isLoaded) return <CenteredSpinner label="Loading your profile" />;
  if (!isSignedIn) {
    return <Navigate to={clerkPaths.login.getHref(clerkPaths.profile.getHref())} replace />;
  }
  return (
    <main className="mc-centered-page">
      <UserProfile path={clerkPaths.profile.path} routing="path" />
    </main>
  );
}
