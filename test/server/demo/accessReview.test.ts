import { demoSuite } from './support';

/**
 * The access review through `/api/db` (issue 38): the external users, groups and roles, the
 * grants and sign-ins, the summary views, the filter options and the identity writes, over the
 * seeded estate, as the console asks for them.
 */

jest.setTimeout(60_000);

const { h, as, send } = demoSuite(['admin', 'editor', 'viewer']);

const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;

async function read<T = Row[]>(role: string, path: string) {
  const res = await send('GET', `/api/db/${path}`, {
    ...as(role),
    accept: 'application/json',
    prefer: 'count=exact',
  });
  // 206 when a range leaves rows out, as PostgREST answers with an exact count.
  return {
    status: res.statusCode === 206 ? 200 : res.statusCode,
    body: res.json<T>(),
    total: Number((res.headers['content-range'] as string | undefined)?.split('/')[1]),
  };
}

function rpc(role: string, name: string, body: unknown) {
  return send('POST', `/api/db/rpc/${name}`, { ...as(role), accept: 'application/json' }, body);
}

async function rows<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await h.db.query<T>(sql, params)).rows;
}

async function one<T = Row>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await rows<T>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return (await one<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS q`, params)).n;
}

/** The person known as an IAM user and as a Kubernetes user, with the same e-mail. */
async function twins(): Promise<{ iam: Row; kube: Row }> {
  const found = await rows(
    `SELECT * FROM external_users
      WHERE deleted_at IS NULL AND email IN (
        SELECT email FROM external_users WHERE deleted_at IS NULL AND email IS NOT NULL
         GROUP BY email HAVING count(*) = 2)
      ORDER BY name LIKE '%@%'`,
  );
  expect(found).toHaveLength(2);
  const [iam, kube] = found as [Row, Row];
  return { iam, kube };
}

describe('access review tables', () => {
  it.each([
    'external_users',
    'external_groups',
    'external_roles',
    'external_user_groups',
    'external_user_aliases',
    'config_access',
    'config_access_logs',
  ])('serves %s with its seeded rows and count', async (table) => {
    const { status, body, total } = await read('viewer', `${table}?limit=5`);
    expect(status).toBe(200);
    const n = await count(`SELECT 1 FROM ${table}`);
    expect(n).toBeGreaterThan(0);
    expect(total).toBe(n);
    expect(body).toHaveLength(Math.min(5, n));
  });

  it('seeds AWS IAM users, groups and roles and Kubernetes subjects and ClusterRoles', async () => {
    const users = await rows<{ user_type: string; scraper: string }>(
      `SELECT DISTINCT eu.user_type, split_part(s.name, '-', 1) AS scraper
         FROM external_users eu JOIN config_scrapers s ON s.id = eu.scraper_id`,
    );
    expect(users).toEqual(
      expect.arrayContaining([
        { user_type: 'User', scraper: 'aws' },
        { user_type: 'ServiceAccount', scraper: 'aws' },
        { user_type: 'User', scraper: 'kubernetes' },
        { user_type: 'ServiceAccount', scraper: 'kubernetes' },
      ]),
    );
    const { body: groups } = await read<Row[]>('viewer', 'external_groups?select=name,group_type');
    expect(groups).toEqual(
      expect.arrayContaining([
        { name: 'Administrators', group_type: 'IAMGroup' },
        { name: 'system:masters', group_type: 'KubernetesGroup' },
      ]),
    );
    const { body: roles } = await read<Row[]>(
      'viewer',
      'external_roles?select=name,role_type&name=in.(cluster-admin,edit,view,AdministratorAccess)',
    );
    expect(new Set(roles.map((r) => `${r.role_type}/${r.name}`))).toEqual(
      new Set([
        'ClusterRole/cluster-admin',
        'ClusterRole/edit',
        'ClusterRole/view',
        'IAMRole/AdministratorAccess',
      ]),
    );
    const types = await rows<{ type: string }>(
      `SELECT DISTINCT ci.type FROM config_access ca JOIN config_items ci ON ci.id = ca.config_id
        ORDER BY 1`,
    );
    expect(types.map((t) => t.type)).toEqual(
      expect.arrayContaining([
        'AWS::::Account',
        'AWS::EC2::Instance',
        'AWS::RDS::DBInstance',
        'AWS::S3::Bucket',
        'Kubernetes::Cluster',
        'Kubernetes::Namespace',
      ]),
    );
  });

  it("lists an item's sign-ins with the user, MFA, properties and count", async () => {
    const { config_id } = await one<{ config_id: string }>(
      `SELECT l.config_id FROM config_access_logs l JOIN config_items ci ON ci.id = l.config_id
        WHERE ci.type = 'AWS::::Account' ORDER BY ci.name LIMIT 1`,
    );
    const { status, body, total } = await read<Row[]>(
      'viewer',
      `config_access_logs?select=mfa,properties,count,created_at,external_users(name,email)&config_id=eq.${config_id}&order=created_at.desc`,
    );
    expect(status).toBe(200);
    expect(total).toBe(
      await count('SELECT 1 FROM config_access_logs WHERE config_id = $1', [config_id]),
    );
    expect(body.length).toBeGreaterThan(0);
    for (const log of body) {
      expect(typeof log.mfa).toBe('boolean');
      expect(log.count).toEqual(expect.any(Number));
      expect(log.properties).toMatchObject({
        ip: expect.any(String),
        user_agent: expect.any(String),
      });
      expect(log.external_users).toMatchObject({ name: expect.any(String) });
      expect(Date.parse(log.created_at as string)).toBeGreaterThan(Date.now() - 125 * DAY_MS);
    }
    expect(body.some((log) => log.mfa === true)).toBe(true);
    const mfa = await rows<{ mfa: boolean }>('SELECT DISTINCT mfa FROM config_access_logs');
    expect(mfa.map((m) => m.mfa).sort()).toEqual([false, true]);
  });
});

describe('access summaries', () => {
  it("config_access_summary lists who reaches an item, a group's members one by one", async () => {
    const { id } = await one<{ id: string }>(
      `SELECT id FROM config_items WHERE type = 'Kubernetes::Cluster' ORDER BY name LIMIT 1`,
    );
    const { status, body, total } = await read<Row[]>(
      'viewer',
      `config_access_summary?config_id=eq.${id}&order=user.asc`,
    );
    expect(status).toBe(200);
    const direct = await count(
      `SELECT 1 FROM config_access WHERE config_id = $1 AND external_user_id IS NOT NULL
          AND deleted_at IS NULL`,
      [id],
    );
    const viaGroups = await count(
      `SELECT 1 FROM config_access ca
         JOIN external_user_groups m ON m.external_group_id = ca.external_group_id
        WHERE ca.config_id = $1 AND ca.deleted_at IS NULL AND m.deleted_at IS NULL`,
      [id],
    );
    expect(total).toBe(direct + viaGroups);
    expect(body).toHaveLength(total);
    expect(Object.keys(body[0] as Row).sort()).toEqual(
      [
        'config_id',
        'config_name',
        'config_type',
        'external_group_id',
        'external_user_id',
        'role',
        'role_external_ids',
        'user',
        'email',
        'user_type',
        'created_at',
        'deleted_at',
        'created_by',
        'last_signed_in_at',
        'last_reviewed_at',
        'last_reviewed_by',
      ].sort(),
    );
    const members = body.filter((r) => r.external_group_id !== null);
    expect(members.length).toBe(viaGroups);
    expect(members.every((r) => r.external_user_id !== null)).toBe(true);
    expect(new Set(body.map((r) => r.role))).toEqual(
      new Set(['cluster-admin', 'admin', 'view', 'edit']),
    );
  });

  it('config_access_unwrapped has a row per grant and member, each with its own id', async () => {
    const { id } = await one<{ id: string }>(
      `SELECT id FROM config_items WHERE type = 'AWS::::Account' ORDER BY name LIMIT 1`,
    );
    const { status, body, total } = await read<Row[]>(
      'viewer',
      `config_access_unwrapped?config_id=eq.${id}&select=id,external_user_id,external_group_id`,
    );
    expect(status).toBe(200);
    expect(total).toBe(
      await count('SELECT 1 FROM config_access_summary WHERE config_id = $1', [id]),
    );
    expect(new Set(body.map((r) => r.id)).size).toBe(body.length);
    expect(body.some((r) => r.external_group_id !== null && r.external_user_id !== null)).toBe(
      true,
    );
  });

  it('config_access_summary_by_user has a row per user with counts, and stale users', async () => {
    const { status, body, total } = await read<Row[]>(
      'viewer',
      'config_access_summary_by_user?order=access_count.desc,user.asc&limit=20',
    );
    expect(status).toBe(200);
    const users = await count(
      `SELECT DISTINCT u FROM (
         SELECT external_user_id AS u FROM config_access
          WHERE external_user_id IS NOT NULL AND deleted_at IS NULL
         UNION
         SELECT m.external_user_id FROM config_access ca
           JOIN external_user_groups m ON m.external_group_id = ca.external_group_id
          WHERE ca.deleted_at IS NULL AND m.deleted_at IS NULL) x`,
    );
    expect(total).toBe(users);
    expect(body).toHaveLength(20);
    const [top] = body as [Row];
    const { n } = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_access_summary WHERE external_user_id = $1`,
      [top.external_user_id],
    );
    expect(top.access_count).toBe(n);
    expect(top.distinct_configs).toEqual(expect.any(Number));
    expect(top.config_types).toEqual(expect.arrayContaining([expect.any(String)]));

    const stale = await read<Row[]>(
      'viewer',
      `config_access_summary_by_user?last_signed_in_at=lt.${new Date(Date.now() - 90 * DAY_MS).toISOString()}&select=user,last_signed_in_at`,
    );
    expect(stale.total).toBeGreaterThanOrEqual(2);
    for (const row of stale.body) {
      expect(Date.parse(row.last_signed_in_at as string)).toBeLessThan(Date.now() - 90 * DAY_MS);
    }
  });

  it('config_access_summary_by_group and _by_config count members, roles and items', async () => {
    const groups = await read<Row[]>('viewer', 'config_access_summary_by_group?order=group.asc');
    expect(groups.status).toBe(200);
    expect(groups.total).toBe(
      await count(
        `SELECT DISTINCT external_group_id FROM config_access
          WHERE external_group_id IS NOT NULL AND deleted_at IS NULL`,
      ),
    );
    const admins = groups.body.find((g) => g.group === 'Administrators') as Row;
    expect(admins).toMatchObject({
      distinct_users: expect.any(Number),
      distinct_roles: 1,
      config_types: expect.arrayContaining(['AWS::::Account']),
    });
    const members = await count(
      'SELECT 1 FROM external_user_groups WHERE external_group_id = $1 AND deleted_at IS NULL',
      [admins.external_group_id],
    );
    expect(admins.distinct_users).toBe(members);

    const configs = await read<Row[]>(
      'viewer',
      'config_access_summary_by_config?config_type=eq.AWS::RDS::DBInstance&order=access_count.desc&limit=5',
    );
    expect(configs.status).toBe(200);
    expect(configs.total).toBe(
      await count(
        `SELECT DISTINCT ca.config_id FROM config_access ca JOIN config_items ci ON ci.id = ca.config_id
          WHERE ci.type = 'AWS::RDS::DBInstance' AND ca.deleted_at IS NULL`,
      ),
    );
    const [rds] = configs.body as [Row];
    expect(rds).toMatchObject({ config_type: 'AWS::RDS::DBInstance', distinct_roles: 3 });
    const { n } = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM config_access_summary WHERE config_id = $1',
      [rds.config_id],
    );
    expect(rds.access_count).toBe(n);
  });
});

