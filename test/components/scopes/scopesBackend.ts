import { HttpResponse, http } from 'msw';
import type { Scope } from '../../../src/api/schemas/scopes';
import { server } from '../../support/msw';
import { DEFAULT_USER } from '../../support/shellHandlers';

/** One write the backend received. */
export interface ScopeWrite {
  method: 'POST' | 'PATCH';
  /** The `id` filter of a PATCH (`eq.` removed). */
  id?: string;
  prefer: string | null;
  body: Record<string, unknown>;
}

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

let nextId = 1;

/**
 * A stand-in for the scopes table behind PostgREST: GET honours `deleted_at=is.null`, POST and
 * PATCH change the rows and answer with them (as `Prefer: return=representation` asks).
 */
export function scopesBackend(rows: Scope[] = structuredClone(SEEDED_SCOPES)) {
  const writes: ScopeWrite[] = [];
  const reads: URL[] = [];
  const agentReads: URL[] = [];
  const toRow = (scope: Scope) => ({ ...scope, created_by: scope.created_by?.id ?? null });

  server.use(
    http.get('*/api/db/scopes', ({ request }) => {
      const url = new URL(request.url);
      reads.push(url);
      const live = url.searchParams.get('deleted_at') === 'is.null';
      return HttpResponse.json(rows.filter((row) => !live || !row.deleted_at));
    }),
    http.post('*/api/db/scopes', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ method: 'POST', prefer: request.headers.get('prefer'), body });
      const row: Scope = {
        id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
        name: String(body.name),
        namespace: (body.namespace as string | null) ?? null,
        description: (body.description as string | null) ?? null,
        targets: body.targets as Scope['targets'],
        source: 'UI',
        created_by: ADA,
        created_at: '2026-11-01T08:00:00Z',
        updated_at: '2026-11-01T08:00:00Z',
        deleted_at: null,
      };
      rows.push(row);
      return HttpResponse.json([toRow(row)], { status: 201 });
    }),
    http.patch('*/api/db/scopes', async ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '');
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ method: 'PATCH', id, prefer: request.headers.get('prefer'), body });
      const index = rows.findIndex((row) => row.id === id);
      if (index < 0) return HttpResponse.json([]);
      const row = { ...rows[index]!, ...(body as Partial<Scope>) };
      rows[index] = row;
      return HttpResponse.json([toRow(row)]);
    }),
    http.get('*/api/db/agents', ({ request }) => {
      agentReads.push(new URL(request.url));
      return HttpResponse.json(AGENTS);
    }),
  );

  return { rows, writes, reads, agentReads };
}

/** Named scenario: the scopes list answers with an error. */
export function scopesFail(status = 500, body: Record<string, unknown> = { message: 'db down' }) {
  server.use(http.get('*/api/db/scopes', () => HttpResponse.json(body, { status })));
}

/** Named scenario: writes to the scopes table are refused with this body. */
export function scopeWritesFail(status: number, body: string | Record<string, unknown>) {
  const respond = () =>
    typeof body === 'string'
      ? new HttpResponse(body, { status, headers: { 'Content-Type': 'text/plain' } })
      : HttpResponse.json(body, { status });
  server.use(http.post('*/api/db/scopes', respond), http.patch('*/api/db/scopes', respond));
}
