import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { playbookSpecProblem } from '../../../server/demo/schemas';
import { signInAll, startDemo } from './support';

jest.setTimeout(120_000);

let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
let adminId: string;

const validSpec = {
  description: 'Says hello',
  configs: [{ types: ['Kubernetes::Deployment'] }],
  parameters: [{ name: 'who', label: 'Who', type: 'text', default: 'world' }],
  actions: [{ name: 'hello', exec: { script: 'echo hello {{.params.who}}' } }],
};

beforeAll(async () => {
  ({ app, db } = await startDemo({ playbookExecutor: false }));
  await signInAll(app, ['admin', 'viewer'], cookies);
  const whoami = await app.inject({
    method: 'GET',
    url: '/api/auth/whoami',
    headers: { cookie: cookies.admin as string },
  });
  adminId = (whoami.json() as { payload: { user: { id: string } } }).payload.user.id;
});
afterAll(async () => {
  await app.close();
  await db.close();
});

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  role = 'admin',
) {
  return app.inject({
    method,
    url,
    headers: {
      cookie: cookies[role] as string,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

function create(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return send('POST', '/api/db/playbooks', body, { prefer: 'return=representation', ...headers });
}

async function idOf(source: string): Promise<{ id: string; namespace: string; name: string }> {
  const { rows } = await db.query<{ id: string; namespace: string; name: string }>(
    `SELECT id, namespace, name FROM playbooks
      WHERE source::text = $1 AND deleted_at IS NULL ORDER BY namespace, name LIMIT 1`,
    [source],
  );
  return rows[0]!;
}

async function listedIds(): Promise<{ names: string[]; runnable: string[] }> {
  const names = await send('GET', '/api/db/playbook_names?select=id,name,title,icon,category');
  const runnable = await send('GET', '/api/playbook/list');
  return {
    names: (names.json() as Array<{ id: string }>).map((row) => row.id),
    runnable: (runnable.json() as Array<{ id: string }>).map((row) => row.id),
  };
}

describe('MISC-06 schemas', () => {
  it('serves the playbook spec schema without a session', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/schemas/playbook-spec.schema.json',
    });
    expect(response.statusCode).toBe(200);
    const schema = response.json() as { required: string[]; definitions: Record<string, unknown> };
    expect(schema.required).toEqual(['actions']);
    expect(Object.keys(schema.definitions)).toEqual(
      expect.arrayContaining(['action', 'parameter']),
    );
  });

  it('answers 404 JSON for an unknown file', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/schemas/nothing.schema.json' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'schema nothing.schema.json not found' });
  });

  it('accepts every seeded playbook spec', async () => {
    const { rows } = await db.query<{ name: string; spec: unknown }>(
      'SELECT name, spec FROM playbooks',
    );
    expect(rows.length).toBeGreaterThan(5);
    const problems = rows
      .map((row) => [row.name, playbookSpecProblem(row.spec)] as const)
      .filter(([, problem]) => problem !== null);
    expect(problems).toEqual([]);
  });
});

