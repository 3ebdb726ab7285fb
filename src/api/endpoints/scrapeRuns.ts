/**
 * One run of a scraper (notes: scrape-run contract): its `job_history` row, its artifact (the
 * payload of what it scraped, saved, logged and fetched, gzipped JSON read through MISC-04) and
 * the scraper's config items classified against the run's window.
 */
import { decodeJsonBytes } from '../../lib/jsonBytes';
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { firstRowOrNull, pageOf } from '../pages';
import { pg, pgCondition } from '../postgrest';
import type { PostgrestQuery } from '../postgrest';
import type {
  RunArtifact,
  RunConfigItem,
  ScrapeRun,
  ScrapeRunPayload,
} from '../schemas/scrapeRuns';
import {
  RunArtifactsStruct,
  RunConfigItemsStruct,
  ScrapeRunPayloadStruct,
  ScrapeRunsStruct,
} from '../schemas/scrapeRuns';
import { check, responseSchema } from '../validate';
import { artifactDownloadUrl } from './playbooks';

// ------------------------------------------------------------------------------------ the run

/** `job_history?id=eq.{runId}`: the run's row. */
export function scrapeRunRequest(runId: string): RequestArgs {
  return pg('job_history').eq('id', runId).toRequest();
}

/** The artifact columns the viewer reads (never `content`). */
export const RUN_ARTIFACT_COLUMNS = [
  'id',
  'filename',
  'path',
  'content_type',
  'size',
  'created_at',
] as const;

/** `artifacts?job_history_id=eq.{runId}&deleted_at=is.null&select=…`, newest first. */
export function runArtifactsRequest(runId: string): RequestArgs {
  return pg('artifacts')
    .eq('job_history_id', runId)
    .is('deleted_at', null)
    .select(...RUN_ARTIFACT_COLUMNS)
    .order('created_at', 'desc')
    .toRequest();
}

/** MISC-04 read as bytes: the artifact's stored content. */
export function runPayloadRequest(artifactId: string): RequestArgs {
  return { url: artifactDownloadUrl(artifactId), responseType: 'blob' };
}

// ---------------------------------------------------------------------------- the run's items

/** What a run did to a config item, as the Configs tab names its segments. */
export const CONFIG_SEGMENTS = ['created', 'updated', 'unchanged', 'deleted'] as const;
export type ConfigSegment = (typeof CONFIG_SEGMENTS)[number];

/** The column whose time puts an item in a segment (unchanged: when it last changed). */
export const SEGMENT_TIME: Record<ConfigSegment, 'created_at' | 'updated_at' | 'deleted_at'> = {
  created: 'created_at',
  updated: 'updated_at',
  unchanged: 'updated_at',
  deleted: 'deleted_at',
};

/** A scraper's items in one segment of a run's window. */
export interface RunConfigsArgs {
  scraperId: string;
  segment: ConfigSegment;
  /** The run's start (RFC 3339). */
  start: string;
  /** The run's end; none while it runs (the window is open). */
  end?: string | undefined;
}

