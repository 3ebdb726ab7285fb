/**
 * One scrape run of a demo scraper, as config-db runs one (`scrapers/run_now.go`,
 * `scrapers/cron.go`): a `Scraper` job_history row (RUNNING, then SUCCESS or FAILED with its
 * counts, `details.scrape_summary`, errors and log lines), the scraper's source read again
 * (sources.ts, read.ts), what it found saved (save.ts), and, when any capture is asked for, the
 * run's artifact: the gzip of the scrape results, save summary and the captures (HAR, logs,
 * snapshots), at `scrape-runs/<scraper>/<job>/summary.json.gz`. Runs of one scraper never overlap:
 * a run waits for the one before it.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { SqlClient } from '../db/types';
import { readScrapeSource, type ReadLog } from './read';
import { saveScrape, type SaveOutcome, type ScrapeSummary } from './save';
import { captureSnapshot, diffSnapshots, type ScrapeSnapshot } from './snapshot';
import { clusterOf, readSource, sourceKindOf, type SourceStore } from './sources';

export interface ScrapeCaptures {
  captureHAR?: boolean;
  captureLogs?: boolean;
  captureSnapshots?: boolean;
  /** This run's log level (Run Now's choice), over the job properties and the spec's. */
  logLevel?: LogLevel;
}

export type ScrapeStatus = 'RUNNING' | 'SUCCESS' | 'FAILED';

export interface ScraperRecord {
  id: string;
  name: string;
  spec: unknown;
  agent_id: string;
}

type LogLevel = 'info' | 'debug' | 'trace';

const COLOURS: Record<ReadLog['level'], string> = {
  error: '\u001b[31m',
  warn: '\u001b[33m',
  info: '\u001b[36m',
  debug: '\u001b[90m',
};
const RESET = '\u001b[0m';

/** A log line with its level in colour. */
export function logLine(at: Date, level: ReadLog['level'], message: string): string {
  return `${at.toISOString()} ${COLOURS[level]}${level.toUpperCase().padEnd(5)}${RESET} ${message}`;
}

/**
 * The run's log level: the `jobs.Scraper.trace` / `jobs.Scraper.debug` properties (as the
 * system jobs read theirs), else the spec's `logLevel`, else info.
 */
export async function scrapeLogLevel(db: SqlClient, spec: unknown): Promise<LogLevel> {
  const { rows } = await db.query<{ name: string; value: string }>(
    `SELECT name, value FROM properties
      WHERE name IN ('jobs.Scraper.debug', 'jobs.Scraper.trace') AND deleted_at IS NULL`,
  );
  const on = (name: string) =>
    ['true', '1', 'yes', 'on'].includes(
      (rows.find((row) => row.name === name)?.value ?? '').trim().toLowerCase(),
    );
  if (on('jobs.Scraper.trace')) return 'trace';
  if (on('jobs.Scraper.debug')) return 'debug';
  const level =
    spec && typeof spec === 'object' ? (spec as Record<string, unknown>).logLevel : undefined;
  return level === 'debug' || level === 'trace' ? level : 'info';
}

