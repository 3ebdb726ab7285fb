import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { combineReducers } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import type { ApiExtra } from '../api/baseQuery';
import { impersonationSlice } from '../auth/impersonationSlice';
import { sessionSlice } from '../auth/sessionSlice';
import { preferencesSlice } from './preferencesSlice';

/**
 * The state of the console's one store: RTK Query's cache, the session, the preferences and the
 * Scopes the console is seen as.
 */
export const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionSlice.reducer,
  preferences: preferencesSlice.reducer,
  impersonation: impersonationSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The store's dispatch: plain actions, thunks and RTK Query's `initiate` (extra: `ApiExtra`). */
export type AppDispatch = ThunkDispatch<RootState, ApiExtra, UnknownAction>;
