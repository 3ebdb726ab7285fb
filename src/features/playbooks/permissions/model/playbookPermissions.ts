/**
 * A playbook's permissions as its Permissions dialog shows them: those that reach it (inbound,
 * matched by id, by an object for every playbook or by a selector of playbooks), how each row
 * reads, whether anyone may run it unrestricted, and how to narrow that.
 */
import type { NamedObject, PermissionSummary } from '../../../../api/schemas/permissions';
import {
  actionCovers,
  isEveryone,
  objectCoversPlaybook,
  resourceRestriction,
  type PlaybookIdentity,
  type SelectorEntry,
} from '../../../../../contracts/playbookAccess';
import { paths } from '../../../../shell/paths';

/** The dialog's own words. */
export const PLAYBOOK_PERMISSIONS_LABELS = {
  menu: 'Permissions',
  title: (playbook: string) => `Permissions of ${playbook}`,
  inbound: 'Inbound',
  inboundHint: 'Who may run or approve this playbook.',
  outbound: 'Outbound',
  outboundHint: 'What this playbook may act on when it runs.',
  noInbound: 'No permission names this playbook',
  noOutbound: 'This playbook has no permissions of its own',
  loadError: 'The permissions could not be loaded',
  loading: 'Loading the permissions',
  notFound: 'Playbook not found',
  close: 'Close',
  warningTitle: 'Anyone may run this playbook',
  warning:
    'A permission allows everyone to run this playbook, on any resource. Narrow it to the people who need it and the resources it is meant for.',
  example: 'Example of a narrower permission',
  columns: {
    subject: 'Subject',
    action: 'Action',
    effect: 'Effect',
    object: 'Object',
    source: 'Source',
  },
  allow: 'Allow',
  deny: 'Deny',
} as const;

/** A playbook as its permissions select it, with its title for the dialog. */
export interface PermissionsPlaybook extends PlaybookIdentity {
  title: string;
}

/** The playbook a summary row names by id: upstream's view has only `playbook_object`. */
function playbookIdOf(row: PermissionSummary): string | null {
  return row.playbook_id ?? row.playbook_object?.id ?? null;
}

/** Whether a row of `permissions_summary` has the playbook as its object. */
export function reachesPlaybook(row: PermissionSummary, playbook: PlaybookIdentity): boolean {
  return objectCoversPlaybook(
    {
      playbook_id: playbookIdOf(row),
      object: row.object ?? null,
      object_selector: (row.object_selector as PlaybookSelector | null | undefined) ?? null,
    },
    playbook,
  );
}

type PlaybookSelector = Parameters<typeof objectCoversPlaybook>[0]['object_selector'];

/** The inbound permissions among the rows asked for: denies first, then by action. */
export function inboundPermissions(
  rows: readonly PermissionSummary[],
  playbook: PlaybookIdentity,
): PermissionSummary[] {
  return rows
    .filter((row) => reachesPlaybook(row, playbook))
    .sort((a, b) => Number(!!b.deny) - Number(!!a.deny) || a.action.localeCompare(b.action));
}

/**
 * The permissions that let anyone run the playbook on any resource: allows of `playbook:run`
 * (or an action that covers it) for everyone, without configs, components or checks to narrow
 * them.
 */
export function unrestrictedRunners(
  rows: readonly PermissionSummary[],
  playbook: PlaybookIdentity,
): PermissionSummary[] {
  return rows.filter(
    (row) =>
      !row.deny &&
      isEveryone(row.subject_type, row.subject) &&
      actionCovers(row.action, 'playbook:run') &&
      reachesPlaybook(row, playbook) &&
      Object.keys(resourceRestriction({ object_selector: row.object_selector ?? null })).length ===
        0,
  );
}

/** A Permission that lets one team run the playbook on the production configs only. */
export function narrowingExample(playbook: PlaybookIdentity): string {
  const lines = [
    'apiVersion: mission-control.flanksource.com/v1',
    'kind: Permission',
    'metadata:',
    `  name: ${playbook.name}-sre`,
    ...(playbook.namespace ? [`  namespace: ${playbook.namespace}`] : []),
    'spec:',
    `  description: The SRE team runs ${playbook.name} on production configs`,
    '  subject:',
    '    team: sre',
    '  actions:',
    '    - playbook:run',
    '  object:',
    '    playbooks:',
    `      - name: ${playbook.name}`,
    ...(playbook.namespace ? [`        namespace: ${playbook.namespace}`] : []),
    '    configs:',
    '      - tagSelector: environment=production',
  ];
  return lines.join('\n');
}

