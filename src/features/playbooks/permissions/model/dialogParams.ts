/**
 * A playbook's Permissions dialog in the address, so it can be linked and survives a reload:
 * `/playbooks?permissions={id}` opens it, `&permissionsTab=outbound` on its Outbound tab. The
 * spec sits beside the link that writes it (`paths.playbookPermissions`).
 */
import { PLAYBOOK_PERMISSIONS_STATE } from '../../../../shell/paths';

export const PERMISSIONS_TABS = ['inbound', 'outbound'] as const;
export type PermissionsTab = (typeof PERMISSIONS_TABS)[number];

export const PERMISSIONS_DIALOG_STATE = PLAYBOOK_PERMISSIONS_STATE;
