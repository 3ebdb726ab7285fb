import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { MemorySourceStore } from '../../../server/demo/scrape/sources';
import { RUN_BODY_LIMIT } from '../../../server/demo/routes/scrapeRuns';
import { type DemoHarness, type Headers, sendAs, signInAll, startDemo } from './support';

jest.setTimeout(120_000);

const sources = new MemorySourceStore();
let demo: DemoHarness;
const cookies: Record<string, string> = {};
let scraperId = '';

const as = (role: string): Headers => ({ cookie: cookies[role]! });
const send = (...request: Parameters<typeof sendAs> extends [unknown, ...infer R] ? R : never) =>
  sendAs(demo.app, ...request);

beforeAll(async () => {
  demo = await startDemo({ scrapeSources: sources });
  await signInAll(demo.app, ['admin', 'editor', 'viewer'], cookies);
  const { rows } = await demo.db.query<{ id: string }>(
    `INSERT INTO config_scrapers (name, spec, source)
     VALUES ('run-now-cluster', '{"kubernetes": [{"clusterName": "run-now"}]}', 'UI') RETURNING id`,
  );
  scraperId = rows[0]!.id;
}, 300_000);

afterAll(() => demo?.close());

interface HarEntry {
  request: { url: string };
  response: { status: number; statusText: string; content: { text: string } };
  timings: Record<string, number>;
}

interface Payload {
  scraper_id: string;
  scraper_name: string;
  results: { configs: Array<Record<string, unknown>> };
  save_summary: { config_types: Record<string, Record<string, number>> };
  last_scrape_summary: { config_types: Record<string, Record<string, number>> };
  har: HarEntry[];
  logs: string;
  snapshot_pair: Record<
    'before' | 'after' | 'diff',
    { per_scraper: Record<string, { total: number }> }
  >;
}

interface JobRow {
  name: string;
  status: string;
  resource_type: string;
  resource_id: string;
  success_count: number;
  time_start: Date;
  time_end: Date | null;
  details: { scrape_summary?: { config_types: Record<string, Record<string, number>> } };
}

async function jobRow(id: string): Promise<JobRow> {
  const { rows } = await demo.db.query<JobRow>(`SELECT * FROM job_history WHERE id = $1`, [id]);
  return rows[0]!;
}

const run = (body?: unknown, role = 'editor', id = scraperId) =>
  send('POST', `/api/config/run/${id}`, as(role), body);

