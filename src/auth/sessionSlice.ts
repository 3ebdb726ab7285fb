import { createSlice } from '@reduxjs/toolkit';
import { sessionExpired } from '../api/authEvents';
import { systemApi } from '../api/endpoints/system';
import type { ApiErrorStatus } from '../api/errors';
import { isApiError, toErrorMessage } from '../api/errors';
import type { WhoamiPermission, WhoamiUser } from '../api/schemas/system';

/** Same values as the runtime config's `authMode`. */
export type SessionAuthMode = 'kratos' | 'clerk';

/**
 * - `loading`: whoami has not answered yet
 * - `ready`: signed in, user, roles and permissions known
 * - `signedOut`: no session (whoami failed, or a request got 401)
 * - `provisioning`: hosted mode, the organisation's backend does not answer yet
 * - `noOrganization`: hosted mode, the user has no organisation selected
 */
export type SessionStatus = 'loading' | 'ready' | 'signedOut' | 'provisioning' | 'noOrganization';

export interface SessionState {
  authMode: SessionAuthMode;
  status: SessionStatus;
  user?: WhoamiUser;
  roles: string[];
  permissions: WhoamiPermission[];
  /** Why whoami last failed. */
  error?: { status: ApiErrorStatus | 'UNKNOWN'; message: string };
  /** Where the user was when the session expired. */
  returnTo?: string;
}

export function initialSessionState(authMode: SessionAuthMode = 'kratos'): SessionState {
  return { authMode, status: 'loading', roles: [], permissions: [] };
}

/** A user lookup answering 404 or 5xx means the backend is still being provisioned (spec 000 §2.1). */
function statusAfterFailure(status: ApiErrorStatus | 'UNKNOWN') {
  if (typeof status === 'number' && (status === 404 || status >= 500)) {
    return 'provisioning' as const;
  }
  return 'signedOut' as const;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState(),
  reducers: {
    /** Hosted mode: the user belongs to no organisation (or none is active). */
    organizationMissing(state) {
      state.status = 'noOrganization';
      delete state.user;
      state.roles = [];
      state.permissions = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, (state, action) => {
        state.status = 'signedOut';
        state.returnTo = action.payload.returnTo;
        delete state.user;
        state.roles = [];
        state.permissions = [];
      })
      .addMatcher(systemApi.endpoints.getWhoami.matchFulfilled, (state, action) => {
        state.status = 'ready';
        state.user = action.payload.user;
        state.roles = action.payload.roles;
        state.permissions = action.payload.permissions;
        delete state.error;
        delete state.returnTo;
      })
      .addMatcher(systemApi.endpoints.getWhoami.matchRejected, (state, action) => {
        // Skipped (already in flight) or cancelled requests say nothing about the session.
        if (action.meta.condition || action.meta.aborted) return;
        const failure = isApiError(action.payload) ? action.payload : undefined;
        const status = failure?.status ?? 'UNKNOWN';
        if (status === 'ABORTED') return;
        state.status = statusAfterFailure(status);
        state.error = { status, message: failure?.message ?? toErrorMessage(action.error) };
        delete state.user;
        state.roles = [];
        state.permissions = [];
      });
  },
  selectors: {
    selectSession: (state) => state,
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectRoles: (state) => state.roles,
    selectAuthMode: (state) => state.authMode,
  },
});

export const { organizationMissing } = sessionSlice.actions;
export const {
  selectSession,
  selectSessionStatus,
  selectCurrentUser,
  selectRoles,
  selectAuthMode,
} = sessionSlice.selectors;
