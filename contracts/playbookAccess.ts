/**
 * Which permissions reach a playbook (spec 002 §6.2), shared by the console (the playbook's
 * Permissions dialog reads rows of `permissions_summary` and keeps those that name the playbook)
 * and the demo backend (which enforces them): the objects and selectors that cover a playbook,
 * the actions that cover `playbook:run` and `playbook:approve`, the subjects that stand for
 * everyone, and the access review's vocabulary (`POST /api/rbac/subject-access-reviews`).
 */

/** The object names that cover every playbook. */
export const PLAYBOOK_OBJECTS: readonly string[] = ['playbooks', '*'];

/** The group every subject belongs to, and the subject that stands for anyone. */
export const EVERYONE_GROUP = 'everyone';
export const ANY_SUBJECT = '*';

/** The actions a permission on a playbook is about. */
export const PLAYBOOK_ACTIONS = ['playbook:run', 'playbook:approve'] as const;
export type PlaybookAction = (typeof PLAYBOOK_ACTIONS)[number];

/** Every action the access review accepts (duty `policy.AllActions`). */
export const REVIEW_ACTIONS = [
  'create',
  'read',
  'update',
  'delete',
  'playbook:approve',
  'playbook:cancel',
  'playbook:run',
  'mcp:run',
  'mcp:use',
] as const;

/** One entry of an object selector: a name (`*` for any) and optionally namespace and tags. */
export interface SelectorEntry {
  name?: string | null;
  namespace?: string | null;
  /** `key=value` pairs separated by commas; every pair must match. */
  tagSelector?: string | null;
}

/** What a selector entry is matched against. */
export interface Selectable {
  name: string;
  namespace?: string | null;
  tags?: Readonly<Record<string, unknown>> | null;
}

function nameMatches(pattern: string | null | undefined, name: string): boolean {
  if (!pattern || pattern === '*') return true;
  if (pattern.endsWith('*')) return name.startsWith(pattern.slice(0, -1));
  return pattern === name;
}

function tagsMatch(selector: string | null | undefined, tags: Selectable['tags']): boolean {
  if (!selector) return true;
  return selector
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .every((pair) => {
      const [key = '', value = ''] = pair.split('=').map((part) => part.trim());
      return String(tags?.[key] ?? '') === value;
    });
}

/** Whether one selector entry selects `item`. */
export function selectorMatches(entry: SelectorEntry, item: Selectable): boolean {
  if (!nameMatches(entry.name, item.name)) return false;
  if (entry.namespace && entry.namespace !== '*' && entry.namespace !== (item.namespace ?? '')) {
    return false;
  }
  return tagsMatch(entry.tagSelector, item.tags);
}

/** Whether any entry of a list selects `item`. */
export function anySelectorMatches(
  entries: readonly SelectorEntry[] | null | undefined,
  item: Selectable,
): boolean {
  return (entries ?? []).some((entry) => selectorMatches(entry, item));
}

/** The keys of an object selector that restrict which resources a playbook runs on. */
export const RESOURCE_SELECTOR_KEYS = ['configs', 'components', 'checks'] as const;
export type ResourceSelectorKey = (typeof RESOURCE_SELECTOR_KEYS)[number];

/** A permission's object, as far as playbooks are concerned. */
export interface PlaybookPermissionObject {
  playbook_id?: string | null;
  object?: string | null;
  object_selector?: {
    playbooks?: readonly SelectorEntry[] | null;
    configs?: readonly SelectorEntry[] | null;
    components?: readonly SelectorEntry[] | null;
    checks?: readonly SelectorEntry[] | null;
  } | null;
}

/** A playbook, as its permissions select it. */
export interface PlaybookIdentity {
  id: string;
  name: string;
  namespace?: string | null;
}

/**
 * Whether a permission's object covers the playbook: named by id, an object that covers every
 * playbook (`playbooks`, `*`), or a selector whose `playbooks` select it.
 */
