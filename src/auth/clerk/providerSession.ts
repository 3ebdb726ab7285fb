import type { HostedSessionCheck } from '../../../machines/shell/session';
import type { DirectBackend, GetBackend } from '../../api/baseQuery';
import type { OrganizationBackend } from './metadata';

/** The active organisation as the console needs it. */
export interface ProviderOrganization {
  id: string;
  /** From the organisation's public metadata. */
  backend: OrganizationBackend;
  /** Asks the provider for the organisation again (its metadata may have gained a backend). */
  reload: () => Promise<unknown>;
}

/** What the sign-in provider knows at a moment. */
export interface ProviderSnapshot {
  /** The provider has loaded the session and, for a signed-in user, the organisation. */
  loaded: boolean;
  signedIn: boolean;
  /** The active organisation; null when none is selected. */
  organization: ProviderOrganization | null;
  /** The signed-in user's session token (null when there is none). */
  getToken: () => Promise<string | null>;
}

/**
 * The provider's state outside React: kept current by `ProviderSessionSync`, read by the session
 * gate (`check`) and by the base query (`getBackend`) at request time.
 */
export interface ProviderSession {
  update: (snapshot: ProviderSnapshot) => void;
  getSnapshot: () => ProviderSnapshot;
  /** Resolves with the first loaded snapshot; rejects when `signal` aborts first. */
  whenLoaded: (signal?: AbortSignal) => Promise<ProviderSnapshot>;
  /**
   * Signed out, no organisation, an organisation without a backend address (its metadata is
   * asked for again, for the next check), or signed in with a backend.
   */
  check: (signal?: AbortSignal) => Promise<HostedSessionCheck>;
  /**
   * The organisation's backend when its metadata says `direct`, with the provider's bearer
   * token; null otherwise, so requests go to the same-origin `/api` proxy.
   */
  getBackend: GetBackend;
}

export const NOT_LOADED: ProviderSnapshot = {
  loaded: false,
  signedIn: false,
  organization: null,
  getToken: async () => null,
};

function abortError(): Error {
  const error = new Error('The session check was cancelled');
  error.name = 'AbortError';
  return error;
}

export function createProviderSession(initial: ProviderSnapshot = NOT_LOADED): ProviderSession {
  let snapshot = initial;
  const waiting = new Set<(loaded: ProviderSnapshot) => void>();

  const whenLoaded = (signal?: AbortSignal) =>
    new Promise<ProviderSnapshot>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      if (snapshot.loaded) return resolve(snapshot);
      const onAbort = () => {
        waiting.delete(done);
        reject(abortError());
      };
      const done = (loaded: ProviderSnapshot) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(loaded);
      };
      waiting.add(done);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  return {
    update(next) {
      snapshot = next;
      if (!next.loaded) return;
      const waiters = [...waiting];
      waiting.clear();
      for (const done of waiters) done(next);
    },
    getSnapshot: () => snapshot,
    whenLoaded,
    async check(signal) {
      const current = await whenLoaded(signal);
      if (!current.signedIn) return 'signedOut';
      const { organization } = current;
      if (!organization) return 'noOrganization';
      if (!organization.backend.url) {
        organization.reload().catch(() => undefined);
        return 'provisioning';
      }
      return 'signedIn';
    },
    getBackend(): DirectBackend | null {
      const { signedIn, organization } = snapshot;
      const url = organization?.backend.url;
      if (!signedIn || !url || !organization.backend.direct) return null;
      return { baseUrl: url, token: () => snapshot.getToken() };
    },
  };
}
