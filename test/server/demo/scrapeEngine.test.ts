import { gunzipSync } from 'node:zlib';
import { createTestDatabase } from '../../../server/demo/db/testing';
import type { SqlClient } from '../../../server/demo/db/types';
import { ScrapeRunner, logLine } from '../../../server/demo/scrape/engine';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  FileSourceStore,
  MemorySourceStore,
  sourceStoreOf,
} from '../../../server/demo/scrape/sources';
import { DELETE_REASON, jsonEqual, mergePatch } from '../../../server/demo/scrape/save';
import type { ScrapeSnapshot, ScrapeSnapshotDiff } from '../../../server/demo/scrape/snapshot';

jest.setTimeout(180_000);

interface Job {
  status: string;
  success_count: number;
  error_count: number;
  time_start: Date;
  time_end: Date;
  details: {
    scrape_summary: {
      config_types: Record<string, Record<string, number>>;
      [key: string]: unknown;
    };
    errors?: string[];
    logs?: Array<{ level: string; message: string }>;
  };
}

interface Item {
  id: string;
  name: string;
  type: string;
  external_id: string[];
  config: Record<string, unknown>;
  labels: Record<string, string> | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  delete_reason: string | null;
  parent_id: string | null;
}

/** An object of a kubernetes source written from live items. */
interface SourceObject {
  kind?: string;
  metadata: { uid: string };
  spec?: Record<string, unknown>;
  _item: { labels: Record<string, string> | null };
  [key: string]: unknown;
}

let db: SqlClient;
let sources: MemorySourceStore;
let runner: ScrapeRunner;

beforeAll(async () => {
  db = await createTestDatabase();
  sources = new MemorySourceStore();
  runner = new ScrapeRunner(db, { sources, hostname: 'engine-test' });
});

afterAll(async () => {
  await runner.idle();
  await db.close();
});

async function job(id: string): Promise<Job> {
  const { rows } = await db.query<Job>(`SELECT * FROM job_history WHERE id = $1`, [id]);
  return rows[0]!;
}

async function itemsOf(scraperId: string): Promise<Item[]> {
  const { rows } = await db.query<Item>(
    `SELECT * FROM config_items WHERE scraper_id = $1 ORDER BY created_at, id`,
    [scraperId],
  );
  return rows;
}