export function objectCoversPlaybook(
  permission: PlaybookPermissionObject,
  playbook: PlaybookIdentity,
): boolean {
  if (permission.playbook_id) return permission.playbook_id === playbook.id;
  if (permission.object) return PLAYBOOK_OBJECTS.includes(permission.object);
  return anySelectorMatches(permission.object_selector?.playbooks, playbook);
}

/** The resource selectors a permission adds to its playbooks (none: it applies on any resource). */
export function resourceRestriction(
  permission: PlaybookPermissionObject,
): Partial<Record<ResourceSelectorKey, readonly SelectorEntry[]>> {
  const selector = permission.object_selector ?? {};
  const found: Partial<Record<ResourceSelectorKey, readonly SelectorEntry[]>> = {};
  for (const key of RESOURCE_SELECTOR_KEYS) {
    const entries = selector[key];
    if (entries && entries.length > 0) found[key] = entries;
  }
  return found;
}

/** The selector key of each kind of resource a playbook runs on. */
export const SELECTOR_KEY_OF_KIND = {
  config: 'configs',
  component: 'components',
  check: 'checks',
} as const satisfies Record<string, ResourceSelectorKey>;

/**
 * Whether a permission applies when the playbook runs on `resource` (none: no resource): a
 * permission without resource selectors applies everywhere; one with them only on a resource of
 * a selected kind that they select.
 */
export function appliesOnResource(
  permission: PlaybookPermissionObject,
  resource: (Selectable & { kind: keyof typeof SELECTOR_KEY_OF_KIND }) | null,
): boolean {
  const restriction = resourceRestriction(permission);
  if (Object.keys(restriction).length === 0) return true;
  if (!resource) return false;
  return anySelectorMatches(restriction[SELECTOR_KEY_OF_KIND[resource.kind]], resource);
}

/**
 * Whether a permission's action (a comma-separated list) covers `action`: the action itself,
 * `playbook:*` or `*`; an approver may also run the playbook.
 */
export function actionCovers(permissionAction: string, action: PlaybookAction): boolean {
  return permissionAction
    .split(',')
    .map((part) => part.trim())
    .some(
      (part) =>
        part === action ||
        part === 'playbook:*' ||
        part === '*' ||
        (action === 'playbook:run' && part === 'playbook:approve'),
    );
}

/** Whether a permission's subject is everyone. */
export function isEveryone(
  subjectType: string | null | undefined,
  subject: string | null | undefined,
): boolean {
  return subject === ANY_SUBJECT || (subjectType === 'group' && subject === EVERYONE_GROUP);
}

// ---------------------------------------------------------------- the access review

/** What the review is about (duty `SubjectAccessReviewResource`): set one or more. */
export interface AccessReviewResource {
  playbook?: string;
  config?: string;
  check?: string;
  /** The demo's own: a component, or a canary. */
  component?: string;
  canary?: string;
  view?: string;
  connection?: string;
  global?: string;
}

/** `POST /api/rbac/subject-access-reviews` body. */
export interface AccessReviewRequest {
  resource: AccessReviewResource;
  action: string;
  /** Person ids, team ids or role names; `["*"]` asks for every subject of a permission. */
  subjects: string[];
}

/**
 * One rule behind a decision, which the demo backend adds to each result (`rules`): a
 * permission row, a role, a token scope, or the approvers a spec names.
 */
export interface AccessReviewRule {
  source: 'permission' | 'role' | 'scope' | 'approvers';
  effect: 'allow' | 'deny';
  description: string;
  /** For a permission: its id, name, action and subject. */
  permission?: {
    id: string;
    name: string | null;
    namespace: string | null;
    action: string;
    subject: string;
    subject_type: string;
  };
  /** For a role: its name. */
  role?: string;
}

/** One subject's answer. */
export interface AccessReviewResult {
  subject: string;
  allowed: boolean;
  error?: string;
  rules?: AccessReviewRule[];
}

/** The answer: the request's resource and action, and a result per subject. */
export interface AccessReviewResponse {
  resource: AccessReviewResource;
  action: string;
  results: AccessReviewResult[];
}
