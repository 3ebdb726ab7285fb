import { array, is, optional, string, type, union, number, unknown } from 'superstruct';
import type { SelfServiceFlow } from './flowTypes';

/**
 * A failed identity-service call as the flow machine reads it. The actors reject with the
 * console's request error (`{ status, message, data }`); the error envelope and the flow bodies
 * are read here (kratos.md §1.4, §4).
 */
export interface FlowFailure {
  /** HTTP status, or a failure without an answer (`TIMEOUT`, `NETWORK`, `OFFLINE`...). */
  status?: number | string;
  /** Already in the user's words. */
  message: string;
  /** `error.id` of the envelope, e.g. `security_csrf_violation`. */
  errorId?: string;
  /** The flow a 400 answers with: validation messages inside. */
  flow?: SelfServiceFlow;
  /** A 410's replacement flow. */
  useFlowId?: string;
  /** Where the browser has to go (`redirect_browser_to`, top level or in `error.details`). */
  redirectTo?: string;
}

export const GENERIC_FAILURE_MESSAGE = 'An error occurred';

const RequestErrorStruct = type({
  status: union([number(), string()]),
  message: string(),
  data: optional(unknown()),
});

const FlowBodyStruct = type({
  id: string(),
  ui: type({ action: string(), nodes: array(unknown()) }),
});

const EnvelopeStruct = type({
  error: type({
    id: optional(string()),
    details: optional(unknown()),
  }),
  redirect_browser_to: optional(string()),
  use_flow_id: optional(string()),
});

const RedirectDetailsStruct = type({ redirect_browser_to: string() });

function readBody(failure: FlowFailure, body: unknown): FlowFailure {
  if (is(body, FlowBodyStruct)) return { ...failure, flow: body as unknown as SelfServiceFlow };
  if (!is(body, EnvelopeStruct)) return failure;
  const result: FlowFailure = { ...failure };
  if (body.error.id) result.errorId = body.error.id;
  if (body.use_flow_id) result.useFlowId = body.use_flow_id;
  const details = body.error.details;
  const redirectTo =
    body.redirect_browser_to ??
    (is(details, RedirectDetailsStruct) ? details.redirect_browser_to : undefined);
  if (redirectTo) result.redirectTo = redirectTo;
  return result;
}

/** Whatever an actor rejected with, as a `FlowFailure`. */
export function readFailure(error: unknown): FlowFailure {
  if (is(error, RequestErrorStruct)) {
    return readBody({ status: error.status, message: error.message }, error.data);
  }
  if (error instanceof Error && error.message.trim() !== '') return { message: error.message };
  return { message: GENERIC_FAILURE_MESSAGE };
}
