/**
 * The spec dialog's place in the address, so it survives a reload and can be linked:
 * `/playbooks?new=1` opens the form for a new playbook, `/playbooks?edit={id}` a playbook's.
 */

export const NEW_PARAM = 'new';
export const EDIT_PARAM = 'edit';

export type SpecDialogState =
  { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; id: string };

/** The dialog the address asks for; an edit wins over a new one. */
export function specDialogOf(params: URLSearchParams): SpecDialogState {
  const id = params.get(EDIT_PARAM)?.trim() ?? '';
  if (id !== '') return { mode: 'edit', id };
  if (params.get(NEW_PARAM) === '1') return { mode: 'create' };
  return { mode: 'closed' };
}

/** The address's parameters with the dialog set (other parameters, such as the search, kept). */
export function withSpecDialog(params: URLSearchParams, state: SpecDialogState): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(NEW_PARAM);
  next.delete(EDIT_PARAM);
  if (state.mode === 'create') next.set(NEW_PARAM, '1');
  if (state.mode === 'edit') next.set(EDIT_PARAM, state.id);
  return next;
}

/** Where a playbook's link (`/playbooks/:id`, spec 002 §2.1) leads: its form on `/playbooks`. */
export function playbookEditHref(id: string): string {
  return `/playbooks?${withSpecDialog(new URLSearchParams(), { mode: 'edit', id }).toString()}`;
}
