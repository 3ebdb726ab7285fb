import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { hashToken } from '../../../server/demo/auth/caller';
import type { AccessReviewResponse, AccessReviewResult } from '../../../contracts/playbookAccess';
import type { AccessSearchEntry, AccessSearchResponse } from '../../../contracts/accessSearch';
import { sendAs, signInAll, startDemo, type DemoHarness, type Headers } from './support';

/**
 * `POST /api/rbac/subject-access-reviews` on every kind of resource and
 * `POST /api/rbac/subject-access-search`: the review's answer for a subject is what the demo
 * then does when that subject calls the endpoint itself (reads and writes under `/api/db`,
 * PB-09), for each seeded role and for a generated set of subjects, resources and actions; the
 * search lists what the review allows; `permission_subjects` and
 * `rpc/permissions_for_obj_selector`; malformed bodies are 4xx JSON.
 */

jest.setTimeout(240_000);

const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;
type Role = (typeof ROLES)[number];

let harness: DemoHarness;
let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};

/** Someone who calls the demo: its subject (person id) and the headers it calls with. */
interface Caller {
  label: string;
  subject: string;
  headers: Headers;
}
const callers: Caller[] = [];
const byRole = {} as Record<Role, Caller>;

type Kind = 'playbook' | 'config' | 'check' | 'component' | 'canary' | 'view' | 'connection';
const TABLE: Record<Kind, string> = {
  playbook: 'playbooks',
  config: 'config_items',
  check: 'checks',
  component: 'components',
  canary: 'canaries',
  view: 'views',
  connection: 'connections',
};
const KINDS = Object.keys(TABLE) as Kind[];
const CRUD = ['read', 'create', 'update', 'delete'] as const;

/** Three resources of each kind, in a fixed order. */
const resources = {} as Record<Kind, string[]>;

/** An id no row has: writes filtered on it reach nothing, but are authorized as any write. */
const NO_ROW = '00000000-0000-4000-8000-000000000bad';

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows;
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await rows<T>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

const admin = (): Headers => ({ cookie: cookies.admin! });

function post(url: string, headers: Headers, body: unknown) {
  return sendAs(app, 'POST', url, headers, body);
}

async function createToken(role: Role, name: string, scope: unknown[]): Promise<Caller> {
  const res = await post('/api/auth/create_token', { cookie: cookies[role]! }, { name, scope });
  expect(res.statusCode).toBe(200);
  const token = res.json<{ payload: { token: string } }>().payload.token;
  const row = await one<{ person_id: string }>(
    'SELECT person_id FROM access_tokens WHERE value = $1',
    [hashToken(token)],
  );
  return {
    label: `${role} token ${name}`,
    subject: row.person_id,
    headers: { authorization: `Bearer ${token}` },
  };
}

beforeAll(async () => {
  harness = await startDemo({ playbookExecutor: false });
  ({ app, db } = harness);
  await signInAll(app, ROLES, cookies);
  for (const role of ROLES) {
    const { id } = await one<{ id: string }>('SELECT id FROM people WHERE email = $1', [
      `${role}@demo.local`,
    ]);
    byRole[role] = { label: role, subject: id, headers: { cookie: cookies[role]! } };
    callers.push(byRole[role]);
  }
  callers.push(
    await createToken('editor', 'catalog-reader', [{ object: 'catalog', action: 'read' }]),
  );
  callers.push(
    await createToken('admin', 'playbook-runner', [
      { object: 'playbooks', action: '*' },
      { object: 'canaries', action: 'read' },
    ]),
  );
  callers.push(await createToken('viewer', 'unscoped', []));
  for (const kind of KINDS) {
    const order = kind === 'playbook' ? "COALESCE(NULLIF(title, ''), name), id" : 'name, id';
    resources[kind] = (
      await rows<{ id: string }>(
        `SELECT id::text AS id FROM ${TABLE[kind]} WHERE deleted_at IS NULL ORDER BY ${order} LIMIT 3`,
      )
    ).map((row) => row.id);
    expect(resources[kind].length).toBeGreaterThan(0);
  }
}, 300_000);

afterAll(() => harness?.close());

