import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { HostedSessionCheck, SessionLookup } from '../../machines/shell/session';
import { sessionMachine } from '../../machines/shell/session';
import { systemApi } from '../api/endpoints/system';
import { settleWithSignal } from '../api/machineRequest';
import { organizationMissing, selectAuthMode } from '../auth/sessionSlice';
import { useInspect } from '../ui/inspect';
import { useAppDispatch, useAppSelector } from '../shell/hooks';
import type { RootState } from './store';
import { signInUrl } from './store';

export const PROVISIONING_TEXT = 'Please wait, instance provisioning in-progress ...';
export const SESSION_FAILED_TITLE = 'Your session could not be loaded';

export interface SessionGateProps {
  /**
   * Hosted mode: the organisation picker, shown when the user has no organisation. Call
   * `onSelected` once one is chosen or created.
   */
  renderOrganizationPicker?: (onSelected: () => void) => ReactNode;
  /**
   * Hosted mode: asks the sign-in provider before the backend. `signedOut` sends the user to
   * sign in, `noOrganization` shows the picker, `provisioning` the provisioning screen (the
   * organisation has no backend yet); `signedIn` goes on to the user lookup.
   */
  checkHostedSession?: (signal: AbortSignal) => Promise<HostedSessionCheck>;
  /**
   * Hosted mode: the organisation switcher and user button, shown on the picker and
   * provisioning screens so the user can switch organisation or sign out.
   */
  accountControls?: ReactNode;
}

/** The lookup's rejection when the provider says nobody is signed in (read as a 401). */
const NOT_SIGNED_IN = { status: 401, message: 'Not signed in' };

function CenteredSpinner({ label }: { label: string }) {
  return (
    <div className="mc-centered-page">
      <Spinner aria-label={label} />
    </div>
  );
}

/**
 * Runs the session machine and shows the signed-in routes (`<Outlet />`) once the user is
 * known. Without a session it sends the user to sign in, keeping the path and query as
 * `return_to`.
 */
export function SessionGate({
  renderOrganizationPicker,
  checkHostedSession,
  accountControls,
}: SessionGateProps) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const authMode = useAppSelector(selectAuthMode);
  const navigate = useNavigate();
  const location = useLocation();
  const inspect = useInspect();

  const [logic] = useState(() =>
    sessionMachine.provide({
      actors: {
        lookupSession: fromPromise<SessionLookup>(async ({ signal }) => {
          if (checkHostedSession) {
            const hosted = await checkHostedSession(signal);
            if (hosted === 'signedOut') throw NOT_SIGNED_IN;
            if (hosted === 'noOrganization') {
              dispatch(organizationMissing());
              return 'noOrganization';
            }
            if (hosted === 'provisioning') return 'provisioning';
          } else {
            const { session } = store.getState();
            if (session.authMode === 'clerk' && session.status === 'noOrganization') {
              return 'noOrganization';
            }
          }
          const request = dispatch(
            systemApi.endpoints.getWhoami.initiate(undefined, {
              forceRefetch: true,
              subscribe: false,
            }),
          );
          await settleWithSignal(request, signal);
          return 'ready';
        }),
      },
    }),
  );
  const actor = useActorRef(logic, { inspect });
  const state = useActorSelector(actor, (snapshot) => snapshot.value);
  const failure = useActorSelector(actor, (snapshot) => snapshot.context.failure);
  const returnTo = `${location.pathname}${location.search}`;
  useEffect(() => {
    const redirect = () => {
      const url = signInUrl(authMode, returnTo);
      if (url) void navigate(url, { replace: true });
    };
    if (actor.getSnapshot().value === 'signedOut') redirect();
    const subscription = actor.on('session.signedOut', redirect);
    return () => subscription.unsubscribe();
  }, [actor, authMode, navigate, returnTo]);
  const retry = () => actor.send({ type: 'session.retry' });

  switch (state) {
    case 'ready':
      return <Outlet />;
    case 'loading':
      return <CenteredSpinner label="Loading your session" />;
    case 'signedOut':
      return null;
    case 'noOrganization':
      return (
        <div className="mc-centered-page">
          {accountControls}
          {renderOrganizationPicker ? (
            renderOrganizationPicker(() => actor.send({ type: 'organization.selected' }))
          ) : (
            <NonIdealState
              icon="office"
              title="No organization selected"
              description="Choose or create an organization to continue."
            />
          )}
        </div>
      );
    case 'provisioning':
      return (
        <div className="mc-centered-page">
          {accountControls}
          <NonIdealState
            icon={<Spinner aria-label="Provisioning" />}
            title={PROVISIONING_TEXT}
            action={<Button icon="refresh" text="Check again" onClick={retry} />}
          />
        </div>
      );
    case 'failed':
      return (
        <div className="mc-centered-page">
          <NonIdealState
            icon="error"
            title={SESSION_FAILED_TITLE}
            description={<p role="alert">{failure?.message}</p>}
            action={<Button intent="primary" icon="refresh" text="Retry" onClick={retry} />}
          />
        </div>
      );
  }
}