/** The columns the Configs tab reads. */
export const RUN_CONFIG_COLUMNS = [
  'id',
  'name',
  'type',
  'health',
  'status',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

/** `column` inside the window: at or after its start, and at or before its end when it has one. */
function inWindow(column: string, { start, end }: RunConfigsArgs): string[] {
  return [pgCondition(column, 'gte', start), ...(end ? [pgCondition(column, 'lte', end)] : [])];
}

/**
 * The scraper's items of a segment: created = `created_at` in the window; updated = `updated_at`
 * in it, `created_at` before it and not deleted in it; deleted = `deleted_at` in it; unchanged =
 * created and last updated before the window and not deleted.
 */
export function runConfigsQuery(args: RunConfigsArgs): PostgrestQuery {
  const query = pg('config_items').eq('scraper_id', args.scraperId);
  switch (args.segment) {
    case 'created':
      return query.and(inWindow('created_at', args));
    case 'updated': {
      const changed = query.and([
        ...inWindow('updated_at', args),
        pgCondition('created_at', 'lt', args.start),
      ]);
      // An item the run deleted is in Deleted, not also here.
      return args.end
        ? changed.or([
            pgCondition('deleted_at', 'is', null),
            pgCondition('deleted_at', 'gt', args.end),
          ])
        : changed.is('deleted_at', null);
    }
    case 'deleted':
      return query.and(inWindow('deleted_at', args));
    case 'unchanged':
      return query
        .lt('created_at', args.start)
        .or([pgCondition('updated_at', 'is', null), pgCondition('updated_at', 'lt', args.start)])
        .is('deleted_at', null);
  }
}

/** A page of a segment, newest first by the segment's time, with `Prefer: count=exact`. */
export interface RunConfigsPageArgs extends RunConfigsArgs {
  pageIndex: number;
  pageSize: number;
}

export function runConfigsRequest(args: RunConfigsPageArgs): RequestArgs {
  return runConfigsQuery(args)
    .select(...RUN_CONFIG_COLUMNS)
    .order(SEGMENT_TIME[args.segment], 'desc', { nulls: 'last' })
    .order('id', 'asc')
    .range(args.pageIndex, args.pageSize)
    .count()
    .toRequest();
}

/** How many items a segment has: one id and the count (`Content-Range`). */
export function runConfigCountRequest(args: RunConfigsArgs): RequestArgs {
  return runConfigsQuery(args).select('id').limit(1).count().toRequest();
}

/** A page of a segment's items and how many it has in all. */
export interface RunConfigsPage {
  rows: RunConfigItem[];
  total: number;
}

// ---------------------------------------------------------------------------------- endpoints

const runTag = (runId: string) => ({ type: 'Jobs' as const, id: `run:${runId}` });

export const scrapeRunsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The run's `job_history` row; null when there is none. */
    getScrapeRun: build.query<ScrapeRun | null, string, ScrapeRun[]>({
      query: scrapeRunRequest,
      rawResponseSchema: responseSchema(ScrapeRunsStruct, 'GET /api/db/job_history'),
      transformResponse: firstRowOrNull,
      providesTags: (_run, _error, runId) => [runTag(runId)],
    }),
    /** The run's live artifacts, newest first (a run keeps one). */
    getRunArtifacts: build.query<RunArtifact[], string>({
      query: runArtifactsRequest,
      responseSchema: responseSchema(RunArtifactsStruct, 'GET /api/db/artifacts'),
      providesTags: (_rows, _error, runId) => [runTag(runId), { type: 'Artifacts', id: 'LIST' }],
    }),
    /** An artifact's payload: its bytes, un-gzipped when gzip, read as JSON and checked. */
    getRunPayload: build.query<ScrapeRunPayload, string, Blob>({
      query: runPayloadRequest,
      transformResponse: async (blob: Blob) =>
        check(
          ScrapeRunPayloadStruct,
          await decodeJsonBytes(await blob.arrayBuffer()),
          'GET /api/artifacts/download/{id}',
        ),
      providesTags: (_payload, _error, id) => [{ type: 'Artifacts', id }],
    }),
    /** A page of the scraper's items in one segment of the run's window. */
    getRunConfigs: build.query<RunConfigsPage, RunConfigsPageArgs, RunConfigItem[]>({
      query: runConfigsRequest,
      rawResponseSchema: responseSchema(RunConfigItemsStruct, 'GET /api/db/config_items'),
      transformResponse: pageOf('rows', 'total'),
      providesTags: [{ type: 'Configs', id: 'LIST' }],
    }),
    /** How many of the scraper's items a segment has. */
    getRunConfigCount: build.query<number, RunConfigsArgs, RunConfigItem[]>({
      query: runConfigCountRequest,
      rawResponseSchema: responseSchema(RunConfigItemsStruct, 'GET /api/db/config_items'),
      transformResponse: (rows: RunConfigItem[], meta) => pageOf('rows', 'total')(rows, meta).total,
      providesTags: [{ type: 'Configs', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetScrapeRunQuery,
  useGetRunArtifactsQuery,
  useGetRunPayloadQuery,
  useGetRunConfigsQuery,
  useGetRunConfigCountQuery,
} = scrapeRunsApi;

/** What the run page's Refresh reloads: the run, its artifact and the scraper's items. */
export const scrapeRunTags = (runId: string) =>
  [runTag(runId), { type: 'Configs', id: 'LIST' }] as const;
