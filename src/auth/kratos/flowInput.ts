import type { SelfServiceFlowInput } from '../../../machines/auth/selfServiceFlow';
import type { IdentityFlowKind } from '../../api/schemas/identity';

function param(query: URLSearchParams, name: string): string | undefined {
  return query.get(name) || undefined;
}

/** `?refresh` counts when present and not `false` or `0`. */
export function isRefresh(query: URLSearchParams): boolean {
  const value = query.get('refresh');
  return value !== null && value !== 'false' && value !== '0';
}

/** The machine input of a flow page from its address: `?flow=` and `?return_to=`. */
export function flowInput(kind: IdentityFlowKind, query: URLSearchParams): SelfServiceFlowInput {
  const input: SelfServiceFlowInput = { kind };
  const flowId = param(query, 'flow');
  const returnTo = param(query, 'return_to');
  if (flowId) input.flowId = flowId;
  if (returnTo) input.returnTo = returnTo;
  return input;
}

/** The sign-in page also reads `?refresh`, `?aal` and the `?username=&password=` of an auto-submit. */
export function loginInput(query: URLSearchParams): SelfServiceFlowInput {
  const input = flowInput('login', query);
  const aal = param(query, 'aal');
  if (aal) input.aal = aal;
  if (isRefresh(query)) input.refresh = true;
  const identifier = param(query, 'username');
  const password = param(query, 'password');
  if (identifier && password) input.autoSubmit = { identifier, password };
  return input;
}
