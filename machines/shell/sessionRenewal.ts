import { assign, fromPromise, setup } from 'xstate';

/** Why confirming the new session failed, shown in the sign-in dialog. */
export interface SessionRenewalContext {
  failure?: string;
}

export type SessionRenewalEvent =
  /** A request met a 401: the session is gone. */
  | { type: 'renewal.needed' }
  /** The sign-in form in the dialog succeeded. */
  | { type: 'renewal.signedIn' }
  /**
   * The user chose the sign-in page instead of signing in over the page (coming back to
   * `returnTo` afterwards), or the flow has to go on elsewhere (`href`: finishing the account's
   * settings, a redirect).
   */
  | { type: 'renewal.declined'; returnTo: string; href?: string };

/** The message when the new session cannot be confirmed (whoami failed). */
export function renewalFailure(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return 'An error occurred';
}

/**
 * Signing in again over the page when the session ends, so that nothing on the page is lost:
 *
 * - `idle`: nothing asked
 * - `asking`: a request met a 401; the sign-in dialog is over the page and every request that
 *   failed meanwhile waits
 * - `confirming`: signed in; `confirmSession` asks who the user now is (roles may have changed)
 *
 * `resume` answers the waiting requests (sent again once renewed, or failed when declined);
 * `leave` goes to the sign-in page. Both are supplied by the console with `provide`.
 */
export const sessionRenewalMachine = setup({
  types: {
    context: {} as SessionRenewalContext,
    events: {} as SessionRenewalEvent,
  },
  actors: {
    confirmSession: fromPromise<unknown>(async () => {
      throw new Error('sessionRenewalMachine: provide the confirmSession actor');
    }),
  },
  actions: {
    /** Answers the requests waiting for the renewal. */
    resume: (_, _params: { renewed: boolean }) => undefined,
    /** Goes to `href`, or to the sign-in page coming back to `returnTo` afterwards. */
    leave: (_, _params: { href: string | undefined; returnTo: string }) => undefined,
    recordFailure: assign((_, params: { error: unknown }) => ({
      failure: renewalFailure(params.error),
    })),
    clearFailure: assign({ failure: undefined }),
  },
}).createMachine({
  id: 'sessionRenewal',
  initial: 'idle',
  context: {},
  states: {
    idle: {
      on: { 'renewal.needed': { target: 'asking', actions: 'clearFailure' } },
    },
    asking: {
      on: {
        'renewal.signedIn': { target: 'confirming', actions: 'clearFailure' },
        'renewal.declined': {
          target: 'idle',
          actions: [
            { type: 'resume', params: { renewed: false } },
            {
              type: 'leave',
              params: ({ event }) => ({ href: event.href, returnTo: event.returnTo }),
            },
          ],
        },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmSession',
        src: 'confirmSession',
        onDone: { target: 'idle', actions: { type: 'resume', params: { renewed: true } } },
        onError: {
          target: 'asking',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
