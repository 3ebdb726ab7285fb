import type {
  Scope,
  ScopeInput,
  ScopeResourceType,
  ScopeSelector,
  ScopeTarget,
} from '../../../api/schemas/scopes';
import { SCOPE_RESOURCE_TYPES } from '../../../api/schemas/scopes';
import type { KeyValuePair } from '../../../ui/form/KeyValueField';

/** The name that selects every resource of a type. */
export const WILDCARD = '*';

/** Labels of the resource types, in the order they are offered. */
export const RESOURCE_TYPE_LABELS: Record<ScopeResourceType, string> = {
  config: 'Config',
  component: 'Component',
  playbook: 'Playbook',
  canary: 'Canary',
  view: 'View',
  global: 'Global',
};

/** One `key=value` pair of a target's tag selector. */
export type TagPair = KeyValuePair;

/** What the form edits for one resource type of a target. */
export interface ScopeSelectorValues {
  name: string;
  agent: string;
  tags: TagPair[];
  /** Every resource of the type: sent as `{ name: '*' }`, without agent or tags. */
  wildcard: boolean;
}

/** A target as the form holds it: the selector under its resource type (exactly one when valid). */
export type ScopeTargetValues = Partial<Record<ScopeResourceType, ScopeSelectorValues>>;

export interface ScopeFormValues {
  name: string;
  namespace: string;
  description: string;
  targets: ScopeTargetValues[];
}

/** `a=1, b=2` → pairs; items without `=` become keys with an empty value. */
export function parseTagSelector(selector: string | null | undefined): TagPair[] {
  if (!selector) return [];
  return selector
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const eq = item.indexOf('=');
      return eq < 0
        ? { key: item, value: '' }
        : { key: item.slice(0, eq).trim(), value: item.slice(eq + 1).trim() };
    });
}

/** Pairs with a key, trimmed and comma-joined: `a=1,b=2`. */
export function formatTagSelector(tags: readonly TagPair[]): string {
  return tags
    .map((tag) => ({ key: tag.key.trim(), value: tag.value.trim() }))
    .filter((tag) => tag.key !== '')
    .map((tag) => `${tag.key}=${tag.value}`)
    .join(',');
}

export function emptySelector(): ScopeSelectorValues {
  return { name: '', agent: '', tags: [], wildcard: false };
}

/** A new target of one type with nothing selected yet. */
export function emptyTarget(type: ScopeResourceType = 'config'): ScopeTargetValues {
  return { [type]: emptySelector() };
}

/** The resource types a target has set, in the order of `SCOPE_RESOURCE_TYPES`. */
export function targetTypes(target: ScopeTargetValues | ScopeTarget): ScopeResourceType[] {
  return SCOPE_RESOURCE_TYPES.filter((type) => target[type] !== undefined && target[type] !== null);
}

/** Only `{ name: '*' }` is a wildcard; a `*` name with an agent or tags stays a plain name. */
export function toSelectorValues(selector: ScopeSelector): ScopeSelectorValues {
  const name = selector.name ?? '';
  const agent = selector.agent ?? '';
  const tags = parseTagSelector(selector.tagSelector);
  if (name === WILDCARD && agent === '' && tags.length === 0) {
    return { ...emptySelector(), wildcard: true };
  }
  return { name, agent, tags, wildcard: false };
}

export function toTargetValues(target: ScopeTarget): ScopeTargetValues {
  const values: ScopeTargetValues = {};
  for (const type of targetTypes(target)) {
    const selector = target[type];
    if (selector) values[type] = toSelectorValues(selector);
  }
  return values;
}

/** The form's starting values: a scope's, or a new scope with one empty config target. */
export function toScopeFormValues(scope?: Scope): ScopeFormValues {
  if (!scope) return { name: '', namespace: '', description: '', targets: [emptyTarget()] };
  return {
    name: scope.name,
    namespace: scope.namespace ?? '',
    description: scope.description ?? '',
    targets: (scope.targets ?? []).map(toTargetValues),
  };
}

/** Moves a target's selector to another resource type, so exactly one type stays set. */
export function changeTargetType(
  target: ScopeTargetValues,
  type: ScopeResourceType,
): ScopeTargetValues {
  const current = targetTypes(target)
    .map((key) => target[key])
    .find((selector) => selector !== undefined);
  const selector = current ? { ...current, tags: [...current.tags] } : emptySelector();
  // Playbooks are not selected by agent.
  if (type === 'playbook') selector.agent = '';
  return { [type]: selector };
}

/** Turning the wildcard on clears name, agent and tags; turning it off leaves them empty. */
export function setWildcard(selector: ScopeSelectorValues, wildcard: boolean): ScopeSelectorValues {
  return wildcard ? { ...emptySelector(), wildcard: true } : { ...selector, wildcard: false };
}

/** Whether a selector selects nothing at all (no name, agent, tags or wildcard). */
export function isEmptySelector(selector: ScopeSelectorValues): boolean {
  return (
    !selector.wildcard &&
    selector.name.trim() === '' &&
    selector.agent.trim() === '' &&
    formatTagSelector(selector.tags) === ''
  );
}

/** A selector as it is sent: `{ name: '*' }`, or the fields that have a value. */
export function toSelector(selector: ScopeSelectorValues, type: ScopeResourceType): ScopeSelector {
  if (selector.wildcard) return { name: WILDCARD };
  const result: ScopeSelector = {};
  const name = selector.name.trim();
  const agent = type === 'playbook' ? '' : selector.agent.trim();
  const tagSelector = formatTagSelector(selector.tags);
  if (name !== '') result.name = name;
  if (agent !== '') result.agent = agent;
  if (tagSelector !== '') result.tagSelector = tagSelector;
  return result;
}

export function toTarget(target: ScopeTargetValues): ScopeTarget {
  const result: ScopeTarget = {};
  for (const type of targetTypes(target)) {
    const selector = target[type];
    if (selector) result[type] = toSelector(selector, type);
  }
  return result;
}

/**
 * The SCOPE-03 / SCOPE-04 body. `createdBy` is sent when creating; an update keeps the
 * original creator.
 */
export function toScopeInput(values: ScopeFormValues): ScopeInput {
  const namespace = values.namespace.trim();
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    namespace: namespace === '' ? null : namespace,
    description: description === '' ? null : description,
    targets: values.targets.map(toTarget),
    source: 'UI',
  };
}

/** Scopes defined by a Kubernetes resource cannot be edited in the console. */
export function isKubernetesScope(scope: Pick<Scope, 'source'> | undefined): boolean {
  return scope?.source === 'KubernetesCRD';
}

/** Only scopes made in the console may be deleted there (a missing source means the console). */
export function isUiScope(scope: Pick<Scope, 'source'> | undefined): boolean {
  return scope !== undefined && (scope.source ?? 'UI') === 'UI';
}

/** `1 target`, `3 targets`. */
export function targetCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'target' : 'targets'}`;
}
