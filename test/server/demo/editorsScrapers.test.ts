import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { ResourceScheduler } from '../../../server/demo/editors/scheduler';
import {
  DEFAULT_SCRAPE_SECONDS,
  drawScrape,
  scrapeIntervalSeconds,
  scrapeRng,
  scrapedTypes,
} from '../../../server/demo/editors/scraperRuns';
import { createRng } from '../../../server/demo/seed/random';
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

  it('adds everything on the first run, then mostly finds items unchanged', () => {
    const types = ['Kubernetes::Pod', 'Kubernetes::Service'];
    const first = drawScrape(createRng(7), types, true);
    for (const type of types) {
      expect(first.summary[type]!.added).toBeGreaterThan(0);
      expect(first.summary[type]).toMatchObject({ updated: 0, unchanged: 0 });
    }
    const later = drawScrape(createRng(7), types, false);
    for (const type of types) expect(later.summary[type]!.unchanged).toBeGreaterThan(0);
  });

  it('fails some runs with errors as a map from item to error', () => {
    const outcomes = Array.from({ length: 120 }, (_, seed) =>
      drawScrape(createRng(seed), ['Kubernetes::Pod'], false),
    );
    const failed = outcomes.filter((outcome) => Object.keys(outcome.errors).length > 0);
    expect(failed.length).toBeGreaterThan(5);
    expect(failed.length).toBeLessThan(60);
    for (const outcome of failed) {
      for (const [item, error] of Object.entries(outcome.errors)) {
        expect(item).toMatch(/^Kubernetes::Pod\//);
        expect(error).toContain(item);
      }
    }
  });

  it('draws the same scrape for the same scraper and moment', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const a = drawScrape(scrapeRng('s-1', at), ['T'], false);
    expect(drawScrape(scrapeRng('s-1', at), ['T'], false)).toEqual(a);
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
      scrape_summary: Record<string, { added: number; updated: number; unchanged: number }>;
      errors?: Record<string, string>;
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
    expect(job).toMatchObject({ name: 'Scraper', resource_type: 'config_scraper' });
    expect(new Date(job!.time_start).getTime()).toBe(clock.getTime());
    expect(Object.keys(job!.details.scrape_summary).sort()).toEqual([
      'Kubernetes::Deployment',
      'Kubernetes::Pod',
      'Kubernetes::Service',
    ]);
    for (const counts of Object.values(job!.details.scrape_summary)) {
      expect(counts.added).toBeGreaterThan(0);
      expect(counts.unchanged).toBe(0);
    }
    if (job!.status === 'FAILED') {
      expect(job!.error_count).toBe(Object.keys(job!.details.errors ?? {}).length);
    } else {
      expect(job).toMatchObject({ status: 'SUCCESS', error_count: 0 });
      expect(job!.details.errors).toBeUndefined();
    }
    expect(await jobsOf(crd)).toEqual([]);

    clock = new Date(clock.getTime() + 29 * MINUTE);
    expect((await scheduler.tick()).scrapers).not.toContain(id);
    clock = new Date(clock.getTime() + 2 * MINUTE);
    expect((await scheduler.tick()).scrapers).toContain(id);
    const jobs = await jobsOf(id);
    expect(jobs).toHaveLength(2);
    for (const counts of Object.values(jobs[1]!.details.scrape_summary)) {
      expect(counts.unchanged).toBeGreaterThan(0);
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
});
