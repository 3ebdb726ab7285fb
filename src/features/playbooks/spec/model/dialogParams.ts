/**
 * The spec dialog's place in the address, so it survives a reload and can be linked:
 * `/playbooks?new=1` opens the form for a new playbook, `/playbooks?edit={id}` a playbook's.
 */
import { recordDialogState } from '../../../../widgets/useRecordDialog';

export const SPEC_DIALOG_STATE = recordDialogState({ editParam: 'edit' });

/** Where a playbook's link (`/playbooks/:id`, spec 002 §2.1) leads: its form on `/playbooks`. */
export function playbookEditHref(id: string): string {
  return `/playbooks?${SPEC_DIALOG_STATE.write(new URLSearchParams(), { id }).toString()}`;
}
