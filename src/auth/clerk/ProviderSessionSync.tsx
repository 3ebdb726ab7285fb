import { useAuth, useOrganization } from '@clerk/clerk-react';
import { useEffect } from 'react';
import { readOrganizationBackend } from './metadata';
import type { ProviderSession } from './providerSession';

export interface ProviderSessionSyncProps {
  session: ProviderSession;
}

/**
 * Copies the provider's state (signed in or out from `useAuth`, the active organisation and its
 * metadata from `useOrganization`) into the `ProviderSession` that the session gate and the
 * base query read. Renders nothing; place it before the router inside the provider.
 */
export function ProviderSessionSync({ session }: ProviderSessionSyncProps) {
  const { isLoaded: authLoaded, isSignedIn, getToken } = useAuth();
  const { isLoaded: organizationLoaded, organization } = useOrganization();
  const signedIn = isSignedIn === true;
  const loaded = authLoaded && (!signedIn || organizationLoaded);
  const metadata = organization?.publicMetadata;

  useEffect(() => {
    session.update({
      loaded,
      signedIn,
      organization:
        signedIn && organization
          ? {
              id: organization.id,
              backend: readOrganizationBackend(metadata),
              reload: () => organization.reload(),
            }
          : null,
      getToken: () => getToken(),
    });
  }, [session, loaded, signedIn, organization, metadata, getToken]);

  return null;
}
