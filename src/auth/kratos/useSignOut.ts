import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { baseApi } from '../../api/baseApi';
import { identityApi } from '../../api/endpoints/identity';
import { kratosPaths } from './kratosPaths';

type IdentityDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** Signs out, then signs in again coming back to `returnTo` (default: the current path and query). */
export type SignOut = (returnTo?: string) => Promise<void>;

/**
 * Signing out for the user menu: create a logout flow, perform it, and go to `/login` with the
 * current path and query as `return_to`. The sign-in page follows on any failure too (no
 * session, no answer), and the previous user's cached data is dropped. Fits the shell's
 * `onSignOut(returnTo)`.
 */
export function useSignOut(): SignOut {
  const dispatch = useDispatch<IdentityDispatch>();
  const navigate = useNavigate();
  const location = useLocation();
  const currentPath = `${location.pathname}${location.search}`;

  return useCallback(
    async (returnTo = currentPath) => {
      try {
        const flow = await dispatch(
          identityApi.endpoints.createLogoutFlow.initiate(undefined, { track: false }),
        ).unwrap();
        await dispatch(
          identityApi.endpoints.performLogout.initiate(
            { token: flow.logout_token },
            { track: false },
          ),
        ).unwrap();
      } catch {
        // Already signed out, or the identity service did not answer: sign in again either way.
      }
      await navigate(kratosPaths.login.getHref({ returnTo }), { replace: true });
      dispatch(baseApi.util.resetApiState());
    },
    [dispatch, navigate, currentPath],
  );
}
