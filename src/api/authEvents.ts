import { createAction } from '@reduxjs/toolkit';

export interface SessionExpiredPayload {
  /** Path and query of the page the user was on, to come back to after signing in. */
  returnTo: string;
}

/**
 * The backend answered 401: the session is gone. Dispatched by the base query (once per burst
 * of failing requests); the store's listener sends the user to sign in.
 */
export const sessionExpired = createAction<SessionExpiredPayload>('auth/sessionExpired');