describe('rpc/config_access_filter_options', () => {
  interface Options {
    catalogs: Array<{ config_id: string; config_name: string; config_type: string }>;
    users: Array<{ external_user_id: string; user: string; email: string }>;
    groups: Array<{ external_group_id: string; group: string }>;
    roles: Array<{ role: string }>;
    user_types: Array<{ user_type: string }>;
  }

  it('offers every catalog item, user, group, role and user type without filters', async () => {
    const { status, body } = await read<Options>('viewer', 'rpc/config_access_filter_options');
    expect(status).toBe(200);
    expect(body.catalogs).toHaveLength(
      await count('SELECT DISTINCT config_id FROM config_access_summary'),
    );
    expect(body.users).toHaveLength(
      await count(
        'SELECT DISTINCT external_user_id FROM config_access_summary WHERE external_user_id IS NOT NULL',
      ),
    );
    expect(body.groups.length).toBeGreaterThan(0);
    expect(body.roles.map((r) => r.role)).toEqual(
      expect.arrayContaining(['AdministratorAccess', 'cluster-admin', 'edit', 'view']),
    );
    expect(body.user_types).toEqual(
      expect.arrayContaining([{ user_type: 'ServiceAccount' }, { user_type: 'User' }]),
    );
    expect(body.catalogs[0]).toEqual({
      config_id: expect.any(String),
      config_name: expect.any(String),
      config_type: expect.any(String),
    });
  });

  it('narrows each facet by the other filters but not by its own', async () => {
    const { status, body } = await read<Options>(
      'viewer',
      'rpc/config_access_filter_options?p_role=cluster-admin&p_config_type=Kubernetes::Cluster',
    );
    expect(status).toBe(200);
    expect(body.catalogs.every((c) => c.config_type === 'Kubernetes::Cluster')).toBe(true);
    const admins = await rows<{ external_user_id: string }>(
      `SELECT DISTINCT external_user_id FROM config_access_summary
        WHERE "role" = 'cluster-admin' AND config_type = 'Kubernetes::Cluster'
          AND external_user_id IS NOT NULL`,
    );
    expect(new Set(body.users.map((u) => u.external_user_id))).toEqual(
      new Set(admins.map((a) => a.external_user_id)),
    );
    // The role list keeps every role of the clusters, the one chosen among them.
    expect(body.roles.map((r) => r.role).sort()).toEqual([
      'admin',
      'cluster-admin',
      'edit',
      'view',
    ]);
    expect(body.user_types.map((t) => t.user_type)).toEqual(['ServiceAccount', 'User']);

    const masters = body.groups.find((g) => g.group === 'system:masters');
    const byGroup = await read<Options>(
      'viewer',
      `rpc/config_access_filter_options?p_group_id=${masters?.external_group_id}`,
    );
    expect(byGroup.body.groups.length).toBeGreaterThan(1);
    expect(byGroup.body.user_types).toEqual([{ user_type: 'User' }]);
  });

  it('answers a malformed filter with a 400 JSON error', async () => {
    const res = await send('GET', '/api/db/rpc/config_access_filter_options?p_user_id=not-a-uuid', {
      ...as('viewer'),
      accept: 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '22P02', message: expect.any(String) });
  });
});

