import type { QueryReturnValue } from '@reduxjs/toolkit/query';
import type { Struct } from 'superstruct';
import { baseApi } from '../baseApi';
import type { ApiExtra, BaseQueryArgs, RequestArgs, ResponseMeta } from '../baseQuery';
import type { ApiError } from '../errors';
import { shapeError } from '../errors';
import type {
  FlowError,
  FlowUpdateResult,
  IdentityFlowKind,
  LogoutFlow,
  SelfServiceFlow,
  Session,
} from '../schemas/identity';
import {
  FlowErrorStruct,
  FlowUpdateResultStruct,
  LogoutFlowStruct,
  SelfServiceFlowStruct,
  SessionStruct,
} from '../schemas/identity';
import { check } from '../validate';

/** Where the identity service's public API is when the runtime config does not say (kratos.md §7.1). */
export const DEFAULT_IDENTITY_BASE_PATH = '/api/.ory';

export interface CreateFlowArgs {
  kind: IdentityFlowKind;
  /** Sent as `return_to` when present. */
  returnTo?: string;
  /** Login only: `refresh=true` asks the signed-in user to confirm it is them. */
  refresh?: boolean;
  /** Login only: `aal2` asks for the second factor. */
  aal?: string;
}

export interface GetFlowArgs {
  kind: IdentityFlowKind;
  flowId: string;
}

export interface UpdateFlowArgs {
  kind: IdentityFlowKind;
  flowId: string;
  /** The update body: `csrf_token`, `method` and the method's fields, flattened keys allowed. */
  body: Record<string, unknown>;
}

export interface PerformLogoutArgs {
  /** `logout_token` of the logout flow. */
  token: string;
  returnTo?: string;
}

type BaseQueryResult = QueryReturnValue<unknown, ApiError, ResponseMeta>;

type RunBaseQuery = (args: BaseQueryArgs) => PromiseLike<BaseQueryResult> | BaseQueryResult;

function basePath(extra: unknown): string {
  const configured =
    typeof extra === 'object' && extra !== null ? (extra as ApiExtra).identityBasePath : undefined;
  return (configured || DEFAULT_IDENTITY_BASE_PATH).replace(/\/+$/, '');
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, value);
  }
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** What one identity call sends: the path under the identity service, method and body. */
type IdentityRequest = Omit<RequestArgs, 'url'> & { path: string };

/** Checks an answer (throws when it does not have the shape), `what` naming the call. */
type AnswerCheck = (data: unknown, what: string) => void;

/** The check of an answer against `struct`: the fields the console reads. */
function answer<S, V>(struct: Struct<S, V>): AnswerCheck {
  return (data, what) => {
    check(struct, data, what);
  };
}

/**
 * One call to the identity service in JSON mode (the base query sends `Accept:
 * application/json`, JSON bodies and cookies). A 401 here never counts as an expired console
 * session: the flows answer it themselves. Error bodies (a flow on 400, the error envelope
 * with `use_flow_id` or `redirect_browser_to` otherwise) stay in `ApiError.data` untouched.
 */
