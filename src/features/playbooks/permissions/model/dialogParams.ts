/**
 * A playbook's Permissions dialog in the address, so it can be linked and survives a reload:
 * `/playbooks?permissions={id}` opens it, `&permissionsTab=outbound` on its Outbound tab.
 */
import { defineUrlState, dialogId, oneOf } from '../../../../lib/urlState';

export const PERMISSIONS_TABS = ['inbound', 'outbound'] as const;
export type PermissionsTab = (typeof PERMISSIONS_TABS)[number];

export const PERMISSIONS_DIALOG_STATE = defineUrlState({
  permissions: dialogId(),
  permissionsTab: oneOf(PERMISSIONS_TABS, { default: 'inbound' }),
});
