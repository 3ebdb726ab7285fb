import type { Scope } from '../../../src/api/schemas/scopes';
import type { PostgrestWrite } from '../../support/postgrestTable';
import { postgrestTable } from '../../support/postgrestTable';
import type { Searchable } from '../../support/resourceSearch';
import { resourceSearch } from '../../support/resourceSearch';
import { DEFAULT_USER } from '../../support/shellHandlers';

/** One write the scopes table received: a POST of a scope, or a PATCH by `id=eq.…`. */
export interface ScopeWrite extends PostgrestWrite {
  body: Record<string, unknown>;
}

/** A row of the scopes table: the creator is an id, embedded by SCOPE-01's select. */
export type ScopeTableRow = Omit<Scope, 'created_by'> & { created_by: string | null };

export const AGENTS = [
  { id: '00000000-0000-0000-0000-000000000000', name: 'local', description: 'This instance' },
  { id: '33f45b3e-8b2e-482c-a111-fb5b251d54b7', name: 'eu-west-1-prod', description: null },
];

export const ADA = { id: DEFAULT_USER.id, name: DEFAULT_USER.name, email: DEFAULT_USER.email };

export const SEEDED_SCOPES: Scope[] = [
  {
    id: '9afa7ace-fa4f-4648-b270-e4453b3948e2',
    name: 'production-catalog',
    namespace: 'mission-control',
    description: 'Everything scraped from the production clusters',
    targets: [
      { config: { tagSelector: 'cluster=prod' } },
      { component: { tagSelector: 'env=production' } },
    ],
    source: 'KubernetesCRD',
    created_by: null,
    created_at: '2026-10-01T08:00:00Z',
    updated_at: '2026-10-02T08:00:00Z',
    deleted_at: null,
  },
  {
    id: '6a8bd568-093f-4df2-9b79-1a4493388747',
    name: 'everything',
    namespace: 'mission-control',
    description: 'All resources of every kind',
    targets: [{ global: { name: '*' } }],
    source: 'UI',
    created_by: { id: 'e1', name: 'Eli Editor', email: 'editor@demo.local', avatar: null },
    created_at: '2026-10-03T08:00:00Z',
    updated_at: '2026-10-04T08:00:00Z',
    deleted_at: null,
  },
  {
    id: '2211b61f-845b-4689-84b1-738b9af1c2f9',
    name: 'old-scope',
    namespace: 'sre',
    description: 'Deleted long ago',
    targets: [{ playbook: { name: 'drain-node' } }],
    source: 'UI',
    created_by: null,
    created_at: '2026-01-01T08:00:00Z',
    updated_at: '2026-01-01T08:00:00Z',
    deleted_at: '2026-02-01T08:00:00Z',
  },
];

/** What MISC-03 finds, per kind, for the targets' name suggestions. */
export const NAMED: Record<string, Searchable[]> = {
  components: [
    { id: 'c0000000-0000-4000-8000-000000000001', name: 'payments-api', type: 'Service' },
    { id: 'c0000000-0000-4000-8000-000000000002', name: 'payments-worker', type: 'Service' },
  ],
  configs: [
    { id: 'c0000000-0000-4000-8000-000000000003', name: 'web-01', type: 'Kubernetes::Pod' },
  ],
};

let nextId = 1;

/**
 * The scopes and agents tables behind PostgREST. Scopes are given as SCOPE-01 lists them; the
 * table holds their creators as ids and embeds them again for `created_by(…)`. An insert gets an
 * id, timestamps and `source: UI`.
 */
export function scopesBackend(scopes: Scope[] = structuredClone(SEEDED_SCOPES)) {
  const people = new Map(
    [ADA, ...scopes.flatMap((scope) => scope.created_by ?? [])].map((p) => [p.id, p]),
  );
  const table = postgrestTable<ScopeTableRow>(
    'scopes',
    scopes.map((scope) => ({ ...scope, created_by: scope.created_by?.id ?? null })),
    {
      embed: { created_by: (id) => (typeof id === 'string' ? (people.get(id) ?? null) : null) },
      onInsert: (body) => ({
        namespace: null,
        description: null,
        created_by: null,
        created_at: '2026-11-01T08:00:00Z',
        updated_at: '2026-11-01T08:00:00Z',
        deleted_at: null,
        ...(body as Partial<ScopeTableRow> & Pick<ScopeTableRow, 'name'>),
        id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
        source: 'UI',
      }),
    },
  );
  const agents = postgrestTable('agents', AGENTS);
  /** Bodies of the name searches (MISC-03), in order. */
  const searches = resourceSearch(NAMED);
  return {
    searches,
    /** The scopes table: `fail` it for error scenarios. */
    scopes: table,
    agents,
    rows: table.rows,
    writes: table.writes as ScopeWrite[],
    reads: table.reads,
    agentReads: agents.reads,
  };
}
