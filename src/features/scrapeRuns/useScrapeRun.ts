import { skipToken } from '@reduxjs/toolkit/query';
import {
  scrapeRunsApi,
  useGetRunArtifactsQuery,
  useGetRunPayloadQuery,
  useGetScrapeRunQuery,
} from '../../api/endpoints/scrapeRuns';

/** How often a running run is read again, in milliseconds. */
export const RUN_POLL_MS = 2_000;

/** Whether a run is still going: its status says RUNNING (or it has no end yet and no status). */
export function isRunning(run: { status?: string | null; time_end?: string | null }): boolean {
  return run.status ? run.status.toUpperCase() === 'RUNNING' : !run.time_end;
}

/**
 * One run of a scraper: its row, read again every `RUN_POLL_MS` while it runs; its artifact and
 * payload, read once it has ended (the scraper writes the artifact at the end of the run), so a
 * run that ends while shown is read again with what it produced.
 */
export function useScrapeRun(runId: string) {
  const arg = runId || skipToken;
  const cached = scrapeRunsApi.endpoints.getScrapeRun.useQueryState(arg);
  const pollingInterval = cached.data && isRunning(cached.data) ? RUN_POLL_MS : 0;
  const runQuery = useGetScrapeRunQuery(arg, { pollingInterval });
  const run = runQuery.data ?? undefined;
  const running = run ? isRunning(run) : false;
  const artifactsQuery = useGetRunArtifactsQuery(run && !running ? run.id : skipToken);
  const artifact = artifactsQuery.data?.[0];
  const payloadQuery = useGetRunPayloadQuery(artifact ? artifact.id : skipToken);
  return { runQuery, run, running, artifactsQuery, artifact, payloadQuery };
}

export type ScrapeRunData = ReturnType<typeof useScrapeRun>;
