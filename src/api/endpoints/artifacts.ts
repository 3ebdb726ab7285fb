/**
 * Artifacts (`artifacts`, duty schema/artifacts.hcl) outside any one run or change: the live
 * ones summed by content type (`artifact_summary`, duty views/046) and listed newest first a
 * page at a time. Their content is read through MISC-04 (`artifactDownloadUrl`).
 */
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { pageOf, pageTags } from '../pages';
import { pg } from '../postgrest';
import type { ArtifactRow, ArtifactSummaryRow } from '../schemas/artifacts';
import { ArtifactRowsStruct, ArtifactSummaryRowsStruct } from '../schemas/artifacts';
import { responseSchema } from '../validate';

/** The columns the list reads: never `content`, which is read only when previewed. */
export const ARTIFACT_COLUMNS = [
  'id',
  'filename',
  'path',
  'content_type',
  'size',
  'check_id',
  'playbook_run_action_id',
  'config_change_id',
  'scraper_id',
  'job_history_id',
  'connection_id',
  'created_at',
  'expires_at',
] as const;

/** `artifact_summary?order=total_count.desc,content_type.asc`. */
export function artifactSummaryRequest(): RequestArgs {
  return pg('artifact_summary')
    .order('total_count', 'desc')
    .order('content_type', 'asc')
    .toRequest();
}

export interface ArtifactsArgs {
  /** Zero-based page. */
  pageIndex: number;
  pageSize: number;
  /** Only artifacts of this content type (`content_type=eq.`). */
  contentType?: string | undefined;
}

/**
 * `artifacts?select=…&deleted_at=is.null[&content_type=eq.{type}]&order=created_at.desc,id.desc`
 * with `limit`, `offset` and `Prefer: count=exact`.
 */
export function artifactsRequest({ pageIndex, pageSize, contentType }: ArtifactsArgs): RequestArgs {
  let query = pg('artifacts')
    .select(...ARTIFACT_COLUMNS)
    .is('deleted_at', null);
  if (contentType) query = query.eq('content_type', contentType);
  return query
    .order('created_at', 'desc')
    .order('id', 'desc')
    .range(pageIndex, pageSize)
    .count()
    .toRequest();
}

/** One page of artifacts and how many match in all. */
export interface ArtifactsPage {
  rows: ArtifactRow[];
  totalEntries: number;
}

export const artifactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The live artifacts by content type, storage and connection. */
    getArtifactSummary: build.query<ArtifactSummaryRow[], void>({
      query: artifactSummaryRequest,
      responseSchema: responseSchema(ArtifactSummaryRowsStruct, 'GET /api/db/artifact_summary'),
      providesTags: [{ type: 'Artifacts', id: 'SUMMARY' }],
    }),
    /** A page of live artifacts, newest first, of one content type when asked. */
    getArtifacts: build.query<ArtifactsPage, ArtifactsArgs, ArtifactRow[]>({
      query: artifactsRequest,
      rawResponseSchema: responseSchema(ArtifactRowsStruct, 'GET /api/db/artifacts'),
      transformResponse: pageOf('rows'),
      providesTags: (page) => pageTags('Artifacts', page?.rows),
    }),
  }),
});

export const { useGetArtifactSummaryQuery, useGetArtifactsQuery } = artifactsApi;

/** What the artifacts page's Refresh reloads: the summary and the list. */
export const artifactTags = [
  { type: 'Artifacts', id: 'SUMMARY' },
  { type: 'Artifacts', id: 'LIST' },
] as const;
