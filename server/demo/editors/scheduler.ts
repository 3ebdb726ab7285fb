/**
 * The demo backend's scheduler for resources edited in the console: it runs the checks of UI
 * canaries and scrapes UI catalog scrapers through the scrape engine when they are due, each run
 * leaving a job_history row (see canaryRuns.ts, scraperRuns.ts and scrape/engine.ts); connected
 * agents report in. A started scheduler ticks on a timer; tests call
 * `tick()` with their own clock instead. Everything it needs is in the database, so a new
 * scheduler resumes where the last one stopped.
 */
import os from 'node:os';
import type { SqlClient } from '../db/types';
import { dueCanaries, runCanary } from './canaryRuns';
import { dueScrapers } from './scraperRuns';
import { ScrapeRunner } from '../scrape/engine';
import { MemorySourceStore } from '../scrape/sources';
import { TickLoop } from '../tickLoop';

export interface ResourceSchedulerOptions {
  /** Time between ticks of a started scheduler (default five seconds). */
  tickMs?: number;
  /** The clock; tests pass their own. */
  now?: () => Date;
  /** Most canaries and most scrapers run per tick (default 5 each), to bound the load. */
  batch?: number;
  /** Host name written on job rows (default the machine's). */
  hostname?: string;
  log?: (line: string) => void;
  /**
   * The scrape runner shared with Run Now; without one the scheduler has its own, reading
   * sources kept in memory.
   */
  scrapes?: ScrapeRunner;
}

/** What one tick did. */
export interface TickReport {
  /** Ids of the canaries that ran. */
  canaries: string[];
  /** Ids of the scrapers that were scraped. */
  scrapers: string[];
  /** How many connected agents reported in. */
  agents: number;
}

/** An agent heard from within this long is connected, and keeps reporting in. */
export const AGENT_CONNECTED_MS = 60 * 60_000;

/**
 * The connected agents report in, as remote agents do: their `last_seen` and `last_received`
 * move to `now`. Agents silent for longer (or never seen) stay as they are, so they read stale.
 */
export async function agentsReportIn(db: SqlClient, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE agents SET last_seen = $1, last_received = $1
      WHERE deleted_at IS NULL AND last_seen IS NOT NULL AND last_seen > $2
      RETURNING id`,
    [now.toISOString(), new Date(now.getTime() - AGENT_CONNECTED_MS).toISOString()],
  );
  return rows.length;
}

export class ResourceScheduler {
  private readonly now: () => Date;
  private readonly batch: number;
  private readonly hostname: string;
  private readonly loop: TickLoop<TickReport>;
  private readonly scrapes: ScrapeRunner;

  constructor(
    private readonly db: SqlClient,
    options: ResourceSchedulerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.batch = options.batch ?? 5;
    this.hostname = options.hostname ?? os.hostname();
    this.scrapes =
      options.scrapes ??
      new ScrapeRunner(db, {
        sources: new MemorySourceStore(),
        hostname: this.hostname,
        log: options.log,
      });
    this.loop = new TickLoop(() => this.runDue(), {
      tickMs: options.tickMs ?? 5000,
      name: 'scheduler',
      log: options.log ?? (() => undefined),
    });
  }

  /** Ticks every `tickMs` until stopped; a tick still going is not overlapped. */
  start(): void {
    this.loop.start();
  }

  /** Stops ticking and waits for the tick in progress. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await this.scrapes.idle();
  }

  /** Runs what is due now: the due canaries, then the due scrapers. */
  tick(): Promise<TickReport> {
    return this.loop.tick();
  }

  private async runDue(): Promise<TickReport> {
    const now = this.now();
    const report: TickReport = { canaries: [], scrapers: [], agents: 0 };
    for (const canary of await dueCanaries(this.db, now, this.batch)) {
      const job = await runCanary(this.db, canary.id, now, this.hostname);
      if (job) report.canaries.push(canary.id);
    }
    for (const scraper of await dueScrapers(this.db, now, this.batch)) {
      const run = await this.scrapes.run(scraper.id, {}, now);
      if (run) report.scrapers.push(scraper.id);
    }
    report.agents = await agentsReportIn(this.db, now);
    return report;
  }
}
