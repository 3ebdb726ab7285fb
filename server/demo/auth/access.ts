import type { Caller } from './caller';
import { rolesAllow, type Action, type Resource } from './rbac';
import { scopeGrants, scopeObjectOfResource } from './tokenScope';

/** What a request does to a resource, in the words of token scopes. */
export type Operation =
  'read' | 'create' | 'update' | 'delete' | 'playbook:run' | 'playbook:approve';

/** GET and HEAD read, POST creates, PUT and PATCH update, DELETE deletes. */
export function operationOfMethod(method: string): Operation {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'POST':
      return 'create';
    case 'DELETE':
      return 'delete';
    default:
      return 'update';
  }
}

/** The role-table action of an operation: everything but reading writes. */
export function actionOfOperation(operation: Operation): Action {
  return operation === 'read' ? 'read' : 'write';
}

/**
 * Whether the caller may perform `operation` on `resource`: one of its roles must allow it and,
 * for a caller authenticated by an API token, the token's scope must not deny it.
 */
export function callerAllows(caller: Caller, resource: Resource, operation: Operation): boolean {
  if (!rolesAllow(caller.roles, resource, actionOfOperation(operation))) return false;
  return scopeAllows(caller, resource, operation);
}

/**
 * Whether the caller's API token scope (if any) leaves the operation on the resource to it;
 * for endpoints whose role rule is not the resource table's (run now: spec 001 §6).
 */
export function scopeAllows(
  caller: Pick<Caller, 'scope'>,
  resource: Resource,
  operation: Operation,
): boolean {
  if (!caller.scope) return true;
  const object = scopeObjectOfResource(resource);
  return object === null || scopeGrants(caller.scope, object, operation);
}
