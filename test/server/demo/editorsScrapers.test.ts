import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { ResourceScheduler } from '../../../server/demo/editors/scheduler';
import {
  DEFAULT_SCRAPE_SECONDS,
  scrapeIntervalSeconds,
  scrapedTypes,
} from '../../../server/demo/editors/scraperRuns';
import { ScrapeRunner } from '../../../server/demo/scrape/engine';
import { MemorySourceStore } from '../../../server/demo/scrape/sources';
import { type DemoHarness, signIn, startDemo, testScheduler } from './support';
import { expectAnswers } from '../../support/answers';

jest.setTimeout(120_000);

const MINUTE = 60_000;

describe('scrape model', () => {
  it('scrapes every 60 minutes unless the spec has a schedule', () => {
    expect(DEFAULT_SCRAPE_SECONDS).toBe(3600);
    expectAnswers(scrapeIntervalSeconds, [
      [{ kubernetes: [] }, 3600],
      [{ schedule: '' }, 3600],
      [{ schedule: '@every 30m' }, 1800],
      [{ schedule: '*/15 * * * *' }, 900],
      [null, 3600],
    ]);
  });

  it('reports the types the entries name, else the types of the scraper kind', () => {
    expect(scrapedTypes({ kubernetes: [{ clusterName: 'a' }] })).toEqual([
      'Kubernetes::Pod',
      'Kubernetes::Deployment',
      'Kubernetes::Service',
    ]);
    expect(
      scrapedTypes({ schedule: '@hourly', file: [{ type: 'Acme::Host' }, { type: 'Acme::Disk' }] }),
    ).toEqual(['Acme::Host', 'Acme::Disk']);
    expect(scrapedTypes({ retention: { changes: [] } })).toEqual(['Unknown']);
  });
});

