import type { Resource } from '../../../contracts/access';
import type { ScopeAction, ScopeObject } from '../../../contracts/tokenScopes';
import { SCOPE_OBJECTS, actionsOf, isScopeObject } from '../../../contracts/tokenScopes';

export type { ScopeAction, ScopeObject };
export { SCOPE_OBJECTS };

/**
 * The scope of an API token (api.md AUTH-09). A token may do what its owner's roles allow,
 * narrowed by its scope: every permission of the vocabulary below that the scope leaves out is
 * stored as a deny rule of the token (see `tokens.ts`), so an empty scope denies nothing.
 */
/** One entry of a scope, or one deny rule of a token. */
export interface ScopePermission {
  object: ScopeObject;
  action: ScopeAction;
}

/** The scope part of a caller that authenticated with an API token. */
export interface TokenScope {
  tokenId: string;
  /** What the token may not do even when its owner's roles allow it. */
  denied: readonly ScopePermission[];
}

/** Every permission a scope can grant, in a stable order. */
export const ALL_SCOPE_PERMISSIONS: readonly ScopePermission[] = SCOPE_OBJECTS.flatMap((object) =>
  actionsOf(object).map((action) => ({ object, action })),
);

/**
 * Resource groups (`rbac.ts`) each scope object covers. Groups no object covers (incidents,
 * topology, teams, rbac, ...) are not narrowed by a scope; `mcp` guards `/api/mcp` (`mcp:use`,
 * `mcp:run`: auth/review.ts, mcp/access.ts).
 */
export const SCOPE_OBJECT_RESOURCES: Record<ScopeObject, readonly Resource[]> = {
  mcp: [],
  canaries: ['canaries'],
  catalog: ['database', 'config_scrapers'],
  application: ['applications'],
  playbooks: ['playbooks', 'playbook_runs'],
  notification: ['notifications'],
};

/** The scope object that covers a resource group, if any. */
export function scopeObjectOfResource(resource: Resource): ScopeObject | null {
  for (const object of SCOPE_OBJECTS) {
    if (SCOPE_OBJECT_RESOURCES[object].includes(resource)) return object;
  }
  return null;
}

export type ScopeParse = { ok: true; scope: ScopePermission[] } | { ok: false; error: string };

/**
 * Checks the `scope` of a create-token request: known objects, and actions that object offers
 * (`*` stands for all of them). Subjects are ignored, as upstream clears them.
 */
export function parseScope(entries: ReadonlyArray<{ object: string; action: string }>): ScopeParse {
  const scope: ScopePermission[] = [];
  for (const entry of entries) {
    const object = entry.object.trim();
    const action = entry.action.trim();
    if (!isScopeObject(object)) {
      return {
        ok: false,
        error: `unknown scope object "${object}"; expected one of ${SCOPE_OBJECTS.join(', ')}`,
      };
    }
    const offered = actionsOf(object);
    if (action === '*') {
      scope.push(...offered.map((a) => ({ object, action: a })));
    } else if ((offered as readonly string[]).includes(action)) {
      scope.push({ object, action: action as ScopeAction });
    } else {
      return {
        ok: false,
        error: `scope action "${action}" does not apply to "${object}"; expected one of ${offered.join(', ')}`,
      };
    }
  }
  return { ok: true, scope };
}

const keyOf = (p: ScopePermission) => `${p.object}:${p.action}`;

/** The deny rules a token with this scope gets: the whole vocabulary minus the scope; none for an empty scope. */
export function deniedByScope(scope: readonly ScopePermission[]): ScopePermission[] {
  if (scope.length === 0) return [];
  const granted = new Set(scope.map(keyOf));
  return ALL_SCOPE_PERMISSIONS.filter((p) => !granted.has(keyOf(p)));
}

/** Whether the deny rules leave `action` on `object` to the token. */
export function scopeGrants(
  scope: TokenScope,
  object: ScopeObject,
  action: Exclude<ScopeAction, '*'> | '*',
): boolean {
  return !scope.denied.some(
    (rule) => rule.object === object && (rule.action === action || rule.action === '*'),
  );
}
