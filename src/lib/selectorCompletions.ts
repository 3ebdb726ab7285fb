/**
 * What completion offers in a selector field (see `selectorContextAt`), from the facts of the
 * estate: its config types, statuses, agents, and tag and label keys with their values.
 */
import type { SelectorContext } from './selectorContext';
import type { SelectorFacts } from './selectorFacts';

/** The values of a health, as selectors match them. */
export const HEALTH_VALUES = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

export interface SelectorCompletion {
  /** What the list shows. */
  label: string;
  /** What is written in place of the word typed so far. */
  insertText: string;
  /** A key (written with its `=`, or `tags.`) or a value. */
  kind: 'key' | 'value';
  /** A word on what it is: `Config type`, `Tag`, `Tag value`. */
  detail: string;
  /** Completion is asked again once it is written, so a key's values follow it. */
  continues: boolean;
}

/** The search grammar's own keys, with what each matches. */
const SEARCH_KEYS: ReadonlyArray<[key: string, detail: string]> = [
  ['type', 'Type'],
  ['name', 'Name'],
  ['namespace', 'Namespace'],
  ['agent', 'Agent'],
  ['health', 'Health'],
  ['status', 'Status'],
];

function key(label: string, detail: string): SelectorCompletion {
  return { label, insertText: label, kind: 'key', detail, continues: true };
}

function values(list: readonly string[], detail: string): SelectorCompletion[] {
  return list.map((value) => ({
    label: value,
    insertText: value,
    kind: 'value',
    detail,
    continues: false,
  }));
}

/** The values of a key typed in a `search:` (`type`, `tags.cluster`, or a bare tag key). */
function searchValues(name: string, facts: SelectorFacts): SelectorCompletion[] {
  switch (name) {
    case 'type':
      return values(facts.types, 'Config type');
    case 'health':
      return values(HEALTH_VALUES, 'Health');
    case 'status':
      return values(facts.statuses, 'Status');
    case 'agent':
      return values(facts.agents, 'Agent');
    case 'namespace':
      return values(facts.tags.namespace ?? [], 'Namespace');
    default:
  }
  if (name.startsWith('tags.')) return values(facts.tags[name.slice(5)] ?? [], 'Tag value');
  if (name.startsWith('labels.')) return values(facts.labels[name.slice(7)] ?? [], 'Label value');
  const tag = facts.tags[name];
  if (tag) return values(tag, 'Tag value');
  return values(facts.labels[name] ?? [], 'Label value');
}

/** Keys of a tag or label map, each written with its `=`. */
function pairKeys(map: SelectorFacts['tags'], detail: string): SelectorCompletion[] {
  return Object.keys(map).map((name) => key(`${name}=`, detail));
}

/**
 * The completions for a selector context: in a `search:`, the grammar's keys (`type=`, …,
 * `tags.`, `labels.`) and the known tag and label keys as `tags.<key>=`/`labels.<key>=`, then
 * after `key=` that key's values; in a `tagSelector:` (`labelSelector:`) the known tag (label)
 * keys, then their values; in `types:` the config types.
 */
export function selectorCompletions(
  context: SelectorContext,
  facts: SelectorFacts,
): SelectorCompletion[] {
  const { field } = context;
  if (field === 'types') return values(facts.types, 'Config type');
  const tags = field === 'labelSelector' ? facts.labels : facts.tags;
  if (context.key !== undefined) {
    if (field === 'search') return searchValues(context.key, facts);
    return values(tags[context.key] ?? [], field === 'tagSelector' ? 'Tag value' : 'Label value');
  }
  if (field === 'tagSelector') return pairKeys(facts.tags, 'Tag');
  if (field === 'labelSelector') return pairKeys(facts.labels, 'Label');
  return [
    ...SEARCH_KEYS.map(([name, detail]) => key(`${name}=`, detail)),
    key('tags.', 'Tag'),
    key('labels.', 'Label'),
    ...Object.keys(facts.tags).map((name) => key(`tags.${name}=`, 'Tag')),
    ...Object.keys(facts.labels).map((name) => key(`labels.${name}=`, 'Label')),
  ];
}
