/**
 * The vocabulary of API token scopes (spec 002 §3.9, §6.3; api.md AUTH-09): the objects a
 * scope names and the actions each object offers. The token form builds scopes from it; the
 * demo backend checks and enforces them with it.
 */

/** The objects a token scope can name, in the order the form lists them. */
export const SCOPE_OBJECTS = [
  'mcp',
  'canaries',
  'catalog',
  'application',
  'playbooks',
  'notification',
] as const;
export type ScopeObject = (typeof SCOPE_OBJECTS)[number];

/** Every action a scope entry can carry. */
export const SCOPE_ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'playbook:approve',
  'playbook:run',
  '*',
] as const;
export type ScopeAction = (typeof SCOPE_ACTIONS)[number];

const CRUD: readonly ScopeAction[] = ['read', 'create', 'update', 'delete'];
const PLAYBOOK_ACTIONS: readonly ScopeAction[] = [...CRUD, 'playbook:approve', 'playbook:run'];

/** The actions offered for an object: `*` for mcp, CRUD plus run and approve for playbooks. */
export function actionsOf(object: ScopeObject): readonly ScopeAction[] {
  if (object === 'mcp') return ['*'];
  if (object === 'playbooks') return PLAYBOOK_ACTIONS;
  return CRUD;
}

export function isScopeObject(value: string): value is ScopeObject {
  return (SCOPE_OBJECTS as readonly string[]).includes(value);
}