/** How a subject reads, and where it leads when the console has a page for it. */
export interface SubjectLabel {
  kind: string;
  name: string;
  href?: string;
}

const SUBJECT_KINDS: Record<string, string> = {
  person: 'Person',
  team: 'Team',
  group: 'Group',
  notification: 'Notification',
  playbook: 'Playbook',
  role: 'Role',
};

function nameOf(object: NamedObject | null | undefined): string | undefined {
  if (!object) return undefined;
  return object.title || object.name || object.email || object.id || undefined;
}

/** Who a permission is for: "Team: Checkout", linked to the team; everyone reads "Everyone". */
export function subjectLabel(row: PermissionSummary): SubjectLabel {
  const type = row.subject_type ?? 'person';
  if (isEveryone(type, row.subject)) return { kind: 'Group', name: 'Everyone' };
  const kind = SUBJECT_KINDS[type] ?? type;
  const subject = row.subject ?? '';
  switch (type) {
    case 'person':
      return { kind, name: nameOf(row.person) ?? subject };
    case 'team':
      return {
        kind,
        name: nameOf(row.team) ?? subject,
        ...(row.team ? { href: paths.settingsResource.getHref('teams', subject) } : {}),
      };
    case 'playbook':
      return {
        kind,
        name: nameOf(row.playbook) ?? subject,
        ...(row.playbook ? { href: paths.playbook.getHref(subject) } : {}),
      };
    case 'notification':
      return { kind, name: nameOf(row.notification) ?? subject };
    case 'group':
      return { kind, name: nameOf(row.group) ?? subject };
    default:
      return { kind, name: subject };
  }
}

function selectorText(entries: readonly SelectorEntry[] | null | undefined): string {
  return (entries ?? [])
    .map((entry) => {
      const name = entry.namespace
        ? `${entry.namespace}/${entry.name ?? '*'}`
        : (entry.name ?? '*');
      return entry.tagSelector ? `${name} (${entry.tagSelector})` : name;
    })
    .join(', ');
}

/** What a permission is on: "Playbook: Restart Deployment", "Configs: *", "All playbooks". */
export function objectLabel(row: PermissionSummary): string {
  if (row.playbook_object || row.playbook_id) {
    return `Playbook: ${nameOf(row.playbook_object) ?? row.playbook_id ?? ''}`;
  }
  if (row.config_object || row.config_id) {
    return `Config: ${nameOf(row.config_object) ?? row.config_id ?? ''}`;
  }
  if (row.component_object || row.component_id) {
    return `Component: ${nameOf(row.component_object) ?? row.component_id ?? ''}`;
  }
  if (row.connection_object || row.connection_id) {
    return `Connection: ${nameOf(row.connection_object) ?? row.connection_id ?? ''}`;
  }
  if (row.canary_object || row.canary_id) {
    return `Canary: ${nameOf(row.canary_object) ?? row.canary_id ?? ''}`;
  }
  if (row.object) return row.object === '*' ? 'Everything' : `Object: ${row.object}`;
  const selector = (row.object_selector ?? {}) as Record<string, readonly SelectorEntry[] | null>;
  const parts = Object.entries(selector)
    .filter(([, entries]) => entries && entries.length > 0)
    .map(
      ([key, entries]) => `${key[0]?.toUpperCase() ?? ''}${key.slice(1)}: ${selectorText(entries)}`,
    );
  return parts.join('; ');
}

/** Where a permission comes from: the console, or the Kubernetes resource that defines it. */
export function sourceLabel(row: PermissionSummary): string {
  if (!row.source || row.source === 'UI') return 'Console';
  if (row.source === 'KubernetesCRD') {
    return row.namespace && row.name ? `Kubernetes: ${row.namespace}/${row.name}` : 'Kubernetes';
  }
  return row.source;
}
