import './clerk.css';
import type { IconName } from '@blueprintjs/core';
import { Icon } from '@blueprintjs/core';
import { OrganizationSwitcher, UserButton } from '@clerk/clerk-react';
import { clerkPaths } from './clerkPaths';

/** An extra entry of the user button's menu. */
export interface AccountMenuAction {
  label: string;
  icon: IconName;
  onClick: () => void;
}

export interface AccountMenuProps {
  /** Entries added to the user button's menu (Download kubeconfig, Setup MCP). Default none. */
  actions?: readonly AccountMenuAction[];
}

const ORGANIZATIONS_SWITCHED = clerkPaths.organizationsSwitched.getHref();

/**
 * The hosted sign-in's account controls: the organisation switcher (after choosing or creating
 * an organisation it goes to /organizations/orgs-switched) and the user button, whose profile
 * entry opens /profile-settings.
 */
export function AccountMenu({ actions = [] }: AccountMenuProps) {
  return (
    <div className="mc-account-menu">
      <OrganizationSwitcher
        hidePersonal
        createOrganizationMode="modal"
        afterSelectOrganizationUrl={ORGANIZATIONS_SWITCHED}
        afterCreateOrganizationUrl={ORGANIZATIONS_SWITCHED}
      />
      <UserButton
        userProfileMode="navigation"
        userProfileUrl={clerkPaths.profile.getHref()}
        signInUrl={clerkPaths.login.getHref()}
      >
        {actions.length > 0 && (
          <UserButton.MenuItems>
            {actions.map((action) => (
              <UserButton.Action
                key={action.label}
                label={action.label}
                labelIcon={<Icon icon={action.icon} size={14} />}
                onClick={action.onClick}
              />
            ))}
          </UserButton.MenuItems>
        )}
      </UserButton>
    </div>
  );
}

/** The user menu's replacement in the top bar, given the menu's actions. */
export function renderAccountMenu(actions: readonly AccountMenuAction[]) {
  return <AccountMenu actions={actions} />;
}
