import type { SelectorKind } from './selectorKinds';

/**
 * One term of a selector: `key=value`, `key!=value`, `key=!value` (not the value), or a word
 * (`-word` excludes names, `!tags.k` asks that the tag is not set).
 */
export interface SelectorTerm {
  /** The term as written. */
  text: string;
  key?: string;
  value?: string;
  negated: boolean;
}

/** The selector's terms: split at spaces, a double-quoted value kept whole. */
export function selectorTerms(selector: string): SelectorTerm[] {
  const words = selector.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
  return words.map((text) => {
    const match = /^(!?)([A-Za-z_][\w.-]*)(!?=)(.*)$/.exec(text);
    if (!match) return { text, negated: text.startsWith('!') || text.startsWith('-') };
    const [, bang = '', key = '', op = '', raw = ''] = match;
    const value = raw.replace(/^"(.*)"$/, '$1');
    return {
      text,
      key,
      value,
      negated: bang === '!' || op === '!=' || value.startsWith('!'),
    };
  });
}

/** `configs`, `canaries`: the kind in the plural. */
function plural(kind: SelectorKind): string {
  return kind === 'canary' ? 'canaries' : `${kind}s`;
}

/** The resource types a scope's target selects (spec 000: a target holds exactly one). */
const SCOPE_TYPES: Partial<Record<SelectorKind, string>> = {
  config: 'config',
  component: 'component',
  playbook: 'playbook',
  canary: 'canary',
};

/** The lists of a permission's object selector (spec 002 §3.2), by kind. */
const PERMISSION_LISTS: Partial<Record<SelectorKind, string>> = {
  config: 'configs',
  component: 'components',
  playbook: 'playbooks',
  connection: 'connections',
};

/** What one destination's YAML is made of: the value to write, or why there is none. */
export type YamlSource =
  | {
      ok: true;
      value: unknown;
      /** Terms of the selector the destination cannot hold, left out. */
      leftOut: string[];
    }
  | { ok: false; reason: string };

/**
 * A scope's target (the scope form's shape: `targets` of `{ <type>: { name, agent,
 * tagSelector } }`). A target holds only a name, an agent and tags: `name=`, `agent=` and plain
 * `tags.k=v` / `labels.k=v` terms are carried (tags comma-joined, `k=v,k2=v2`); any other term
 * is left out and named.
 */
export function scopeYamlSource(kind: SelectorKind, selector: string): YamlSource {
  const type = SCOPE_TYPES[kind];
  if (!type) return { ok: false, reason: `A scope cannot select ${plural(kind)}.` };
  const target: Record<string, string> = {};
  const tags: string[] = [];
  const leftOut: string[] = [];
  for (const term of selectorTerms(selector)) {
    const { key, value } = term;
    if (key === undefined || value === undefined || term.negated || value.includes(',')) {
      leftOut.push(term.text);
      continue;
    }
    const tag = /^(?:tags|labels)\.(.+)$/.exec(key)?.[1];
    if ((key === 'name' || (key === 'agent' && kind !== 'playbook')) && !target[key]) {
      target[key] = value;
    } else if (tag !== undefined && !/[*?]/.test(value)) {
      tags.push(`${tag}=${value}`);
    } else {
      leftOut.push(term.text);
    }
  }
  if (tags.length > 0) target.tagSelector = tags.join(',');
  if (Object.keys(target).length === 0) target.name = '*';
  return { ok: true, value: { targets: [{ [type]: target }] }, leftOut };
}

/**
 * A permission's object selector (the permission form's `object_selector`: a list per kind of
 * resource selectors), the whole selector as the selector's `search`.
 */
export function permissionYamlSource(kind: SelectorKind, selector: string): YamlSource {
  const list = PERMISSION_LISTS[kind];
  if (!list) return { ok: false, reason: `A permission cannot select ${plural(kind)}.` };
  return {
    ok: true,
    value: { object_selector: { [list]: [{ search: selector.trim() }] } },
    leftOut: [],
  };
}

/**
 * A silence's resource selectors (the silence form's Selectors field: a list of mappings), the
 * whole selector as the selector's `search`.
 */
export function silenceYamlSource(selector: string): YamlSource {
  return { ok: true, value: [{ search: selector.trim() }], leftOut: [] };
}

export const YAML_DESTINATIONS = ['scope', 'permission', 'silence'] as const;
export type YamlDestination = (typeof YAML_DESTINATIONS)[number];

export function yamlSource(
  destination: YamlDestination,
  kind: SelectorKind,
  selector: string,
): YamlSource {
  if (destination === 'scope') return scopeYamlSource(kind, selector);
  if (destination === 'permission') return permissionYamlSource(kind, selector);
  return silenceYamlSource(selector);
}
