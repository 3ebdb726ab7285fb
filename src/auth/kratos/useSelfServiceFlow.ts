import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useMachine } from '@xstate/react';
import { useCallback, useContext, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { NavigateFunction } from 'react-router-dom';
import { UNSAFE_DataRouterStateContext, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { settleWithSignal } from '../../api/machineRequest';
import type {
  FlowDestination,
  FlowNotice,
  FlowValue,
  FlowValues,
  SelfServiceFlow,
  SelfServiceFlowContext,
  SelfServiceFlowInput,
  SubmitFlowInput,
  SubmitTrigger,
} from '../../../machines/auth/selfServiceFlow';
import { selfServiceFlowMachine } from '../../../machines/auth/selfServiceFlow';
import { identityApi } from '../../api/endpoints/identity';
import { useInspect } from '../../ui/inspect';
import { safeReturnTo, toConsoleLocation } from './consoleLocation';
import { getFlowPageHref, kratosPaths } from './kratosPaths';

type IdentityDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** What a flow page shows. */
export type FlowPhase = 'loading' | 'ready' | 'submitting' | 'failed' | 'leaving';

export interface SelfServiceFlowView {
  phase: FlowPhase;
  /** The flow on screen, once loaded. */
  flow: SelfServiceFlow | undefined;
  /** Form values: the flow's, and what the user typed. */
  values: FlowValues;
  /** A sentence above the form that the flow does not carry. */
  notice: FlowNotice | undefined;
  /** Why the flow could not be loaded (phase `failed`). */
  error: string | undefined;
  change: (name: string, value: FlowValue) => void;
  submit: (trigger: SubmitTrigger) => void;
  retry: () => void;
}

function pageOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/** The address of the page the flow runs on, with `?flow=` once there is one. */
function flowPageHref(context: SelfServiceFlowContext): string {
  return getFlowPageHref(context.kind, {
    flow: context.flow?.id ?? context.flowId,
    returnTo: context.returnTo,
    aal: context.aal,
    refresh: context.refresh,
  });
}

/**
 * The sign-in page, coming back to this flow's page afterwards; from the sign-in page itself,
 * to where that was going, so it never returns to itself.
 */
function loginHref(
  context: SelfServiceFlowContext,
  destination: { aal?: string; refresh?: boolean },
): string {
  const returnTo = context.kind === 'login' ? context.returnTo : flowPageHref(context);
  return kratosPaths.login.getHref({ ...destination, returnTo });
}

function hrefFor(destination: FlowDestination, context: SelfServiceFlowContext): string {
  switch (destination.to) {
    case 'home':
      return kratosPaths.home.path;
    case 'login':
      return loginHref(context, destination);
    case 'returnTo':
      return safeReturnTo(destination.url, pageOrigin());
    case 'flow':
      return getFlowPageHref(destination.kind, { flow: destination.flowId });
  }
}

/**
 * A flow shown over a page (signing in again in a dialog) instead of on its own page: the
 * address is left alone, and where the flow would go next is handed to the page.
 */
export interface FlowInPlace {
  /** Signed in: the flow would go back to where it came from. */
  onDone: () => void;
  /** The flow asks for another login flow (a second factor, a confirmation). */
  onLogin: (input: SelfServiceFlowInput) => void;
  /** Anywhere else (settings to finish, a redirect): the page is left for that address. */
  onLeave: (href: string) => void;
}

function createLogic(
  dispatch: IdentityDispatch,
  navigate: NavigateFunction,
  inPlace: FlowInPlace | undefined,
  leaving: () => boolean,
) {
  const go = (href: string) => {
    if (inPlace) inPlace.onLeave(href);
    else void navigate(href, { replace: true });
  };
  return selfServiceFlowMachine.provide({
    actors: {
      createFlow: fromPromise(({ input, signal }) =>
        settleWithSignal(
          dispatch(identityApi.endpoints.createFlow.initiate(input, { track: false })),
          signal,
        ),
      ),
      getFlow: fromPromise(({ input, signal }) =>
        settleWithSignal(
          dispatch(
            identityApi.endpoints.getFlow.initiate(input, {
              subscribe: false,
              forceRefetch: true,
            }),
          ),
          signal,
        ),
      ),
      submitFlow: fromPromise(
        ({ input, signal }: { input: SubmitFlowInput; signal: AbortSignal }) =>
          settleWithSignal(
            dispatch(identityApi.endpoints.updateFlow.initiate(input, { track: false })),
            signal,
          ),
      ),
    },
    actions: {
      navigate: ({ context }, destination) => {
        if (inPlace && (destination.to === 'returnTo' || destination.to === 'home')) {
          inPlace.onDone();
        } else if (inPlace && destination.to === 'login') {
          inPlace.onLogin({
            kind: 'login',
            ...(context.returnTo === undefined ? {} : { returnTo: context.returnTo }),
            ...(destination.aal === undefined ? {} : { aal: destination.aal }),
            ...(destination.refresh === undefined ? {} : { refresh: destination.refresh }),
          });
        } else {
          go(hrefFor(destination, context));
        }
      },
      redirect: (_, { url }) => {
        const target = toConsoleLocation(url, pageOrigin());
        if (target.internal) go(target.href);
        else window.location.assign(target.href);
      },
      // The address keeps `?flow=` (and `return_to`...) so a reload continues the flow; the
      // credentials of an auto-submit leave it. A flow over a page leaves the page's address.
      // Not while the user is on the way to another page (a link clicked while its page loads):
      // the flow's address would take the place of theirs.
      syncUrl: ({ context }) => {
        if (!inPlace && !leaving()) void navigate(flowPageHref(context), { replace: true });
      },
    },
  });
}

function phaseOf(value: unknown): FlowPhase {
  switch (value) {
    case 'ready':
      return 'ready';
    case 'submitting':
      return 'submitting';
    case 'failed':
      return 'failed';
    case 'success':
    case 'left':
      return 'leaving';
    default:
      return 'loading';
  }
}

/** Whether the router is on its way to another page, as last rendered. */
class NavigationBox {
  leaving = false;

  set(leaving: boolean): void {
    this.leaving = leaving;
  }
}

/**
 * Runs the self-service flow machine for a page: API calls through RTK Query (cancelled with the
 * machine), navigation through the router, the flow id kept in the address, the app's
 * state-machine inspector attached when it is on.
 */
export function useSelfServiceFlow(
  input: SelfServiceFlowInput,
  inPlace?: FlowInPlace,
): SelfServiceFlowView {
  const dispatch = useDispatch<IdentityDispatch>();
  const navigate = useNavigate();
  // A router with loaders says when a navigation is under way (none without one).
  const navigation = useContext(UNSAFE_DataRouterStateContext)?.navigation.state ?? 'idle';
  const [route] = useState(() => new NavigationBox());
  useEffect(() => route.set(navigation !== 'idle'), [route, navigation]);
  const [logic] = useState(() => createLogic(dispatch, navigate, inPlace, () => route.leaving));
  const inspect = useInspect();
  const [snapshot, send] = useMachine(logic, { input, inspect });

  const change = useCallback(
    (name: string, value: FlowValue) => send({ type: 'flow.change', name, value }),
    [send],
  );
  const submit = useCallback(
    (trigger: SubmitTrigger) => send({ type: 'flow.submit', trigger }),
    [send],
  );
  const retry = useCallback(() => send({ type: 'flow.retry' }), [send]);

  const { flow, values, notice, error } = snapshot.context;
  return { phase: phaseOf(snapshot.value), flow, values, notice, error, change, submit, retry };
}
