import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { RootState } from '../shell/rootReducer';
import { rootReducer } from '../shell/rootReducer';
import { sessionExpired } from '../api/authEvents';
import { baseApi } from '../api/baseApi';
import type { ApiExtra, FetchFn, GetBackend } from '../api/baseQuery';
import { outcomeOfAction } from '../api/outcomes';
import { createSessionRenewalGate } from '../api/sessionRenewal';
import {
  SCOPE_HEADER,
  impersonationEnded,
  impersonationStarted,
  loadImpersonation,
  saveImpersonation,
  scopeHeaderValue,
} from '../auth/impersonationSlice';
import { initialSessionState } from '../auth/sessionSlice';
import { LOGIN_STATE, withState } from '../shell/paths';
import { loadPreferences, savePreferences } from '../shell/preferencesSlice';
import { showToast, showToastWithLink } from '../ui/toaster';
import type { AuthMode, RuntimeConfig } from './runtimeConfig';

export type { RootState } from '../shell/rootReducer';

export interface CreateStoreOptions {
  config: RuntimeConfig;
  /** Where preferences are kept (`window.localStorage`); without it they last for the visit. */
  storage?: Storage;
  /**
   * Where the Scopes the console is seen as are kept for the tab (`window.sessionStorage`);
   * without it seeing as a Scope lasts until the page is reloaded.
   */
  tabStorage?: Storage;
  /** Hosted mode: the organisation's backend and its bearer token (api.md §1.2). */
  getBackend?: GetBackend;
  /** Replaces the global `fetch` for every endpoint (tests). */
  fetchFn?: FetchFn;
  /**
   * Called with the sign-in URL when the session expires (wire it to the router's navigate).
   * Without it the browser is sent there with `location.assign`.
   */
  onSessionExpired?: (loginUrl: string) => void;
  /**
   * Opens an address inside the console (wire it to the router's navigate): the link of an
   * outcome toast ("Open incident"). Without it the browser is sent there with `location.assign`.
   */
  navigate?: (href: string) => void;
  preloadedState?: Partial<RootState>;
}

/** The page that handles an expired session in each mode. */
export const SIGN_IN_PATHS: Record<AuthMode, string> = {
  kratos: '/login',
  clerk: '/auth-state-checker',
};

/**
 * `/login?return_to=%2Fhealth%3FcheckId%3D1` (kratos) or `/auth-state-checker?return_to=…`
 * (hosted auth). Null when the user already is on that page, so it never returns to itself.
 */
export function signInUrl(authMode: AuthMode, returnTo: string): string | null {
  const page = SIGN_IN_PATHS[authMode];
  const returnPath = returnTo.split(/[?#]/)[0] ?? '';
  if (returnPath === page) return null;
  return withState(page, LOGIN_STATE, { return_to: returnTo === '' ? '/' : returnTo });
}

function assignLocation(url: string): void {
  if (typeof window !== 'undefined') window.location.assign(url);
}

/** The one Redux store: RTK Query cache, session and preferences (persisted). */
export function createStore(options: CreateStoreOptions) {
  const { config, storage, preloadedState } = options;
  const onSessionExpired = options.onSessionExpired ?? assignLocation;
  const navigate = options.navigate ?? assignLocation;
  const extra: ApiExtra = { identityBasePath: config.identityBasePath };
  if (options.getBackend) extra.getBackend = options.getBackend;
  if (options.fetchFn) extra.fetchFn = options.fetchFn;
  // Read at request time, once the store exists.
  extra.currentUserId = () => store.getState().session.user?.id;
  extra.commonHeaders = (): Record<string, string> => {
    const value = scopeHeaderValue(store.getState().impersonation);
    return value === undefined ? {} : { [SCOPE_HEADER]: value };
  };
  // With the identity service's own pages, an expired session is renewed over the page (the
  // shell's sign-in dialog); the hosted sign-in keeps its own page.
  if (config.authMode === 'kratos') extra.sessionRenewal = createSessionRenewalGate();

  const listener = createListenerMiddleware<RootState>();
  listener.startListening({
    actionCreator: sessionExpired,
    effect: (action) => {
      const url = signInUrl(config.authMode, action.payload.returnTo);
      if (url) onSessionExpired(url);
    },
  });
  // Every answer in the cache was given for the Scopes seen before: all are asked again.
  listener.startListening({
    predicate: (action, current, previous) =>
      (impersonationStarted.match(action) || impersonationEnded.match(action)) &&
      current.impersonation !== previous.impersonation,
    effect: (_action, listenerApi) => {
      saveImpersonation(options.tabStorage, listenerApi.getState().impersonation);
      listenerApi.dispatch(baseApi.util.resetApiState());
    },
  });
  listener.startListening({
    predicate: (action, current, previous) =>
      !impersonationStarted.match(action) &&
      !impersonationEnded.match(action) &&
      current.impersonation !== previous.impersonation,
    effect: (_action, listenerApi) => {
      saveImpersonation(options.tabStorage, listenerApi.getState().impersonation);
    },
  });
  listener.startListening({
    predicate: (action) => outcomeOfAction(action) !== undefined,
    effect: (action) => {
      const outcome = outcomeOfAction(action);
      if (!outcome) return;
      if (outcome.action)
        void showToastWithLink(outcome.kind, outcome.message, outcome.action, navigate);
      else void showToast(outcome.kind, outcome.message);
    },
  });

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      session: initialSessionState(config.authMode),
      preferences: loadPreferences(storage),
      impersonation: loadImpersonation(options.tabStorage),
      ...preloadedState,
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // The development-only checks walk the whole state on every action; the server cache
        // holds thousands of rows on a large estate and is frozen and serialisable by design.
        immutableCheck: { ignoredPaths: [baseApi.reducerPath] },
        serializableCheck: { ignoredPaths: [baseApi.reducerPath] },
      })
        .prepend(listener.middleware)
        .concat(baseApi.middleware),
  });

  let saved = store.getState().preferences;
  store.subscribe(() => {
    const { preferences } = store.getState();
    if (preferences === saved) return;
    saved = preferences;
    savePreferences(storage, preferences);
  });

  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
