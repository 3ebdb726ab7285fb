/**
 * Signing in again without leaving the page. When a request meets a 401, the base query asks
 * the gate for a renewal; a host attached to it (the shell's sign-in dialog) asks the user to
 * sign in over the page, and settles the renewal: `true` once signed in again (the request is
 * sent again, so a form's Save goes through with what was typed), `false` when the user chose
 * the sign-in page instead. Every request failing meanwhile waits for the same renewal.
 */
export interface SessionRenewalGate {
  /**
   * Asks for the session to be renewed. `undefined` when no host is attached (no page that can
   * show the dialog): the caller then sends the user to the sign-in page as before.
   */
  request(): Promise<boolean> | undefined;
  /** Attaches the host, called with each new renewal asked for; returns its detach. */
  attach(ask: () => void): () => void;
  /** The host's answer to the renewal under way (none under way: nothing happens). */
  settle(renewed: boolean): void;
  /** Whether a renewal is under way. */
  readonly pending: boolean;
}

export function createSessionRenewalGate(): SessionRenewalGate {
  let host: (() => void) | null = null;
  let current: { promise: Promise<boolean>; resolve: (renewed: boolean) => void } | null = null;

  return {
    request() {
      if (!host) return undefined;
      if (!current) {
        let resolve: (renewed: boolean) => void = () => undefined;
        const promise = new Promise<boolean>((r) => {
          resolve = r;
        });
        current = { promise, resolve };
        host();
      }
      return current.promise;
    },
    attach(ask) {
      host = ask;
      return () => {
        if (host !== ask) return;
        host = null;
        // Nobody is left to answer: the requests waiting give up as if the user declined.
        const waiting = current;
        current = null;
        waiting?.resolve(false);
      };
    },
    settle(renewed) {
      const waiting = current;
      current = null;
      waiting?.resolve(renewed);
    },
    get pending() {
      return current !== null;
    },
  };
}

/** A thunk answering the store's gate (none in the hosted sign-in mode). */
export function sessionRenewalGate() {
  return (_dispatch: unknown, _getState: unknown, extra: unknown): SessionRenewalGate | undefined =>
    (extra as { sessionRenewal?: SessionRenewalGate } | undefined)?.sessionRenewal;
}
