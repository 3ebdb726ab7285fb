import { OrganizationList } from '@clerk/clerk-react';
import { clerkPaths } from './clerkPaths';

const ORGANIZATIONS_SWITCHED = clerkPaths.organizationsSwitched.getHref();

/**
 * Shown by the session gate when the user has no organisation selected: the provider's
 * organisation list, which goes to /organizations/orgs-switched once one is chosen or created.
 */
export function OrganizationPicker() {
  return (
    <section className="mc-organization-picker" aria-label="Choose an organization">
      <OrganizationList
        hidePersonal
        afterSelectOrganizationUrl={ORGANIZATIONS_SWITCHED}
        afterCreateOrganizationUrl={ORGANIZATIONS_SWITCHED}
      />
    </section>
  );
}