describe('the scheduler scrapes UI scrapers when due', () => {
  let demo: DemoHarness;
  let app: FastifyInstance;
  let db: SqlClient;
  let cookie = '';

  beforeAll(async () => {
    demo = await startDemo();
    app = demo.app;
    db = demo.db;
    cookie = await signIn(app, 'admin');
  });

  afterAll(async () => {
    await demo.close();
  });

  async function createScraper(name: string, source: string, spec: unknown): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/db/config_scrapers',
      headers: { cookie, 'content-type': 'application/json', prefer: 'return=representation' },
      payload: JSON.stringify({ name, source, spec }),
    });
    expect(response.statusCode).toBe(201);
    return response.json<Array<{ id: string }>>()[0]!.id;
  }

  interface JobRow {
    name: string;
    status: string;
    resource_type: string;
    success_count: number;
    error_count: number;
    details: {
      scrape_summary: { config_types: Record<string, Record<string, number>> };
      errors?: string[];
    };
    time_start: string;
  }

  async function jobsOf(id: string): Promise<JobRow[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/db/job_histories?&select=*&limit=150&offset=0&resource_type.filter=config_scraper&resource_id=eq.${id}&order=created_at.asc`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<JobRow[]>();
  }

  it('scrapes a new scraper at once, then on its schedule', async () => {
    const id = await createScraper('ed-cluster', 'UI', {
      schedule: '@every 30m',
      kubernetes: [{ clusterName: 'ed-cluster' }],
    });
    const crd = await createScraper('ed-crd-cluster', 'KubernetesCRD', {
      kubernetes: [{ clusterName: 'ed-crd' }],
    });
    let clock = new Date();
    const scheduler = testScheduler(db, () => clock);

    const first = await scheduler.tick();
    expect(first.scrapers).toContain(id);
    expect(first.scrapers).not.toContain(crd);
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({
      name: 'Scraper',
      resource_type: 'config_scraper',
      status: 'SUCCESS',
      error_count: 0,
    });
    expect(new Date(job!.time_start).getTime()).toBe(clock.getTime());
    expect(job!.details.errors).toBeUndefined();
    // A scraper without items starts from the kubernetes fixture: everything is added.
    const { rows: items } = await db.query<{ type: string; n: number; created_at: Date }>(
      `SELECT type, count(*)::int AS n, min(created_at) AS created_at FROM config_items
        WHERE scraper_id = $1 AND deleted_at IS NULL GROUP BY type`,
      [id],
    );
    expect(job!.success_count).toBe(items.reduce((sum, row) => sum + row.n, 0));
    expect(Object.keys(job!.details.scrape_summary.config_types).sort()).toEqual(
      items.map((row) => row.type).sort(),
    );
    for (const row of items) {
      expect(job!.details.scrape_summary.config_types[row.type]).toEqual({ added: row.n });
      expect(new Date(row.created_at).getTime()).toBe(clock.getTime());
    }
    expect(items.map((row) => row.type)).toEqual(
      expect.arrayContaining(['Kubernetes::Pod', 'Kubernetes::Deployment', 'Kubernetes::Service']),
    );
    expect(await jobsOf(crd)).toEqual([]);

    clock = new Date(clock.getTime() + 29 * MINUTE);
    expect((await scheduler.tick()).scrapers).not.toContain(id);
    clock = new Date(clock.getTime() + 2 * MINUTE);
    expect((await scheduler.tick()).scrapers).toContain(id);
    const jobs = await jobsOf(id);
    expect(jobs).toHaveLength(2);
    for (const counts of Object.values(jobs[1]!.details.scrape_summary.config_types)) {
      expect(Object.keys(counts)).toEqual(['unchanged']);
    }

    const { rows } = await db.query<{ job_name: string; schedule: string; last_runtime: Date }>(
      `SELECT job_name, schedule, last_runtime FROM config_scrapers_with_status WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({ job_name: 'Scraper', schedule: '@every 30m' });
    expect(new Date(rows[0]!.last_runtime).getTime()).toBe(clock.getTime());
  });

  it('stops scraping a soft-deleted scraper', async () => {
    const id = await createScraper('ed-gone', 'UI', { kubernetes: [{ clusterName: 'gone' }] });
    await db.query(`UPDATE config_scrapers SET deleted_at = now() WHERE id = $1`, [id]);
    const scheduler = new ResourceScheduler(db, { batch: 1000 });
    expect((await scheduler.tick()).scrapers).not.toContain(id);
  });

  it('reads the source again on every scheduled run', async () => {
    const id = await createScraper('ed-hosts', 'UI', {
      schedule: '@every 10m',
      file: [{ type: 'Acme::Host', paths: ['hosts.json'] }],
    });
    const sources = new MemorySourceStore();
    let clock = new Date();
    const scheduler = new ResourceScheduler(db, {
      now: () => clock,
      batch: 1000,
      scrapes: new ScrapeRunner(db, { sources }),
    });
    expect((await scheduler.tick()).scrapers).toContain(id);
    const [first] = await jobsOf(id);
    expect(first!.details.scrape_summary.config_types).toEqual({ 'Acme::Host': { added: 10 } });

    const source = JSON.parse((await sources.read(id))!) as { items: Array<{ id: string }> };
    source.items = source.items.filter((item) => item.id !== 'host-01');
    await sources.write(id, JSON.stringify(source));
    clock = new Date(clock.getTime() + 11 * MINUTE);
    expect((await scheduler.tick()).scrapers).toContain(id);
    const [, second] = await jobsOf(id);
    expect(second!.details.scrape_summary.config_types).toEqual({
      'Acme::Host': { unchanged: 9, deleted: 1 },
    });
    const { rows } = await db.query<{ deleted_at: Date | null }>(
      `SELECT deleted_at FROM config_items WHERE scraper_id = $1 AND external_id[1] = 'host-01'`,
      [id],
    );
    expect(new Date(rows[0]!.deleted_at!).getTime()).toBe(clock.getTime());
    await scheduler.stop();
  });
});
