import type { IconName } from '@blueprintjs/core';
import type { PickAction } from '../../../../machines/palette/commandPalette';
import { canRunChecks } from '../../../../contracts/access';
import type { Authorizer, Resource } from '../../../auth/authorizer';
import type { Feature, FeatureFlags } from '../../../auth/featureFlags';
import { paths } from '../../../shell/paths';
import type { PaletteItem } from './items';

export type ActionId =
  | 'runPlaybook'
  | 'createIncident'
  | 'silence'
  | 'runCheck'
  | 'timezone'
  | 'theme'
  | 'signOut'
  | 'inspector';

/** The address that opens the incidents list with its "Create incident" dialog. */
export const CREATE_INCIDENT_HREF = paths.incidents.getHref({ create: true });

export interface PaletteAction {
  id: ActionId;
  label: string;
  icon: IconName;
  /** What the user needs: access to a resource group, and a feature left on. */
  access?: { resource: Resource; action: 'read' | 'write'; feature?: Feature };
  /** A further check on the user's roles. */
  roles?: (roles: readonly string[]) => boolean;
  /** The item to choose first, in a list of its own. */
  pick?: PickAction;
  /** Where it leads (Ctrl+Enter opens it in a new tab). */
  href?: string;
  /** Needs the app's sign-out. */
  needsSignOut?: boolean;
}

/** The palette's actions, in the order listed. */
export const PALETTE_ACTIONS: readonly PaletteAction[] = [
  {
    id: 'runPlaybook',
    label: 'Run playbook…',
    icon: 'play',
    access: { resource: 'playbook_runs', action: 'write', feature: 'playbooks' },
    pick: 'runPlaybook',
  },
  {
    id: 'createIncident',
    label: 'Create incident',
    icon: 'add',
    access: { resource: 'incident', action: 'write', feature: 'incidents' },
    href: CREATE_INCIDENT_HREF,
  },
  {
    id: 'silence',
    label: 'Silence notifications for…',
    icon: 'notifications-snooze',
    access: { resource: 'notifications', action: 'write' },
    pick: 'silence',
  },
  {
    id: 'runCheck',
    label: 'Run check now',
    icon: 'refresh',
    // The check dialog's Run Now is offered to admins, editors, responders and commanders.
    access: { resource: 'canaries', action: 'read', feature: 'health' },
    roles: canRunChecks,
    pick: 'runCheck',
  },
  { id: 'timezone', label: 'Switch time zone', icon: 'time', pick: 'timezone' },
  { id: 'theme', label: 'Toggle dark theme', icon: 'moon' },
  { id: 'signOut', label: 'Sign out', icon: 'log-out', needsSignOut: true },
  { id: 'inspector', label: 'Open flow inspector', icon: 'diagram-tree' },
];

export interface ActionContext {
  flags: FeatureFlags;
  authorizer: Authorizer;
  /** The app supplies a sign-out. */
  canSignOut: boolean;
}

/** The actions this user may take: access, feature and roles allow them. */
export function availableActions(
  actions: readonly PaletteAction[],
  { flags, authorizer, canSignOut }: ActionContext,
): PaletteAction[] {
  return actions.filter((action) => {
    const { access } = action;
    if (access?.feature && !flags.isEnabled(access.feature)) return false;
    if (access && !authorizer.can(access.resource, access.action)) return false;
    if (action.roles && !action.roles(authorizer.roles)) return false;
    if (action.needsSignOut && !canSignOut) return false;
    return true;
  });
}

/** An action as an option of the Actions group. */
export function actionToItem(action: PaletteAction): PaletteItem {
  return {
    key: `action:${action.id}`,
    kind: 'action',
    id: action.id,
    name: action.label,
    typeLabel: 'Action',
    icon: action.icon,
    action: action.id,
    ...(action.href ? { href: action.href } : {}),
  };
}