async function newScraper(name: string, spec: unknown): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO config_scrapers (name, spec, source) VALUES ($1, $2, 'UI') RETURNING id`,
    [name, JSON.stringify(spec)],
  );
  return rows[0]!.id;
}

async function artifactOf(jobId: string): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<{ content: Uint8Array }>(
    `SELECT content FROM artifacts WHERE job_history_id = $1`,
    [jobId],
  );
  if (!rows[0]) return null;
  return JSON.parse(gunzipSync(Buffer.from(rows[0].content)).toString('utf8')) as Record<
    string,
    unknown
  >;
}

const at = (iso: string) => new Date(iso);

function pod(uid: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { uid, name, namespace: 'bulk', labels: { app: name.split('-')[0] } },
    spec: { containers: [{ name: 'app', image: 'registry.demo.local/app:1.0.0' }] },
    status: { phase: 'Running' },
    ...extra,
  };
}

describe('the scrape engine over a seeded kubernetes scraper', () => {
  let scraperId = '';

  beforeAll(async () => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM config_scrapers WHERE name LIKE 'kubernetes-%' ORDER BY name LIMIT 1`,
    );
    scraperId = rows[0]!.id;
  });

  it('writes the source from the live items, so the first run finds everything unchanged', async () => {
    const before = (await itemsOf(scraperId)).filter((item) => !item.deleted_at);
    const run = await runner.run(scraperId, {}, at('2030-01-01T00:00:00Z'));
    const row = await job(run!.jobHistoryId);
    expect(row.details.errors).toBeUndefined();
    expect(row.status).toBe('SUCCESS');
    expect(row.success_count).toBe(before.length);
    for (const counts of Object.values(row.details.scrape_summary.config_types)) {
      expect(Object.keys(counts)).toEqual(['unchanged']);
    }
    const after = (await itemsOf(scraperId)).filter((item) => !item.deleted_at);
    expect(after.map((item) => [item.id, item.updated_at.getTime()])).toEqual(
      before.map((item) => [item.id, item.updated_at.getTime()]),
    );
    const source = JSON.parse((await sources.read(scraperId))!) as {
      kind: string;
      items: unknown[];
    };
    expect(source.kind).toBe('List');
    expect(source.items).toHaveLength(before.length);
  });

  it('adds, updates, deletes and leaves alone what the changed source says', async () => {
    const source = JSON.parse((await sources.read(scraperId))!) as {
      items: SourceObject[];
    };
    const pods = source.items.filter((item) => item.kind === 'Pod');
    const changed = pods[0]!;
    changed.spec = { ...changed.spec, nodeName: 'node-moved' };
    const relabelled = pods[1]!;
    relabelled._item.labels = { ...relabelled._item.labels, release: 'canary' };
    const removed = pods[2]!;
    source.items = source.items.filter((item) => item !== removed);
    source.items.push(
      pod('9e0e0000-0000-4000-8000-000000000001', 'added-pod') as unknown as SourceObject,
    );
    await sources.write(scraperId, JSON.stringify(source));

    const runAt = at('2030-01-01T01:00:00Z');
    const run = await runner.run(scraperId, {}, runAt);
    const row = await job(run!.jobHistoryId);
    expect(row.status).toBe('SUCCESS');
    expect(row.details.scrape_summary.config_types['Kubernetes::Pod']).toEqual({
      added: 1,
      updated: 2,
      changes: 2,
      deleted: 1,
      unchanged: pods.length - 3,
    });

    const items = await itemsOf(scraperId);
    const byUid = (uid: string) => items.find((item) => item.external_id[0] === uid)!;
    const added = byUid('9e0e0000-0000-4000-8000-000000000001');
    expect(added).toMatchObject({ name: 'added-pod', type: 'Kubernetes::Pod', deleted_at: null });
    expect(added.created_at).toEqual(runAt);
    expect(added.external_id[1]).toMatch(/^kubernetes\/.+\/namespaces\/bulk\/pods\/added-pod$/);
    const updated = byUid(changed.metadata.uid as string);
    expect(updated.updated_at).toEqual(runAt);
    expect(updated.config.spec).toMatchObject({ nodeName: 'node-moved' });
    expect(byUid(relabelled.metadata.uid as string).labels).toMatchObject({ release: 'canary' });
    const gone = byUid(removed.metadata.uid as string);
    expect(gone.deleted_at).toEqual(runAt);
    expect(gone.delete_reason).toBe(DELETE_REASON);
    const untouched = items.filter(
      (item) =>
        !item.deleted_at &&
        item.type === 'Kubernetes::Pod' &&
        ![changed, relabelled].some((p) => p.metadata.uid === item.external_id[0]) &&
        item.id !== added.id,
    );
    expect(untouched.length).toBe(pods.length - 3);
    for (const item of untouched) expect(item.updated_at.getTime()).toBeLessThan(runAt.getTime());

    const { rows: changes } = await db.query<{
      config_id: string;
      change_type: string;
      source: string;
      summary: string;
      patches: unknown;
      created_at: Date;
    }>(`SELECT * FROM config_changes WHERE created_at = $1 ORDER BY summary`, [
      runAt.toISOString(),
    ]);
    expect(changes).toHaveLength(2);
    const diff = changes.find((change) => change.config_id === updated.id)!;
    expect(diff).toMatchObject({ change_type: 'diff', source: 'config-db' });
    expect(diff.patches).toEqual({ spec: { nodeName: 'node-moved' } });
    expect(diff.summary).toBe('spec.nodeName changed');
    expect(changes.find((c) => c.summary === 'labels changed')).toBeDefined();

    // The same source again: nothing moves.
    const again = await runner.run(scraperId, {}, at('2030-01-01T02:00:00Z'));
    const counts = (await job(again!.jobHistoryId)).details.scrape_summary.config_types;
    for (const typeCounts of Object.values(counts))
      expect(Object.keys(typeCounts)).toEqual(['unchanged']);
  });

  it('fails a run whose source names a failing kind, keeping that kind’s items', async () => {
    const source = JSON.parse((await sources.read(scraperId))!) as {
      items: SourceObject[];
    };
    const secrets = source.items.filter((item) => item.kind === 'Secret').length;
    expect(secrets).toBeGreaterThan(0);
    source.items = source.items.filter((item) => item.kind !== 'Secret');
    source.items.push({
      kind: 'Secret',
      apiVersion: 'v1',
      error: 'secrets is forbidden',
    } as unknown as SourceObject);
    await sources.write(scraperId, JSON.stringify(source));

    const run = await runner.run(scraperId, { captureHAR: true, captureLogs: true }, new Date());
    expect(run!.status).toBe('FAILED');
    const row = await job(run!.jobHistoryId);
    expect(row.status).toBe('FAILED');
    expect(row.error_count).toBe(1);
    expect(row.details.errors).toEqual(['failed to list secrets: secrets is forbidden']);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items
        WHERE scraper_id = $1 AND type = 'Kubernetes::Secret' AND deleted_at IS NULL`,
      [scraperId],
    );
    expect(rows[0]!.n).toBe(secrets);
    const payload = (await artifactOf(run!.jobHistoryId)) as {
      har: Array<{
        request: { url: string };
        response: { status: number; content: { text: string } };
      }>;
      logs: string;
    };
    const failed = payload.har.find((entry) => entry.request.url.endsWith('/api/v1/secrets'))!;
    expect(failed.response.status).toBe(403);
    const pods = payload.har.find((entry) => entry.request.url.endsWith('/api/v1/pods'))!;
    expect(pods.response.status).toBe(200);
    expect(JSON.parse(pods.response.content.text)).toMatchObject({ kind: 'PodList' });
    expect(payload.logs).toContain('\u001b[31mERROR');
  });

  it('fails a run whose source is not JSON, saving nothing', async () => {
    const live = (await itemsOf(scraperId)).filter((item) => !item.deleted_at).length;
    await sources.write(scraperId, '{"items": [');
    const run = await runner.run(scraperId, { captureHAR: true }, new Date());
    const row = await job(run!.jobHistoryId);
    expect(row.status).toBe('FAILED');
    expect(row.details.errors![0]).toMatch(/^the source is not valid JSON/);
    const payload = (await artifactOf(run!.jobHistoryId)) as {
      har: Array<{ response: { status: number } }>;
    };
    expect(payload.har.map((entry) => entry.response.status)).toEqual([500]);
    expect((await itemsOf(scraperId)).filter((item) => !item.deleted_at)).toHaveLength(live);
  });
});

describe('a seeded aws scraper', () => {
  it('finds its items and access unchanged on its first run', async () => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM config_scrapers WHERE name LIKE 'aws-%' ORDER BY name LIMIT 1`,
    );
    const run = await runner.run(rows[0]!.id, {}, new Date());
    const row = await job(run!.jobHistoryId);
    expect(row.details.errors).toBeUndefined();
    const { config_types: types, ...access } = row.details.scrape_summary;
    for (const counts of Object.values(types)) expect(Object.keys(counts)).toEqual(['unchanged']);
    expect(Object.keys(access).sort()).toEqual([
      'access_logs',
      'config_access',
      'external_groups',
      'external_roles',
      'external_users',
    ]);
    for (const counts of Object.values(access) as Array<Record<string, number>>) {
      expect(counts.skipped).toBe(counts.scraped);
      expect(counts.saved ?? 0).toBe(0);
      expect(counts.deleted ?? 0).toBe(0);
    }
  });
});

