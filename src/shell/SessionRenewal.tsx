import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { sessionRenewalMachine } from '../../machines/shell/sessionRenewal';
import { sessionExpired } from '../api/authEvents';
import { systemApi } from '../api/endpoints/system';
import { settleWithSignal } from '../api/machineRequest';
import { sessionRenewalGate } from '../api/sessionRenewal';
import { useInspect } from '../ui/inspect';
import { useAppDispatch } from './hooks';

/** The sign-in dialog (the identity service's login flow) loads when a session ends. */
const SessionRenewalDialog = lazy(async () => ({
  default: (await import('../auth/kratos/SessionRenewalDialog')).SessionRenewalDialog,
}));

/**
 * The shell's answer to an ended session (identity-service mode): requests meeting a 401 wait
 * while the user signs in again in a dialog over the page, then go through, so a form's Save
 * sends what was typed. Declining goes to the sign-in page as before. Renders nothing in the
 * hosted sign-in mode, whose store has no renewal gate.
 */
export function SessionRenewal() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const page = `${location.pathname}${location.search}`;
  const gate = useMemo(() => dispatch(sessionRenewalGate()), [dispatch]);
  const [logic] = useState(() =>
    sessionRenewalMachine.provide({
      actors: {
        confirmSession: fromPromise(({ signal }) =>
          settleWithSignal(
            dispatch(
              systemApi.endpoints.getWhoami.initiate(undefined, {
                subscribe: false,
                forceRefetch: true,
              }),
            ),
            signal,
          ),
        ),
      },
      actions: {
        resume: (_, { renewed }) => gate?.settle(renewed),
        leave: (_, { href, returnTo }) => {
          if (href !== undefined) void navigate(href);
          else dispatch(sessionExpired({ returnTo }));
        },
      },
    }),
  );
  const inspect = useInspect();
  const [snapshot, send] = useMachine(logic, { inspect });
  useEffect(() => gate?.attach(() => send({ type: 'renewal.needed' })), [gate, send]);

  if (!gate || snapshot.value === 'idle') return null;
  return (
    <Suspense fallback={null}>
      <SessionRenewalDialog
        returnTo={page}
        confirming={snapshot.value === 'confirming'}
        failure={snapshot.context.failure}
        onSignedIn={() => send({ type: 'renewal.signedIn' })}
        onLeave={(href) =>
          send({
            type: 'renewal.declined',
            returnTo: page,
            ...(href === undefined ? {} : { href }),
          })
        }
      />
    </Suspense>
  );
}
