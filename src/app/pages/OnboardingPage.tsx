import { NonIdealState } from '@blueprintjs/core';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { useAppSelector } from '../../shell/hooks';
import { usePageHeader } from '../../ui/pageHeader';

export const ONBOARDING_TITLE = 'Welcome';
export const NO_ACCESS_TITLE = 'No access yet';
export const NO_ACCESS_TEXT =
  'You do not have access to any page yet. Ask an administrator (the admin role) to give you a role.';

/**
 * `/` for a signed-in user who may read none of the console's pages (issue 37): says so, who to
 * ask, and who they are signed in as, instead of the Unauthorized screen.
 */
export function OnboardingPage() {
  usePageHeader({ title: ONBOARDING_TITLE });
  const user = useAppSelector(selectCurrentUser);
  const who = user ? (user.email ? `${user.name} (${user.email})` : user.name) : '';
  return (
    <div className="mc-centered-page">
      <NonIdealState
        icon="hand"
        title={NO_ACCESS_TITLE}
        description={
          <>
            <p>{NO_ACCESS_TEXT}</p>
            {who && <p>Signed in as {who}.</p>}
          </>
        }
      />
    </div>
  );
}
