import { HttpResponse, http } from 'msw';
import type { Permission, PermissionSummary } from '../../../src/api/schemas/permissions';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import type { Searchable } from '../../support/resourceSearch';
import { resourceSearch } from '../../support/resourceSearch';

export const TEAMS = [
  { id: '0962ad31-033f-4e67-9834-b77f81e8a128', name: 'Checkout', icon: 'cart' },
  { id: '2753553c-06da-4719-82d3-86c97d963bee', name: 'Data', icon: 'database' },
];

export const PEOPLE = [
  { id: 'd7c57008-93a3-44bd-a344-1aabe1f6f210', name: 'Ada Admin', email: 'admin@demo.local' },
  { id: 'f48dea9c-47c8-4a88-bfc4-aad6e5e658d9', name: 'Arjun Garcia', email: 'arjun@demo.local' },
];

export const PLAYBOOKS = [
  { id: 'e91ece9b-e14b-42e1-baf5-733ac9dd9eb4', name: 'drain-node', title: 'Drain Node' },
  {
    id: 'f1021d5a-9935-4c1a-be09-6b9dddfe661c',
    name: 'restart-deployment',
    title: 'Restart Deployment',
  },
];

export const CONFIGS = [
  {
    id: 'a7c78866-bc82-4579-974f-136f8a91d52b',
    name: 'prod-eu-west-1',
    type: 'Kubernetes::Cluster',
  },
  { id: 'bd8f706a-41ff-41cc-b4f7-6e107dfd0f31', name: 'orders-db', type: 'AWS::RDS::DBInstance' },
];

export const COMPONENTS = [
  { id: 'b22b09f9-ac6d-4dde-8479-c25d569f558b', name: 'checkout-api', type: 'Service' },
];

/** What MISC-03 finds, per kind. */
const SEARCHABLE: Record<string, Searchable[]> = {
  configs: CONFIGS,
  components: COMPONENTS,
  playbooks: PLAYBOOKS.map(({ id, name }) => ({ id, name })),
  connections: [],
  canaries: [],
};

const CREATOR = { id: 'e1', name: 'Eli Editor', email: 'editor@demo.local', avatar: null };

/** A UI permission: team Checkout may run Restart Deployment. */
export const TEAM_RUNS_PLAYBOOK: PermissionSummary = {
  id: '9444765f-72ed-4fe2-b804-0b9ea898a9db',
  description: 'Checkout may run Restart Deployment',
  source: 'UI',
  action: 'playbook:run',
  object: null,
  object_selector: { playbooks: [{ name: 'restart-deployment' }], configs: [{ name: '*' }] },
  deny: false,
  subject: TEAMS[0]!.id,
  subject_type: 'team',
  created_at: '2026-10-08T08:00:00Z',
  updated_at: '2026-10-09T08:00:00Z',
  created_by: CREATOR,
  team: { id: TEAMS[0]!.id, name: 'Checkout' },
};

/** A Kubernetes permission: nobody but admins deletes catalog items. */
export const CRD_DENY: PermissionSummary = {
  id: '52f943cc-b933-490c-965e-42b8fbfc7ad3',
  description: 'Nobody outside the admins deletes catalog items',
  source: 'KubernetesCRD',
  action: 'delete',
  object: 'catalog',
  object_selector: null,
  deny: true,
  subject: PEOPLE[1]!.id,
  subject_type: 'person',
  created_at: '2026-09-29T07:00:00Z',
  updated_at: '2026-09-29T07:00:00Z',
  created_by: null,
  person: { id: PEOPLE[1]!.id, name: 'Arjun Garcia', email: 'arjun@demo.local' },
};

/** `count` more UI permissions of a person on a config, for paging. */
export function filler(count: number): PermissionSummary[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    description: `Filler ${i + 1}`,
    source: 'UI',
    action: 'read',
    config_id: CONFIGS[1]!.id,
    config_object: { id: CONFIGS[1]!.id, name: 'orders-db' },
    subject: PEOPLE[0]!.id,
    subject_type: 'person',
    person: { id: PEOPLE[0]!.id, name: 'Ada Admin' },
    created_at: '2026-10-01T08:00:00Z',
    updated_at: '2026-10-01T08:00:00Z',
    created_by: CREATOR,
  }));
}

