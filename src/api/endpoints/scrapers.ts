/**
 * A catalog scraper's Run Now (config-db's `POST /run/{id}`, reached through Mission Control at
 * `/api/config/run/{id}`): the scraper runs at once, in the background (`async`), capturing
 * what the viewer shows when asked (HTTP traffic as HAR, its logs, the database's counts before
 * and after). The answer names the run's `job_history` row.
 */
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { defineOutcomes } from '../outcomes';
import type { RunScraperResult } from '../schemas/scraperRun';
import { RunScraperResultStruct } from '../schemas/scraperRun';
import { responseSchema } from '../validate';
import { settingsResourceListTags } from './settingsResources';

/** The log levels a run can log at, quietest first. */
export const SCRAPE_LOG_LEVELS = ['info', 'debug', 'trace'] as const;
export type ScrapeLogLevel = (typeof SCRAPE_LOG_LEVELS)[number];

/** What a run captures for the viewer, and how much it logs. */
export interface ScrapeRunOptions {
  captureHAR: boolean;
  captureLogs: boolean;
  captureSnapshots: boolean;
  logLevel: ScrapeLogLevel;
}

export interface RunScraperArgs extends ScrapeRunOptions {
  scraperId: string;
  /** Answer once the run has started (default) or, `false`, once it has ended. */
  async?: boolean;
}

/**
 * `POST /api/config/run/{id}` with `{async (default true), captureHAR, captureLogs, captureSnapshots,
 * logLevel}`. config-db reads the first four; `logLevel` is the demo's (others ignore it).
 */
export function runScraperRequest({
  scraperId,
  async = true,
  ...options
}: RunScraperArgs): RequestArgs {
  return {
    url: `/api/config/run/${encodeURIComponent(scraperId)}`,
    method: 'POST',
    body: { async, ...options },
  };
}

export const scrapersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    runScraper: build.mutation<RunScraperResult, RunScraperArgs>({
      query: runScraperRequest,
      responseSchema: responseSchema(RunScraperResultStruct, 'POST /api/config/run'),
      // The scrapers list shows each one's last run; the job history lists the new one.
      invalidatesTags: (_result, error) =>
        error ? [] : [...settingsResourceListTags('config_scrapers'), { type: 'Jobs', id: 'LIST' }],
    }),
  }),
});

// The dialog shows a failure under its options, with the server's reason.
defineOutcomes(scrapersApi, { runScraper: { failure: 'caller' } });

export const { useRunScraperMutation } = scrapersApi;
