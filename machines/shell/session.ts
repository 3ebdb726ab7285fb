import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * What the session lookup found: a signed-in user (`ready`), or, in the hosted mode, a user
 * without an active organisation (`noOrganization`) or an organisation whose backend does not
 * exist yet (`provisioning`: its metadata has no backend address).
 */
export type SessionLookup = 'ready' | 'noOrganization' | 'provisioning';

/**
 * Hosted mode: what the sign-in provider says before the backend is asked. `signedIn` (with an
 * organisation that has a backend) goes on to the user lookup.
 */
export type HostedSessionCheck = 'signedIn' | 'signedOut' | 'noOrganization' | 'provisioning';

/** Why the lookup failed: the HTTP status (or a failure kind such as `NETWORK`) and a message. */
export interface SessionFailure {
  status: number | string;
  message: string;
}

export interface SessionContext {
  /** The last failure, shown on the provisioning and error screens. */
  failure?: SessionFailure;
}

export type SessionEvent =
  /** Try the lookup again (the Retry button, or the provisioning poll). */
  | { type: 'session.retry' }
  /** Hosted mode: the user chose or created an organisation. */
  | { type: 'organization.selected' };

/** Emitted when the user has to sign in (the default `redirectToSignIn`). */
export type SessionEmitted = { type: 'session.signedOut' };

/** How long the provisioning screen waits before asking again. */
export const PROVISIONING_RETRY_MS = 15_000;

/** `{ status, message }` from whatever the lookup rejected with. */
export function toSessionFailure(error: unknown): SessionFailure {
  if (typeof error === 'object' && error !== null) {
    const record = error as Record<string, unknown>;
    const status =
      typeof record.status === 'number' || typeof record.status === 'string'
        ? record.status
        : 'UNKNOWN';
    const message =
      typeof record.message === 'string' && record.message !== ''
        ? record.message
        : 'An error occurred';
    return { status, message };
  }
  return { status: 'UNKNOWN', message: typeof error === 'string' ? error : 'An error occurred' };
}

/** No session: the user has to sign in. */
export function isUnauthenticated(status: number | string): boolean {
  return status === 401;
}

/** The user lookup answered 404 or 5xx: the organisation's backend is not there yet. */
export function isBackendMissing(status: number | string): boolean {
  return typeof status === 'number' && (status === 404 || (status >= 500 && status <= 599));
}

/**
 * The session of the console, from start-up to a usable shell:
 *
 * - `loading`: the `lookupSession` actor asks who the user is
 * - `signedOut`: no session; `redirectToSignIn` sends the user to sign in with `return_to`
 * - `noOrganization`: hosted mode, no organisation chosen; the picker sends
 *   `organization.selected`
 * - `provisioning`: the backend answered 404 or 5xx, or (hosted mode) the organisation has no
 *   backend yet; asks again every `provisioningRetry`
 * - `failed`: any other failure (network, timeout, unexpected answer); `session.retry`
 * - `ready`: signed in; the shell is shown
 *
 * The lookup is supplied by the console with `provide`; the redirect either with `provide` or
 * by listening to the emitted `session.signedOut`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    lookupSession: fromPromise<SessionLookup>(async () => {
      throw new Error('sessionMachine: provide the lookupSession actor');
    }),
  },
  actions: {
    /** Emits `session.signedOut`; the console listens with `actor.on` and navigates. */
    redirectToSignIn: emit({ type: 'session.signedOut' } as const),
    recordFailure: assign((_, params: { error: unknown }) => ({
      failure: toSessionFailure(params.error),
    })),
    clearFailure: assign({ failure: undefined }),
  },
  guards: {
    hasNoOrganization: (_, params: { outcome: SessionLookup }) =>
      params.outcome === 'noOrganization',
    isProvisioning: (_, params: { outcome: SessionLookup }) => params.outcome === 'provisioning',
    isUnauthenticated: (_, params: { error: unknown }) =>
      isUnauthenticated(toSessionFailure(params.error).status),
    isBackendMissing: (_, params: { error: unknown }) =>
      isBackendMissing(toSessionFailure(params.error).status),
  },
  delays: {
    provisioningRetry: PROVISIONING_RETRY_MS,
  },
}).createMachine({
  id: 'session',
  initial: 'loading',
  context: {},
  states: {
    loading: {
      invoke: {
        id: 'lookupSession',
        src: 'lookupSession',
        onDone: [
          {
            guard: {
              type: 'hasNoOrganization',
              params: ({ event }) => ({ outcome: event.output }),
            },
            target: 'noOrganization',
            actions: 'clearFailure',
          },
          {
            guard: {
              type: 'isProvisioning',
              params: ({ event }) => ({ outcome: event.output }),
            },
            target: 'provisioning',
            actions: 'clearFailure',
          },
          { target: 'ready', actions: 'clearFailure' },
        ],
        onError: [
          {
            guard: { type: 'isUnauthenticated', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: 'clearFailure',
          },
          {
            guard: { type: 'isBackendMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'provisioning',
            actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    signedOut: {
      type: 'final',
      entry: 'redirectToSignIn',
    },
    noOrganization: {
      on: { 'organization.selected': 'loading' },
    },
    provisioning: {
      after: { provisioningRetry: 'loading' },
      on: { 'session.retry': 'loading' },
    },
    failed: {
      on: { 'session.retry': 'loading' },
    },
    ready: {},
  },
});