async function callIdentity<T>(
  baseQuery: RunBaseQuery,
  extra: unknown,
  request: IdentityRequest,
  checkAnswer: AnswerCheck | null,
): Promise<QueryReturnValue<T, ApiError, ResponseMeta>> {
  const { path, ...rest } = request;
  const url = `${basePath(extra)}${path}`;
  const result = await baseQuery({ ...rest, url, prefer: false, skipAuthRedirect: true });
  if (result.error) return { error: result.error, meta: result.meta };
  if (!checkAnswer) return { data: result.data as T, meta: result.meta };
  try {
    checkAnswer(result.data, `${request.method ?? 'GET'} ${url}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : `Unexpected response from ${url}`;
    return { error: shapeError(message, result.data), meta: result.meta };
  }
  // The struct checked the fields the console reads; the SDK type describes the rest.
  return { data: result.data as T, meta: result.meta };
}

/** An endpoint's `queryFn` that makes the identity call `request(arg)` and checks its answer. */
function identityCall<Arg, T>(
  request: (arg: Arg) => IdentityRequest,
  checkAnswer: AnswerCheck | null,
) {
  return (arg: Arg, api: { extra: unknown }, _extra: unknown, baseQuery: RunBaseQuery) =>
    callIdentity<T>(baseQuery, api.extra, request(arg), checkAnswer);
}

/** The self-service browser flows of the identity service (kratos.md §1), in JSON mode. */
export const identityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /self-service/<kind>/browser`: a new flow. */
    createFlow: build.mutation<SelfServiceFlow, CreateFlowArgs>({
      queryFn: identityCall<CreateFlowArgs, SelfServiceFlow>(
        ({ kind, returnTo, refresh, aal }) => ({
          path: withQuery(`/self-service/${kind}/browser`, {
            refresh: refresh ? 'true' : undefined,
            aal: aal || undefined,
            return_to: returnTo || undefined,
          }),
        }),
        answer(SelfServiceFlowStruct),
      ),
    }),
    /** `GET /self-service/<kind>/flows?id=`: an existing flow. */
    getFlow: build.query<SelfServiceFlow, GetFlowArgs>({
      queryFn: identityCall<GetFlowArgs, SelfServiceFlow>(
        ({ kind, flowId }) => ({ path: withQuery(`/self-service/${kind}/flows`, { id: flowId }) }),
        answer(SelfServiceFlowStruct),
      ),
      // Flows carry a CSRF token and change on every submit: never serve one from the cache.
      keepUnusedDataFor: 0,
    }),
    /**
     * `POST /self-service/<kind>?flow=`. A sign-in (login or registration that answers with a
     * session or identity) invalidates the console's whoami.
     */
    updateFlow: build.mutation<FlowUpdateResult, UpdateFlowArgs>({
      queryFn: identityCall<UpdateFlowArgs, FlowUpdateResult>(
        ({ kind, flowId, body }) => ({
          path: withQuery(`/self-service/${kind}`, { flow: flowId }),
          method: 'POST',
          body,
        }),
        answer(FlowUpdateResultStruct),
      ),
      invalidatesTags: (result) =>
        result && ('session' in result || 'identity' in result) && !('ui' in result)
          ? ['Whoami']
          : [],
    }),
    /** `GET /sessions/whoami`: the identity service's session of this browser. */
    whoamiSession: build.query<Session, void>({
      queryFn: identityCall<void, Session>(
        () => ({ path: '/sessions/whoami' }),
        answer(SessionStruct),
      ),
      providesTags: ['Whoami'],
    }),
    /** `GET /self-service/logout/browser`: a logout token for this session. */
    createLogoutFlow: build.mutation<LogoutFlow, string | undefined>({
      queryFn: identityCall<string | undefined, LogoutFlow>(
        (returnTo) => ({
          path: withQuery('/self-service/logout/browser', { return_to: returnTo || undefined }),
        }),
        answer(LogoutFlowStruct),
      ),
    }),
    /** `GET /self-service/logout?token=`: ends the session (204 in JSON mode). */
    performLogout: build.mutation<null, PerformLogoutArgs>({
      queryFn: identityCall<PerformLogoutArgs, null>(
        ({ token, returnTo }) => ({
          path: withQuery('/self-service/logout', { token, return_to: returnTo || undefined }),
        }),
        null,
      ),
      invalidatesTags: ['Whoami'],
    }),
    /** `GET /self-service/errors?id=`: the error a redirect-mode flow ended with. */
    getFlowError: build.query<FlowError, string>({
      queryFn: identityCall<string, FlowError>(
        (id) => ({ path: withQuery('/self-service/errors', { id }) }),
        answer(FlowErrorStruct),
      ),
    }),
  }),
});

export const {
  useWhoamiSessionQuery,
  useGetFlowErrorQuery,
  useCreateLogoutFlowMutation,
  usePerformLogoutMutation,
} = identityApi;
