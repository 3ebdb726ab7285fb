import type { LabelRequirement } from '../routes/catalog/request';
import { parseLabelSelector } from '../routes/catalog/request';
import type { SelectorAst, SelectorTerm } from './selector';
import { parseSelector } from './selector';

/** The parts of a resource selector (MISC-03) written in a selector language. */
export interface SelectorTexts {
  search?: string | null;
  labelSelector?: string | null;
  fieldSelector?: string | null;
  tagSelector?: string | null;
}

export type ParsedSelector = { ok: true; value: SelectorAst } | { ok: false; error: string };

/** A Kubernetes-style requirement as a term of the grammar, on `labels.k` or on a field. */
function requirementTerm(requirement: LabelRequirement, map: string | null): SelectorTerm | null {
  const key = map ?? requirement.key.toLowerCase();
  const path = map === null ? null : requirement.key;
  switch (requirement.op) {
    case 'eq':
    case 'neq':
    case 'in':
    case 'notin': {
      const texts = 'values' in requirement ? requirement.values : [requirement.value];
      const op = requirement.op === 'eq' || requirement.op === 'in' ? '=' : '!=';
      const values = texts.map((text) => ({ text, negated: false }));
      return { kind: 'field', key, path, op, values };
    }
    case 'exists':
    case 'absent':
      // Fields are always present: only map keys can be asked to be set or not.
      if (map === null) return null;
      return { kind: 'exists', key, path: requirement.key, negated: requirement.op === 'absent' };
  }
}

/**
 * The terms of a resource selector: its `search` in the selector grammar, and its
 * `labelSelector` (on `labels`), `tagSelector` (on `tags`) and `fieldSelector` (on fields) as the
 * backend converts them.
 * An error names the part and the problem.
 */
export function selectorOf(selector: SelectorTexts): ParsedSelector {
  const terms: SelectorTerm[] = [];
  const search = selector.search?.trim();
  if (search) {
    const parsed = parseSelector(search);
    if (!parsed.ok) return { ok: false, error: `search: ${parsed.error}` };
    terms.push(...parsed.value.terms);
  }
  const kube: Array<['labelSelector' | 'fieldSelector' | 'tagSelector', string | null]> = [
    ['labelSelector', 'labels'],
    ['fieldSelector', null],
    ['tagSelector', 'tags'],
  ];
  for (const [name, map] of kube) {
    const text = selector[name]?.trim();
    if (!text) continue;
    const parsed = parseLabelSelector(text);
    if (!parsed.ok) return { ok: false, error: `${name}: ${parsed.error}` };
    for (const requirement of parsed.value) {
      const term = requirementTerm(requirement, map);
      if (!term) return { ok: false, error: `${name}: "${requirement.key}" needs a value` };
      terms.push(term);
    }
  }
  return { ok: true, value: { terms } };
}
