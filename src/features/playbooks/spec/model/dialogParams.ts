/**
 * The spec dialog's place in the address, so it survives a reload and can be linked:
 * `/playbooks?new=1` opens the form for a new playbook, `/playbooks?edit={id}` a playbook's.
 * The spec sits beside the link that writes it (`paths.playbookForm`).
 */
import { PLAYBOOK_FORM_STATE, paths } from '../../../../shell/paths';

export const SPEC_DIALOG_STATE = PLAYBOOK_FORM_STATE;

/** Where a playbook's link (`/playbooks/:id`, spec 002 §2.1) leads: its form on `/playbooks`. */
export const playbookEditHref = (id: string): string => paths.playbookForm.getHref(id);
