import type { Exchange } from './exchange';
import { IdentityError, errors } from './errors';
import { flowJson } from './serialize';
import { storeFlowError } from './store/flowErrors';
import type { FlowKind, FlowRecord } from './store/flows';
import type { IdentityRecord } from './store/identities';
import { findIdentityById } from './store/identities';

export function uiUrlFor(ex: Exchange, kind: FlowKind): string {
  return ex.endpoints.ui[kind];
}

export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** `<ui_url>?flow=<id>` */
export function flowUiUrl(ex: Exchange, flow: FlowRecord): string {
  return withQuery(uiUrlFor(ex, flow.kind), { flow: flow.id });
}

/** The error envelope in JSON mode; in redirect mode a 303 to its target or to the error page. */
export async function sendError(ex: Exchange, error: unknown): Promise<void> {
  const failure =
    error instanceof IdentityError
      ? error
      : errors.internal(error instanceof Error ? error.message : String(error));
  if (!(error instanceof IdentityError))
    ex.req.log.error({ err: error }, 'identity service failure');
  if (ex.json) {
    if (failure.id) ex.reply.header('ory-error-id', failure.id);
    ex.reply.code(failure.code).send(failure.body());
    return;
  }
  if (failure.browserRedirect) {
    ex.redirect(failure.browserRedirect);
    return;
  }
  const id = await storeFlowError(ex.db, failure.errorObject, ex.now);
  ex.redirect(withQuery(ex.endpoints.ui.error, { id }));
}

/** The flow as JSON with `status`, or in redirect mode a 303 to its UI page. */
export async function sendFlow(
  ex: Exchange,
  flow: FlowRecord,
  status = 200,
  extra: Record<string, unknown> = {},
  identity?: IdentityRecord | null,
): Promise<void> {
  if (!ex.json) {
    ex.redirect(flowUiUrl(ex, flow));
    return;
  }
  let owner = identity ?? null;
  if (flow.kind === 'settings' && !owner && flow.identityId)
    owner = await findIdentityById(ex.db, flow.identityId);
  ex.reply.code(status).send({ ...flowJson(flow, ex.endpoints, owner), ...extra });
}