describe('rpc/add_external_user_alias', () => {
  it('adds a trimmed, lower-case alias and answers its row', async () => {
    const { kube } = await twins();
    const res = await rpc('editor', 'add_external_user_alias', {
      p_external_user_id: kube.id,
      p_alias: '  OIDC:Jordan@IdP ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      external_user_id: kube.id,
      alias: 'oidc:jordan@idp',
      source: 'manual',
      deleted_at: null,
    });
    const { body } = await read<Row[]>('viewer', `external_users?id=eq.${kube.id}&select=aliases`);
    expect(body).toEqual([{ aliases: ['oidc:jordan@idp'] }]);
    const again = await rpc('editor', 'add_external_user_alias', {
      p_external_user_id: kube.id,
      p_alias: 'oidc:jordan@idp',
    });
    expect(again.statusCode).toBe(200);
    expect(await count("SELECT 1 FROM external_user_aliases WHERE alias = 'oidc:jordan@idp'")).toBe(
      1,
    );
  });

  it("refuses another user's alias with a 409 JSON error", async () => {
    const { iam, kube } = await twins();
    const taken = (iam.aliases as string[])[0];
    const res = await rpc('editor', 'add_external_user_alias', {
      p_external_user_id: kube.id,
      p_alias: taken,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: '23505',
      message: `alias ${taken} is already assigned to external user ${iam.id}`,
    });
  });

  it('answers malformed input with a 4xx JSON error', async () => {
    const { kube } = await twins();
    const cases: Array<[unknown, number, string]> = [
      [{ p_external_user_id: kube.id, p_alias: '   ' }, 400, '23514'],
      [{ p_external_user_id: 'nope', p_alias: 'x' }, 400, '22P02'],
      [{ p_external_user_id: '00000000-0000-0000-0000-0000000000aa', p_alias: 'x' }, 409, '23503'],
      [{ p_external_user_id: kube.id, p_alias: null }, 400, '23514'],
      [{ p_external_user_id: null, p_alias: 'x' }, 409, '23503'],
      [{ p_external_user_id: 42, p_alias: 'x' }, 400, '22P02'],
      [{ p_alias: 'x' }, 404, 'PGRST202'],
      [{ p_external_user_id: kube.id, p_alias: 'x', p_extra: 1 }, 404, 'PGRST202'],
    ];
    for (const [body, status, code] of cases) {
      const res = await rpc('editor', 'add_external_user_alias', body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({
        body,
        status,
        code,
      });
    }
    const text = await rpc('editor', 'add_external_user_alias', '{not json');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'PGRST102' });
  });

  it('is refused to a viewer, who may still read', async () => {
    const { kube } = await twins();
    const res = await rpc('viewer', 'add_external_user_alias', {
      p_external_user_id: kube.id,
      p_alias: 'viewer-alias',
    });
    expect(res.statusCode).toBe(403);
    expect(await count("SELECT 1 FROM external_user_aliases WHERE alias = 'viewer-alias'")).toBe(0);
  });
});

