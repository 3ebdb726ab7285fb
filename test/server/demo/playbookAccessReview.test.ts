import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import type { AccessReviewResponse, AccessReviewResult } from '../../../contracts/playbookAccess';
import {
  playbookInboundRequest,
  playbookOutboundRequest,
} from '../../../src/api/endpoints/permissions';
import type { PermissionSummary } from '../../../src/api/schemas/permissions';
import {
  inboundPermissions,
  unrestrictedRunners,
} from '../../../src/features/playbooks/permissions/model/playbookPermissions';
import { postJson, signInAll, startDemo, type DemoHarness } from './support';

/**
 * `POST /api/rbac/subject-access-reviews`: its answers agree with what PB-09 then does when the
 * subject itself runs the playbook, it names the rules behind each answer, refuses malformed
 * bodies with 400 and anyone without rbac read.
 */

jest.setTimeout(120_000);

const ROLES = ['admin', 'editor', 'commander', 'viewer', 'guest'] as const;
type Role = (typeof ROLES)[number];

let harness: DemoHarness;
let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
const people = {} as Record<Role, string>;
const ids: Record<string, string> = {};

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}

beforeAll(async () => {
  harness = await startDemo({ playbookExecutor: false });
  ({ app, db } = harness);
  await signInAll(app, ROLES, cookies);
  for (const role of ROLES) {
    people[role] = (
      await one<{ id: string }>('SELECT id FROM people WHERE email = $1', [`${role}@demo.local`])
    ).id;
  }
  const playbook = (name: string) =>
    one<{ id: string }>(
      `SELECT id FROM playbooks WHERE name = $1 AND deleted_at IS NULL ORDER BY namespace LIMIT 1`,
      [name],
    );
  ids.diagnostics = (await playbook('collect-diagnostics')).id;
  ids.restart = (await playbook('restart-deployment')).id;
  ids.pod = (
    await one<{ id: string }>(
      `SELECT id FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL
        ORDER BY name LIMIT 1`,
    )
  ).id;
  ids.deployment = (
    await one<{ id: string }>(
      `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL
        ORDER BY name LIMIT 1`,
    )
  ).id;
  const scale = await one<{ id: string; subject: string; playbook: string }>(
    `SELECT p.id, p.subject, x.id AS playbook FROM permissions p
       JOIN playbooks x ON x.name = p.object_selector->'playbooks'->0->>'name'
                       AND x.namespace = p.object_selector->'playbooks'->0->>'namespace'
      WHERE p.name = 'team-scales-monitoring-deployments'`,
  );
  ids.scalePermission = scale.id;
  ids.scaleTeam = scale.subject;
  ids.scale = scale.playbook;
  const inNamespace = (sign: '=' | '<>') =>
    one<{ id: string }>(
      `SELECT id FROM config_items
        WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL
          AND COALESCE(tags->>'namespace', '') ${sign} 'monitoring'
        ORDER BY name LIMIT 1`,
    );
  ids.monitoringDeployment = (await inNamespace('=')).id;
  ids.otherDeployment = (await inNamespace('<>')).id;
}, 300_000);

afterAll(() => harness?.close());

const review = (role: Role | null, body: unknown) =>
  postJson(app, '/api/rbac/subject-access-reviews', role ? cookies[role] : undefined, body);

async function decide(
  subject: string,
  resource: Record<string, string>,
  action = 'playbook:run',
): Promise<AccessReviewResult> {
  const response = await review('admin', { resource, action, subjects: [subject] });
  expect(response.statusCode).toBe(200);
  const body = response.json<AccessReviewResponse>();
  expect(body).toMatchObject({ resource, action });
  expect(body.results).toHaveLength(1);
  return body.results[0]!;
}

/** PB-09 as the signed-in subject; 201 when it ran, 403 when it was refused. */
async function run(role: Role, playbookId: string, configId: string, params = {}) {
  return postJson(app, '/api/playbook/run', cookies[role], {
    id: playbookId,
    config_id: configId,
    params,
  });
}