describe('PB-04 create', () => {
  it('creates a valid playbook as UI (source filled in) and lists it', async () => {
    const response = await create({
      name: 'Say Hello',
      title: 'Say Hello',
      namespace: 'default',
      category: 'Demo',
      description: 'Says hello',
      spec: validSpec,
      created_by: adminId,
    });
    expect(response.statusCode).toBe(201);
    const [row] = response.json() as Array<{ id: string; source: string; created_by: string }>;
    expect(row!.source).toBe('UI');
    expect(row!.created_by).toBe(adminId);
    const listed = await listedIds();
    expect(listed.names).toContain(row!.id);
    expect(listed.runnable).toContain(row!.id);
  });

  it('refuses a create without spec', async () => {
    const response = await create({ name: 'No spec', title: 'No spec' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'spec is required' });
  });

  it('refuses an invalid spec naming the failing path', async () => {
    const response = await create({
      name: 'Bad',
      title: 'Bad',
      spec: { actions: [{ exec: { script: 'echo' } }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "invalid playbook spec: /actions/0 must have required property 'name'",
    });
  });

  it('refuses another source and merge-duplicates upserts', async () => {
    const crd = await create({
      name: 'Crd',
      title: 'Crd',
      spec: validSpec,
      source: 'KubernetesCRD',
    });
    expect(crd.statusCode).toBe(400);
    expect((crd.json() as { error: string }).error).toMatch(/source must be UI/);
    const upsert = await create(
      { name: 'Upsert', title: 'Upsert', spec: validSpec },
      { prefer: 'return=representation,resolution=merge-duplicates' },
    );
    expect(upsert.statusCode).toBe(400);
    expect((upsert.json() as { error: string }).error).toMatch(/merge-duplicates/);
    const { rows } = await db.query("SELECT 1 FROM playbooks WHERE name IN ('Crd', 'Upsert')");
    expect(rows).toHaveLength(0);
  });

  it('leaves the RBAC refusal to the PostgREST handler', async () => {
    const response = await send(
      'POST',
      '/api/db/playbooks',
      { name: 'X', title: 'X' },
      {},
      'viewer',
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('PB-05/PB-06 update and delete', () => {
  it('answers 409 in the server words for a playbook not created through the API', async () => {
    const crd = await idOf('KubernetesCRD');
    const message = `playbook ${crd.namespace}/${crd.name} was not created through the API and cannot be modified`;
    const patch = await send('PATCH', `/api/db/playbooks?id=eq.${crd.id}`, { title: 'Renamed' });
    expect(patch.statusCode).toBe(409);
    expect(patch.json()).toEqual({ error: message });
    const remove = await send('PATCH', `/api/db/playbooks?id=eq.${crd.id}`, {
      deleted_at: 'now()',
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ error: message });
    const { rows } = await db.query<{ title: string; deleted_at: string | null }>(
      'SELECT title, deleted_at FROM playbooks WHERE id = $1',
      [crd.id],
    );
    expect(rows[0]!.deleted_at).toBeNull();
    expect(rows[0]!.title).not.toBe('Renamed');
  });

  it('needs an exact id filter', async () => {
    for (const url of [
      '/api/db/playbooks?name=eq.anything',
      '/api/db/playbooks?id=in.(00000000-0000-0000-0000-000000000000)',
    ]) {
      const response = await send('PATCH', url, { title: 'x' });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { error: string }).error).toMatch(/id=eq/);
    }
  });

  it('updates a UI playbook, validating its spec and keeping its source', async () => {
    const ui = await idOf('UI');
    const ok = await send(
      'PATCH',
      `/api/db/playbooks?id=eq.${ui.id}`,
      { id: ui.id, title: 'Edited title', source: 'UI', spec: validSpec, description: 'd' },
      { prefer: 'return=representation' },
    );
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as Array<{ title: string }>)[0]!.title).toBe('Edited title');
    const changeSource = await send('PATCH', `/api/db/playbooks?id=eq.${ui.id}`, {
      source: 'KubernetesCRD',
    });
    expect(changeSource.statusCode).toBe(400);
    expect(changeSource.json()).toEqual({ error: 'source cannot be changed' });
    const badSpec = await send('PATCH', `/api/db/playbooks?id=eq.${ui.id}`, {
      spec: { actions: [] },
    });
    expect(badSpec.statusCode).toBe(400);
    expect((badSpec.json() as { error: string }).error).toBe(
      'invalid playbook spec: /actions must NOT have fewer than 1 items',
    );
  });

  it('soft-deletes a UI playbook: gone from PB-01 and PB-07', async () => {
    const created = await create({ name: 'Short lived', title: 'Short lived', spec: validSpec });
    const [row] = created.json() as Array<{ id: string }>;
    expect((await listedIds()).names).toContain(row!.id);
    const removed = await send('PATCH', `/api/db/playbooks?id=eq.${row!.id}`, {
      deleted_at: 'now()',
    });
    expect(removed.statusCode).toBeLessThan(300);
    const listed = await listedIds();
    expect(listed.names).not.toContain(row!.id);
    expect(listed.runnable).not.toContain(row!.id);
  });
});
