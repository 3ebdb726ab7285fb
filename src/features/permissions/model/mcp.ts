/**
 * The MCP settings page's questions and words: who may use MCP (`mcp:use` on the global `mcp`
 * object), which playbooks and views are exposed as tools (`mcp:run` on them), and which roles
 * may use MCP through their role. Pure.
 */
import type { AccessReviewRequest } from '../../../../contracts/playbookAccess';
import type { PermissionListFilters } from '../../../api/endpoints/permissions';
import type { AccessReviewResponse, PermissionSummary } from '../../../api/schemas/permissions';
import { defineUrlState, dialogId, oneOf } from '../../../lib/urlState';
import type { PermissionPreset } from './permissionForm';
import { MCP_OBJECT } from './inference';

/** The most permissions each section lists; more are on the permissions page. */
export const MCP_LIST_LIMIT = 200;

/** The permissions that let a subject connect: `mcp:use` (alone, in a list, or `*`) on `mcp`. */
export const MCP_USE_FILTERS: PermissionListFilters = {
  resourceKind: 'global',
  resource: MCP_OBJECT,
  action: 'mcp:use',
};

/** The permissions that may expose a playbook or view: `mcp:run` (alone, in a list, or `*`). */
export const MCP_RUN_FILTERS: PermissionListFilters = { action: 'mcp:run' };

/** What a permission with `mcp:run` exposes as tools, and how it names it. */
export type McpExposure =
  | { kind: 'playbook'; by: 'id'; id: string; name: string }
  | { kind: 'playbook' | 'view'; by: 'selector' | 'global' }
  | { kind: 'all'; by: 'global' };

const PLAYBOOK_OBJECTS: ReadonlySet<string> = new Set(['playbooks', 'playbook']);
const VIEW_OBJECTS: ReadonlySet<string> = new Set(['views', 'view']);

/**
 * Whether (and what) a permission exposes: a playbook by id or selector, or every playbook
 * (global `playbooks`); views by selector or every view (global `views`); both (global `*`).
 * A permission on anything else (`*` on a config) exposes nothing.
 */
export function exposureOf(row: PermissionSummary): McpExposure | undefined {
  const selector = row.object_selector ?? {};
  const object = row.object ?? '';
  const playbookId = row.playbook_object?.id ?? row.playbook_id;
  if (playbookId) {
    const named = row.playbook_object;
    return {
      kind: 'playbook',
      by: 'id',
      id: playbookId,
      name: named?.title || named?.name || playbookId,
    };
  }
  if ((selector.playbooks?.length ?? 0) > 0) return { kind: 'playbook', by: 'selector' };
  if ((selector.views?.length ?? 0) > 0) return { kind: 'view', by: 'selector' };
  if (PLAYBOOK_OBJECTS.has(object)) return { kind: 'playbook', by: 'global' };
  if (VIEW_OBJECTS.has(object)) return { kind: 'view', by: 'global' };
  if (object === '*') return { kind: 'all', by: 'global' };
  return undefined;
}

/** The `mcp:run` permissions that expose playbooks or views, in the order listed. */
export function exposedPermissions(rows: readonly PermissionSummary[]): PermissionSummary[] {
  return rows.filter((row) => exposureOf(row) !== undefined);
}

/** The dialogs the page opens with a preset permission. */
export const MCP_PRESETS = {
  use: { action: 'mcp:use', object: MCP_OBJECT },
  playbook: { action: 'mcp:run', resourceKind: 'playbook' },
  view: { action: 'mcp:run', resourceKind: 'view' },
} as const satisfies Record<string, PermissionPreset>;
export type McpPreset = keyof typeof MCP_PRESETS;

/**
 * The page's dialogs in the address: a new permission with its preset (`?add=use|playbook|view`),
 * a permission opened (`?id=`), or the access check (`?check=mcp`).
 */
export const MCP_SETTINGS_STATE = defineUrlState({
  add: oneOf(Object.keys(MCP_PRESETS) as McpPreset[], { history: 'push' }),
  id: dialogId(),
  check: oneOf(['mcp'], { history: 'push' }),
});

/** The access review of `mcp:use` on `mcp` for each role: one request, every role a subject. */
export function rolesReviewRequest(roles: readonly string[]): AccessReviewRequest {
  return { resource: { global: MCP_OBJECT }, action: 'mcp:use', subjects: [...roles] };
}

/** The roles the review allows and those it denies, in the order asked. */
export function rolesByDecision(
  roles: readonly string[],
  response: AccessReviewResponse,
): { allowed: string[]; denied: string[] } {
  const allowed = new Set(
    response.results.filter((result) => result.allowed).map((result) => result.subject),
  );
  return {
    allowed: roles.filter((role) => allowed.has(role)),
    denied: roles.filter((role) => !allowed.has(role)),
  };
}

/** The page's own words. */
export const MCP_SETTINGS_LABELS = {
  title: 'MCP',
  intro:
    'Who may connect an MCP client to Mission Control, and which playbooks and views its tools ' +
    'may run. Both are permissions: mcp:use on the mcp object, and mcp:run on a playbook or view.',
  use: {
    title: 'Who may use MCP',
    table: 'MCP users',
    add: 'Allow a subject to use MCP',
    empty: 'No permission grants mcp:use on the mcp object.',
    loadError: 'Error loading the MCP permissions',
  },
  roles: {
    title: 'Through their role',
    note:
      "The demo's MCP endpoint (/api/mcp) decides mcp:use by role and the token's scope; it " +
      'does not read the permissions above, which a Mission Control server enforces.',
    loading: 'Asking which roles may use MCP',
    allowed: 'May use MCP through their role:',
    denied: 'May not through their role alone:',
    none: 'none',
    loadError: 'Which roles may use MCP could not be checked',
    notAllowedTitle: 'Not allowed',
    notAllowedText:
      'Which roles may use MCP is answered by the access review, which needs read access to RBAC.',
  },
  exposed: {
    title: 'Playbooks and views exposed as tools',
    table: 'MCP tools',
    exposes: 'Exposes',
    exposures: {
      playbookSelector: 'Playbooks by selector',
      viewSelector: 'Views by selector',
      playbookGlobal: 'Every playbook',
      viewGlobal: 'Every view',
      allGlobal: 'Every playbook and view',
    },
    addPlaybook: 'Expose a playbook',
    addView: 'Expose a view',
    empty: 'No permission grants mcp:run on a playbook or view.',
    loadError: 'Error loading the exposed playbooks and views',
  },
  check: {
    title: 'Check MCP access',
    text: 'Whether a person, team, role or playbook may use MCP (mcp:use on mcp), with the rules that decide it.',
    open: 'Check MCP access',
    notAllowedTitle: 'Not allowed',
    notAllowedText: 'Checking access needs read access to RBAC.',
  },
  more: (read: number, total: number) =>
    `Only the first ${read} of ${total} permissions are read here.`,
  allOnPermissions: 'All on the Permissions page',
} as const;

/** How the Exposes column reads an exposure that is not one playbook by id. */
export function exposureText(exposure: Exclude<McpExposure, { by: 'id' }>): string {
  const words = MCP_SETTINGS_LABELS.exposed.exposures;
  if (exposure.kind === 'all') return words.allGlobal;
  if (exposure.kind === 'playbook') {
    return exposure.by === 'selector' ? words.playbookSelector : words.playbookGlobal;
  }
  return exposure.by === 'selector' ? words.viewSelector : words.viewGlobal;
}