describe('the review agrees with PB-09', () => {
  it.each([
    ['viewer', 'diagnostics', 'pod', {}, true],
    ['guest', 'diagnostics', 'pod', {}, true],
    ['editor', 'diagnostics', 'pod', {}, true],
    ['viewer', 'restart', 'deployment', { reason: 'review' }, false],
    ['guest', 'restart', 'deployment', { reason: 'review' }, false],
    ['editor', 'restart', 'deployment', { reason: 'review' }, true],
    ['commander', 'restart', 'deployment', { reason: 'review' }, true],
  ] as const)('%s running %s', async (role, playbook, config, params, expected) => {
    const answer = await decide(people[role], {
      playbook: ids[playbook]!,
      config: ids[config]!,
    });
    expect(answer.allowed).toBe(expected);
    const response = await run(role, ids[playbook]!, ids[config]!, params);
    if (answer.allowed) {
      expect(response.statusCode).toBe(201);
      expect(answer.rules?.every((rule) => rule.effect === 'allow')).toBe(true);
      expect(answer.rules?.length).toBeGreaterThan(0);
    } else {
      expect(response.statusCode).toBe(403);
    }
  });

  it('lets anyone run the playbook everyone may run, by the permission that says so', async () => {
    const answer = await decide(people.viewer, { playbook: ids.diagnostics! });
    expect(answer.allowed).toBe(true);
    expect(answer.rules).toEqual([
      expect.objectContaining({
        source: 'permission',
        effect: 'allow',
        permission: expect.objectContaining({
          name: 'everyone-runs-collect-diagnostics',
          subject: 'everyone',
          subject_type: 'group',
        }),
      }),
    ]);
    // The role of a viewer does not run playbooks elsewhere.
    expect((await decide(people.viewer, { playbook: ids.restart! })).allowed).toBe(false);
    // Nothing allows it, and the review says why: the viewer role does not write runs.
    expect((await decide('viewer', { playbook: ids.restart! })).rules).toEqual([
      {
        source: 'role',
        effect: 'deny',
        role: 'viewer',
        description: 'The viewer role may not write playbook_runs',
      },
    ]);
  });

  it('names the role that allows an editor', async () => {
    const answer = await decide(people.editor, { playbook: ids.restart! });
    expect(answer.allowed).toBe(true);
    expect(answer.rules).toContainEqual(
      expect.objectContaining({ source: 'role', effect: 'allow', role: 'editor' }),
    );
  });

  it('refuses by a deny permission, in the review and in PB-09', async () => {
    const { id } = await one<{ id: string }>(
      `INSERT INTO permissions (name, description, subject_type, subject, action, playbook_id, deny, source)
       VALUES ('editor-never-restarts', 'No restarts for the editor', 'person', $1,
               'playbook:run', $2, true, 'UI') RETURNING id`,
      [people.editor, ids.restart],
    );
    try {
      const answer = await decide(people.editor, {
        playbook: ids.restart!,
        config: ids.deployment!,
      });
      expect(answer.allowed).toBe(false);
      expect(answer.rules).toEqual([
        expect.objectContaining({
          source: 'permission',
          effect: 'deny',
          description: 'No restarts for the editor',
          permission: expect.objectContaining({ id, name: 'editor-never-restarts' }),
        }),
      ]);
      const response = await run('editor', ids.restart!, ids.deployment!, { reason: 'x' });
      expect(response.statusCode).toBe(403);
    } finally {
      await db.query('DELETE FROM permissions WHERE id = $1', [id]);
    }
    const response = await run('editor', ids.restart!, ids.deployment!, { reason: 'x' });
    expect(response.statusCode).toBe(201);
  });

  it('applies a selector of playbooks and configs only on the configs it selects', async () => {
    const onMonitoring = await decide(ids.scaleTeam!, {
      playbook: ids.scale!,
      config: ids.monitoringDeployment!,
    });
    expect(onMonitoring.allowed).toBe(true);
    expect(onMonitoring.rules?.map((rule) => rule.permission?.id)).toContain(ids.scalePermission);
    const elsewhere = await decide(ids.scaleTeam!, {
      playbook: ids.scale!,
      config: ids.otherDeployment!,
    });
    expect(elsewhere.rules?.map((rule) => rule.permission?.id) ?? []).not.toContain(
      ids.scalePermission,
    );
  });

  it('answers each subject of a list, and every permission subject for "*"', async () => {
    const response = await review('admin', {
      resource: { playbook: ids.restart },
      action: 'playbook:run',
      subjects: [people.viewer, people.editor, ' ', 'nobody'],
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.json<AccessReviewResponse>().results.map(({ subject, allowed, error }) => ({
        subject,
        allowed,
        ...(error ? { error } : {}),
      })),
    ).toEqual([
      { subject: people.viewer, allowed: false },
      { subject: people.editor, allowed: true },
      { subject: '', allowed: false, error: 'subject is required' },
      { subject: 'nobody', allowed: false },
    ]);
    const every = await review('admin', {
      resource: { playbook: ids.diagnostics },
      action: 'playbook:run',
      subjects: ['*'],
    });
    expect(every.statusCode).toBe(200);
    const results = every.json<AccessReviewResponse>().results;
    expect(results.length).toBeGreaterThan(3);
    expect(results.map((result) => result.subject)).toContain('everyone');
  });
});

describe('what the Permissions dialog asks of permissions_summary', () => {
  const read = async (url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: cookies.admin!, accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<PermissionSummary[]>();
  };

  it('finds the permissions on a playbook by id, for every playbook and by selector', async () => {
    const diagnostics = await one<{ name: string; namespace: string }>(
      'SELECT name, namespace FROM playbooks WHERE id = $1',
      [ids.diagnostics],
    );
    const playbook = { id: ids.diagnostics!, ...diagnostics };
    const rows = await read(playbookInboundRequest(playbook.id).url);
    const inbound = inboundPermissions(rows, playbook);
    expect(inbound.map((row) => row.name)).toContain('everyone-runs-collect-diagnostics');
    expect(unrestrictedRunners(inbound, playbook).map((row) => row.name)).toEqual([
      'everyone-runs-collect-diagnostics',
    ]);
    // Every permission the demo enforces on this playbook by id is among them.
    const { rows: byId } = await db.query<{ id: string }>(
      'SELECT id FROM permissions WHERE playbook_id = $1 AND deleted_at IS NULL',
      [playbook.id],
    );
    expect(inbound.map((row) => row.id)).toEqual(expect.arrayContaining(byId.map((row) => row.id)));
    // A selector of the scaling team's playbook does not reach this one.
    expect(inbound.map((row) => row.id)).not.toContain(ids.scalePermission);
  });

  it('finds what a playbook may act on', async () => {
    const rows = await read(playbookOutboundRequest(ids.diagnostics!).url);
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((row) => row.subject === ids.diagnostics && row.subject_type === 'playbook'),
    ).toBe(true);
  });
});

