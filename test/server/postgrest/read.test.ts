import { pg, pgCondition, pgContains } from '../../../src/api/postgrest';
import type { TestBackend } from './support/app';
import { TEST_BACKENDS, startTestBackend } from './support/app';
import { A, AR, C, CA, CH, CM, CO, E, H, I, J, K, N, P, PA, PB, PR, R, S, T } from './support/ids';

describe.each(TEST_BACKENDS)('PostgREST reads on %s', (kind) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend(kind);
  }, 60_000);

  afterAll(async () => {
    await backend.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => backend.rows(path, headers);
  const pluck = (rows: Array<Record<string, unknown>>, key: string) => rows.map((row) => row[key]);
  /** The values of one column (`name` unless told) in the rows read from `path`. */
  const column = async (path: string, key = 'name') => pluck(await get(path), key);
  const sortBy = <T extends Record<string, unknown>>(rows: T[], key: string): T[] =>
    [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

  describe('eq', () => {
    it('people?id=eq.{id}', async () => {
      const rows = await get(`/people?id=eq.${P.alice}`);
      expect(rows).toEqual([
        {
          id: P.alice,
          name: 'Alice',
          email: 'alice@example.com',
          avatar: 'a.png',
          roles: ['admin'],
          created_at: '2024-01-01T00:00:00+00:00',
          deleted_at: null,
        },
      ]);
    });

    it('config_component_relationships?component_id=eq.{c}&config_id=eq.{id}&selector_id=eq.manual', async () => {
      const rows = await get(
        `/config_component_relationships?component_id=eq.${CO.payments}&config_id=eq.${C.podApi}&selector_id=eq.manual`,
      );
      expect(rows).toEqual([
        { component_id: CO.payments, config_id: C.podApi, selector_id: 'manual', deleted_at: null },
      ]);
      expect(
        await get(
          `/config_component_relationships?component_id=eq.${CO.payments}&config_id=eq.${C.podWeb}&selector_id=eq.manual`,
        ),
      ).toEqual([]);
    });

    it('checks?id=eq.{id}&select=id,name,icon,status,type returns exactly the selected keys in order', async () => {
      const rows = await get(`/checks?id=eq.${K.api}&select=id,name,icon,status,type`);
      expect(rows).toEqual([
        { id: K.api, name: 'api-health', icon: 'http', status: 'healthy', type: 'http' },
      ]);
      expect(Object.keys(rows[0] ?? {})).toEqual(['id', 'name', 'icon', 'status', 'type']);
    });
  });

  describe('neq and JSON paths (->>)', () => {
    it('configs?or=(and(labels->>{k1}.eq.{v1},labels->>{k2}.neq.{v2}))', async () => {
      expect(
        await column('/configs?select=name&or=(and(labels->>env.eq.prod,labels->>app.neq.api))'),
      ).toEqual(['pod-web']);
      expect(
        await column(
          '/configs?select=name&or=(and(labels->>env.eq.prod,labels->>team.neq.security))',
        ),
      ).toEqual(['cluster-a']);
    });

    it('configs?...&or=(and(labels->>{k}.eq.{v})) and a top-level JSON-path filter', async () => {
      expect(
        await column(
          '/configs?select=name&or=(and(labels->>env.eq.prod,labels->>team.eq.platform))',
        ),
      ).toEqual(['cluster-a']);
      expect(await column('/configs?select=name&labels->>env=eq.dev')).toEqual(['pod-api']);
      expect(await column('/configs?select=name&labels->>"app"=eq.web')).toEqual(['pod-web']);
    });

    it('label keys with dots and slashes, unquoted or quoted', async () => {
      expect(
        await column('/configs?select=name&or=(and(labels->>kubernetes.io/role.eq.worker))'),
      ).toEqual(['node-1']);
      expect(await column('/configs?select=name&labels->>kubernetes.io/role=eq.worker')).toEqual([
        'node-1',
      ]);
      expect(await column('/configs?select=name&or=(labels->>"kubernetes.io/role".neq.x)')).toEqual(
        ['node-1'],
      );
      expect(await column('/configs?select=name&labels->>kubernetes.io/role.filter=work*')).toEqual(
        ['node-1'],
      );
    });

    it('in.(…) on a label (owned by teams), empty or not, and not.in.()', async () => {
      expect(await column('/configs?select=name&labels->>env=in.(dev,staging)&order=name')).toEqual(
        ['pod-api'],
      );
      expect(await get('/configs?select=name&labels->>"kubernetes.io/role"=in.()')).toEqual([]);
      expect(
        (await column('/configs?select=name&labels->>env=not.in.()&order=name')).length,
      ).toBeGreaterThan(1);
    });

    it('JSON paths in select take the last key (or the alias) as the output key', async () => {
      expect(
        await get(`/configs?select=name,labels->>env,region:tags->region&id=eq.${C.cluster}`),
      ).toEqual([{ name: 'cluster-a', env: 'prod', region: 'eu' }]);
    });
  });

  describe('gt, gte, lt, lte', () => {
    it('check_statuses?check_id=eq.{id}&time=gt.{ISO}&order=time.desc', async () => {
      const rows = await get(
        `/check_statuses?check_id=eq.${K.api}&time=gt.2024-01-01T00:30:00.000Z&order=time.desc`,
      );
      expect(pluck(rows, 'time')).toEqual([
        '2024-01-01T03:00:00+00:00',
        '2024-01-01T02:00:00+00:00',
        '2024-01-01T01:00:00+00:00',
      ]);
    });

    it('check_statuses?...&duration=gte.{ms} and job_histories?...&duration_millis=gte.{ms}', async () => {
      const statuses = await get(
        `/check_statuses?check_id=eq.${K.api}&order=time.desc&duration=gte.1200&limit=50&offset=0`,
      );
      expect(statuses.map((r) => [r.duration, r.status])).toEqual([
        [1200, true],
        [2500, false],
      ]);
      expect(
        await column('/job_histories?select=id&duration_millis=gte.900&order=created_at', 'id'),
      ).toEqual([J.sync2, J.scrape]);
    });

    it('job_histories?...&and=(created_at.gt.{from},created_at.lt.{to})', async () => {
      const rows = await get(
        '/job_histories?&select=*&limit=50&offset=0&order=created_at.desc&and=(created_at.gt.2024-04-01T12:00:00.000Z,created_at.lt.2024-04-04T00:00:00.000Z)',
      );
      expect(pluck(rows, 'id')).toEqual([J.scrape, J.sync2]);
    });

    it('config_changes?config_id=eq.{id}&order=created_at.desc&and=(created_at.gte.{from},created_at.lte.{to})', async () => {
      const rows = await get(
        `/config_changes?config_id=eq.${C.podApi}&order=created_at.desc&and=(created_at.gte.2024-01-10T10:00:00.000Z,created_at.lte.2024-01-12T10:00:00.000Z)`,
      );
      expect(pluck(rows, 'id')).toEqual([CH.pulled, CH.backoff]);
      const narrower = await get(
        `/config_changes?config_id=eq.${C.podApi}&order=created_at.desc&and=(created_at.gte.2024-01-10T10:00:00.000Z,created_at.lte.2024-01-12T00:00:00.000Z)`,
      );
      expect(pluck(narrower, 'id')).toEqual([CH.backoff]);
    });

    it('playbook_runs?...&or=(and(start_time.gte.{a},start_time.lte.{b}),and(created_at.gte.{a},created_at.lte.{b}))', async () => {
      const window = (a: string, b: string) =>
        `/playbook_runs?select=id&order=created_at.desc&or=(and(start_time.gte.${a},start_time.lte.${b}),and(created_at.gte.${a},created_at.lte.${b}))`;
      expect(
        pluck(await get(window('2024-03-01T00:00:00Z', '2024-03-01T23:59:59Z')), 'id'),
      ).toEqual([PR.first]);
      expect(
        pluck(await get(window('2024-03-04T00:00:00Z', '2024-03-06T00:00:00Z')), 'id'),
      ).toEqual([PR.failed]);
      expect(
        pluck(await get(window('2024-03-01T00:00:00Z', '2024-03-31T00:00:00Z')), 'id'),
      ).toEqual([PR.failed, PR.child, PR.first]);
    });
  });

  describe('like and ilike with * wildcards', () => {
    it('like.*x*, like.x* (as the .filter rewrite produces them)', async () => {
      expect(await column('/configs?select=name&name=like.*-a*&order=name')).toEqual([
        'cluster-a',
        'pod-api',
      ]);
      expect(await column('/configs?select=name&name=like.pod*&order=name')).toEqual([
        'pod-api',
        'pod-web',
      ]);
      expect(await column('/configs?select=name&name=like.*POD*')).toEqual([]);
    });

    it('incidents?order=created_at.desc&title=ilike.*{q}*&select=*,hypotheses(id, type)', async () => {
      const rows = await get(
        '/incidents?order=created_at.desc&title=ilike.*api*&select=*,hypotheses(id, type)',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: I.outage, title: 'API outage', commander_id: P.alice });
      expect(sortBy(rows[0]?.hypotheses as Array<Record<string, unknown>>, 'id')).toEqual([
        { id: H.deploy, type: 'root' },
        { id: H.pressure, type: 'factor' },
      ]);
    });

    it('configs?select=...&type=ilike.{type}&or=(name.ilike.*{q}*,external_id.ilike.*{q}*)', async () => {
      const rows = await get(
        '/configs?select=id,external_id,name,type&type=ilike.kubernetes::pod&or=(name.ilike.*API*,external_id.ilike.*api*)',
      );
      expect(rows).toEqual([
        { id: C.podApi, external_id: 'pod-api-1', name: 'pod-api', type: 'Kubernetes::Pod' },
      ]);
      const byExternal = await get(
        '/configs?select=name&type=ilike.kubernetes::pod&or=(name.ilike.*EXT*,external_id.ilike.*EXT*)',
      );
      expect(pluck(byExternal, 'name')).toEqual(['pod-web']);
    });
  });

  describe("the console's picker searches (pgContains)", () => {
    const anyName = (text: string) =>
      pg('configs')
        .select('name')
        .or([
          pgCondition('name', 'ilike', pgContains(text)),
          pgCondition('external_id', 'ilike', pgContains(text)),
        ])
        .order('name', 'asc')
        .toString();

    it('finds the text anywhere, in any case, in or=() and as a plain filter', async () => {
      expect(pluck(await get(anyName('POD-')), 'name')).toEqual(['pod-api', 'pod-web']);
      const plain = pg('configs')
        .select('name')
        .ilike('name', pgContains('-A'))
        .order('name', 'asc');
      expect(pluck(await get(plain.toString()), 'name')).toEqual(['cluster-a', 'pod-api']);
    });

    it('matches % and _ in the typed text as themselves, not as wildcards', async () => {
      expect(await get(anyName('pod_'))).toEqual([]);
      expect(await get(anyName('%'))).toEqual([]);
      const plain = pg('configs').select('name').ilike('name', pgContains('pod_api'));
      expect(await get(plain.toString())).toEqual([]);
    });
  });

  describe('is', () => {
    it('teams?deleted_at=is.null&order=name.asc', async () => {
      expect(await column('/teams?deleted_at=is.null&order=name.asc', 'id')).toEqual([
        T.platform,
        T.security,
      ]);
    });

    it('people?select=*&deleted_at=is.null&email=not.is.null&order=name.asc', async () => {
      expect(
        await column('/people?select=*&deleted_at=is.null&email=not.is.null&order=name.asc'),
      ).toEqual(['Alice', 'Bob']);
    });

    it('is.true, is.false, is.unknown on booleans', async () => {
      expect(
        await column(`/check_statuses?select=duration&status=is.false&order=duration`, 'duration'),
      ).toEqual([2500, 5000]);
      expect(
        await get(
          `/check_statuses?select=duration&check_id=eq.${K.api}&status=is.true&order=duration`,
        ),
      ).toEqual([{ duration: 100 }, { duration: 300 }, { duration: 1200 }]);
      expect(await get('/check_statuses?status=is.unknown')).toEqual([]);
      expect(
        await get('/check_statuses?select=duration&status=not.is.unknown&limit=1&order=duration'),
      ).toEqual([{ duration: 100 }]);
    });
  });

  describe('in', () => {
    it('people_roles?id=in.({id1},{id2})', async () => {
      expect(sortBy(await get(`/people_roles?id=in.(${P.alice},${P.bob})`), 'name')).toEqual([
        { id: P.alice, name: 'Alice', email: 'alice@example.com', roles: ['admin'] },
        { id: P.bob, name: 'Bob', email: 'bob@example.com', roles: ['editor', 'viewer'] },
      ]);
    });

    it('component_names?order=name.asc&type=in.({t1},{t2})', async () => {
      expect(await column('/component_names?order=name.asc&type=in.(Service,Database)')).toEqual([
        'checkout',
        'db',
        'payments',
      ]);
      expect(await column('/component_names?order=name.asc&type=in.(Database)')).toEqual(['db']);
    });

    it('hypotheses?id=in.("{id1}","{id2}") and quoted values holding commas', async () => {
      expect(
        await column(`/hypotheses?id=in.("${H.deploy}","${H.locks}")&order=created_at`, 'title'),
      ).toEqual(['Bad deploy', 'DB locks']);
      expect(
        await column('/configs?select=name&name=in.("cluster-a","x,y",node-1)&order=name'),
      ).toEqual(['cluster-a', 'node-1']);
      expect(await get('/configs?select=name&name=in.()')).toEqual([]);
    });
  });

  describe('cs', () => {
    it('people_roles?order=name.asc&roles=cs.{admin,editor} on text[]', async () => {
      expect(await get('/people_roles?order=name.asc&roles=cs.{admin,editor}')).toEqual([]);
      expect(await column('/people_roles?order=name.asc&roles=cs.{editor}')).toEqual(['Bob']);
      expect(await column('/people?order=name.asc&roles=cs.{admin,editor}')).toEqual(['Dave']);
      expect(
        await column('/notifications?select=name&events=cs.{check.failed}&order=name'),
      ).toEqual(['alerts', 'team-alerts']);
    });

    it('cs.{"k":"v"} on jsonb', async () => {
      expect(await column('/configs?select=name&labels=cs.{"env":"prod"}&order=name')).toEqual([
        'cluster-a',
        'node-1',
        'pod-web',
      ]);
      expect(await column('/configs?select=name&labels=cs.{"env":"prod","app":"web"}')).toEqual([
        'pod-web',
      ]);
      expect(
        await column(
          '/configs?select=name&or=(labels.cs.{"app":"api"},labels.cs.{"team":"platform"})&order=name',
        ),
      ).toEqual(['cluster-a', 'pod-api']);
    });
  });

  describe('not. on any operator', () => {
    it('change_types?change_type=not.eq. (not equal to the empty string)', async () => {
      const rows = await get('/change_types?change_type=not.eq.&order=change_type');
      expect(pluck(rows, 'change_type')).toEqual(['BackOff', 'Pulled', 'Scaled', 'UpgradeVersion']);
      expect(await get('/change_types?change_type=eq.')).toEqual([{ change_type: '' }]);
    });

    it('not.in, not.ilike, not.cs, not.like', async () => {
      expect(await column('/configs?select=name&status=not.in.(Running,Deleted)')).toEqual([
        'pod-api',
      ]);
      expect(
        await column('/configs?select=name&deleted_at=is.null&name=not.ilike.POD*&order=name'),
      ).toEqual(['cluster-a', 'node-1']);
      expect(await column('/people?select=name&roles=not.cs.{admin}&order=name')).toEqual([
        'Bob',
        'Carol',
      ]);
      expect(await column('/configs?select=name&type=not.like.Kubernetes*')).toEqual(['bucket']);
    });
  });

  describe('or=() and and=() with nesting', () => {
    it('config_relationships?or=(related_id.eq.{id},config_id.eq.{id})&configs.order=name&select=*,configs:configs!...,related:configs!...', async () => {
      const rows = await get(
        `/config_relationships?or=(related_id.eq.${C.node},config_id.eq.${C.node})&configs.order=name&select=*,configs:configs!config_relationships_config_id_fkey(id, type, name, config_class, deleted_at),related:configs!config_relationships_related_id_fkey(id, type, name, config_class, deleted_at)&deleted_at=is.null`,
      );
      const config = (id: string, type: string, name: string, cls: string) => ({
        id,
        type,
        name,
        config_class: cls,
        deleted_at: null,
      });
      expect(sortBy(rows, 'related_id')).toEqual([
        {
          config_id: C.cluster,
          related_id: C.node,
          relation: 'hard',
          created_at: expect.any(String),
          deleted_at: null,
          configs: config(C.cluster, 'Kubernetes::Cluster', 'cluster-a', 'Cluster'),
          related: config(C.node, 'Kubernetes::Node', 'node-1', 'Node'),
        },
        {
          config_id: C.node,
          related_id: C.podApi,
          relation: 'hard',
          created_at: expect.any(String),
          deleted_at: null,
          configs: config(C.node, 'Kubernetes::Node', 'node-1', 'Node'),
          related: config(C.podApi, 'Kubernetes::Pod', 'pod-api', 'Pod'),
        },
        {
          config_id: C.node,
          related_id: C.podWeb,
          relation: 'hard',
          created_at: expect.any(String),
          deleted_at: null,
          configs: config(C.node, 'Kubernetes::Node', 'node-1', 'Node'),
          related: config(C.podWeb, 'Kubernetes::Pod', 'pod-web', 'Pod'),
        },
      ]);
    });

    it('playbook_runs?or=(id.eq.{id},parent_id.eq.{id})&select=*,created_by(A),playbooks(id,name,title,spec)', async () => {
      const rows = await get(
        `/playbook_runs?or=(id.eq.${PR.first},parent_id.eq.${PR.first})&select=id,status,created_by(id,name),playbooks(id,name,title,spec)&order=created_at`,
      );
      const playbook = {
        id: PB.restart,
        name: 'restart',
        title: 'Restart pod',
        spec: { actions: [{ name: 'restart' }] },
      };
      expect(rows).toEqual([
        {
          id: PR.first,
          status: 'completed',
          created_by: { id: P.alice, name: 'Alice' },
          playbooks: playbook,
        },
        { id: PR.child, status: 'completed', created_by: null, playbooks: playbook },
      ]);
    });

    it('not.or and nested or inside and', async () => {
      expect(
        await column('/configs?select=name&not.or=(status.eq.Running,deleted_at.not.is.null)'),
      ).toEqual(['pod-api']);
      expect(
        await column(
          '/configs?select=name&and=(deleted_at.is.null,or(health.eq.warning,and(health.eq.healthy,type.eq.Kubernetes::Node)))&order=name',
        ),
      ).toEqual(['node-1', 'pod-web']);
    });
  });

  describe('select lists', () => {
    it('CAT-01: two select parameters are merged, with .filter, order, count and paging', async () => {
      const response = await backend.request(
        'GET',
        '/configs?&select=id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute&select=agent:agents(id,name)&type=eq.Kubernetes::Pod&status.filter=Running,!Deleted&health.filter=warning,healthy&order=name.asc&deleted_at=is.null&limit=50&offset=0',
        { headers: { Prefer: 'count=exact' } },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBe('0-0/1');
      expect(response.body).toEqual([
        {
          id: C.podWeb,
          type: 'Kubernetes::Pod',
          config_class: 'Pod',
          status: 'Running',
          health: 'warning',
          labels: { env: 'prod', app: 'web' },
          name: 'pod-web',
          tags: null,
          created_at: '2024-01-04T00:00:00+00:00',
          updated_at: null,
          deleted_at: null,
          cost_per_minute: 0.25,
          agent: { id: A.edge, name: 'edge' },
        },
      ]);
    });

    it('configs?id=eq.{id}&select=id,name,config_class,type and select=* with embeds', async () => {
      expect(await get(`/configs?id=eq.${C.node}&select=id,name,config_class,type`)).toEqual([
        { id: C.node, name: 'node-1', config_class: 'Node', type: 'Kubernetes::Node' },
      ]);
      const [scope] = await get(`/scopes?id=eq.${S.prod}&select=*,created_by(id,name)`);
      expect(Object.keys(scope ?? {})).toEqual([
        'id',
        'name',
        'namespace',
        'targets',
        'created_by',
        'created_at',
        'deleted_at',
      ]);
      expect(scope?.created_by).toEqual({ id: P.alice, name: 'Alice' });
    });

    it('repeated columns are tolerated: hypotheses?id=eq.{id}&select=id,comments(id,*,...),evidences(id,*,...)', async () => {
      const [row] = await get(
        `/hypotheses?id=eq.${H.deploy}&select=id,comments(id,*,created_by(id,id,name)),evidences(id,*,created_by(id,name))`,
      );
      const comments = sortBy(row?.comments as Array<Record<string, unknown>>, 'id');
      expect(comments.map((c) => [c.id, c.comment, c.created_by])).toEqual([
        [CM.investigating, 'Investigating', { id: P.alice, name: 'Alice' }],
        [CM.rolledBack, 'Rolled back', { id: P.bob, name: 'Bob' }],
      ]);
      expect(Object.keys(comments[0] ?? {})).toEqual([
        'id',
        'incident_id',
        'hypothesis_id',
        'responder_id',
        'comment',
        'external_created_by',
        'created_by',
        'created_at',
      ]);
      expect(
        sortBy(row?.evidences as Array<Record<string, unknown>>, 'id').map((e) => e.id),
      ).toEqual([E.topo, E.config]);
      expect(await get(`/people?select=id,id,name&id=eq.${P.bob}`)).toEqual([
        { id: P.bob, name: 'Bob' },
      ]);
    });

    it('casts: playbook_run_actions?id=eq.{id}&select=*,artifacts:artifacts(*)::jsonb,playbook_run:playbook_runs(spec)', async () => {
      const [row] = await get(
        `/playbook_run_actions?id=eq.${PA.step1}&select=*,artifacts:artifacts(*)::jsonb,playbook_run:playbook_runs(spec)`,
      );
      expect(row).toMatchObject({
        id: PA.step1,
        playbook_run_id: PR.first,
        name: 'step-1',
        playbook_run: { spec: { x: 1 } },
      });
      expect(sortBy(row?.artifacts as Array<Record<string, unknown>>, 'path')).toEqual([
        {
          id: AR.logs,
          playbook_run_action_id: PA.step1,
          path: 'logs.txt',
          content_type: 'text/plain',
          size: 120,
        },
        {
          id: AR.out,
          playbook_run_action_id: PA.step1,
          path: 'out.json',
          content_type: 'application/json',
          size: 40,
        },
      ]);
      expect(
        await get(`/artifacts?select=id,size::text,bytes:size::int4&id=eq.${AR.logs}`),
      ).toEqual([{ id: AR.logs, size: '120', bytes: 120 }]);
    });
  });

  describe('embedding', () => {
    it('FK column as embed name: scopes?select=*,created_by(id,name,avatar,email)&deleted_at=is.null', async () => {
      const rows = await get(
        '/scopes?select=*,created_by(id,name,avatar,email)&deleted_at=is.null&order=name',
      );
      expect(rows.map((r) => [r.name, r.created_by])).toEqual([
        ['dev', null],
        ['prod', { id: P.alice, name: 'Alice', avatar: 'a.png', email: 'alice@example.com' }],
      ]);
    });

    it('FK column as embed name: team_members?team_id=eq.{t}&select=*,person_id(*)', async () => {
      const rows = sortBy(
        await get(`/team_members?team_id=eq.${T.platform}&select=*,person_id(*)`),
        'team_id',
      );
      const people = rows
        .map((r) => r.person_id as Record<string, unknown>)
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
      expect(rows.every((r) => r.team_id === T.platform)).toBe(true);
      expect(people).toEqual([
        {
          id: P.alice,
          name: 'Alice',
          email: 'alice@example.com',
          avatar: 'a.png',
          roles: ['admin'],
          created_at: '2024-01-01T00:00:00+00:00',
          deleted_at: null,
        },
        {
          id: P.bob,
          name: 'Bob',
          email: 'bob@example.com',
          avatar: null,
          roles: ['editor', 'viewer'],
          created_at: '2024-01-02T00:00:00+00:00',
          deleted_at: null,
        },
      ]);
    });

    it('alias to a relation, into a view: config_analysis?select=...,config:configs(id,name,config_class,type)', async () => {
      const rows = await get(
        `/config_analysis?select=id,analyzer,analysis_type,message,severity,analysis,first_observed,config:configs(id,name,config_class,type)&config_id=eq.${C.podApi}`,
      );
      expect(rows).toEqual([
        {
          id: expect.any(String),
          analyzer: 'probe',
          analysis_type: 'availability',
          message: 'liveness probe failing',
          severity: 'critical',
          analysis: { restarts: 12 },
          first_observed: '2024-01-10T00:00:00+00:00',
          config: { id: C.podApi, name: 'pod-api', config_class: 'Pod', type: 'Kubernetes::Pod' },
        },
      ]);
    });

    it('alias to a relation from a view: configs?...&select=agent:agents(id,name)', async () => {
      const rows = await get(
        '/configs?select=name,agent:agents(id,name)&order=name&deleted_at=is.null',
      );
      expect(rows.map((r) => [r.name, r.agent])).toEqual([
        ['cluster-a', { id: A.local, name: 'local' }],
        ['node-1', { id: A.local, name: 'local' }],
        ['pod-api', { id: A.edge, name: 'edge' }],
        ['pod-web', { id: A.edge, name: 'edge' }],
      ]);
    });

    it('alias to an FK column from a view: notifications_summary?select=*,person:person_id(A),team:team_id(id,name,icon),created_by(A)', async () => {
      const rows = await get(
        '/notifications_summary?select=*,person:person_id(id,name),team:team_id(id,name,icon),created_by(id,name)&order=name.asc',
      );
      expect(rows).toEqual([
        {
          id: N.alerts,
          name: 'alerts',
          events: ['check.failed'],
          person_id: P.alice,
          team_id: null,
          created_by: { id: P.bob, name: 'Bob' },
          created_at: '2024-05-01T00:00:00+00:00',
          person: { id: P.alice, name: 'Alice' },
          team: null,
        },
        {
          id: N.team,
          name: 'team-alerts',
          events: ['incident.created', 'check.failed'],
          person_id: null,
          team_id: T.platform,
          created_by: { id: P.alice, name: 'Alice' },
          created_at: '2024-05-02T00:00:00+00:00',
          person: null,
          team: { id: T.platform, name: 'Platform', icon: 'k8s' },
        },
      ]);
    });

    it('alias to FK columns: responders?incident_id=eq.{id}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null', async () => {
      const rows = await get(
        `/responders?incident_id=eq.${I.outage}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null&order=created_at`,
      );
      expect(rows.map((r) => [r.id, r.team, r.person])).toEqual([
        [R.bob, null, { id: P.bob, name: 'Bob', avatar: null }],
        [
          R.platform,
          { id: T.platform, name: 'Platform', icon: 'k8s', spec: { components: [] } },
          null,
        ],
      ]);
    });

    it('constraint hints: checks?id=eq.{id}&select=*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id, name)', async () => {
      const [row] = await get(
        `/checks?id=eq.${K.web}&select=*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id, name)`,
      );
      expect(row).toMatchObject({
        id: K.web,
        name: 'web-health',
        canary_id: CA.http,
        canaries: { id: CA.http, name: 'http-canary', source: 'UI' },
        agents: { id: A.edge, name: 'edge' },
      });
    });

    it('constraint and FK-column hints: config_component_relationships?config_id=eq.{id}&select=components!..._component_id_fkey(id, name), table!fk_col(...)', async () => {
      const rows = await get(
        `/config_component_relationships?config_id=eq.${C.podWeb}&select=components!config_component_relationships_component_id_fkey(id, name)`,
      );
      expect(
        sortBy(
          rows.map((r) => r.components as Record<string, unknown>),
          'name',
        ),
      ).toEqual([
        { id: CO.checkout, name: 'checkout' },
        { id: CO.payments, name: 'payments' },
      ]);
      expect(
        await get(
          `/config_relationships?select=config_id,related:configs!related_id(name)&config_id=eq.${C.cluster}`,
        ),
      ).toEqual([{ config_id: C.cluster, related: { name: 'node-1' } }]);
    });

    it('nested embeds: checks?...components:check_component_relationships(components(id,name,icon))', async () => {
      expect(
        await get(
          `/checks?id=eq.${K.api}&select=id,components:check_component_relationships(components(id,name,icon))`,
        ),
      ).toEqual([
        {
          id: K.api,
          components: [{ components: { id: CO.payments, name: 'payments', icon: 'money' } }],
        },
      ]);
    });

    it('nested embeds three levels deep: incidents?id=eq.{id}&select=*,hypotheses(*,created_by(A),evidences(*,created_by(A)),comments(...)),...', async () => {
      const [incident] = await get(
        `/incidents?id=eq.${I.outage}&select=*,hypotheses(*,created_by(id,name),evidences(*,created_by(id,name)),comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,id,name),id)),commander:commander_id(id,name),communicator_id(id,name),responders(created_by(id,name))`,
      );
      expect(incident).toMatchObject({
        id: I.outage,
        commander_id: P.alice,
        commander: { id: P.alice, name: 'Alice' },
        communicator_id: { id: P.bob, name: 'Bob' },
        responders: [
          { created_by: { id: P.alice, name: 'Alice' } },
          { created_by: { id: P.alice, name: 'Alice' } },
        ],
      });
      const hypotheses = sortBy(incident?.hypotheses as Array<Record<string, unknown>>, 'id');
      expect(hypotheses.map((h) => [h.id, h.created_by])).toEqual([
        [H.deploy, { id: P.alice, name: 'Alice' }],
        [H.pressure, { id: P.bob, name: 'Bob' }],
      ]);
      expect(
        sortBy(hypotheses[0]?.evidences as Array<Record<string, unknown>>, 'id').map((e) => [
          e.id,
          e.created_by,
        ]),
      ).toEqual([
        [E.topo, { id: P.alice, name: 'Alice' }],
        [E.config, { id: P.bob, name: 'Bob' }],
      ]);
      expect(sortBy(hypotheses[0]?.comments as Array<Record<string, unknown>>, 'id')).toEqual([
        {
          created_at: '2024-02-01T10:00:00+00:00',
          comment: 'Investigating',
          external_created_by: null,
          responder_id: null,
          created_by: { id: P.alice, name: 'Alice' },
          id: CM.investigating,
        },
        {
          created_at: '2024-02-01T11:00:00+00:00',
          comment: 'Rolled back',
          external_created_by: null,
          responder_id: { team_id: null },
          created_by: { id: P.bob, name: 'Bob' },
          id: CM.rolledBack,
        },
      ]);
      expect(hypotheses[1]).toMatchObject({ evidences: [], comments: [] });
    });

    it('view-to-view embedding with nesting: analysis_by_component?...&select=analysis_id,config:configs(id,name,...,analysis:config_analysis(...))', async () => {
      const rows = await get(
        `/analysis_by_component?component_id=eq.${CO.checkout}&select=analysis_id,config:configs(id,name,config_class,type,analysis:config_analysis(analyzer,severity))`,
      );
      expect(rows).toEqual([
        {
          analysis_id: expect.any(String),
          config: {
            id: C.podWeb,
            name: 'pod-web',
            config_class: 'Pod',
            type: 'Kubernetes::Pod',
            analysis: [{ analyzer: 'cost-analyzer', severity: 'low' }],
          },
        },
      ]);
    });

    it('!inner: config_changes_items?...config:config_names!inner(id,name,type)&config.type=eq.{t}', async () => {
      const rows = await get(
        '/config_changes_items?order=created_at.desc&limit=10&offset=0&select=id,change_type,summary,source,created_at,config_id,config:config_names!inner(id,name,type)&config.type=eq.Kubernetes::Pod',
      );
      expect(rows.map((r) => [r.id, (r.config as Record<string, unknown>).name])).toEqual([
        [CH.scaled, 'pod-web'],
        [CH.pulled, 'pod-api'],
        [CH.backoff, 'pod-api'],
      ]);
      const outer = await get(
        '/config_changes_items?order=created_at.desc&select=id,config:config_names(name,type)&config.type=eq.Kubernetes::Pod',
      );
      expect(outer.map((r) => [r.id, r.config])).toEqual([
        [CH.upgrade, null],
        [CH.scaled, { name: 'pod-web', type: 'Kubernetes::Pod' }],
        [CH.pulled, { name: 'pod-api', type: 'Kubernetes::Pod' }],
        [CH.backoff, { name: 'pod-api', type: 'Kubernetes::Pod' }],
      ]);
    });

    it('!inner nested: incidents?...hypotheses!inner(*,created_by(A),evidences!inner(id,evidence,type,component_id))', async () => {
      const rows = await get(
        `/incidents?select=id,hypotheses!inner(id,created_by(name),evidences!inner(id,evidence,type,component_id))&hypotheses.evidences.component_id=eq.${CO.db}`,
      );
      expect(rows).toEqual([
        {
          id: I.checkout,
          hypotheses: [
            {
              id: H.locks,
              created_by: { name: 'Bob' },
              evidences: [{ id: E.db, evidence: null, type: 'topology', component_id: CO.db }],
            },
          ],
        },
      ]);
      expect(
        await column('/incidents?select=id,hypotheses!inner(id)&order=created_at', 'id'),
      ).toEqual([I.outage, I.checkout]);
    });

    it('ordering and limiting inside an embed: {embed}.order= and {embed}.limit=', async () => {
      expect(
        await get(
          `/incidents?id=eq.${I.outage}&select=id,hypotheses(title)&hypotheses.order=title.desc`,
        ),
      ).toEqual([
        { id: I.outage, hypotheses: [{ title: 'Node pressure' }, { title: 'Bad deploy' }] },
      ]);
      expect(
        await get(
          `/incidents?id=eq.${I.outage}&select=id,hypotheses(title)&hypotheses.order=created_at.desc&hypotheses.limit=1`,
        ),
      ).toEqual([{ id: I.outage, hypotheses: [{ title: 'Node pressure' }] }]);
      const rows = await get(
        `/config_component_relationships?component_id=eq.${CO.payments}&configs.order=name&select=*,configs!config_component_relationships_config_id_fkey(id, type, name, config_class, deleted_at)`,
      );
      expect(
        sortBy(
          rows.map((r) => r.configs as Record<string, unknown>),
          'name',
        ).map((c) => c.name),
      ).toEqual(['pod-api', 'pod-web']);
    });

    it('filters on embeds: incident_summary?...&hypotheses.evidences.component_id=eq.{id} (not selected) and {embed}.{col}= (selected)', async () => {
      expect(
        await column(
          `/incident_summary?order=created_at.desc&hypotheses.evidences.component_id=eq.${CO.payments}`,
          'id',
        ),
      ).toEqual([I.outage]);
      expect(await column(`/incident_summary?order=created_at.desc`, 'id')).toEqual([
        I.cost,
        I.checkout,
        I.outage,
      ]);
      expect(
        await get(
          '/incidents?select=id,hypotheses(title)&hypotheses.type=eq.factor&order=created_at',
        ),
      ).toEqual([
        { id: I.outage, hypotheses: [{ title: 'Node pressure' }] },
        { id: I.checkout, hypotheses: [] },
        { id: I.cost, hypotheses: [] },
      ]);
    });

    it('null filters on embeds: {embed}=not.is.null and {embed}=is.null', async () => {
      expect(
        await column(`/responders?select=id,team:team_id(name)&team=not.is.null`, 'id'),
      ).toEqual([R.platform]);
      expect(await column(`/responders?select=id,team:team_id(name)&team=is.null`, 'id')).toEqual([
        R.bob,
      ]);
    });

    it('to-many embeds give arrays, to-one embeds objects or null', async () => {
      const [team] = await get(
        `/teams?id=eq.${T.security}&select=name,team_members(person_id),created_by(name),notifications(name)`,
      );
      expect(team).toEqual({
        name: 'Security',
        team_members: [{ person_id: P.bob }],
        created_by: { name: 'Bob' },
        notifications: [],
      });
    });
  });

  describe('order', () => {
    it('order=created_at.desc and order=a.asc,b.desc', async () => {
      expect(await column('/incidents?order=created_at.desc&select=id', 'id')).toEqual([
        I.cost,
        I.checkout,
        I.outage,
      ]);
      expect(
        (await get('/job_histories?select=name,status&order=name.asc,created_at.desc')).map(
          (r) => `${r.name}:${r.status}`,
        ),
      ).toEqual([
        'CleanupTeams:WARNING',
        'ScrapeConfig:SUCCESS',
        'SyncCanary:FAILED',
        'SyncCanary:SUCCESS',
      ]);
    });

    it('order=type,name.asc (CAT-01 sorting by type)', async () => {
      expect(await column('/configs?select=name&order=type,name.asc')).toEqual([
        'bucket',
        'cluster-a',
        'node-1',
        'pod-api',
        'pod-web',
      ]);
      expect(await column('/configs?select=name&order=type,name.desc')).toEqual([
        'bucket',
        'cluster-a',
        'node-1',
        'pod-web',
        'pod-api',
      ]);
    });

    it('nullslast / nullsfirst: view_{ns}_{name}?select=*&limit={n}&offset={m}&order={col}.desc.nullslast&request_fingerprint=eq.{fp}', async () => {
      expect(
        await column(
          '/view_default_pods?select=*&limit=3&offset=0&order=cpu.desc.nullslast&request_fingerprint=eq.fp1',
        ),
      ).toEqual(['pod-c', 'pod-a', 'pod-d']);
      expect(
        await column(
          '/view_default_pods?select=*&limit=3&offset=0&order=cpu.desc&request_fingerprint=eq.fp1',
        ),
      ).toEqual(['pod-b', 'pod-c', 'pod-a']);
      expect(
        await column(
          '/view_default_pods?select=name&order=cpu.asc.nullsfirst&request_fingerprint=eq.fp1',
        ),
      ).toEqual(['pod-b', 'pod-d', 'pod-a', 'pod-c']);
    });

    it('duplicate order parameters: the last wins (agents_summary, incidents)', async () => {
      const rows = await get(
        '/agents_summary?select=*,created_by(id,name)&order=created_at.desc&&limit=10&offset=0&order=name.desc',
      );
      expect(rows.map((r) => [r.name, r.created_by])).toEqual([
        ['local', null],
        ['edge', { id: P.alice, name: 'Alice' }],
      ]);
      expect(
        await column('/incidents?order=created_at.desc&select=title&order=title.asc', 'title'),
      ).toEqual(['API outage', 'Cost spike', 'Slow checkout']);
    });

    it('orders by a JSON path', async () => {
      expect(
        await column(
          '/configs?select=name&deleted_at=is.null&order=labels->>app.asc.nullsfirst,name',
        ),
      ).toEqual(['cluster-a', 'node-1', 'pod-api', 'pod-web']);
    });
  });

  describe('limit, offset and Prefer: count=exact', () => {
    it('permissions-style paging: limit={pageSize}&offset={pageIndex*pageSize} with Content-Range', async () => {
      const response = await backend.request(
        'GET',
        '/job_histories?select=id&order=created_at.asc&limit=2&offset=1',
        {
          headers: { Prefer: 'count=exact' },
        },
      );
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe('1-2/4');
      expect(pluck(response.body as Array<Record<string, unknown>>, 'id')).toEqual([
        J.sync2,
        J.scrape,
      ]);
    });

    it('a fixed limit without offset, and no count unless asked', async () => {
      const response = await backend.request('GET', '/teams?select=name&order=name&limit=100');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBe('0-2/*');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(pluck(response.body as Array<Record<string, unknown>>, 'name')).toEqual([
        'Archive',
        'Platform',
        'Security',
      ]);
    });

    it('*/0 when nothing matches, */total past the end, full range with 200', async () => {
      const empty = await backend.request('GET', '/teams?name=eq.nobody', {
        headers: { Prefer: 'count=exact' },
      });
      expect([empty.status, empty.headers.get('content-range'), empty.body]).toEqual([
        200,
        '*/0',
        [],
      ]);
      const past = await backend.request('GET', '/teams?offset=10&limit=5', {
        headers: { Prefer: 'count=exact' },
      });
      expect([past.status, past.headers.get('content-range'), past.body]).toEqual([200, '*/3', []]);
      const all = await backend.request('GET', '/teams?select=id', {
        headers: { Prefer: 'count=exact, return=representation' },
      });
      expect([all.status, all.headers.get('content-range')]).toEqual([200, '0-2/3']);
    });

    it('counts with filters on embeds not selected (same filters as the rows)', async () => {
      const response = await backend.request(
        'GET',
        `/incident_summary?select=id&limit=1&hypotheses.evidences.component_id=eq.${CO.payments}`,
        {
          headers: { Prefer: 'count=exact' },
        },
      );
      expect([response.status, response.headers.get('content-range')]).toEqual([200, '0-0/1']);
    });

    it('HEAD answers the headers without a body', async () => {
      const response = await backend.request('HEAD', '/teams?deleted_at=is.null', {
        headers: { Prefer: 'count=exact' },
      });
      expect(response.status).toBe(206 - 6);
      expect(response.headers.get('content-range')).toBe('0-1/2');
      expect(response.text).toBe('');
    });
  });

  describe('the .filter extension over HTTP', () => {
    it('configs?...&status.filter=a,!b&health.filter=healthy', async () => {
      expect(
        await column(
          '/configs?select=name&status.filter=Running,!Deleted&health.filter=healthy&order=name',
        ),
      ).toEqual(['cluster-a', 'node-1']);
      expect(await column('/configs?select=name&status.filter=!Running&order=name')).toEqual([
        'bucket',
        'pod-api',
      ]);
    });

    it('job_histories?...&resource_type.filter=canary&name.filter=..&status.filter=..', async () => {
      expect(
        await column(
          '/job_histories?select=id&resource_type.filter=canary&name.filter=Sync*&status.filter=!SUCCESS',
          'id',
        ),
      ).toEqual([J.sync2]);
      expect(
        await column(
          '/job_histories?select=id&created_at.filter=<2024-04-02T12:00:00Z&order=created_at',
          'id',
        ),
      ).toEqual([J.sync1, J.sync2]);
      expect(await column('/job_histories?select=id&created_at.filter=>now-1d', 'id')).toEqual([]);
    });

    it('JSON-path keys: resource->>name.filter={search}', async () => {
      expect(await column('/configs?select=name&labels->>app.filter=*eb*')).toEqual(['pod-web']);
    });
  });

  describe('errors keep the PostgREST shape', () => {
    const error = async (path: string, status: number, code: string) => {
      const response = await backend.request('GET', path);
      expect([response.status, (response.body as Record<string, unknown>).code]).toEqual([
        status,
        code,
      ]);
      expect(Object.keys(response.body as object).sort()).toEqual([
        'code',
        'details',
        'hint',
        'message',
      ]);
      return response.body as Record<string, unknown>;
    };

    it('unknown table 404 PGRST205, unknown column 400 42703', async () => {
      expect((await error('/nope', 404, 'PGRST205')).message).toBe(
        "Could not find the table 'public.nope' in the schema cache",
      );
      expect((await error('/people?select=id,secret', 400, '42703')).message).toBe(
        'column people.secret does not exist',
      );
      await error('/people?secret=eq.1', 400, '42703');
      await error('/people?order=secret', 400, '42703');
      await error('/people?or=(secret.eq.1)', 400, '42703');
    });

    it('no relationship 400 PGRST200, ambiguous 300 PGRST201, order on a non-embedded path 400 PGRST108', async () => {
      await error('/people?select=id,configs(id)', 400, 'PGRST200');
      const ambiguous = await error('/configs?select=id,config_relationships(*)', 300, 'PGRST201');
      expect(ambiguous.hint).toContain(
        "'config_relationships!config_relationships_config_id_fkey'",
      );
      expect(ambiguous.details).toHaveLength(2);
      await error('/incidents?hypotheses.order=title', 400, 'PGRST108');
      await error('/config_names?select=id,checks_canary_id_fkey(id)', 400, 'PGRST200');
    });

    it('parse errors 400 PGRST100, bad values keep the SQLSTATE', async () => {
      await error('/people?id=equals.1', 400, 'PGRST100');
      await error('/people?select=id,', 400, 'PGRST100');
      await error('/people?or=(id.eq.1', 400, 'PGRST100');
      await error('/people?limit=abc', 400, 'PGRST100');
      await error('/people?id=eq.not-a-uuid', 400, '22P02');
      await error('/people?name=is.maybe', 400, 'PGRST100');
      await error('/people?select=name::money', 400, '42704');
      await error('/people?name->>x=eq.1', 400, '42883');
      await error('/job_histories?created_at.filter=>yesterday', 400, 'PGRST100');
    });
  });

  describe('schema detail', () => {
    it('self references: the FK column embeds the parent, the table name the children', async () => {
      expect(
        await get(
          `/playbook_runs?select=id,parent_id(id,status),playbook_runs(id)&id=eq.${PR.first}`,
        ),
      ).toEqual([{ id: PR.first, parent_id: null, playbook_runs: [{ id: PR.child }] }]);
      expect(
        await get(
          `/config_items?select=name,parent:parent_id(name),children:config_items(name)&id=eq.${C.node}&children.order=name`,
        ),
      ).toEqual([
        {
          name: 'node-1',
          parent: { name: 'cluster-a' },
          children: [{ name: 'pod-api' }, { name: 'pod-web' }],
        },
      ]);
    });

    it('a foreign key that is also the primary key embeds as one object in both directions', async () => {
      expect(
        await get(
          '/config_items?select=name,config_items_last_scraped_time(last_scraped_time)&type=eq.Kubernetes::Pod&order=name',
        ),
      ).toEqual([
        {
          name: 'pod-api',
          config_items_last_scraped_time: { last_scraped_time: '2024-01-09T00:00:00+00:00' },
        },
        { name: 'pod-web', config_items_last_scraped_time: null },
      ]);
      expect(await get('/config_items_last_scraped_time?select=config_items(name)')).toEqual([
        { config_items: { name: 'pod-api' } },
      ]);
    });

    it('a view over a view (with a renamed key column) embeds through the base table', async () => {
      expect(
        await get('/pod_names?select=name,config_analysis(analyzer),config_items(name)&order=name'),
      ).toEqual([
        { name: 'pod-api', config_analysis: [{ analyzer: 'probe' }], config_items: [] },
        { name: 'pod-web', config_analysis: [{ analyzer: 'cost-analyzer' }], config_items: [] },
      ]);
      expect(
        await get(
          `/config_analysis?select=analyzer,pod:pod_names(pod_id,name)&config_id=eq.${C.podWeb}`,
        ),
      ).toEqual([{ analyzer: 'cost-analyzer', pod: { pod_id: C.podWeb, name: 'pod-web' } }]);
    });

    it('a constraint name as the embed target resolves towards tables only', async () => {
      expect(
        await get(
          `/config_relationships?select=config_relationships_config_id_fkey(name)&config_id=eq.${C.cluster}`,
        ),
      ).toEqual([{ config_relationships_config_id_fkey: { name: 'cluster-a' } }]);
      expect(
        await get(`/configs?select=name,config_items_agent_id_fkey(name)&id=eq.${C.podApi}`),
      ).toEqual([{ name: 'pod-api', config_items_agent_id_fkey: { name: 'edge' } }]);
    });

    it('introspects view columns back to their base-table keys', async () => {
      expect(
        await get(
          `/config_names?id=eq.${C.node}&select=name,config_relationships!config_id(related_id)`,
        ),
      ).toEqual([
        {
          name: 'node-1',
          config_relationships: expect.arrayContaining([
            { related_id: C.podApi },
            { related_id: C.podWeb },
          ]),
        },
      ]);
    });
  });
});
