import { ClerkProvider } from '@clerk/clerk-react';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { HostedSessionCheck } from '../../../machines/shell/session';
import type { GetBackend } from '../../api/baseQuery';
import type { AccountMenuAction } from './AccountMenu';
import { AccountMenu, renderAccountMenu } from './AccountMenu';
import { clerkPaths, toRouterPath } from './clerkPaths';
import { OrganizationPicker } from './OrganizationPicker';
import type { ProviderSession } from './providerSession';
import { createProviderSession } from './providerSession';
import { ProviderSessionSync } from './ProviderSessionSync';
import { clerkRoutes } from './routes';

export const MISSING_PUBLISHABLE_KEY =
  'Hosted sign-in is selected (authMode "clerk") but /config.json has no clerkPublishableKey.';

export interface HostedAuthOptions {
  /** `clerkPublishableKey` of the runtime configuration. */
  publishableKey: string | null;
  /** The router's navigation, for the provider's redirects and links on this site. */
  navigate: (to: string, options: { replace: boolean }) => void;
  /** Where addresses on other sites are opened. Default `window.location.assign`. */
  assignLocation?: (url: string) => void;
}

/** The session gate's options in hosted mode. */
export interface HostedSessionGateOptions {
  checkHostedSession: (signal: AbortSignal) => Promise<HostedSessionCheck>;
  renderOrganizationPicker: () => ReactNode;
  accountControls: ReactNode;
}

/** Everything the console needs to run with the hosted sign-in. */
export interface HostedAuth {
  /**
   * For `createRoutes`: the public pages (/login, /registration, /profile-settings,
   * /auth-state-checker, /organizations/orgs-switched) and the session gate's checks, picker
   * and account controls.
   */
  routes: { publicRoutes: RouteObject[]; sessionGate: HostedSessionGateOptions };
  /** For `createStore`: the organisation's backend in direct mode. */
  store: { getBackend: GetBackend };
  /** For `App`: the provider around the router and the replacement of the user menu. */
  app: {
    authProvider: (props: { children: ReactNode }) => ReactNode;
    renderAccountMenu: (actions: readonly AccountMenuAction[]) => ReactNode;
  };
  /** The provider's state as the console sees it. */
  session: ProviderSession;
}

/**
 * Builds the hosted sign-in variant (authMode `clerk`): the provider with the publishable key,
 * its pages, the session gate's checks (signed in, organisation, backend in the metadata), and
 * the organisation's backend for the base query. Throws when there is no publishable key.
 */
export function createHostedAuth(options: HostedAuthOptions): HostedAuth {
  const { navigate } = options;
  if (!options.publishableKey) throw new Error(MISSING_PUBLISHABLE_KEY);
  const publishableKey = options.publishableKey;
  const assignLocation = options.assignLocation ?? ((url: string) => window.location.assign(url));
  const session = createProviderSession();

  const go = (replace: boolean) => (to: string) => {
    const path = toRouterPath(to, window.location.origin);
    if (path === null) assignLocation(to);
    else navigate(path, { replace });
  };
  const routerPush = go(false);
  const routerReplace = go(true);

  function AuthProvider({ children }: { children: ReactNode }) {
    return (
      <ClerkProvider
        publishableKey={publishableKey}
        routerPush={routerPush}
        routerReplace={routerReplace}
        signInUrl={clerkPaths.login.getHref()}
        signUpUrl={clerkPaths.registration.getHref()}
        afterSignOutUrl={clerkPaths.login.getHref()}
      >
        <ProviderSessionSync session={session} />
        {children}
      </ClerkProvider>
    );
  }

  return {
    routes: {
      publicRoutes: clerkRoutes,
      sessionGate: {
        checkHostedSession: (signal) => session.check(signal),
        renderOrganizationPicker: () => <OrganizationPicker />,
        accountControls: (
          <div className="mc-hosted-account-bar">
            <AccountMenu />
          </div>
        ),
      },
    },
    store: { getBackend: session.getBackend },
    app: { authProvider: AuthProvider, renderAccountMenu },
    session,
  };
}