describe('what the review refuses', () => {
  it.each([
    ['not JSON', '{nope'],
    ['an array', '[]'],
    [
      'no action',
      { resource: { playbook: '00000000-0000-4000-8000-000000000001' }, subjects: ['admin'] },
    ],
    [
      'an unknown action',
      {
        resource: { playbook: '00000000-0000-4000-8000-000000000001' },
        action: 'fly',
        subjects: ['admin'],
      },
    ],
    ['no resource', { resource: {}, action: 'playbook:run', subjects: ['admin'] }],
    [
      'no subjects',
      {
        resource: { playbook: '00000000-0000-4000-8000-000000000001' },
        action: 'playbook:run',
        subjects: [],
      },
    ],
    [
      'a playbook that is not a uuid',
      { resource: { playbook: 'abc' }, action: 'playbook:run', subjects: ['admin'] },
    ],
    [
      'subjects that are not strings',
      {
        resource: { playbook: '00000000-0000-4000-8000-000000000001' },
        action: 'playbook:run',
        subjects: [3],
      },
    ],
  ])('answers 400 JSON for %s', async (_label, body) => {
    const response = await review('admin', body);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json<{ error: string }>().error).toBe('string');
  });

  it('answers 404 for a playbook that does not exist', async () => {
    const response = await review('admin', {
      resource: { playbook: '00000000-0000-4000-8000-000000000001' },
      action: 'playbook:run',
      subjects: ['admin'],
    });
    expect(response.statusCode).toBe(404);
  });

  it('needs rbac read: 403 for an editor and a viewer, 401 signed out', async () => {
    const body = {
      resource: { playbook: ids.restart },
      action: 'playbook:run',
      subjects: ['admin'],
    };
    expect((await review('editor', body)).statusCode).toBe(403);
    expect((await review('viewer', body)).statusCode).toBe(403);
    expect((await review(null, body)).statusCode).toBe(401);
  });
});