describe('rpc/merge_external_users', () => {
  it('is refused to a viewer', async () => {
    const { iam, kube } = await twins();
    const res = await rpc('viewer', 'merge_external_users', {
      p_primary_id: iam.id,
      p_duplicate_id: kube.id,
    });
    expect(res.statusCode).toBe(403);
    expect(
      await count('SELECT 1 FROM external_users WHERE id = $1 AND deleted_at IS NULL', [kube.id]),
    ).toBe(1);
  });

  it('answers malformed input with a 4xx JSON error', async () => {
    const { iam } = await twins();
    const cases: Array<[unknown, number, string]> = [
      [{ p_primary_id: iam.id, p_duplicate_id: 'x' }, 400, '22P02'],
      [
        { p_primary_id: iam.id, p_duplicate_id: '00000000-0000-0000-0000-0000000000aa' },
        409,
        '23503',
      ],
      [
        { p_primary_id: '00000000-0000-0000-0000-0000000000aa', p_duplicate_id: iam.id },
        409,
        '23503',
      ],
      [{ p_primary_id: iam.id, p_duplicate_id: true }, 400, '22P02'],
      [{ p_primary_id: null, p_duplicate_id: iam.id }, 409, '23503'],
      [{ p_primary_id: iam.id }, 404, 'PGRST202'],
      [[iam.id], 400, 'PGRST102'],
    ];
    for (const [body, status, code] of cases) {
      const res = await rpc('editor', 'merge_external_users', body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({
        body,
        status,
        code,
      });
    }
  });

  it('moves access, groups and sign-ins to the kept user and soft-deletes the other', async () => {
    const { iam, kube } = await twins();
    const access = await rows<{ config_id: string; role: string }>(
      `SELECT config_id, external_role_id AS role FROM config_access
        WHERE external_user_id = $1 AND deleted_at IS NULL`,
      [kube.id],
    );
    const groups = await rows<{ g: string }>(
      'SELECT external_group_id AS g FROM external_user_groups WHERE external_user_id = $1',
      [kube.id],
    );
    const logs = await rows<{ config_id: string; count: number }>(
      'SELECT config_id, count FROM config_access_logs WHERE external_user_id = $1',
      [kube.id],
    );
    expect(groups.length + logs.length).toBeGreaterThan(0);
    const before = await read<Row[]>(
      'viewer',
      `config_access_summary_by_user?external_user_id=eq.${iam.id}`,
    );
    const [beforeRow] = before.body as [Row];

    const res = await rpc('editor', 'merge_external_users', {
      p_primary_id: iam.id,
      p_duplicate_id: kube.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(iam.id);

    const merged = await one<{ deleted_at: Date | null }>(
      'SELECT deleted_at FROM external_users WHERE id = $1',
      [kube.id],
    );
    expect(merged.deleted_at).not.toBeNull();
    for (const grant of access) {
      expect(
        await count(
          `SELECT 1 FROM config_access WHERE external_user_id = $1 AND config_id = $2
              AND external_role_id = $3 AND deleted_at IS NULL`,
          [iam.id, grant.config_id, grant.role],
        ),
      ).toBe(1);
    }
    for (const { g } of groups) {
      expect(
        await count(
          'SELECT 1 FROM external_user_groups WHERE external_user_id = $1 AND external_group_id = $2',
          [iam.id, g],
        ),
      ).toBe(1);
    }
    for (const log of logs) {
      const kept = await one<{ count: number }>(
        'SELECT count FROM config_access_logs WHERE external_user_id = $1 AND config_id = $2',
        [iam.id, log.config_id],
      );
      expect(kept.count).toBeGreaterThanOrEqual(log.count);
    }
    expect(
      await count(
        `SELECT 1 FROM config_access WHERE external_user_id = $1 AND deleted_at IS NULL
         UNION ALL SELECT 1 FROM external_user_groups WHERE external_user_id = $1
         UNION ALL SELECT 1 FROM config_access_logs WHERE external_user_id = $1`,
        [kube.id],
      ),
    ).toBe(0);

    const { body: users } = await read<Row[]>(
      'viewer',
      `external_users?id=eq.${iam.id}&select=aliases`,
    );
    expect((users[0] as Row).aliases).toEqual(
      expect.arrayContaining([String(kube.id), String(kube.email)]),
    );
    const byUser = await read<Row[]>(
      'viewer',
      `config_access_summary_by_user?email=eq.${String(iam.email)}`,
    );
    expect(byUser.body).toHaveLength(1);
    const [after] = byUser.body as [Row];
    expect(after.external_user_id).toBe(iam.id);
    expect(after.access_count as number).toBeGreaterThan(beforeRow.access_count as number);
    expect(after.config_types).toEqual(expect.arrayContaining(['Kubernetes::Cluster']));

    const again = await rpc('editor', 'merge_external_users', {
      p_primary_id: iam.id,
      p_duplicate_id: kube.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toBe(iam.id);
  });
});
