import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import type { SqlClient } from '../../server/demo/db/types';
import { ScrapeRunner } from '../../server/demo/scrape/engine';
import { FileSourceStore } from '../../server/demo/scrape/sources';
import type { FirstPaintFigure } from './browserBench';
import { benchSignedInPage, loadUntilFirstPaint, noteFirstPaint, timedLoads } from './browserBench';

/** Items in the bench's kubernetes source, and how many the third run finds changed. */
export const SCRAPE_ITEMS = 5000;
export const SCRAPE_CHANGED = 500;

export interface ScrapeRunFigure {
  /** What the run found: `first`, `unchanged`, `changed`. */
  run: string;
  scraperId: string;
  jobHistoryId: string;
  /** Run Now called to the run's end (ms), captures included. */
  ms: number;
  /** The job's `duration_millis`. */
  jobMs: number;
  /** The job's scrape summary per config type. */
  summary: Record<string, Record<string, number>>;
  /** The artifact's gzip bytes, and its JSON before gzip. */
  artifactBytes: number;
  payloadBytes: number;
  harEntries: number;
  changes: number;
}

const uid = (i: number) => `be000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
const APPS = ['checkout', 'catalog', 'orders', 'payments', 'search', 'cart', 'shipping', 'auth'];

/** A pod as the API lists one: about a kilobyte and a half of JSON. */
function pod(i: number, changed = false): Record<string, unknown> {
  const app = APPS[i % APPS.length]!;
  const namespace = `team-${i % 25}`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      uid: uid(i),
      name: `${app}-${(i * 7919).toString(36)}-${i}`,
      namespace,
      labels: { app, team: namespace, tier: i % 3 === 0 ? 'frontend' : 'backend' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: `${app}-rs`,
          uid: uid(100_000 + (i % 200)),
          controller: true,
        },
      ],
      resourceVersion: String(100_000 + i),
      creationTimestamp: '2026-10-01T00:00:00Z',
    },
    spec: {
      nodeName: `ip-10-0-${i % 16}-${i % 250}.eu-west-1.compute.internal`,
      serviceAccountName: app,
      restartPolicy: 'Always',
      containers: [
        {
          name: app,
          image: `registry.demo.local/${namespace}/${app}:${1 + (i % 5)}.${i % 10}.0`,
          ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
          resources: {
            requests: { cpu: '100m', memory: '128Mi' },
            limits: { cpu: '500m', memory: '512Mi' },
          },
          readinessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 10 },
        },
      ],
    },
    status: {
      phase: 'Running',
      podIP: `10.${i % 200}.${(i >> 8) % 250}.${i % 250}`,
      hostIP: `10.0.${i % 16}.${i % 250}`,
      qosClass: 'Burstable',
      startTime: '2026-10-01T00:00:05Z',
      containerStatuses: [
        {
          name: app,
          ready: true,
          started: true,
          restartCount: changed ? 1 : 0,
          state: {
            running: { startedAt: changed ? '2026-11-29T12:00:00Z' : '2026-10-01T00:00:08Z' },
          },
        },
      ],
    },
  };
}

/**
 * Runs one scraper of `SCRAPE_ITEMS` pods three times on `db` (a freshly seeded estate), with
 * every capture on: the first run adds them all, the second finds them unchanged, the third
 * after `SCRAPE_CHANGED` of them changed. Its source is a file under `dataDir`.
 */
export async function benchScrape(db: SqlClient, dataDir: string): Promise<ScrapeRunFigure[]> {
  const sources = new FileSourceStore(path.join(dataDir, 'scrape-sources'));
  const runner = new ScrapeRunner(db, { sources, hostname: 'bench' });
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO config_scrapers (name, spec, source)
     VALUES ('bench-cluster', '{"kubernetes": [{"clusterName": "bench"}]}', 'UI') RETURNING id`,
  );
  const scraperId = rows[0]!.id;
  const write = (changed: number) =>
    sources.write(
      scraperId,
      JSON.stringify({
        kind: 'List',
        cluster: 'bench',
        items: Array.from({ length: SCRAPE_ITEMS }, (_, i) =>
          pod(i, i % (SCRAPE_ITEMS / changed) === 0 && changed > 0),
        ),
      }),
    );
  const figures: ScrapeRunFigure[] = [];
  const runOnce = async (label: string) => {
    const started = performance.now();
    const run = await runner.run(scraperId, {
      captureHAR: true,
      captureLogs: true,
      captureSnapshots: true,
    });
    const ms = performance.now() - started;
    if (!run || run.status !== 'SUCCESS') throw new Error(`the ${label} run did not succeed`);
    const job = await db.query<{
      duration_millis: number;
      summary: Record<string, Record<string, number>>;
    }>(
      `SELECT duration_millis, details->'scrape_summary'->'config_types' AS summary FROM job_history WHERE id = $1`,
      [run.jobHistoryId],
    );
    const changes = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes WHERE external_change_id LIKE $1`,
      [`${run.jobHistoryId}/%`],
    );
    const artifact = await db.query<{ size: number; content: Uint8Array }>(
      `SELECT size, content FROM artifacts WHERE job_history_id = $1`,
      [run.jobHistoryId],
    );
    const payload = gunzipSync(Buffer.from(artifact.rows[0]!.content));
    const har = (JSON.parse(payload.toString('utf8')) as { har: unknown[] }).har.length;
    figures.push({
      run: label,
      scraperId,
      jobHistoryId: run.jobHistoryId,
      ms,
      jobMs: job.rows[0]!.duration_millis,
      summary: job.rows[0]!.summary,
      artifactBytes: artifact.rows[0]!.size,
      payloadBytes: payload.length,
      harEntries: har,
      changes: changes.rows[0]!.n,
    });
  };
  await write(0);
  await runOnce('first');
  await runOnce('unchanged');
  await write(SCRAPE_CHANGED);
  await runOnce('changed');
  await runner.idle();
  return figures;
}

/** Timed loads of each view of the run page. */
export const VIEWER_LOADS = 5;

export interface ScrapeViewerFigures {
  /** The first run's Configs, Created: its first page of the 5,000 items it created. */
  created: FirstPaintFigure[];
  /** The third run's HTTP tab: its payload downloaded, un-gzipped and read, the requests drawn. */
  http: FirstPaintFigure[];
}

/**
 * Starts the console on the database the scrape bench ran on and times the run page in
 * Chromium, from navigation to the frame after the first row: the first run's created items
 * (read from the catalog a page at a time) and the third run's HTTP traffic (read from the
 * run's artifact). One warm-up load each, then `VIEWER_LOADS` timed ones.
 */
export async function benchScrapeViewer(
  dataDir: string,
  figures: readonly ScrapeRunFigure[],
): Promise<ScrapeViewerFigures> {
  const first = figures.find((figure) => figure.run === 'first');
  const changed = figures.find((figure) => figure.run === 'changed');
  if (!first || !changed) throw new Error('the scrape bench ran no first or changed run');
  const runUrl = (origin: string, figure: ScrapeRunFigure, query: string) =>
    `${origin}/catalog/scrapers/${figure.scraperId}/runs/${figure.jobHistoryId}?${query}`;
  const created = await benchSignedInPage(
    dataDir,
    {
      init: (context) =>
        context.addInitScript(noteFirstPaint, '[aria-label="Created configs"] tbody tr a'),
    },
    (page, origin) =>
      timedLoads(VIEWER_LOADS, () =>
        loadUntilFirstPaint(
          page,
          runUrl(origin, first, 'tab=configs&configs=created'),
          '/api/db/config_items',
        ),
      ),
  );
  const http = await benchSignedInPage(
    dataDir,
    {
      init: (context) =>
        context.addInitScript(noteFirstPaint, '[aria-label="HTTP requests"] tbody tr'),
    },
    (page, origin) =>
      timedLoads(VIEWER_LOADS, () =>
        loadUntilFirstPaint(page, runUrl(origin, changed, 'tab=http'), '/api/artifacts/download'),
      ),
  );
  return { created, http };
}