export interface PermissionWrite {
  method: 'POST' | 'PATCH' | 'DELETE';
  id?: string;
  body?: Record<string, unknown>;
}

/** The summary row's table row (PERM-05): the same columns, creator as an id. */
function tableRow(row: PermissionSummary): Permission {
  const { created_by, ...rest } = row;
  return { ...rest, created_by: created_by?.id ?? null };
}

const live = <Row extends object>(rows: readonly Row[]) =>
  rows.map((row) => ({ deleted_at: null, ...row }));

/**
 * A stand-in for `permissions_summary` (a PostgREST table fake: filters, paging,
 * `Content-Range`), the permissions table (whose writes change the summary's rows), the tables
 * the subject and scope pickers search, and MISC-03 behind the resource pickers.
 */
export function permissionsBackend(rows: PermissionSummary[] = [TEAM_RUNS_PLAYBOOK, CRD_DENY]) {
  const summary = postgrestTable<PermissionSummary>('permissions_summary', live(rows));
  const lookupTables = [
    postgrestTable('people', live(PEOPLE.map((person) => ({ ...person, avatar: null })))),
    postgrestTable('teams', live(TEAMS)),
    postgrestTable('notifications_summary', []),
    postgrestTable(
      'scopes',
      live([
        { id: 's1', name: 'runbooks', namespace: 'sre' },
        { id: 's2', name: 'production-catalog', namespace: 'mission-control' },
      ]),
    ),
  ];
  const writes: PermissionWrite[] = [];
  /** Bodies of the resource searches (MISC-03), in order. */
  const searches = resourceSearch(SEARCHABLE);
  const idOf = (request: Request) =>
    new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '');
  const table = summary.rows;

  server.use(
    http.get('*/api/db/permissions', ({ request }) => {
      const row = table.find((r) => r.id === idOf(request));
      return HttpResponse.json(row ? [tableRow(row)] : []);
    }),
    http.post('*/api/db/permissions', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ method: 'POST', body });
      const row = { id: `10000000-0000-4000-8000-${table.length}`, ...body } as PermissionSummary;
      table.push({ ...row, created_by: null });
      return HttpResponse.json([tableRow({ ...row, created_by: null })], { status: 201 });
    }),
    http.patch('*/api/db/permissions', async ({ request }) => {
      const id = idOf(request);
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ method: 'PATCH', id, body });
      const index = table.findIndex((r) => r.id === id);
      if (index < 0) return HttpResponse.json([]);
      table[index] = { ...table[index]!, ...(body as Partial<PermissionSummary>) };
      return HttpResponse.json([tableRow(table[index]!)]);
    }),
    http.delete('*/api/db/permissions', ({ request }) => {
      const id = idOf(request);
      writes.push({ method: 'DELETE', id });
      const index = table.findIndex((r) => r.id === id);
      if (index < 0) return HttpResponse.json([]);
      const [removed] = table.splice(index, 1);
      return HttpResponse.json([tableRow(removed!)]);
    }),
  );

  return {
    rows: table,
    reads: summary.reads,
    writes,
    /** The pickers' table reads, as `table?query`. */
    get lookups() {
      return lookupTables.flatMap((lookup) =>
        lookup.reads.map(({ url }) => `${lookup.name}?${url.searchParams}`),
      );
    },
    searches,
  };
}

/** Named scenario: writes to the permissions table fail with this status and body. */
export function permissionWritesFail(status: number, body: Record<string, unknown>) {
  const respond = () => HttpResponse.json(body, { status });
  server.use(
    http.post('*/api/db/permissions', respond),
    http.patch('*/api/db/permissions', respond),
    http.delete('*/api/db/permissions', respond),
  );
}
