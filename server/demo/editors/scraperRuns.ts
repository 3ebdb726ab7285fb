/**
 * When the catalog scrapers edited in the console (`config_scrapers.source = 'UI'` on the local
 * agent) are due: the scheduler runs the due ones through the scrape engine (scrape/engine.ts),
 * which reads each scraper's source and saves what it finds.
 */
import type { SqlClient } from '../db/types';
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