async function review(
  resource: Record<string, string>,
  action: string,
  subjects: string[],
): Promise<AccessReviewResult[]> {
  const res = await post('/api/rbac/subject-access-reviews', admin(), {
    resource,
    action,
    subjects,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<AccessReviewResponse>();
  expect(body).toMatchObject({ resource, action });
  expect(body.results.map((result) => result.subject)).toEqual(subjects);
  return body.results;
}

/**
 * What the demo does when `caller` performs `action` on the resource itself: true when it
 * lets it (the write reaches no row, so nothing changes), false when it answers 403.
 */
async function enforced(caller: Caller, kind: Kind, id: string, action: string): Promise<boolean> {
  const table = TABLE[kind];
  let res: Awaited<ReturnType<typeof sendAs>>;
  switch (action) {
    case 'read':
      res = await sendAs(app, 'GET', `/api/db/${table}?id=eq.${id}&select=id`, caller.headers);
      if (res.statusCode === 200) expect(res.json()).toEqual([{ id }]);
      break;
    case 'create':
      res = await sendAs(app, 'POST', `/api/db/${table}`, caller.headers, { not_a_column: 1 });
      break;
    case 'update':
      res = await sendAs(app, 'PATCH', `/api/db/${table}?id=eq.${NO_ROW}`, caller.headers, {
        name: 'unchanged',
      });
      break;
    case 'delete':
      res = await sendAs(app, 'DELETE', `/api/db/${table}?id=eq.${NO_ROW}`, caller.headers);
      break;
    case 'playbook:run':
      res = await post('/api/playbook/run', caller.headers, { id });
      break;
    default:
      throw new Error(`no probe for ${action}`);
  }
  expect(res.statusCode).toBeLessThan(500);
  if (res.statusCode === 403) return false;
  if (action === 'read') expect(res.statusCode).toBe(200);
  // A write that is let through fails later (no such column, no spec, no config) or reaches
  // no row; none of these is a refusal.
  expect(res.statusCode).not.toBe(401);
  return true;
}

/** The rules of an answer agree with it: an allow has allow rules only, a deny none. */
function expectConsistent(result: AccessReviewResult) {
  const rules = result.rules ?? [];
  if (result.allowed) {
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((rule) => rule.effect === 'allow')).toBe(true);
  } else {
    expect(rules.every((rule) => rule.effect === 'deny')).toBe(true);
  }
}

/** Checks the review of `subjects` on one resource and action against what each then does. */
async function agree(
  kind: Kind,
  id: string,
  action: string,
  who: readonly Caller[],
): Promise<AccessReviewResult[]> {
  const results = await review(
    { [kind]: id },
    action,
    who.map((caller) => caller.subject),
  );
  for (const [i, caller] of who.entries()) {
    const result = results[i]!;
    expectConsistent(result);
    const did = await enforced(caller, kind, id, action);
    if (did !== result.allowed) {
      throw new Error(
        `${caller.label} ${action} ${kind} ${id}: review ${String(result.allowed)}, demo ${String(did)}`,
      );
    }
  }
  return results;
}

describe('the review agrees with what the demo enforces', () => {
  it.each(ROLES)('for the seeded %s on every kind and action', async (role) => {
    for (const kind of KINDS) {
      const id = resources[kind][0]!;
      for (const action of CRUD) await agree(kind, id, action, [byRole[role]]);
    }
    for (const id of resources.playbook)
      await agree('playbook', id, 'playbook:run', [byRole[role]]);
  });

  it('for a generated set of subjects, resources and actions (fixed seed)', async () => {
    // mulberry32: the same draws on every run.
    let seed = 42;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const seen = { allowed: 0, denied: 0 };
    for (let draw = 0; draw < 60; draw += 1) {
      const kind = pick(KINDS);
      const id = pick(resources[kind]);
      const action = pick(kind === 'playbook' ? [...CRUD, 'playbook:run'] : CRUD);
      const who = callers.filter(() => random() < 0.5);
      if (who.length === 0) continue;
      const results = await agree(kind, id, action, who);
      for (const result of results) seen[result.allowed ? 'allowed' : 'denied'] += 1;
    }
    // The draws cover both answers.
    expect(seen.allowed).toBeGreaterThan(10);
    expect(seen.denied).toBeGreaterThan(10);
  });

  it('names the role behind a role decision, and the scope behind a token refusal', async () => {
    const config = resources.config[0]!;
    const [editor] = await review({ config }, 'update', [byRole.editor.subject]);
    expect(editor).toEqual({
      subject: byRole.editor.subject,
      allowed: true,
      rules: [expect.objectContaining({ source: 'role', effect: 'allow', role: 'editor' })],
    });
    const [viewer] = await review({ connection: resources.connection[0]! }, 'read', [
      byRole.viewer.subject,
    ]);
    expect(viewer?.allowed).toBe(false);
    expect(viewer?.rules).toEqual([
      expect.objectContaining({ source: 'role', effect: 'deny', role: 'viewer' }),
    ]);
    const reader = callers.find((caller) => caller.label.includes('catalog-reader'))!;
    const [scoped] = await review({ config }, 'update', [reader.subject]);
    expect(scoped?.allowed).toBe(false);
    expect(scoped?.rules).toEqual([expect.objectContaining({ source: 'scope', effect: 'deny' })]);
    expect(await enforced(reader, 'config', config, 'update')).toBe(false);
  });

  it('answers role names, teams, playbooks and everyone as subjects', async () => {
    const team = await one<{ id: string }>(
      'SELECT id::text AS id FROM teams WHERE deleted_at IS NULL ORDER BY name LIMIT 1',
    );
    const component = resources.component[0]!;
    const results = await review({ component }, 'read', [
      'viewer',
      'everyone',
      team.id,
      resources.playbook[0]!,
      'nobody',
    ]);
    expect(results.map((result) => result.allowed)).toEqual([true, false, false, false, false]);
    // A role decides as a person holding only that role.
    for (const role of ROLES) {
      for (const action of CRUD) {
        const [asRole, asPerson] = await review({ component }, action, [
          role,
          byRole[role].subject,
        ]);
        expect(asRole?.allowed).toBe(asPerson?.allowed);
      }
    }
  });

  it('decides global objects by their group, as /api/db guards its tables', async () => {
    const probes: Array<[string, string]> = [
      ['catalog', 'config_items'],
      ['rbac', 'casbin_rule'],
      ['topology', 'components'],
      ['people', 'teams'],
      ['connection', 'connections'],
      ['incident', 'incidents'],
    ];
    for (const [object, table] of probes) {
      const results = await review(
        { global: object },
        'read',
        callers.map((caller) => caller.subject),
      );
      for (const [i, caller] of callers.entries()) {
        const res = await sendAs(app, 'GET', `/api/db/${table}?limit=1`, caller.headers);
        expect(res.statusCode === 200).toBe(results[i]!.allowed);
      }
    }
  });

  it('decides cancelling as running, and mcp actions by the role table', async () => {
    const playbook = resources.playbook[0]!;
    const subjects = callers.map((caller) => caller.subject);
    const run = await review({ playbook }, 'playbook:run', subjects);
    const cancel = await review({ playbook }, 'playbook:cancel', subjects);
    expect(cancel.map((r) => r.allowed)).toEqual(run.map((r) => r.allowed));
    const use = await review({ global: 'catalog' }, 'mcp:use', ['viewer', 'guest']);
    expect(use.map((r) => r.allowed)).toEqual([true, true]);
    const mcpRun = await review({ global: 'catalog' }, 'mcp:run', ['viewer', 'editor']);
    expect(mcpRun.map((r) => r.allowed)).toEqual([false, true]);
  });
});

type SearchEntry = AccessSearchEntry;
type SearchResponse = AccessSearchResponse;

async function search(body: Record<string, unknown>): Promise<SearchResponse> {
  const res = await post('/api/rbac/subject-access-search', admin(), body);
  expect(res.statusCode).toBe(200);
  return res.json<SearchResponse>();
}

describe('POST /api/rbac/subject-access-search', () => {
  it('lists the playbooks the responder may run: some, not all, as the review says', async () => {
    const subject = byRole.responder.subject;
    const found = await search({ subject, action: 'playbook:run', resource_types: ['playbook'] });
    expect(found).toMatchObject({
      subject,
      action: 'playbook:run',
      actions: ['playbook:run'],
      resource_types: ['playbook'],
      offset: 0,
      limit: 100,
    });
    const all = await rows<{ id: string }>(
      'SELECT id::text AS id FROM playbooks WHERE deleted_at IS NULL',
    );
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.length).toBeLessThan(all.length);
    expect(found.total).toBe(found.results.length);
    const allowed: string[] = [];
    for (const { id } of all) {
      const [result] = await review({ playbook: id }, 'playbook:run', [subject]);
      if (result?.allowed) allowed.push(id);
    }
    expect(found.results.map((entry) => entry.id).sort()).toEqual(allowed.sort());
    expect(found.results.every((entry) => entry.allowed && entry.rules.length > 0)).toBe(true);
    // Through the permission for everyone, not one naming the responder.
    expect(found.results.every((entry) => !entry.direct)).toBe(true);
  });

  it('defaults to playbooks and views, as upstream', async () => {
    const found = await search({ subject: 'viewer', action: 'read' });
    expect(found.resource_types).toEqual(['playbook', 'view']);
    const types = new Set(found.results.map((entry) => entry.resource_type));
    expect([...types].sort()).toEqual(['playbook', 'view']);
    // The role's own rule: direct.
    expect(found.results.every((entry) => entry.direct)).toBe(true);
  });

  it('answers a matrix with denied cells, and pages over resources', async () => {
    const body = {
      subject: byRole.viewer.subject,
      actions: ['read', 'update', 'playbook:run'],
      resource_types: ['playbook', 'connection', 'config'],
      include_denied: true,
    };
    const whole = await search({ ...body, limit: 1000 });
    const counts = await one<{ playbooks: number; connections: number; configs: number }>(
      `SELECT (SELECT count(*)::int FROM playbooks WHERE deleted_at IS NULL) AS playbooks,
              (SELECT count(*)::int FROM connections WHERE deleted_at IS NULL) AS connections,
              (SELECT count(*)::int FROM config_items WHERE deleted_at IS NULL) AS configs`,
    );
    const resourceTotal = counts.playbooks + counts.connections + counts.configs;
    expect(whole.resource_total).toBe(resourceTotal);
    // Playbooks get the three actions, the others read and update.
    expect(whole.total).toBe(counts.playbooks * 3 + (counts.connections + counts.configs) * 2);
    const cell = (type: string, action: string) =>
      whole.results.filter((entry) => entry.resource_type === type && entry.action === action);
    expect(cell('connection', 'read').every((entry) => !entry.allowed)).toBe(true);
    expect(cell('config', 'read').every((entry) => entry.allowed)).toBe(true);
    expect(cell('config', 'update').every((entry) => !entry.allowed)).toBe(true);
    expect(cell('playbook', 'playbook:run').some((entry) => entry.allowed)).toBe(true);
    expect(cell('playbook', 'playbook:run').some((entry) => !entry.allowed)).toBe(true);
    // Each entry is the review's answer.
    for (const entry of whole.results.filter((e) => e.resource_type !== 'config').slice(0, 30)) {
      const [result] = await review({ [entry.resource_type]: entry.id }, entry.action, [
        body.subject,
      ]);
      expect(result?.allowed).toBe(entry.allowed);
    }
    // Pages of 7 resources, put together, are the whole answer (first 40 resources).
    const paged: SearchEntry[] = [];
    for (let offset = 0; offset < 40; offset += 7) {
      const page = await search({ ...body, limit: 7, offset });
      expect(page.total).toBe(whole.total);
      expect(
        new Set(page.results.map((e) => `${e.resource_type}:${e.id}`)).size,
      ).toBeLessThanOrEqual(7);
      paged.push(...page.results);
    }
    const ids = [...new Set(paged.map((e) => `${e.resource_type}:${e.id}`))].slice(0, 40);
    const firstForty = whole.results.filter((e) => ids.includes(`${e.resource_type}:${e.id}`));
    expect(paged.filter((e) => ids.includes(`${e.resource_type}:${e.id}`))).toEqual(firstForty);
    const beyond = await search({ ...body, limit: 10, offset: resourceTotal });
    expect(beyond.results).toEqual([]);
  });

  it('calls access direct when a permission names the subject itself', async () => {
    const playbook = resources.playbook[2]!;
    const subject = byRole.guest.subject;
    const { id } = await one<{ id: string }>(
      `INSERT INTO permissions (name, subject_type, subject, action, playbook_id, source)
       VALUES ('guest-runs-one', 'person', $1, 'playbook:run', $2, 'UI') RETURNING id`,
      [subject, playbook],
    );
    try {
      const found = await search({ subject, action: 'playbook:run', resource_types: ['playbook'] });
      const entry = found.results.find((e) => e.id === playbook);
      expect(entry).toMatchObject({ allowed: true, direct: true });
      expect(entry?.rules.map((rule) => rule.permission?.id)).toContain(id);
      expect(await enforced(byRole.guest, 'playbook', playbook, 'playbook:run')).toBe(true);
    } finally {
      await db.query('DELETE FROM permissions WHERE id = $1', [id]);
    }
  });

  it.each([
    ['not JSON', '{nope'],
    ['no subject', { action: 'read' }],
    ['a blank subject', { subject: ' ', action: 'read' }],
    ['no action', { subject: 'viewer' }],
    ['an unknown action', { subject: 'viewer', action: 'fly' }],
    ['an unknown action among actions', { subject: 'viewer', actions: ['read', 'fly'] }],
    ['an unknown resource type', { subject: 'viewer', action: 'read', resource_types: ['x'] }],
    ['a limit of 0', { subject: 'viewer', action: 'read', limit: 0 }],
    ['a fractional limit', { subject: 'viewer', action: 'read', limit: 1.5 }],
    ['a negative offset', { subject: 'viewer', action: 'read', offset: -1 }],
    ['a string limit', { subject: 'viewer', action: 'read', limit: '5' }],
  ])('answers 400 JSON for %s', async (_label, body) => {
    const res = await post('/api/rbac/subject-access-search', admin(), body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json<{ error: string }>().error).toBe('string');
  });

  it('needs rbac read', async () => {
    const body = { subject: 'viewer', action: 'read' };
    expect(
      (await post('/api/rbac/subject-access-search', byRole.editor.headers, body)).statusCode,
    ).toBe(403);
    expect((await post('/api/rbac/subject-access-search', {}, body)).statusCode).toBe(401);
  });
});