describe('POST /api/config/run/:id', () => {
  it('runs the scraper and answers when the run ended', async () => {
    const response = await run({});
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ job_history_id: string; status: string }>();
    expect(answer.status).toBe('SUCCESS');
    const job = await jobRow(answer.job_history_id);
    expect(job).toMatchObject({
      name: 'Scraper',
      resource_type: 'config_scraper',
      resource_id: scraperId,
      status: 'SUCCESS',
    });
    expect(job.success_count).toBeGreaterThan(0);
    expect(job.time_end).not.toBeNull();
    expect(job.details.scrape_summary!.config_types['Kubernetes::Pod']).toEqual({ added: 5 });
    // No capture asked: no artifact.
    const { rows } = await demo.db.query(`SELECT id FROM artifacts WHERE job_history_id = $1`, [
      answer.job_history_id,
    ]);
    expect(rows).toEqual([]);
  });

  it('answers at once with async, while the run goes on', async () => {
    const response = await run({ async: true });
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ job_history_id: string; status: string }>();
    expect(answer.status).toBe('RUNNING');
    let job = await jobRow(answer.job_history_id);
    expect(job.resource_id).toBe(scraperId);
    while (job.status === 'RUNNING') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await jobRow(answer.job_history_id);
    }
    expect(job.status).toBe('SUCCESS');
  });

  it('keeps the captures in a gzip artifact found by its job and downloaded as stored', async () => {
    const response = await run({ captureHAR: true, captureLogs: true, captureSnapshots: true });
    const { job_history_id: jobId } = response.json<{ job_history_id: string }>();
    const listed = await send(
      'GET',
      `/api/db/artifacts?job_history_id=eq.${jobId}&deleted_at=is.null&select=id,filename,path,content_type,size,created_at`,
      as('viewer'),
    );
    expect(listed.statusCode).toBe(200);
    const artifacts = listed.json<Array<Record<string, unknown>>>();
    expect(artifacts).toHaveLength(1);
    const artifact = artifacts[0]!;
    expect(artifact).toMatchObject({
      filename: 'summary.json.gz',
      path: `scrape-runs/${scraperId}/${jobId}/summary.json.gz`,
      content_type: 'application/gzip',
    });
    const file = await send('GET', `/api/artifacts/download/${String(artifact.id)}`, as('viewer'));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    const bytes = file.rawPayload;
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(bytes.length).toBe(artifact.size);
    const { rows } = await demo.db.query<{ checksum: string; compression_type: string }>(
      `SELECT checksum, compression_type FROM artifacts WHERE id = $1`,
      [artifact.id],
    );
    expect(rows[0]).toEqual({
      checksum: createHash('sha256').update(bytes).digest('hex'),
      compression_type: 'gzip',
    });
    const payload = JSON.parse(gunzipSync(bytes).toString('utf8')) as Payload;
    expect(payload).toMatchObject({ scraper_id: scraperId, scraper_name: 'run-now-cluster' });
    expect(payload.results.configs.length).toBeGreaterThan(0);
    expect(payload.results.configs[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), config_type: expect.any(String) }),
    );
    expect(payload.save_summary.config_types['Kubernetes::Pod']).toEqual({ unchanged: 5 });
    expect(payload.last_scrape_summary.config_types['Kubernetes::Pod']).toEqual({ unchanged: 5 });
    const urls = payload.har.map((entry) => entry.request.url);
    expect(urls).toContain('https://run-now/api/v1/pods');
    expect(urls).toContain('https://run-now/apis/apps/v1/deployments');
    const pods = payload.har.find((entry) => entry.request.url === 'https://run-now/api/v1/pods')!;
    expect(pods.response).toMatchObject({ status: 200, statusText: 'OK' });
    expect((JSON.parse(pods.response.content.text) as { items: unknown[] }).items).toHaveLength(5);
    expect(pods.timings).toEqual({
      send: expect.any(Number),
      wait: expect.any(Number),
      receive: expect.any(Number),
    });
    expect(payload.logs).toContain('\u001b[36mINFO');
    expect(Object.keys(payload.snapshot_pair).sort()).toEqual(['after', 'before', 'diff']);
    const { before, after, diff } = payload.snapshot_pair;
    expect(before.per_scraper['run-now-cluster']!.total).toBe(
      after.per_scraper['run-now-cluster']!.total,
    );
    expect(diff.per_scraper['run-now-cluster']!.total).toBe(0);
  });

  it('answers 400 for a bad id or body, never running', async () => {
    const cases: Array<[string, unknown]> = [
      ['not-a-uuid', {}],
      [scraperId, '[]'],
      [scraperId, 'null'],
      [scraperId, 'nope'],
      [scraperId, '{} {}'],
      [scraperId, { captureHAR: 'yes' }],
      [scraperId, { async: 1 }],
      [scraperId, { logLevel: 'verbose' }],
      [scraperId, JSON.stringify({ pad: 'x'.repeat(RUN_BODY_LIMIT) })],
      [scraperId, JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) })],
    ];
    for (const [id, body] of cases) {
      const response = await run(body, 'editor', id);
      expect([
        id,
        typeof body === 'string' ? body.slice(0, 20) : body,
        response.statusCode,
      ]).toEqual([id, typeof body === 'string' ? body.slice(0, 20) : body, 400]);
      expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    }
    const unknownKeys = await run({ whatever: true });
    expect(unknownKeys.statusCode).toBe(200);
    expect((await run({ logLevel: 'trace' })).statusCode).toBe(200);
  });

  it('answers 404 for a scraper that does not exist or was deleted', async () => {
    const missing = '0192f0c8-0000-7000-8000-000000000000';
    const response = await run({}, 'editor', missing);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: `scraper with id=${missing} was not found` });
    const { rows } = await demo.db.query<{ id: string }>(
      `INSERT INTO config_scrapers (name, spec, source, deleted_at)
       VALUES ('gone', '{"kubernetes": []}', 'UI', now()) RETURNING id`,
    );
    expect((await run({}, 'editor', rows[0]!.id)).statusCode).toBe(404);
  });

  it('answers 403 to a role that may not update scrapers, and 401 signed out', async () => {
    const response = await run({}, 'viewer');
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    expect((await send('POST', `/api/config/run/${scraperId}`, {}, {})).statusCode).toBe(401);
  });
});

describe('who downloads an artifact', () => {
  async function tokenWith(scope: Array<{ object: string; action: string }>): Promise<Headers> {
    const response = await send('POST', '/api/auth/create_token', as('admin'), {
      name: `scope-${scope.map((s) => s.object).join('-')}`,
      scope,
    });
    expect(response.statusCode).toBe(200);
    return {
      authorization: `Bearer ${response.json<{ payload: { token: string } }>().payload.token}`,
    };
  }

  it('depends on what it belongs to: a run’s on config_scrapers, a playbook’s on playbook runs', async () => {
    const response = await run({ captureLogs: true }, 'admin');
    const { job_history_id: jobId } = response.json<{ job_history_id: string }>();
    const { rows: scrape } = await demo.db.query<{ id: string }>(
      `SELECT id FROM artifacts WHERE job_history_id = $1`,
      [jobId],
    );
    const { rows: playbook } = await demo.db.query<{ id: string }>(
      `INSERT INTO artifacts (playbook_run_action_id, path, filename, content_type, size, checksum,
                              content, compression_type)
       SELECT id, 'playbooks/x/out.txt', 'out.txt', 'text/plain', 3, md5('ok'), '\\x6f6b0a', 'none'
         FROM playbook_run_actions ORDER BY id LIMIT 1
       RETURNING id`,
    );
    const catalogOnly = await tokenWith([{ object: 'catalog', action: 'read' }]);
    const playbooksOnly = await tokenWith([{ object: 'playbooks', action: 'read' }]);
    const download = (id: string, headers: Headers) =>
      send('GET', `/api/artifacts/download/${id}`, headers).then((r) => r.statusCode);
    expect(await download(scrape[0]!.id, catalogOnly)).toBe(200);
    expect(await download(scrape[0]!.id, playbooksOnly)).toBe(403);
    expect(await download(playbook[0]!.id, playbooksOnly)).toBe(200);
    expect(await download(playbook[0]!.id, catalogOnly)).toBe(403);
  });
});
