/**
 * A stand-in for what the subject workbench reads and writes: `permission_subjects` (a
 * PostgREST table fake), the permissions table (create and delete, each answered in turn as a
 * test chooses), and the subject access search, decided from those permission rows (for
 * running and approving playbooks) and the role table (for the rest), as the demo decides.
 */
import { HttpResponse, http } from 'msw';
import type { AccessSearchRequest, SearchResourceType } from '../../../contracts/accessSearch';
import type { Resource } from '../../../contracts/access';
import { isRole, roleAllows } from '../../../contracts/access';
import type { AccessReviewRule } from '../../../contracts/playbookAccess';
import type { AccessSearchEntry } from '../../../src/api/schemas/accessSearch';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import { PLAYBOOKS, TEAMS } from './permissionsBackend';

export const CHECKOUT = TEAMS[0]!;
export const [DRAIN_NODE, RESTART] = PLAYBOOKS as [
  (typeof PLAYBOOKS)[number],
  (typeof PLAYBOOKS)[number],
];
export const GROUP_ID = '5b1f0e49-3a43-4c39-9e45-8d9b5ab1d6a1';
export const PERSON_ID = 'd7c57008-93a3-44bd-a344-1aabe1f6f210';

export const SUBJECTS = [
  { id: 'everyone', name: 'everyone', type: 'role' },
  { id: 'editor', name: 'editor', type: 'role' },
  { id: 'viewer', name: 'viewer', type: 'role' },
  { id: GROUP_ID, name: 'sre-oncall', type: 'permission_subject_group' },
  { id: CHECKOUT.id, name: CHECKOUT.name, type: 'team' },
  { id: PERSON_ID, name: 'Ada Admin', type: 'person', email: 'admin@demo.local' },
  { id: 'a3c9f1de-0f41-4f58-9a55-0c2a1d2b8e11', name: 'ci-deployer', type: 'access_token_person' },
  { id: DRAIN_NODE.id, name: DRAIN_NODE.title, type: 'playbook' },
].map((subject) => ({ email: null, owner: null, icon: null, deleted_at: null, ...subject }));

export const VIEWS = [{ id: 'c0d3a2f4-7c7e-4f41-8f6e-2b1f5a9c0a01', name: 'cluster-overview' }];

/** A permission row as the fake keeps it. */
export interface PermissionRow {
  id: string;
  name: string | null;
  namespace: string | null;
  description: string;
  action: string;
  deny: boolean;
  subject: string;
  subject_type: string;
  playbook_id: string | null;
}

/** Nobody outside the platform team restarts deployments. */
export const NO_RESTARTS: PermissionRow = {
  id: '52f943cc-b933-490c-965e-42b8fbfc7ad3',
  name: 'no-restarts',
  namespace: 'security',
  description: 'Nobody outside the platform team restarts deployments',
  action: 'playbook:run',
  deny: true,
  subject: 'everyone',
  subject_type: 'group',
  playbook_id: RESTART.id,
};

/** The resource group that guards each type, as the demo has it. */
const GROUPS: Record<SearchResourceType, Resource> = {
  playbook: 'playbooks',
  view: 'views',
  connection: 'connections',
  config: 'database',
  component: 'topologies',
  canary: 'canaries',
};

const ruleOf = (row: PermissionRow): AccessReviewRule => ({
  source: 'permission',
  effect: row.deny ? 'deny' : 'allow',
  description: row.description,
  permission: {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    action: row.action,
    subject: row.subject,
    subject_type: row.subject_type,
  },
});

interface Decision {
  allowed: boolean;
  rules: AccessReviewRule[];
}

/** A role subject's role rules; others hold no role. */
function byRole(subject: string, group: Resource, write: boolean): Decision {
  if (!isRole(subject)) return { allowed: false, rules: [] };
  const allowed = roleAllows(subject, group, write ? 'write' : 'read');
  return {
    allowed,
    rules: [
      {
        source: 'role',
        effect: allowed ? 'allow' : 'deny',
        role: subject,
        description: `The ${subject} role ${allowed ? 'may' : 'may not'} ${write ? 'write' : 'read'} ${group}`,
      },
    ],
  };
}

function decide(
  rows: readonly PermissionRow[],
  subject: string,
  type: SearchResourceType,
  id: string,
  action: string,
): Decision {
  if (action.startsWith('playbook:')) {
    const matching = rows.filter(
      (row) =>
        row.action === action &&
        row.playbook_id === id &&
        (row.subject === subject || (row.subject_type === 'group' && row.subject === 'everyone')),
    );
    const denies = matching.filter((row) => row.deny);
    if (denies.length > 0) return { allowed: false, rules: denies.map(ruleOf) };
    const allows = matching.filter((row) => !row.deny);
    if (allows.length > 0) return { allowed: true, rules: allows.map(ruleOf) };
    return byRole(subject, 'playbook_runs', true);
  }
  return byRole(subject, GROUPS[type], action !== 'read');
}