describe('what the review refuses beyond playbooks', () => {
  const some = () => resources.config[0]!;
  it.each([
    [
      'a config that is not a uuid',
      () => ({ resource: { config: 'x' }, action: 'read', subjects: ['admin'] }),
    ],
    [
      'a connection that is not a uuid',
      () => ({ resource: { connection: '1' }, action: 'update', subjects: ['admin'] }),
    ],
    [
      'two resources',
      () => ({ resource: { config: some(), view: some() }, action: 'read', subjects: ['admin'] }),
    ],
    [
      'a playbook action without a playbook',
      () => ({ resource: { config: some() }, action: 'playbook:run', subjects: ['admin'] }),
    ],
    [
      'a playbook with a view',
      () => ({
        resource: { playbook: resources.playbook[0]!, view: resources.view[0]! },
        action: 'read',
        subjects: ['admin'],
      }),
    ],
    [
      'a playbook with a config and a check',
      () => ({
        resource: { playbook: resources.playbook[0]!, config: some(), check: resources.check[0]! },
        action: 'playbook:run',
        subjects: ['admin'],
      }),
    ],
    [
      'an unknown global object',
      () => ({ resource: { global: 'spaceships' }, action: 'read', subjects: ['admin'] }),
    ],
    [
      'a resource that is not an object',
      () => ({ resource: 'config', action: 'read', subjects: ['admin'] }),
    ],
    [
      'too many subjects',
      () => ({
        resource: { config: some() },
        action: 'read',
        subjects: Array.from({ length: 501 }, () => 'viewer'),
      }),
    ],
  ])('answers 400 JSON for %s', async (_label, body) => {
    const res = await post('/api/rbac/subject-access-reviews', admin(), body());
    expect(res.statusCode).toBe(400);
    expect(typeof res.json<{ error: string }>().error).toBe('string');
  });

  it.each(['config', 'check', 'component', 'canary', 'view', 'connection'])(
    'answers 404 JSON for a %s that does not exist',
    async (kind) => {
      const res = await post('/api/rbac/subject-access-reviews', admin(), {
        resource: { [kind]: NO_ROW },
        action: 'read',
        subjects: ['admin'],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error: string }>().error).toBe(`${kind} "${NO_ROW}" not found`);
    },
  );
});

