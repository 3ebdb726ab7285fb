import type { PostgrestRequest, SqlClient } from '../../../server/demo/postgrest';
import { PostgrestEngine } from '../../../server/demo/postgrest';
import type { SessionClient, TestBackend } from './support/app';
import { TEST_BACKENDS, startTestBackend } from './support/app';
import { A, C, CO, H, I, P, S, T } from './support/ids';

describe.each(TEST_BACKENDS)('PostgREST writes on %s', (kind) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend(
      kind,
      {},
      {
        authorize: async (req, relation, method) => {
          if (relation === 'properties' && method !== 'GET' && req.headers['x-role'] === 'viewer') {
            return {
              ok: false,
              status: 403,
              body: 'unauthorized. Access Denied',
              headers: {
                'X-Rbac-Subject': 'viewer',
                'X-Rbac-Object': 'properties',
                'X-Rbac-Action': 'write',
              },
            };
          }
          return { ok: true };
        },
      },
    );
  }, 60_000);

  afterAll(async () => {
    await backend.close();
  });

  const representation = { Prefer: 'return=representation' };
  const body = (response: { body: unknown }) => response.body as Array<Record<string, unknown>>;
  const codeOf = (response: { body: unknown }) => (response.body as Record<string, unknown>).code;

  describe('POST', () => {
    it('bulk insert: POST team_members [{team_id, person_id}, ...]', async () => {
      const response = await backend.request('POST', '/team_members', {
        headers: representation,
        body: [
          { team_id: T.security, person_id: P.alice },
          { team_id: T.security, person_id: P.carol },
        ],
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(body(response)).toEqual([
        { team_id: T.security, person_id: P.alice },
        { team_id: T.security, person_id: P.carol },
      ]);
      const members = await backend.rows(
        `/team_members?team_id=eq.${T.security}&select=person_id(name)`,
      );
      expect(members.map((m) => (m.person_id as Record<string, unknown>).name).sort()).toEqual([
        'Alice',
        'Bob',
        'Carol',
      ]);
    });

    it('POST incidents?select=* with "now()" timestamps answers 201 with the row', async () => {
      const before = Date.now();
      const response = await backend.request('POST', '/incidents?select=*', {
        headers: representation,
        body: {
          title: 'Disk full',
          severity: 'high',
          type: 'availability',
          status: 'open',
          commander_id: P.alice,
          communicator_id: P.alice,
          created_by: P.alice,
          created_at: 'now()',
          updated_at: 'now()',
        },
      });
      expect(response.status).toBe(201);
      const [row] = body(response);
      expect(row).toMatchObject({
        title: 'Disk full',
        severity: 'high',
        commander_id: P.alice,
        created_by: P.alice,
      });
      expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
      const created = Date.parse(String(row?.created_at));
      expect(created).toBeGreaterThanOrEqual(before - 5_000);
      expect(created).toBeLessThanOrEqual(Date.now() + 5_000);
      expect(await backend.rows(`/incidents?id=eq.${String(row?.id)}&select=title`)).toEqual([
        { title: 'Disk full' },
      ]);
    });

    it('POST responders?select=* with embeds in the representation', async () => {
      const response = await backend.request(
        'POST',
        '/responders?select=type,person:person_id(name),created_by(name)',
        {
          headers: representation,
          body: {
            incident_id: I.cost,
            type: 'person',
            person_id: P.bob,
            created_by: P.alice,
            created_at: 'now()',
          },
        },
      );
      expect([response.status, response.body]).toEqual([
        201,
        [{ type: 'person', person: { name: 'Bob' }, created_by: { name: 'Alice' } }],
      ]);
    });

    it('without return=representation: 201 and no body', async () => {
      const response = await backend.request('POST', '/properties', {
        body: { name: 'silent.insert', value: '1' },
      });
      expect([response.status, response.text]).toEqual([201, '']);
      expect(await backend.rows('/properties?name=eq.silent.insert&select=value')).toEqual([
        { value: '1' },
      ]);
    });

    it('converts values per column type: jsonb, text[], timestamptz, uuid, boolean, numeric; missing keys take defaults', async () => {
      const team = await backend.request('POST', '/teams?select=name,spec,created_by,deleted_at', {
        headers: representation,
        body: {
          name: 'SRE',
          spec: { components: ['a'], nested: { n: 1 } },
          created_by: P.bob,
          deleted_at: '2024-06-01T12:00:00.000Z',
        },
      });
      expect(team.body).toEqual([
        {
          name: 'SRE',
          spec: { components: ['a'], nested: { n: 1 } },
          created_by: P.bob,
          deleted_at: '2024-06-01T12:00:00+00:00',
        },
      ]);
      const people = await backend.request('POST', '/people?select=name,roles,email', {
        headers: representation,
        body: [
          { name: 'Erin', roles: ['viewer', 'a "quoted", role'] },
          { name: 'Frank', email: 'f@example.com' },
        ],
      });
      expect(people.body).toEqual([
        { name: 'Erin', roles: ['viewer', 'a "quoted", role'], email: null },
        { name: 'Frank', roles: [], email: 'f@example.com' },
      ]);
      const config = await backend.request(
        'POST',
        '/config_items?select=name,cost_per_minute,ready,labels,tags',
        {
          headers: representation,
          body: {
            agent_id: A.local,
            name: 'q',
            type: 'T',
            config_class: 'C',
            cost_per_minute: 0.125,
            ready: false,
            labels: { a: 'b' },
            tags: 'plain string',
          },
        },
      );
      expect(config.body).toEqual([
        {
          name: 'q',
          cost_per_minute: 0.125,
          ready: false,
          labels: { a: 'b' },
          tags: 'plain string',
        },
      ]);
    });

    it('columns= restricts the inserted keys; an empty array inserts nothing', async () => {
      const response = await backend.request('POST', '/properties?columns=name', {
        headers: representation,
        body: { name: 'only.name', value: 'ignored' },
      });
      expect(body(response).map((r) => [r.name, r.value])).toEqual([['only.name', null]]);
      const empty = await backend.request('POST', '/properties', {
        headers: representation,
        body: [],
      });
      expect([empty.status, empty.body]).toEqual([201, []]);
    });

    it('errors: unknown body column PGRST204, duplicates 409 23505, missing required 400 23502, check 400 23514, bad uuid 22P02, bad FK 409 23503', async () => {
      const unknown = await backend.request('POST', '/properties', {
        body: { name: 'x', secret: 1 },
      });
      expect([
        unknown.status,
        codeOf(unknown),
        (unknown.body as Record<string, unknown>).message,
      ]).toEqual([
        400,
        'PGRST204',
        "Could not find the 'secret' column of 'properties' in the schema cache",
      ]);
      const duplicate = await backend.request('POST', '/team_members', {
        body: { team_id: T.platform, person_id: P.alice },
      });
      expect([duplicate.status, codeOf(duplicate)]).toEqual([409, '23505']);
      expect((duplicate.body as Record<string, unknown>).details).toEqual(
        expect.stringContaining('already exists'),
      );
      const missing = await backend.request('POST', '/teams', { body: { name: 'no creator' } });
      expect([missing.status, codeOf(missing)]).toEqual([400, '23502']);
      const check = await backend.request('POST', '/hypotheses', {
        body: { incident_id: I.cost, type: 'bogus', created_by: P.bob },
      });
      expect([check.status, codeOf(check)]).toEqual([400, '23514']);
      const uuid = await backend.request('POST', '/team_members', {
        body: { team_id: 'nope', person_id: P.alice },
      });
      expect([uuid.status, codeOf(uuid)]).toEqual([400, '22P02']);
      const fk = await backend.request('POST', '/team_members', {
        body: { team_id: T.platform, person_id: CO.db },
      });
      expect([fk.status, codeOf(fk)]).toEqual([409, '23503']);
    });

    it('refuses a bulk insert needing more bind parameters than Postgres allows', async () => {
      const rows = Array.from({ length: 22_000 }, (_, i) => ({
        name: `bulk.${i}`,
        value: 'v',
        created_by: P.alice,
      }));
      const response = await backend.request('POST', '/properties', { body: rows });
      expect([response.status, codeOf(response)]).toEqual([400, '54000']);
      expect(await backend.rows('/properties?name=like.bulk.*&limit=1')).toEqual([]);
      const fits = await backend.request('POST', '/properties', { body: rows.slice(0, 2_000) });
      expect(fits.status).toBe(201);
      const counted = await backend.request('GET', '/properties?name=like.bulk.*', {
        headers: { Prefer: 'count=exact' },
      });
      expect(counted.headers.get('content-range')).toBe('0-1999/2000');
    });

    it('errors: invalid JSON, non-object rows, upsert', async () => {
      const invalid = await backend.request('POST', '/properties', { rawBody: '{"name": ' });
      expect([invalid.status, codeOf(invalid)]).toEqual([400, 'PGRST102']);
      const scalar = await backend.request('POST', '/properties', { body: [1, 2] });
      expect([scalar.status, codeOf(scalar)]).toEqual([400, 'PGRST102']);
      const none = await backend.request('POST', '/properties', {
        rawBody: '',
        headers: { 'content-type': 'application/json' },
      });
      expect([none.status, codeOf(none)]).toEqual([400, 'PGRST102']);
      const upsert = await backend.request('POST', '/properties?on_conflict=name', {
        body: { name: 'x' },
      });
      expect([upsert.status, codeOf(upsert)]).toEqual([400, 'PGRST100']);
    });
  });

  describe('PATCH', () => {
    it('soft delete: PATCH agents?id=eq.{id} {deleted_at:"now()", cleanup:true}', async () => {
      const response = await backend.request('PATCH', `/agents?id=eq.${A.edge}`, {
        body: { deleted_at: 'now()', cleanup: true },
      });
      expect([response.status, response.text]).toEqual([204, '']);
      expect((await backend.rows('/agents_summary?select=name')).map((r) => r.name)).toEqual([
        'local',
      ]);
      const [agent] = await backend.rows(`/agents?id=eq.${A.edge}&select=cleanup,deleted_at`);
      expect(agent?.cleanup).toBe(true);
      expect(Math.abs(Date.parse(String(agent?.deleted_at)) - Date.now())).toBeLessThan(60_000);
    });

    it('PATCH scopes?id=eq.{id} {deleted_at:"<ISO>"} with return=representation answers the rows', async () => {
      const response = await backend.request('PATCH', `/scopes?id=eq.${S.dev}`, {
        headers: representation,
        body: { deleted_at: '2024-07-01T08:00:00.000Z' },
      });
      expect(response.status).toBe(200);
      expect(body(response).map((r) => [r.id, r.name, r.deleted_at])).toEqual([
        [S.dev, 'dev', '2024-07-01T08:00:00+00:00'],
      ]);
    });

    it('updates every row the filters match, and none when nothing matches', async () => {
      const response = await backend.request(
        'PATCH',
        '/config_component_relationships?selector_id=eq.auto&select=config_id',
        {
          headers: representation,
          body: { selector_id: 'automatic' },
        },
      );
      expect(body(response).map((r) => r.config_id)).toEqual([C.podWeb, C.podWeb]);
      const none = await backend.request(
        'PATCH',
        '/config_component_relationships?selector_id=eq.auto',
        {
          headers: representation,
          body: { selector_id: 'x' },
        },
      );
      expect([none.status, none.body]).toEqual([200, []]);
    });

    it('errors: array body, unknown column, limit', async () => {
      const array = await backend.request('PATCH', `/scopes?id=eq.${S.prod}`, {
        body: [{ name: 'x' }],
      });
      expect([array.status, codeOf(array)]).toEqual([400, 'PGRST102']);
      const unknown = await backend.request('PATCH', `/scopes?id=eq.${S.prod}`, {
        body: { nope: 1 },
      });
      expect([unknown.status, codeOf(unknown)]).toEqual([400, 'PGRST204']);
      const limited = await backend.request('PATCH', `/scopes?id=eq.${S.prod}&limit=1`, {
        body: { name: 'x' },
      });
      expect([limited.status, codeOf(limited)]).toEqual([400, 'PGRST114']);
    });
  });

  describe('DELETE by filter', () => {
    it('DELETE team_members?person_id=eq.{id} removes the person from every team', async () => {
      const response = await backend.request('DELETE', `/team_members?person_id=eq.${P.bob}`);
      expect([response.status, response.text]).toEqual([204, '']);
      expect(await backend.rows(`/team_members?person_id=eq.${P.bob}`)).toEqual([]);
      expect(
        (await backend.rows(`/team_members?team_id=eq.${T.platform}`)).map((r) => r.person_id),
      ).toEqual([P.alice]);
    });

    it('DELETE properties?name=eq.{name} with return=representation answers the deleted rows', async () => {
      const response = await backend.request('DELETE', '/properties?name=eq.logs.enabled', {
        headers: { ...representation, 'content-type': 'application/json' },
        rawBody: '',
      });
      expect([response.status, response.body]).toEqual([
        200,
        [
          {
            name: 'logs.enabled',
            value: 'false',
            created_by: null,
            created_at: expect.any(String),
          },
        ],
      ]);
      expect(await backend.rows('/properties?name=eq.logs.enabled')).toEqual([]);
    });

    it('DELETE hypotheses?id=in.("a","b"), and 409 when rows still reference it', async () => {
      const unused = 'e0000002-0000-4000-8000-00000000ffff';
      const response = await backend.request(
        'DELETE',
        `/hypotheses?id=in.("${H.pressure}","${unused}")&select=title`,
        { headers: representation },
      );
      expect(response.body).toEqual([{ title: 'Node pressure' }]);
      const referenced = await backend.request('DELETE', `/hypotheses?id=in.("${H.deploy}")`);
      expect([referenced.status, codeOf(referenced)]).toEqual([409, '23503']);
      expect(await backend.rows(`/hypotheses?id=eq.${H.deploy}&select=title`)).toEqual([
        { title: 'Bad deploy' },
      ]);
    });

    it('filters on embeds not selected delete only the matching parents', async () => {
      await backend.request('POST', '/config_changes', {
        body: [
          { config_id: C.bucket, change_type: 'Deleted' },
          { config_id: C.node, change_type: 'Deleted' },
        ],
      });
      const response = await backend.request(
        'DELETE',
        '/config_changes?change_type=eq.Deleted&config_items.type=eq.AWS::S3::Bucket&select=config_id',
        {
          headers: representation,
        },
      );
      expect(response.body).toEqual([{ config_id: C.bucket }]);
      expect(
        (await backend.rows('/config_changes?change_type=eq.Deleted&select=config_id')).map(
          (r) => r.config_id,
        ),
      ).toEqual([C.node]);
    });
  });

  describe('/rpc/<fn> with query-string arguments', () => {
    const related = `/rpc/related_configs_recursive?config_id=${C.cluster}&include_deleted_configs=false&max_depth=10&type_filter=outgoing&incoming_relation=both&outgoing_relation=both`;

    it('rpc/related_configs_recursive?config_id=&include_deleted_configs=&max_depth=10&type_filter=&incoming_relation=&outgoing_relation=', async () => {
      const rows = await backend.rows(`${related}&order=depth,name`);
      expect(rows.map((r) => [r.name, r.depth])).toEqual([
        ['node-1', 1],
        ['pod-api', 2],
        ['pod-web', 2],
      ]);
      const withDeleted = await backend.rows(
        related.replace('include_deleted_configs=false', 'include_deleted_configs=true') +
          '&order=depth.desc,name&limit=1',
      );
      expect(withDeleted.map((r) => [r.name, r.depth])).toEqual([['bucket', 3]]);
      const incoming = await backend.rows(
        `/rpc/related_configs_recursive?config_id=${C.podApi}&include_deleted_configs=false&max_depth=10&type_filter=incoming&incoming_relation=hard&order=depth`,
      );
      expect(incoming.map((r) => r.name)).toEqual(['node-1', 'cluster-a']);
    });

    it('result filters on an RPC, including the .filter rewrite: type.filter, status.filter, health.filter', async () => {
      expect(
        (await backend.rows(`${related}&type.filter=Kubernetes::Pod&health.filter=!warning`)).map(
          (r) => r.name,
        ),
      ).toEqual(['pod-api']);
      expect(
        (await backend.rows(`${related}&status.filter=Running&order=name.desc`)).map((r) => r.name),
      ).toEqual(['pod-web', 'node-1']);
      expect(await backend.rows(`${related}&select=name&name=like.pod*&order=name`)).toEqual([
        { name: 'pod-api' },
        { name: 'pod-web' },
      ]);
      const counted = await backend.request('GET', `${related}&limit=1&order=name`, {
        headers: { Prefer: 'count=exact' },
      });
      expect([
        counted.status,
        counted.headers.get('content-range'),
        body(counted).map((r) => r.name),
      ]).toEqual([206, '0-0/3', ['node-1']]);
    });

    it('rpc/lookup_analysis_by_component?id= (setof table rows, embeddable) and rpc/get_parents_by_location?config_id=', async () => {
      const analyses = await backend.rows(
        `/rpc/lookup_analysis_by_component?id=${CO.payments}&select=analyzer,config:configs(name)&order=analyzer`,
      );
      expect(analyses).toEqual([
        { analyzer: 'cost-analyzer', config: { name: 'pod-web' } },
        { analyzer: 'probe', config: { name: 'pod-api' } },
      ]);
      const parents = await backend.rows(`/rpc/get_parents_by_location?config_id=${C.podApi}`);
      expect(parents.map((r) => r.name)).toEqual(['node-1', 'cluster-a']);
    });

    it('scalar, setof scalar and void functions', async () => {
      expect(
        (await backend.request('GET', '/rpc/count_configs?config_type=Kubernetes::Pod')).body,
      ).toBe(2);
      expect((await backend.request('GET', '/rpc/config_type_names?limit=2')).body).toEqual([
        'AWS::S3::Bucket',
        'Kubernetes::Cluster',
      ]);
      const noop = await backend.request('GET', '/rpc/noop');
      expect([noop.status, noop.text]).toEqual([204, '']);
      const posted = await backend.request('POST', '/rpc/count_configs', {
        rawBody: '',
        headers: { 'content-type': 'application/json' },
      });
      expect([posted.status, typeof posted.body]).toEqual([200, 'number']);
    });

    it('ignores limit and offset on a scalar function instead of failing', async () => {
      const paged = await backend.request('GET', '/rpc/count_configs?limit=0&offset=1');
      expect([paged.status, typeof paged.body]).toEqual([200, 'number']);
    });

    it('GET runs read-only (a writing function answers 405 25006); POST with a JSON body may write', async () => {
      const readOnly = await backend.request('GET', '/rpc/log_job?job_name=nightly');
      expect([readOnly.status, codeOf(readOnly)]).toEqual([405, '25006']);
      const written = await backend.request('POST', '/rpc/log_job', {
        body: { job_name: 'nightly' },
      });
      expect(written.status).toBe(200);
      expect(
        await backend.rows(`/job_histories?id=eq.${String(written.body)}&select=name,status`),
      ).toEqual([{ name: 'nightly', status: 'RUNNING' }]);
    });

    it('errors: unknown function or arguments 404 PGRST202, bad argument value 400, filters on scalars 400', async () => {
      const unknown = await backend.request('GET', '/rpc/nope?x=1');
      expect([unknown.status, codeOf(unknown)]).toEqual([404, 'PGRST202']);
      const missing = await backend.request('GET', '/rpc/get_parents_by_location');
      expect([missing.status, codeOf(missing)]).toEqual([404, 'PGRST202']);
      const extra = await backend.request('POST', '/rpc/count_configs', { body: { bogus: 1 } });
      expect([extra.status, codeOf(extra)]).toEqual([404, 'PGRST202']);
      const bad = await backend.request('GET', '/rpc/get_parents_by_location?config_id=not-a-uuid');
      expect([bad.status, codeOf(bad)]).toEqual([400, '22P02']);
      const filtered = await backend.request('GET', '/rpc/count_configs?x=eq.1');
      expect([filtered.status, codeOf(filtered)]).toEqual([400, 'PGRST100']);
      const method = await backend.request('PATCH', '/rpc/count_configs', { body: {} });
      expect([method.status, codeOf(method)]).toEqual([405, 'PGRST117']);
    });
  });

  describe('plugin', () => {
    it('passes refusals of authorize through as plain text with their headers', async () => {
      const denied = await backend.request('POST', '/properties', {
        headers: { 'x-role': 'viewer' },
        body: { name: 'x' },
      });
      expect([denied.status, denied.text, denied.headers.get('x-rbac-object')]).toEqual([
        403,
        'unauthorized. Access Denied',
        'properties',
      ]);
      expect(denied.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await backend.rows('/properties?name=eq.x')).toEqual([]);
      const allowed = await backend.request(
        'GET',
        '/properties?select=name&name=eq.incidents.disable',
        { headers: { 'x-role': 'viewer' } },
      );
      expect(allowed.status).toBe(200);
    });

    it('answers unsupported methods and paths with the PostgREST error shape', async () => {
      const put = await backend.request('PUT', '/properties', { body: { name: 'x' } });
      expect([put.status, codeOf(put)]).toEqual([405, 'PGRST117']);
      const options = await backend.request('OPTIONS', '/properties');
      expect([options.status, codeOf(options)]).toEqual([405, 'PGRST117']);
      const root = await backend.request('GET', '/');
      expect([root.status, codeOf(root)]).toEqual([404, 'PGRST205']);
      const nested = await backend.request('GET', '/people/extra');
      expect([nested.status, codeOf(nested)]).toEqual([404, 'PGRST205']);
    });

    it('accepts bodies with any content type as JSON, and rejects non-JSON', async () => {
      const text = await backend.request('POST', '/properties', {
        headers: { 'content-type': 'text/plain', ...representation },
        rawBody: JSON.stringify({ name: 'typed.as.text', value: 'v' }),
      });
      expect([text.status, body(text)[0]?.name]).toEqual([201, 'typed.as.text']);
      const form = await backend.request('POST', '/properties', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: 'name=x',
      });
      expect([form.status, codeOf(form)]).toEqual([400, 'PGRST102']);
    });
  });

  describe('engine', () => {
    interface Logged {
      sql: string;
      params: unknown[] | undefined;
    }

    /** Logs every statement sent through `target`. */
    const logged = (log: Logged[], target: SessionClient): SqlClient => ({
      query: async <T>(sql: string, params?: unknown[]) => {
        log.push({ sql, params });
        return target.query<T>(sql, params);
      },
    });

    /** The backend's database with its `transaction`, logging every statement. */
    const recording = (log: Logged[]): SqlClient => ({
      ...logged(log, backend.db),
      transaction: <R>(fn: (tx: SqlClient) => Promise<R>) =>
        backend.db.transaction((tx) => fn(logged(log, tx))),
    });

    const request = (
      query: string,
      method: PostgrestRequest['method'] = 'GET',
    ): PostgrestRequest => ({
      method,
      relation: 'configs',
      query: new URLSearchParams(query),
      headers: { prefer: 'count=exact' },
    });

    it('runs one statement per request (count included) with a local statement timeout, read-only for reads', async () => {
      const log: Logged[] = [];
      const engine = new PostgrestEngine(recording(log), { statementTimeoutMs: 1234 });
      await engine.refreshSchema();
      log.length = 0;
      const response = await engine.handle(
        request(
          'select=name,agent:agents(name),config_relationships!config_id(related_id)&status=eq.Running&order=name&limit=2',
        ),
      );
      expect(response.status).toBe(206);
      expect(response.headers['content-range']).toBe('0-1/3');
      expect(response.body).toEqual([
        {
          name: 'cluster-a',
          agent: { name: 'local' },
          config_relationships: [{ related_id: C.node }],
        },
        { name: 'node-1', agent: { name: 'local' }, config_relationships: expect.any(Array) },
      ]);
      expect(log).toHaveLength(2);
      expect(log[0]?.sql).toContain("set_config('statement_timeout'");
      expect(log[0]?.sql).toContain("set_config('transaction_read_only', 'on', true)");
      expect(log[0]?.params).toEqual(['1234']);
      expect(log[1]?.params).toEqual(['Running', '2']);
      expect(log[1]?.sql).toContain('LIMIT $2::bigint');
    });

    it('keeps every client value out of the SQL text', async () => {
      const log: Logged[] = [];
      const engine = new PostgrestEngine(recording(log));
      await engine.refreshSchema();
      log.length = 0;
      const hostile = "x'); DROP TABLE sentinel; --";
      await engine.handle(
        request(
          `select=name,evil:labels->>${encodeURIComponent('"a\'b"')}&name=eq.${encodeURIComponent(hostile)}&or=(status.in.("${encodeURIComponent(hostile)}"))`,
        ),
      );
      const statement = log[1];
      expect(statement?.sql).not.toContain('DROP');
      expect(statement?.sql).not.toContain("a'b");
      expect(statement?.sql).not.toContain('evil');
      expect(statement?.params).toEqual(expect.arrayContaining([hostile, "a'b"]));
    });

    it('issues BEGIN/COMMIT itself for clients without transaction, and ROLLBACK on errors', async () => {
      const log: Logged[] = [];
      await backend.withSession(async (session) => {
        const engine = new PostgrestEngine(logged(log, session));
        await engine.refreshSchema();
        log.length = 0;
        const ok = await engine.handle(request('select=name&id=eq.' + C.node));
        expect(ok.body).toEqual([{ name: 'node-1' }]);
        expect(log.map((l) => l.sql.split(' ')[0])).toEqual([
          'BEGIN',
          'SELECT',
          'SELECT',
          'COMMIT',
        ]);
        log.length = 0;
        const failed = await engine.handle(request('id=eq.bad-uuid'));
        expect([failed.status, (failed.body as Record<string, unknown>).code]).toEqual([
          400,
          '22P02',
        ]);
        expect(log.map((l) => l.sql.split(' ')[0])).toEqual([
          'BEGIN',
          'SELECT',
          'SELECT',
          'ROLLBACK',
        ]);
      });
    });
  });
});