describe('an aws scraper without items', () => {
  it('starts from the fixture, saving items, users, groups, roles, grants and sign-ins', async () => {
    const scraperId = await newScraper('aws-engine-test', {
      aws: [{ region: ['eu-west-1'], accountId: '999900001111' }],
    });
    const first = await runner.run(
      scraperId,
      { captureSnapshots: true, captureHAR: true },
      new Date(),
    );
    const row = await job(first!.jobHistoryId);
    expect(row.details.errors).toBeUndefined();
    expect(row.status).toBe('SUCCESS');
    const summary = row.details.scrape_summary;
    expect(summary.config_types['AWS::EC2::Instance']).toEqual({ added: 3 });
    expect(summary.external_users).toEqual({ scraped: 4, saved: 4 });
    expect(summary.external_groups).toEqual({ scraped: 2, saved: 2 });
    expect(summary.external_roles).toEqual({ scraped: 3, saved: 3 });
    expect(summary.config_access).toEqual({ scraped: 5, saved: 5 });
    expect(summary.access_logs).toEqual({ scraped: 3, saved: 3 });
    const count = async (table: string) =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE scraper_id = $1 AND deleted_at IS NULL`,
          [scraperId],
        )
      ).rows[0]!.n;
    expect(await count('external_users')).toBe(4);
    expect(await count('external_user_groups')).toBe(3);
    expect(await count('config_access')).toBe(5);
    const { rows: subnets } = await db.query<{ parent: string }>(
      `SELECT p.external_id[1] AS parent FROM config_items c JOIN config_items p ON p.id = c.parent_id
        WHERE c.scraper_id = $1 AND c.type = 'AWS::EC2::Subnet'`,
      [scraperId],
    );
    expect(subnets.map((s) => s.parent)).toEqual(['vpc-0a1b2c3d', 'vpc-0a1b2c3d']);
    const payload = (await artifactOf(first!.jobHistoryId)) as {
      snapshot_pair: { before: ScrapeSnapshot; after: ScrapeSnapshot; diff: ScrapeSnapshotDiff };
      results: { config_access: unknown[]; external_users: unknown[] };
      har: Array<{ request: { method: string; url: string }; response: { status: number } }>;
    };
    expect(payload.har.map((entry) => `${entry.request.method} ${entry.request.url}`)).toEqual(
      expect.arrayContaining([
        'GET https://ec2.eu-west-1.amazonaws.com/?Action=DescribeInstances&Version=2016-11-15',
        'GET https://s3.amazonaws.com/',
        'GET https://rds.eu-west-1.amazonaws.com/?Action=DescribeDBInstances&Version=2014-10-31',
        'GET https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08',
        'GET https://iam.amazonaws.com/?Action=GetAccountAuthorizationDetails&Version=2010-05-08',
        'POST https://cloudtrail.us-east-1.amazonaws.com/',
      ]),
    );
    expect(payload.har.every((entry) => entry.response.status === 200)).toBe(true);
    expect(payload.results.external_users).toHaveLength(4);
    expect(payload.results.config_access).toHaveLength(5);
    expect(payload.snapshot_pair.diff.per_scraper['aws-engine-test']).toMatchObject({
      total: 13,
      updated_last: 13,
    });
    expect(payload.snapshot_pair.diff.external_users.total).toBe(4);
    expect(payload.snapshot_pair.before.per_scraper['aws-engine-test']).toBeUndefined();

    // A user leaves and a grant is revoked.
    const source = JSON.parse((await sources.read(scraperId))!) as {
      iam: {
        users: Array<{ name: string }>;
        access: Array<{ user?: string }>;
        access_logs: unknown[];
      };
    };
    source.iam.users = source.iam.users.filter((u) => u.name !== 'deploy-bot');
    source.iam.access = source.iam.access.filter((a) => !a.user?.endsWith('deploy-bot'));
    await sources.write(scraperId, JSON.stringify(source));
    const second = await runner.run(scraperId, {}, new Date());
    const next = (await job(second!.jobHistoryId)).details.scrape_summary;
    expect(next.external_users).toEqual({ scraped: 3, skipped: 3, deleted: 1 });
    expect(next.config_access).toEqual({ scraped: 4, skipped: 4, deleted: 1 });
    expect(next.access_logs).toEqual({ scraped: 3, skipped: 3 });
    expect(await count('external_users')).toBe(3);
    expect(await count('config_access')).toBe(4);
  });
});

describe('five thousand items', () => {
  it('are added in one run, then found unchanged, then 500 of them updated', async () => {
    const scraperId = await newScraper('bulk-cluster', { kubernetes: [{ clusterName: 'bulk' }] });
    const uid = (i: number) => `b0000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
    const objects = Array.from({ length: 5000 }, (_, i) => pod(uid(i), `app${i % 40}-${i}`));
    await sources.write(
      scraperId,
      JSON.stringify({ kind: 'List', cluster: 'bulk', items: objects }),
    );
    const first = await runner.run(scraperId, {}, new Date());
    expect((await job(first!.jobHistoryId)).details.scrape_summary.config_types).toEqual({
      'Kubernetes::Pod': { added: 5000 },
    });
    const second = await runner.run(scraperId, {}, new Date());
    expect((await job(second!.jobHistoryId)).details.scrape_summary.config_types).toEqual({
      'Kubernetes::Pod': { unchanged: 5000 },
    });
    for (let i = 0; i < 500; i++) {
      objects[i * 10] = pod(uid(i * 10), `app${(i * 10) % 40}-${i * 10}`, {
        status: { phase: 'Running', podIP: `10.0.${i >> 8}.${i & 255}` },
      });
    }
    await sources.write(
      scraperId,
      JSON.stringify({ kind: 'List', cluster: 'bulk', items: objects }),
    );
    const third = await runner.run(scraperId, {}, new Date());
    expect((await job(third!.jobHistoryId)).details.scrape_summary.config_types).toEqual({
      'Kubernetes::Pod': { updated: 500, changes: 500, unchanged: 4500 },
    });
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes c JOIN config_items i ON i.id = c.config_id
        WHERE i.scraper_id = $1 AND c.change_type = 'diff'`,
      [scraperId],
    );
    expect(rows[0]!.n).toBe(500);
  });
});

describe('the log level of a run', () => {
  it('is info unless the spec or the jobs.Scraper properties ask for debug', async () => {
    const quiet = await newScraper('log-quiet', { file: [{ type: 'Acme::Host' }] });
    const chatty = await newScraper('log-chatty', {
      logLevel: 'debug',
      file: [{ type: 'Acme::Host' }],
    });
    const logsOf = async (id: string) =>
      (await job((await runner.run(id, {}, new Date()))!.jobHistoryId)).details.logs ?? [];
    const debug = (lines: Array<{ level: string }>) =>
      lines.filter((line) => line.level === 'debug');
    const info = await logsOf(quiet);
    expect(info.length).toBeGreaterThan(0);
    expect(debug(info)).toEqual([]);
    expect(debug(await logsOf(chatty)).length).toBeGreaterThan(0);
    await db.query(`INSERT INTO properties (name, value) VALUES ('jobs.Scraper.debug', 'true')`);
    try {
      expect(debug(await logsOf(quiet)).length).toBeGreaterThan(0);
    } finally {
      await db.query(`DELETE FROM properties WHERE name = 'jobs.Scraper.debug'`);
    }
  });

  it('is the run’s own when Run Now names one', async () => {
    const id = await newScraper('log-run-now', { file: [{ type: 'Acme::Host' }] });
    const run = await runner.run(id, { logLevel: 'debug', captureLogs: true }, new Date());
    const { details } = await job(run!.jobHistoryId);
    expect(details.logs?.some((line) => line.level === 'debug')).toBe(true);
    expect(details.logs?.every((line) => typeof line.message === 'string')).toBe(true);
  });
});

describe('sources kept in the data folder', () => {
  it('are files scrape-sources/<scraper id>.json, written on the first run and read on each', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scrape-sources-test-'));
    try {
      const store = sourceStoreOf(dataDir);
      expect(store).toBeInstanceOf(FileSourceStore);
      expect(sourceStoreOf(null)).toBeInstanceOf(MemorySourceStore);
      const files = new ScrapeRunner(db, { sources: store });
      const id = await newScraper('file-hosts', { file: [{ type: 'Acme::Host' }] });
      expect(await store.read(id)).toBeNull();
      await files.run(id, {}, new Date());
      const file = path.join(dataDir, 'scrape-sources', `${id}.json`);
      const written = JSON.parse(await readFile(file, 'utf8')) as { items: unknown[] };
      expect(written.items).toHaveLength(10);
      await store.write(id, JSON.stringify({ items: written.items.slice(0, 4) }));
      const run = await files.run(id, {}, new Date());
      expect((await job(run!.jobHistoryId)).details.scrape_summary.config_types).toEqual({
        'Acme::Host': { unchanged: 4, deleted: 6 },
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the engine’s pieces', () => {
  it('compares JSON whatever the key order, and patches by RFC 7396', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(mergePatch({ a: 1, b: { c: 1, d: 2 } }, { a: 1, b: { c: 3 }, e: [1] })).toEqual({
      b: { c: 3, d: null },
      e: [1],
    });
  });

  it('writes log lines with the level in colour', () => {
    const line = logLine(new Date('2030-01-01T00:00:00Z'), 'warn', 'slow');
    expect(line).toBe('2030-01-01T00:00:00.000Z \u001b[33mWARN \u001b[0m slow');
  });
});
