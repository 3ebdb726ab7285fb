/**
 * Resource selectors as silences and the silence preview carry them (a JSON array of
 * `{ id?, name?, namespace?, types?, statuses?, healths?, tagSelector?, labelSelector?,
 * includeDeleted? }`), and Kubernetes-style label selectors (`env=dev,tier!=db,team in (a,b),
 * owner,!temp`). Pure functions: parsing with the problem named, and matching a resource.
 *
 * Matching follows the Mission Control resource selector: every given field must hold; `name`
 * is exact or a `*` glob; `types`, `statuses` and `healths` are lists where `!x` excludes and
 * `*` globs; `namespace` is exact; deleted resources match only with `includeDeleted`.
 * Fields the demo cannot evaluate (`search`, `fieldSelector`, `agent`, `scope`, `cache`) are
 * rejected rather than silently ignored, so a preview never shows a wrong match.
 */

export type Requirement =
  | { key: string; op: 'eq' | 'neq'; value: string }
  | { key: string; op: 'in' | 'notin'; values: string[] }
  | { key: string; op: 'exists' | 'notexists' };

export interface ResourceSelector {
  id?: string;
  name?: string;
  namespace?: string;
  types?: string[];
  statuses?: string[];
  healths?: string[];
  tagSelector?: Requirement[];
  labelSelector?: Requirement[];
  includeDeleted?: boolean;
}