const direct = (subject: string, decision: Decision) =>
  decision.allowed &&
  decision.rules.some(
    (rule) =>
      rule.effect === 'allow' &&
      (rule.permission?.subject === subject || (rule.source === 'role' && rule.role === subject)),
  );

/** How the fake answers one write: as it does, or with this status and body. */
export type WriteAnswer = 'ok' | { status: number; body: Record<string, unknown> };

export interface SubjectAccessBackendOptions {
  rows?: PermissionRow[];
  /** More configs, named `config-01`…, for paging. */
  configs?: number;
  /** How writes are answered, in turn (default: every one as the fake does); none: held. */
  writeAnswers?: () => Promise<WriteAnswer | undefined>;
  /** Whether a write changes the rows the search decides with (default true). */
  persist?: boolean;
}

export function subjectAccessBackend({
  rows = [NO_RESTARTS],
  configs = 2,
  writeAnswers = async () => 'ok',
  persist = true,
}: SubjectAccessBackendOptions = {}) {
  const subjects = postgrestTable('permission_subjects', SUBJECTS);
  const table = [...rows];
  const searches: AccessSearchRequest[] = [];
  const writes: Array<{ method: 'POST' | 'DELETE'; id?: string; body?: Record<string, unknown> }> =
    [];
  const resources: Record<SearchResourceType, Array<{ id: string; name: string }>> = {
    playbook: PLAYBOOKS.map((playbook) => ({ id: playbook.id, name: playbook.title })),
    view: VIEWS,
    connection: [],
    config: Array.from({ length: configs }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      name: `config-${String(i + 1).padStart(2, '0')}`,
    })),
    component: [],
    canary: [],
  };
  const refuse = (answer: Exclude<WriteAnswer, 'ok'>) =>
    HttpResponse.json(answer.body, { status: answer.status });

  server.use(
    http.post('*/api/rbac/subject-access-search', async ({ request }) => {
      const body = (await request.json()) as AccessSearchRequest;
      searches.push(body);
      const actions = [...new Set([body.action ?? '', ...(body.actions ?? [])])].filter(Boolean);
      const types = body.resource_types ?? ['playbook', 'view'];
      const all: AccessSearchEntry[][] = [];
      for (const type of types) {
        for (const resource of resources[type]) {
          const entries: AccessSearchEntry[] = [];
          for (const action of actions) {
            if (action.startsWith('playbook:') && type !== 'playbook') continue;
            const decision = decide(table, body.subject, type, resource.id, action);
            if (!decision.allowed && !body.include_denied) continue;
            entries.push({
              resource_type: type,
              id: resource.id,
              name: resource.name,
              action,
              allowed: decision.allowed,
              direct: direct(body.subject, decision),
              rules: decision.rules,
            });
          }
          if (entries.length > 0) all.push(entries);
        }
      }
      const limit = body.limit ?? 100;
      const offset = body.offset ?? 0;
      return HttpResponse.json({
        subject: body.subject,
        action: actions[0],
        actions,
        resource_types: types,
        total: all.flat().length,
        resource_total: all.length,
        limit,
        offset,
        results: all.slice(offset, offset + limit).flat(),
      });
    }),
    http.post('*/api/db/permissions', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ method: 'POST', body });
      const answer = await writeAnswers();
      if (answer === undefined) return HttpResponse.json({}, { status: 504 });
      if (answer !== 'ok') return refuse(answer);
      const row: PermissionRow = {
        id: `10000000-0000-4000-8000-${String(table.length).padStart(12, '0')}`,
        name: null,
        namespace: null,
        description: String(body.description ?? ''),
        action: String(body.action),
        deny: body.deny === true,
        subject: String(body.subject),
        subject_type: String(body.subject_type),
        playbook_id: (body.playbook_id as string | null) ?? null,
      };
      if (persist) table.push(row);
      return HttpResponse.json([{ ...row, created_at: '2026-11-30T00:00:00Z' }], { status: 201 });
    }),
    http.delete('*/api/db/permissions', async ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '');
      writes.push({ method: 'DELETE', ...(id ? { id } : {}) });
      const answer = await writeAnswers();
      if (answer === undefined) return HttpResponse.json({}, { status: 504 });
      if (answer !== 'ok') return refuse(answer);
      const index = table.findIndex((row) => row.id === id);
      if (index < 0) return HttpResponse.json([]);
      const [removed] = persist ? table.splice(index, 1) : [table[index]];
      return HttpResponse.json([removed]);
    }),
  );

  return { rows: table, searches, writes, subjects };
}

/** Named scenario: the search fails with this status and body. */
export function accessSearchFails(status: number, body: Record<string, unknown>) {
  server.use(
    http.post('*/api/rbac/subject-access-search', () => HttpResponse.json(body, { status })),
  );
}
