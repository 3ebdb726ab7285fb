import type { TokenPermission } from '../../../api/schemas/tokens';

/** The actions a token may take on one object. */
export interface ObjectActions {
  object: string;
  actions: string[];
}

/**
 * What a token may do (AUTH-13), object by object in the order the backend lists them: each
 * object with the actions allowed on it. Denied entries, and entries without an object or an
 * action, are left out; an object with nothing allowed is not listed.
 */
export function allowedActions(
  permissions: readonly Pick<TokenPermission, 'object' | 'action' | 'deny'>[],
): ObjectActions[] {
  const byObject = new Map<string, string[]>();
  for (const permission of permissions) {
    if (permission.deny === true || !permission.object || !permission.action) continue;
    const actions = byObject.get(permission.object) ?? [];
    if (!actions.includes(permission.action)) actions.push(permission.action);
    byObject.set(permission.object, actions);
  }
  return [...byObject].map(([object, actions]) => ({ object, actions }));
}