/** The live scraper, or null. */
export async function findScraper(db: SqlClient, id: string): Promise<ScraperRecord | null> {
  const { rows } = await db.query<ScraperRecord>(
    `SELECT id, name, spec, agent_id FROM config_scrapers WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0] ?? null;
}

/** The item source name a scraper of this kind writes. */
const SOURCE_NAMES = { kubernetes: 'Kubernetes', aws: 'AWS', generic: 'ConfigFile' } as const;

/** The `results.configs` of the artifact. */
function resultConfigs(read: ReturnType<typeof readScrapeSource>): unknown[] {
  return read.items.map((item) => ({
    id: item.externalId[0],
    config_type: item.type,
    config_class: item.configClass,
    name: item.name,
    ...(item.status === null ? {} : { status: item.status }),
    ...(item.health === null ? {} : { health: item.health }),
    ...(item.ready === null ? {} : { ready: item.ready }),
    config: item.config,
    ...(item.tags === null ? {} : { tags: item.tags }),
    ...(item.labels === null ? {} : { labels: item.labels }),
    ...(item.externalId.length > 1 ? { aliases: item.externalId.slice(1) } : {}),
  }));
}

export interface ScrapeRunnerOptions {
  sources: SourceStore;
  hostname?: string;
  log?: (line: string) => void;
}

/** Runs scrapes; one instance per demo, shared by Run Now and the scheduler. */
export class ScrapeRunner {
  private readonly hostname: string;
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: SqlClient,
    private readonly options: ScrapeRunnerOptions,
  ) {
    this.hostname = options.hostname ?? os.hostname();
  }

  /**
   * Starts a run of the scraper at `at` (default now): answers once its RUNNING job row exists,
   * with the promise of its final status; null when there is no such live scraper.
   */
  async start(
    scraperId: string,
    captures: ScrapeCaptures = {},
    at: Date = new Date(),
  ): Promise<{ jobHistoryId: string; done: Promise<ScrapeStatus> } | null> {
    const scraper = await findScraper(this.db, scraperId);
    if (!scraper) return null;
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO job_history (name, status, hostname, resource_type, resource_id, time_start,
                                created_at, success_count, error_count, details)
       VALUES ('Scraper', 'RUNNING', $1, 'config_scraper', $2, $3, $3, 0, 0, '{}'::jsonb)
       RETURNING id`,
      [this.hostname, scraper.id, at.toISOString()],
    );
    const jobHistoryId = rows[0]!.id;
    const before = this.tails.get(scraper.id) ?? Promise.resolve();
    const done = before
      .catch(() => undefined)
      .then(() => this.execute(scraper, jobHistoryId, captures, at));
    this.tails.set(scraper.id, done);
    this.pending.add(done);
    void done
      .catch(() => undefined)
      .finally(() => {
        this.pending.delete(done);
        if (this.tails.get(scraper.id) === done) this.tails.delete(scraper.id);
      });
    return { jobHistoryId, done };
  }

  /** Runs the scraper and waits for the end of the run. */
  async run(
    scraperId: string,
    captures: ScrapeCaptures = {},
    at: Date = new Date(),
  ): Promise<{ jobHistoryId: string; status: ScrapeStatus } | null> {
    const started = await this.start(scraperId, captures, at);
    if (!started) return null;
    return { jobHistoryId: started.jobHistoryId, status: await started.done };
  }

  /** Waits for every run in progress (before the database closes). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) {
      await Promise.allSettled([...this.pending]);
    }
  }

  private async execute(
    scraper: ScraperRecord,
    jobHistoryId: string,
    captures: ScrapeCaptures,
    runAt: Date,
  ): Promise<ScrapeStatus> {
    const clock = performance.now();
    const level =
      captures.logLevel ??
      (await scrapeLogLevel(this.db, scraper.spec).catch(() => 'info' as const));
    const lines: string[] = [];
    // The job's own lines, as the system jobs keep theirs (the run details' Logs tab).
    const entries: Array<{ level: string; message: string }> = [];
    const log = (lineLevel: ReadLog['level'], message: string) => {
      if (lineLevel === 'debug' && level === 'info') return;
      const at = new Date(runAt.getTime() + (performance.now() - clock));
      lines.push(logLine(at, lineLevel, message));
      entries.push({ level: lineLevel, message });
    };
    const kind = sourceKindOf(scraper.spec);
    log('info', `scraping ${scraper.name} (${kind})`);
    let before: ScrapeSnapshot | undefined;
    let after: ScrapeSnapshot | undefined;
    let read: ReturnType<typeof readScrapeSource> | undefined;
    let saved: SaveOutcome | undefined;
    const errors: string[] = [];
    try {
      if (captures.captureSnapshots) before = await captureSnapshot(this.db, runAt);
      const text = await readSource(this.db, this.options.sources, scraper);
      read = readScrapeSource(text, kind, { name: scraper.name, cluster: clusterOf(scraper) });
      for (const line of read.logs) log(line.level, line.message);
      errors.push(...read.errors);
      log('info', `found ${read.items.length} items in ${read.har.length} requests`);
      saved = await saveScrape(
        this.db,
        {
          scraperId: scraper.id,
          agentId: scraper.agent_id,
          source: SOURCE_NAMES[kind],
          jobId: jobHistoryId,
        },
        read,
        runAt,
      );
      for (const note of saved.notes) log('debug', note);
      for (const error of saved.errors) log('warn', error);
      errors.push(...saved.errors);
      if (captures.captureSnapshots) after = await captureSnapshot(this.db, runAt);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(message);
      log('error', message);
      this.options.log?.(`scrape of ${scraper.name} failed: ${message}`);
    }
    const summary: ScrapeSummary = saved?.summary ?? { config_types: {} };
    const status: ScrapeStatus = errors.length > 0 ? 'FAILED' : 'SUCCESS';
    const durationMs = Math.max(0, Math.round(performance.now() - clock));
    log(
      status === 'SUCCESS' ? 'info' : 'error',
      `scrape ${status.toLowerCase()} in ${durationMs} ms`,
    );
    const finishedAt = new Date(runAt.getTime() + durationMs);
    await this.db.query(
      `UPDATE job_history
          SET status = $2, success_count = $3, error_count = $4, duration_millis = $5,
              time_end = $6, details = $7::jsonb
        WHERE id = $1`,
      [
        jobHistoryId,
        status,
        read?.items.length ?? 0,
        errors.length,
        durationMs,
        finishedAt.toISOString(),
        JSON.stringify({
          scrape_summary: summary,
          ...(errors.length > 0 ? { errors } : {}),
          logs: entries,
        }),
      ],
    );
    if (captures.captureHAR || captures.captureLogs || captures.captureSnapshots) {
      const { rows } = await this.db.query<{ summary: ScrapeSummary | null }>(
        `SELECT details->'scrape_summary' AS summary FROM job_history
          WHERE resource_id = $1 AND resource_type = 'config_scraper' AND name = 'Scraper'
            AND id <> $2 AND status IN ('SUCCESS', 'FAILED') AND time_start <= $3
          ORDER BY time_start DESC LIMIT 1`,
        [scraper.id, jobHistoryId, runAt.toISOString()],
      );
      const payload = {
        scraper_id: scraper.id,
        scraper_name: scraper.name,
        started_at: runAt.toISOString(),
        finished_at: finishedAt.toISOString(),
        results: {
          configs: read ? resultConfigs(read) : [],
          changes: saved?.changes ?? [],
          ...(saved?.access ?? {
            external_users: [],
            external_groups: [],
            external_roles: [],
            external_user_groups: [],
            config_access: [],
            config_access_logs: [],
          }),
        },
        save_summary: summary,
        ...(rows[0]?.summary ? { last_scrape_summary: rows[0].summary } : {}),
        ...(captures.captureSnapshots && before && after
          ? { snapshot_pair: { before, after, diff: diffSnapshots(before, after) } }
          : {}),
        ...(captures.captureHAR ? { har: read?.har ?? [] } : {}),
        ...(captures.captureLogs ? { logs: lines.join('\n') } : {}),
      };
      const content = gzipSync(Buffer.from(JSON.stringify(payload)));
      await this.db.query(
        `INSERT INTO artifacts (scraper_id, job_history_id, path, filename, content_type, size,
                                checksum, content, compression_type, created_at, updated_at)
         VALUES ($1, $2, $3, 'summary.json.gz', 'application/gzip', $4, $5, $6, 'gzip', $7, $7)`,
        [
          scraper.id,
          jobHistoryId,
          `scrape-runs/${scraper.id}/${jobHistoryId}/summary.json.gz`,
          content.length,
          createHash('sha256').update(content).digest('hex'),
          new Uint8Array(content),
          finishedAt.toISOString(),
        ],
      );
    }
    return status;
  }
}
