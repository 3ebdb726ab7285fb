/**
 * Scheduled "scrapes" of the catalog scrapers edited in the console (`config_scrapers.source =
 * 'UI'` on the local agent). A scrape is cheap: no config item is written, only the `Scraper`
 * job_history row with a plausible `scrape_summary` per config type and, for some runs, errors
 * as a map from the item that failed to its error, as config-db reports them.
 */
import type { SqlClient } from '../db/types';
import type { Rng } from '../seed/random';
import { createRng } from '../seed/random';
import { intervalSeconds } from '../routes/canary/schedule';

const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** Seconds between scrapes when the spec has no schedule: every 60 minutes. */
export const DEFAULT_SCRAPE_SECONDS = 3600;

/** Config types a scraper of each spec key reports when its entries name none. */
const TYPES_OF_KEY: Record<string, readonly string[]> = {
  kubernetes: ['Kubernetes::Pod', 'Kubernetes::Deployment', 'Kubernetes::Service'],
  aws: ['AWS::EC2::Instance', 'AWS::S3::Bucket', 'AWS::IAM::Role'],
  azure: ['Azure::VirtualMachine', 'Azure::StorageAccount'],
  azureDevops: ['AzureDevops::Pipeline'],
  githubActions: ['GitHubActions::Workflow'],
  trivy: ['Trivy::Vulnerability'],
  gcp: ['GCP::Compute::Instance'],
  sql: ['SQL::Row'],
  file: ['File'],
  http: ['HTTP::Response'],
  kubernetesFile: ['Kubernetes::File'],
};

/** Errors a failing item reports, `{item}` replaced by its name. */
const ITEM_ERRORS = [
  'failed to get {item}: context deadline exceeded',
  'AccessDenied: not authorized to read {item}',
  'failed to parse {item}: unexpected end of JSON input',
  'rate limited while listing {item}, retry after 30s',
];

/** The keys of a scraper spec that are not scraper types. */
const NOT_TYPES = new Set(['schedule', 'retention', 'full', 'logLevel']);

/** Seconds between scrapes: the spec's `schedule` (`@every 30m`, cron, ...) or 60 minutes. */
export function scrapeIntervalSeconds(spec: unknown): number {
  const schedule =
    spec && typeof spec === 'object' ? (spec as Record<string, unknown>).schedule : undefined;
  if (typeof schedule !== 'string' || schedule.trim() === '') return DEFAULT_SCRAPE_SECONDS;
  return intervalSeconds({ schedule });
}

/** The config types a scraper spec reports: the `type` of its entries, else its key's types. */
export function scrapedTypes(spec: unknown): string[] {
  const record = spec && typeof spec === 'object' ? (spec as Record<string, unknown>) : {};
  const types = new Set<string>();
  for (const [key, value] of Object.entries(record)) {
    if (NOT_TYPES.has(key) || !Array.isArray(value)) continue;
    const named = value
      .map((entry) =>
        entry && typeof entry === 'object' ? (entry as Record<string, unknown>).type : undefined,
      )
      .filter((type): type is string => typeof type === 'string' && type !== '');
    for (const type of named.length > 0 ? named : (TYPES_OF_KEY[key] ?? [])) types.add(type);
  }
  return types.size > 0 ? [...types] : ['Unknown'];
}

/** The outcome of one scrape. */
export interface ScrapeOutcome {
  summary: Record<string, { added: number; updated: number; unchanged: number }>;
  /** Failed items and their errors; empty when the scrape went well. */
  errors: Record<string, string>;
  durationMs: number;
}

/**
 * Draws a scrape of `types`: the first one adds everything, later ones mostly find items
 * unchanged; about one run in six has failing items.
 */
export function drawScrape(rng: Rng, types: readonly string[], firstRun: boolean): ScrapeOutcome {
  const summary: ScrapeOutcome['summary'] = {};
  for (const type of types) {
    const size = rng.int(5, 300);
    summary[type] = firstRun
      ? { added: size, updated: 0, unchanged: 0 }
      : {
          added: rng.chance(0.3) ? rng.int(1, 8) : 0,
          updated: rng.int(0, Math.ceil(size / 10)),
          unchanged: size,
        };
  }
  const errors: Record<string, string> = {};
  if (rng.chance(1 / 6)) {
    const failing = rng.int(1, 2);
    for (let i = 0; i < failing; i++) {
      const type = rng.pick(types);
      const item = `${type}/${rng.pick(['default', 'kube-system', 'payments', 'orders'])}-${rng.int(1, 40)}`;
      errors[item] = rng.pick(ITEM_ERRORS).replace('{item}', item);
    }
  }
  return { summary, errors, durationMs: rng.int(800, 90_000) };
}

/** A random source for one scrape of a scraper at a moment. */
export function scrapeRng(scraperId: string, at: Date): Rng {
  let hash = 2166136261;
  for (const char of `${scraperId}#${at.toISOString()}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  return createRng(hash >>> 0);
}

interface ScraperRow {
  id: string;
  spec: unknown;
  last_run: Date | string | null;
}

/** The UI scrapers due at `now` (never scraped first, then the most overdue); at most `limit`. */
export async function dueScrapers(
  db: SqlClient,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; spec: unknown; firstRun: boolean }>> {
  const { rows } = await db.query<ScraperRow>(
    `SELECT s.id, s.spec,
            (SELECT max(j.time_start) FROM job_history j
              WHERE j.resource_id = s.id::text AND j.resource_type = 'config_scraper') AS last_run
       FROM config_scrapers s
      WHERE s.deleted_at IS NULL AND s.source = 'UI' AND s.agent_id = $1::uuid`,
    [LOCAL_AGENT_ID],
  );
  return rows
    .map((row) => {
      const last = row.last_run === null ? null : new Date(row.last_run).getTime();
      const dueAt = last === null ? -Infinity : last + scrapeIntervalSeconds(row.spec) * 1000;
      return { id: row.id, spec: row.spec, firstRun: last === null, dueAt };
    })
    .filter((row) => row.dueAt <= now.getTime())
    .sort((a, b) => a.dueAt - b.dueAt || (a.id < b.id ? -1 : 1))
    .slice(0, limit)
    .map(({ id, spec, firstRun }) => ({ id, spec, firstRun }));
}

/** Scrapes one scraper now and records the `Scraper` job; answers the job's status. */
export async function runScraper(
  db: SqlClient,
  scraper: { id: string; spec: unknown; firstRun: boolean },
  started: Date,
  hostname: string,
): Promise<'SUCCESS' | 'FAILED'> {
  const outcome = drawScrape(
    scrapeRng(scraper.id, started),
    scrapedTypes(scraper.spec),
    scraper.firstRun,
  );
  const failures = Object.keys(outcome.errors).length;
  const items = Object.values(outcome.summary).reduce(
    (sum, counts) => sum + counts.added + counts.updated + counts.unchanged,
    0,
  );
  const status = failures > 0 ? 'FAILED' : 'SUCCESS';
  await db.query(
    `INSERT INTO job_history (name, success_count, error_count, details, hostname, duration_millis,
                              resource_type, resource_id, status, time_start, time_end, created_at)
     VALUES ('Scraper', $1, $2, $3::jsonb, $4, $5, 'config_scraper', $6, $7, $8, $9, $8)`,
    [
      items,
      failures,
      JSON.stringify({
        scrape_summary: outcome.summary,
        ...(failures > 0 ? { errors: outcome.errors } : {}),
      }),
      hostname,
      outcome.durationMs,
      scraper.id,
      status,
      started.toISOString(),
      new Date(started.getTime() + outcome.durationMs).toISOString(),
    ],
  );
  return status;
}
