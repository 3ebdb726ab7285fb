import type { ScopeFormValues } from './scopeForm';
import { isEmptySelector, targetTypes } from './scopeForm';

/** The scope form's messages (spec 000 §5). */
export const SCOPE_MESSAGES = {
  nameRequired: 'Name is required',
  targetsRequired: 'At least one target is required',
  oneResourceType: 'Each target can only have one resource type.',
  emptyTarget:
    'Target cannot be empty. Please specify at least one of: name, agent, tags, or enable wildcard.',
} as const;

export interface ScopeFormErrors {
  name?: string;
  /** One message for the whole list, or one per target (undefined where a target is valid). */
  targets?: string | Array<string | undefined>;
}

/** The errors of the form, or an empty object when it can be saved. */
export function validateScope(values: ScopeFormValues): ScopeFormErrors {
  const errors: ScopeFormErrors = {};
  if ((values.name ?? '').trim() === '') errors.name = SCOPE_MESSAGES.nameRequired;
  const targets = values.targets ?? [];
  if (targets.length === 0) {
    errors.targets = SCOPE_MESSAGES.targetsRequired;
    return errors;
  }
  const perTarget = targets.map((target) => {
    const types = targetTypes(target);
    if (types.length !== 1) return SCOPE_MESSAGES.oneResourceType;
    const selector = target[types[0]!];
    return selector && isEmptySelector(selector) ? SCOPE_MESSAGES.emptyTarget : undefined;
  });
  if (perTarget.some((message) => message !== undefined)) errors.targets = perTarget;
  return errors;
}
