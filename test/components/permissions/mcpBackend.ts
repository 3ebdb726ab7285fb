/**
 * What the MCP settings page reads and writes: the permissions (the permissions page's fake,
 * with permissions granting `mcp:use` and `mcp:run`), and the access review, decided for role
 * subjects as the demo decides `mcp:use` (a role that reads the catalog) and recorded.
 */
import { HttpResponse, http } from 'msw';
import type { AccessReviewRequest } from '../../../contracts/playbookAccess';
import { isRole, roleAllows } from '../../../contracts/access';
import type { PermissionSummary } from '../../../src/api/schemas/permissions';
import { server } from '../../support/msw';
import { CRD_DENY, PEOPLE, PLAYBOOKS, TEAMS, permissionsBackend } from './permissionsBackend';

const CREATOR = { id: 'e1', name: 'Eli Editor', email: 'editor@demo.local', avatar: null };

const base = {
  source: 'UI',
  deny: false,
  object: null,
  object_selector: null,
  created_at: '2026-10-08T08:00:00Z',
  updated_at: '2026-10-09T08:00:00Z',
  created_by: CREATOR,
};

/** Team Checkout may connect an MCP client. */
export const CHECKOUT_USES_MCP: PermissionSummary = {
  ...base,
  id: '3c1f1f0e-0d4e-4a51-9a43-6a1d1e0b0001',
  description: 'Checkout uses MCP',
  action: 'mcp:use',
  object: 'mcp',
  subject: TEAMS[0]!.id,
  subject_type: 'team',
  team: { id: TEAMS[0]!.id, name: 'Checkout' },
};

/** Group sre may do anything on the mcp object (`*` holds mcp:use). */
export const SRE_ALL_ON_MCP: PermissionSummary = {
  ...base,
  id: '3c1f1f0e-0d4e-4a51-9a43-6a1d1e0b0002',
  description: 'SRE does anything with MCP',
  action: '*',
  object: 'mcp',
  subject: 'sre',
  subject_type: 'group',
  group: { name: 'sre' },
};

/** Ada's tools may run Drain Node (by id). */
export const DRAIN_NODE_TOOL: PermissionSummary = {
  ...base,
  id: '3c1f1f0e-0d4e-4a51-9a43-6a1d1e0b0003',
  description: 'Drain Node as a tool',
  action: 'mcp:run',
  playbook_id: PLAYBOOKS[0]!.id,
  playbook_object: { id: PLAYBOOKS[0]!.id, name: 'drain-node', title: 'Drain Node' },
  subject: PEOPLE[0]!.id,
  subject_type: 'person',
  person: { id: PEOPLE[0]!.id, name: 'Ada Admin' },
};

/** Everyone's tools may evaluate the cluster-overview view (by selector). */
export const OVERVIEW_TOOL: PermissionSummary = {
  ...base,
  id: '3c1f1f0e-0d4e-4a51-9a43-6a1d1e0b0004',
  description: 'The cluster overview as a tool',
  action: 'mcp:run',
  object_selector: { views: [{ name: 'cluster-overview' }] },
  subject: 'everyone',
  subject_type: 'group',
  group: { name: 'everyone' },
};

/** `*` on one config: it holds mcp:run, but exposes no playbook or view. */
export const ALL_ON_CONFIG: PermissionSummary = {
  ...base,
  id: '3c1f1f0e-0d4e-4a51-9a43-6a1d1e0b0005',
  description: 'Arjun does anything on orders-db',
  action: '*',
  config_id: 'bd8f706a-41ff-41cc-b4f7-6e107dfd0f31',
  config_object: { id: 'bd8f706a-41ff-41cc-b4f7-6e107dfd0f31', name: 'orders-db' },
  subject: PEOPLE[1]!.id,
  subject_type: 'person',
  person: { id: PEOPLE[1]!.id, name: 'Arjun Garcia' },
};

export const MCP_ROWS = [
  CHECKOUT_USES_MCP,
  SRE_ALL_ON_MCP,
  DRAIN_NODE_TOOL,
  OVERVIEW_TOOL,
  ALL_ON_CONFIG,
  CRD_DENY,
];

/** How the review answers: as the demo decides, or a refusal with this status and reason. */
export type ReviewAnswer = 'decide' | { status: number; error: string };

/**
 * The permissions fake with `rows`, and the access review: a role subject is allowed `mcp:use`
 * when its role reads the catalog (`database`), anything else is denied without rules.
 */
export function mcpBackend(rows: PermissionSummary[] = MCP_ROWS, answer: ReviewAnswer = 'decide') {
  const permissions = permissionsBackend(rows);
  const reviews: AccessReviewRequest[] = [];
  server.use(
    http.post('*/api/rbac/subject-access-reviews', async ({ request }) => {
      const body = (await request.json()) as AccessReviewRequest;
      reviews.push(body);
      if (answer !== 'decide') {
        return HttpResponse.json({ error: answer.error }, { status: answer.status });
      }
      return HttpResponse.json({
        resource: body.resource,
        action: body.action,
        results: body.subjects.map((subject) => {
          const allowed = isRole(subject) && roleAllows(subject, 'database', 'read');
          return {
            subject,
            allowed,
            rules: isRole(subject)
              ? [
                  {
                    source: 'role',
                    effect: allowed ? 'allow' : 'deny',
                    description: `The ${subject} role ${allowed ? 'reads' : 'does not read'} database`,
                    role: subject,
                  },
                ]
              : [],
          };
        }),
      });
    }),
  );
  return { ...permissions, reviews };
}
