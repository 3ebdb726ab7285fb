import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import { systemApi } from '../api/endpoints/system';

// The header's name without the scopes endpoints, which the shell's first load does not need.
export { SCOPE_HEADER } from '../api/scopeHeader';

/** One Scope the console is seen as. */
export interface ImpersonatedScope {
  id: string;
  name: string;
  namespace?: string | null;
}

/**
 * Seeing the console as one or more Scopes: while `scopes` is not empty every request carries
 * `X-Flanksource-Scope` with their ids. `userId`: who started it, so another user signing in on
 * the same tab does not inherit it.
 */
export interface ImpersonationState {
  scopes: ImpersonatedScope[];
  userId?: string;
}

export const initialImpersonationState = (): ImpersonationState => ({ scopes: [] });

export const impersonationSlice = createSlice({
  name: 'impersonation',
  initialState: initialImpersonationState(),
  reducers: {
    impersonationStarted(
      state,
      action: PayloadAction<{ scopes: ImpersonatedScope[]; userId: string | undefined }>,
    ) {
      state.scopes = action.payload.scopes;
      if (action.payload.userId) state.userId = action.payload.userId;
      else delete state.userId;
    },
    impersonationEnded() {
      return initialImpersonationState();
    },
  },
  extraReducers: (builder) => {
    // Someone else signed in on this tab: their requests do not carry the last user's Scopes.
    builder.addMatcher(systemApi.endpoints.getWhoami.matchFulfilled, (state, action) => {
      if (state.scopes.length > 0 && state.userId !== action.payload.user.id) {
        return initialImpersonationState();
      }
      return state;
    });
  },
});

export const { impersonationStarted, impersonationEnded } = impersonationSlice.actions;

/** A scope as it reads in the bar and the dialog: `namespace/name`. */
export function scopeLabel(scope: Pick<ImpersonatedScope, 'name' | 'namespace'>): string {
  return scope.namespace ? `${scope.namespace}/${scope.name}` : scope.name;
}

/** The header's value for the Scopes, or undefined when none is impersonated. */
export function scopeHeaderValue(state: ImpersonationState): string | undefined {
  return state.scopes.length > 0
    ? JSON.stringify(state.scopes.map((scope) => scope.id))
    : undefined;
}

/** Where the impersonation is kept for the tab (its session storage). */
const STORAGE_KEY = 'mc.impersonation';

/** The impersonation kept for this tab, if any (a malformed entry is none). */
export function loadImpersonation(storage: Storage | undefined): ImpersonationState {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return initialImpersonationState();
    const parsed = JSON.parse(raw) as Partial<ImpersonationState>;
    const scopes = Array.isArray(parsed.scopes)
      ? parsed.scopes.filter(
          (scope): scope is ImpersonatedScope =>
            typeof scope?.id === 'string' && typeof scope.name === 'string',
        )
      : [];
    return scopes.length > 0
      ? { scopes, ...(typeof parsed.userId === 'string' ? { userId: parsed.userId } : {}) }
      : initialImpersonationState();
  } catch {
    return initialImpersonationState();
  }
}

/** Keeps the impersonation for the tab, or forgets it when it ended. */
export function saveImpersonation(storage: Storage | undefined, state: ImpersonationState): void {
  try {
    if (state.scopes.length > 0) storage?.setItem(STORAGE_KEY, JSON.stringify(state));
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // A full or unavailable storage only loses the impersonation on reload.
  }
}
