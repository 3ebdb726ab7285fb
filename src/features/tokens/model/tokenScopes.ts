/**
 * What an API token may do: the objects a token scope names, the actions on each, the presets
 * and the per-object permission levels of the token form (spec 002 §3.9, §4.8, §6.3). Pure.
 */

import type { ScopeAction, ScopeObject } from '../../../../contracts/tokenScopes';
import { SCOPE_OBJECTS, actionsOf } from '../../../../contracts/tokenScopes';

export type { ScopeAction, ScopeObject };
export { SCOPE_OBJECTS, actionsOf };

/** The presets of the form. */
export const SCOPE_PRESETS = ['Read', 'Write', 'Admin', 'Custom'] as const;
export type ScopePreset = (typeof SCOPE_PRESETS)[number];

/** A permission level of one object in the Custom preset. */
export type ScopeLevel = 'None' | 'Read' | 'Write' | 'Admin' | 'Run' | 'Approve';

export type ScopeLevels = Record<ScopeObject, ScopeLevel>;

const OBJECT_LEVELS: readonly ScopeLevel[] = ['None', 'Read', 'Write', 'Admin'];
const PLAYBOOK_LEVELS: readonly ScopeLevel[] = ['None', 'Read', 'Run', 'Approve', 'Write'];
const MCP_LEVELS: readonly ScopeLevel[] = ['None', 'Admin'];

/** The levels offered for an object, lowest first. */
export function levelsOf(object: ScopeObject): readonly ScopeLevel[] {
  if (object === 'mcp') return MCP_LEVELS;
  if (object === 'playbooks') return PLAYBOOK_LEVELS;
  return OBJECT_LEVELS;
}

/** The actions a level grants on an object (spec 002 §4.8). A level the object lacks grants none. */
export function actionsForLevel(object: ScopeObject, level: ScopeLevel): ScopeAction[] {
  if (!levelsOf(object).includes(level)) return [];
  if (object === 'mcp') return level === 'Admin' ? ['*'] : [];
  if (object === 'playbooks') {
    switch (level) {
      case 'Write':
        return ['read', 'playbook:run', 'playbook:approve', 'create', 'delete'];
      case 'Approve':
        return ['read', 'playbook:run', 'playbook:approve'];
      case 'Run':
        return ['read', 'playbook:run'];
      case 'Read':
        return ['read'];
      default:
        return [];
    }
  }
  switch (level) {
    case 'Admin':
      return ['read', 'create', 'update', 'delete'];
    case 'Write':
      return ['read', 'create'];
    case 'Read':
      return ['read'];
    default:
      return [];
  }
}

/**
 * The level that a set of granted actions amounts to on an object (spec 002 §4.8): the highest
 * level whose actions are all granted.
 */
export function levelForActions(object: ScopeObject, granted: Iterable<string>): ScopeLevel {
  const has = new Set(granted);
  const all = (actions: readonly string[]) => actions.every((action) => has.has(action));
  if (object === 'mcp') return has.has('*') ? 'Admin' : 'None';
  if (object === 'playbooks') {
    if (all(actionsForLevel('playbooks', 'Write'))) return 'Write';
    if (all(actionsForLevel('playbooks', 'Approve'))) return 'Approve';
    if (all(actionsForLevel('playbooks', 'Run'))) return 'Run';
    return has.has('read') ? 'Read' : 'None';
  }
  if (all(actionsForLevel(object, 'Admin'))) return 'Admin';
  if (all(actionsForLevel(object, 'Write'))) return 'Write';
  return has.has('read') ? 'Read' : 'None';
}

/**
 * The actions a preset grants on each object (spec 002 §6.3): Read grants read, Write read and
 * create, Admin every action but playbook run and approve, and on playbooks every action. Every
 * preset grants mcp. Custom grants nothing by itself: its levels decide.
 */
export function presetActions(preset: ScopePreset): Record<ScopeObject, ScopeAction[]> {
  const grant = (object: ScopeObject): ScopeAction[] => {
    const offered = actionsOf(object);
    if (object === 'mcp') return preset === 'Custom' ? [] : ['*'];
    switch (preset) {
      case 'Read':
        return offered.filter((action) => action === 'read');
      case 'Write':
        return offered.filter((action) => action === 'read' || action === 'create');
      case 'Admin':
        return object === 'playbooks' ? [...offered] : offered.filter((a) => !a.includes(':'));
      case 'Custom':
        return [];
    }
  };
  return Object.fromEntries(SCOPE_OBJECTS.map((object) => [object, grant(object)])) as Record<
    ScopeObject,
    ScopeAction[]
  >;
}

/** Every object at one level. */
export function uniformLevels(level: ScopeLevel): ScopeLevels {
  return Object.fromEntries(SCOPE_OBJECTS.map((object) => [object, level])) as ScopeLevels;
}

/** The levels that show what a preset grants, for the Custom editor to start from. */
export function presetLevels(preset: ScopePreset): ScopeLevels {
  const actions = presetActions(preset);
  return Object.fromEntries(
    SCOPE_OBJECTS.map((object) => [object, levelForActions(object, actions[object])]),
  ) as ScopeLevels;
}

/** The Custom levels of MCP setup: only mcp. */
export const MCP_ONLY_LEVELS: ScopeLevels = { ...uniformLevels('None'), mcp: 'Admin' };

/** One entry of the token's scope, as the create call sends it. */
export interface ScopeEntry {
  /** Always empty: the backend sets the subject to the token. */
  subject: '';
  object: ScopeObject;
  action: ScopeAction;
}

/** The scope a preset (or, for Custom, the levels) grants, object by object. */
export function scopeEntries(preset: ScopePreset, levels: ScopeLevels): ScopeEntry[] {
  const byPreset = presetActions(preset);
  return SCOPE_OBJECTS.flatMap((object) => {
    const actions =
      preset === 'Custom' ? actionsForLevel(object, levels[object]) : byPreset[object];
    return actions.map((action) => ({ subject: '' as const, object, action }));
  });
}