/** What a selector looks at in a resource. `tags` and `labels` are string maps. */
export interface SelectableResource {
  id: string;
  name: string | null;
  namespace: string | null;
  type: string | null;
  status: string | null;
  health: string | null;
  tags: Record<string, string>;
  labels: Record<string, string>;
  deleted: boolean;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

const KEY = /^[A-Za-z0-9]([A-Za-z0-9_.\-/]*[A-Za-z0-9])?$/;
const UNSUPPORTED = ['search', 'fieldSelector', 'agent', 'scope', 'cache'];

/** Parses a label selector; an empty text selects everything. */
export function parseLabelSelector(text: string): ParseResult<Requirement[]> {
  const requirements: Requirement[] = [];
  // Split on commas outside parentheses.
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  for (const raw of parts) {
    const part = raw.trim();
    if (part === '') {
      if (parts.length === 1) break;
      return { ok: false, error: `invalid label selector "${text}": empty requirement` };
    }
    const set = /^(\S+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(part);
    const pair = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(part);
    const bare = /^(!?)\s*([^=!\s(),]+)$/.exec(part);
    let requirement: Requirement;
    if (set) {
      const values = (set[3] ?? '').split(',').map((value) => value.trim());
      requirement = {
        key: set[1] ?? '',
        op: set[2] === 'in' ? 'in' : 'notin',
        values: values.filter((value) => value !== ''),
      };
    } else if (pair) {
      requirement = {
        key: pair[1] ?? '',
        op: pair[2] === '!=' ? 'neq' : 'eq',
        value: pair[3] ?? '',
      };
    } else if (bare) {
      requirement = { key: bare[2] ?? '', op: bare[1] === '!' ? 'notexists' : 'exists' };
    } else {
      return { ok: false, error: `invalid label selector "${text}": cannot read "${part}"` };
    }
    if (!KEY.test(requirement.key)) {
      return {
        ok: false,
        error: `invalid label selector "${text}": invalid key "${requirement.key}"`,
      };
    }
    requirements.push(requirement);
  }
  return { ok: true, value: requirements };
}

/** True when the string map satisfies every requirement. */
export function matchesLabels(
  requirements: readonly Requirement[],
  map: Record<string, string>,
): boolean {
  return requirements.every((requirement) => {
    const has = Object.prototype.hasOwnProperty.call(map, requirement.key);
    const value = has ? map[requirement.key] : undefined;
    switch (requirement.op) {
      case 'eq':
        return value === requirement.value;
      case 'neq':
        return value !== requirement.value;
      case 'in':
        return value !== undefined && requirement.values.includes(value);
      case 'notin':
        return value === undefined || !requirement.values.includes(value);
      case 'exists':
        return has;
      case 'notexists':
        return !has;
    }
  });
}

function glob(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`).test(value);
}

/** A `types`/`statuses`/`healths` list: no exclusion matches, and an inclusion if any is given. */
function matchesList(items: readonly string[], value: string | null): boolean {
  const include = items.filter((item) => !item.startsWith('!'));
  const exclude = items.filter((item) => item.startsWith('!')).map((item) => item.slice(1));
  const text = value ?? '';
  if (exclude.some((item) => glob(item, text))) return false;
  return include.length === 0 || include.some((item) => glob(item, text));
}

function stringList(value: unknown, where: string): ParseResult<string[]> {
  if (typeof value === 'string') return { ok: true, value: [value] };
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    return { ok: false, error: `${where}: expected a list of strings` };
  }
  return { ok: true, value: value as string[] };
}

/** Checks one decoded selector object; the error names the offending field. */
export function parseResourceSelector(raw: unknown, where: string): ParseResult<ResourceSelector> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, error: `${where}: expected a resource selector object` };
  }
  const source = raw as Record<string, unknown>;
  const selector: ResourceSelector = {};
  for (const key of UNSUPPORTED) {
    if (source[key] !== undefined && source[key] !== '' && source[key] !== null) {
      return { ok: false, error: `${where}.${key}: not supported by the demo backend` };
    }
  }
  for (const key of ['id', 'name', 'namespace'] as const) {
    const value = source[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string')
      return { ok: false, error: `${where}.${key}: expected a string` };
    selector[key] = value;
  }
  for (const key of ['types', 'statuses', 'healths'] as const) {
    const value = source[key];
    if (value === undefined || value === null) continue;
    const list = stringList(value, `${where}.${key}`);
    if (!list.ok) return list;
    if (list.value.length > 0) selector[key] = list.value;
  }
  for (const key of ['tagSelector', 'labelSelector'] as const) {
    const value = source[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string')
      return { ok: false, error: `${where}.${key}: expected a string` };
    const parsed = parseLabelSelector(value);
    if (!parsed.ok) return { ok: false, error: `${where}.${key}: ${parsed.error}` };
    selector[key] = parsed.value;
  }
  if (source.includeDeleted !== undefined && source.includeDeleted !== null) {
    if (typeof source.includeDeleted !== 'boolean') {
      return { ok: false, error: `${where}.includeDeleted: expected a boolean` };
    }
    selector.includeDeleted = source.includeDeleted;
  }
  return { ok: true, value: selector };
}

/** Checks a decoded `selectors` value: an array of selector objects. */
export function parseResourceSelectors(
  raw: unknown,
  where = 'selectors',
): ParseResult<ResourceSelector[]> {
  if (!Array.isArray(raw))
    return { ok: false, error: `${where}: expected an array of resource selectors` };
  const selectors: ResourceSelector[] = [];
  for (const [index, item] of raw.entries()) {
    const parsed = parseResourceSelector(item, `${where}[${index}]`);
    if (!parsed.ok) return parsed;
    selectors.push(parsed.value);
  }
  return { ok: true, value: selectors };
}

/** A selector that names nothing; it matches no resource rather than every one. */
export function isEmptySelector(selector: ResourceSelector): boolean {
  return Object.entries(selector).every(
    ([key, value]) => key === 'includeDeleted' || value === undefined,
  );
}

/** True when the resource satisfies every field of the (non-empty) selector. */
export function matchesSelector(selector: ResourceSelector, resource: SelectableResource): boolean {
  if (isEmptySelector(selector)) return false;
  if (resource.deleted && !selector.includeDeleted) return false;
  if (selector.id !== undefined && selector.id.toLowerCase() !== resource.id.toLowerCase())
    return false;
  if (selector.name !== undefined && !glob(selector.name, resource.name ?? '')) return false;
  if (selector.namespace !== undefined && selector.namespace !== (resource.namespace ?? ''))
    return false;
  if (selector.types && !matchesList(selector.types, resource.type)) return false;
  if (selector.statuses && !matchesList(selector.statuses, resource.status)) return false;
  if (selector.healths && !matchesList(selector.healths, resource.health)) return false;
  if (selector.tagSelector && !matchesLabels(selector.tagSelector, resource.tags)) return false;
  if (selector.labelSelector && !matchesLabels(selector.labelSelector, resource.labels))
    return false;
  return true;
}

/** True when any selector of the list matches (an empty list matches nothing). */
export function matchesAnySelector(
  selectors: readonly ResourceSelector[],
  resource: SelectableResource,
): boolean {
  return selectors.some((selector) => matchesSelector(selector, resource));
}