describe('permission_subjects and rpc/permissions_for_obj_selector', () => {
  it('lists teams, people, token people, playbooks and roles; "*" reviews each of them', async () => {
    const res = await sendAs(app, 'GET', '/api/db/permission_subjects?order=id', admin());
    expect(res.statusCode).toBe(200);
    const subjects = res.json<
      Array<{
        id: string;
        name: string;
        type: string;
        email: string | null;
        owner: string | null;
      }>
    >();
    const types = new Set(subjects.map((s) => s.type));
    for (const type of ['team', 'person', 'access_token_person', 'playbook', 'role']) {
      expect(types).toContain(type);
    }
    expect(subjects).toContainEqual(
      expect.objectContaining({
        id: byRole.viewer.subject,
        type: 'person',
        email: 'viewer@demo.local',
      }),
    );
    const token = callers.find((caller) => caller.label.includes('catalog-reader'))!;
    expect(subjects).toContainEqual(
      expect.objectContaining({
        id: token.subject,
        type: 'access_token_person',
        name: 'catalog-reader',
        owner: byRole.editor.subject,
      }),
    );
    expect(
      subjects
        .filter((s) => s.type === 'role')
        .map((s) => s.id)
        .sort(),
    ).toEqual(['everyone', ...ROLES].sort());
    const every = await post('/api/rbac/subject-access-reviews', admin(), {
      resource: { config: resources.config[0] },
      action: 'read',
      subjects: ['*'],
    });
    expect(every.statusCode).toBe(200);
    const ids = [...new Set(subjects.map((s) => s.id))].sort();
    expect(
      every
        .json<AccessReviewResponse>()
        .results.map((r) => r.subject)
        .sort(),
    ).toEqual(ids);
  });

  it('finds the permissions whose selector names a playbook', async () => {
    const scale = await one<{ id: string; name: string; namespace: string }>(
      `SELECT id::text AS id, object_selector->'playbooks'->0->>'name' AS name,
              object_selector->'playbooks'->0->>'namespace' AS namespace
         FROM permissions WHERE name = 'team-scales-monitoring-deployments'`,
    );
    const call = (query: string) =>
      sendAs(app, 'GET', `/api/db/rpc/permissions_for_obj_selector?${query}`, admin());
    const found = await call(
      `p_field=playbooks&p_name=${scale.name}&p_namespace=${scale.namespace}`,
    );
    expect(found.statusCode).toBe(200);
    const rowsFound =
      found.json<Array<{ id: string; object_selector: { playbooks: Array<{ name: string }> } }>>();
    expect(rowsFound.map((row) => row.id)).toContain(scale.id);
    expect(
      rowsFound.every((row) => row.object_selector.playbooks.some((s) => s.name === scale.name)),
    ).toBe(true);
    const anywhere = await call(`p_field=playbooks&p_name=${scale.name}`);
    expect(anywhere.json<Array<{ id: string }>>().map((row) => row.id)).toContain(scale.id);
    const elsewhere = await call(
      `p_field=playbooks&p_name=${scale.name}&p_namespace=no-such-namespace`,
    );
    expect(elsewhere.json<Array<{ id: string }>>().map((row) => row.id)).not.toContain(scale.id);
    const posted = await post('/api/db/rpc/permissions_for_obj_selector', admin(), {
      p_field: 'playbooks',
      p_name: scale.name,
    });
    expect(posted.statusCode).toBe(200);
    const blank = await call('p_field=playbooks&p_name=');
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toBe('p_name is required');
    const missing = await call('p_field=playbooks');
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);
  });

  it('are read like the permissions: not by someone signed out', async () => {
    expect((await sendAs(app, 'GET', '/api/db/permission_subjects', {})).statusCode).toBe(401);
    expect(
      (await sendAs(app, 'GET', '/api/db/permission_subjects', byRole.viewer.headers)).statusCode,
    ).toBe(200);
  });
});
