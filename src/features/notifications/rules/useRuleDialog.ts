import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The address parameter of the rule whose dialog is open. */
export const RULE_PARAM = 'id';
/** The address parameter of the new-rule dialog (`?new=1`). */
export const NEW_RULE_PARAM = 'new';

/** Which rule dialog the address asks for. */
export type RuleDialogState =
  { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; id: string };

/** The dialog of an address's query: `?id={id}` (a rule) wins over `?new=1`. */
export function ruleDialogOf(params: URLSearchParams): RuleDialogState {
  const id = params.get(RULE_PARAM);
  if (id) return { mode: 'edit', id };
  if (params.get(NEW_RULE_PARAM) === '1') return { mode: 'create' };
  return { mode: 'closed' };
}

/** The query with the dialog's parameters set for `state`, the others (page, sort) kept. */
export function withRuleDialog(params: URLSearchParams, state: RuleDialogState): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(RULE_PARAM);
  next.delete(NEW_RULE_PARAM);
  if (state.mode === 'edit') next.set(RULE_PARAM, state.id);
  if (state.mode === 'create') next.set(NEW_RULE_PARAM, '1');
  return next;
}

export interface RuleDialogControl {
  state: RuleDialogState;
  openCreate: () => void;
  openRule: (id: string) => void;
  close: () => void;
}

/** The rule dialog held in the address; opening adds a history entry, closing replaces it. */
export function useRuleDialog(): RuleDialogControl {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => ruleDialogOf(params), [params]);
  const go = useCallback(
    (next: RuleDialogState, replace: boolean) =>
      setParams((current) => withRuleDialog(current, next), { replace }),
    [setParams],
  );
  return {
    state,
    openCreate: useCallback(() => go({ mode: 'create' }, false), [go]),
    openRule: useCallback((id: string) => go({ mode: 'edit', id }, false), [go]),
    close: useCallback(() => go({ mode: 'closed' }, true), [go]),
  };
}
