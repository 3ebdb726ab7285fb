import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { pg, AVATAR_COLUMNS } from '../postgrest';
import type { Silence, SilencePreviewRow, SilenceWindows } from '../schemas/notificationSilences';
import {
  SilencePreviewStruct,
  SilencesStruct,
  SilenceWindowsStruct,
} from '../schemas/notificationSilences';
import { responseSchema } from '../validate';
import { pageOf, pageTags, firstRow } from '../pages';

/** NOTIF-09's select: the silence with its check, config, component and creator. */
export const SILENCE_LIST_SELECT =
  '*,checks:check_id(id,name,type,status),catalog:config_id(id,name,type,config_class),' +
  `component:component_id(id,name,icon),createdBy:created_by(${AVATAR_COLUMNS})`;

/** What the silence pages tell the user. */
export const SILENCE_MESSAGES = {
  created: 'Silence created',
  updated: 'Silence updated',
  deleted: 'Silence deleted',
} as const;

export interface GetSilencesArgs {
  pageIndex: number;
  pageSize: number;
  /** The user's sort, sent as a second `order` after `created_at.desc`; none by default. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

export interface SilencesPage {
  silences: Silence[];
  totalEntries: number;
}

/**
 * NOTIF-09 exactly as api.md gives it: `…&order=created_at.desc&limit=&offset=&deleted_at=is.null&`
 * with its trailing `&`, and the user's sort as a second `order` parameter after it (§23 #8:
 * the last one is meant to win). Asks for the count.
 */
export function silencesRequest(args: GetSilencesArgs): RequestArgs {
  const base = pg('notification_silences')
    .select(SILENCE_LIST_SELECT)
    .order('created_at', 'desc')
    .range(args.pageIndex, args.pageSize)
    .is('deleted_at', null)
    .count()
    .toRequest();
  const sort = args.sortBy
    ? new URLSearchParams({ order: `${args.sortBy}.${args.sortOrder ?? 'asc'}` }).toString()
    : '';
  return { url: `${base.url}&${sort}`, prefer: 'count=exact' };
}

/** NOTIF-10: `select=*&order=created_at.desc&id=eq.{id}`, with the count asked for. */
export function silenceRequest(id: string): RequestArgs {
  return pg('notification_silences')
    .select('*')
    .order('created_at', 'desc')
    .eq('id', id)
    .count()
    .toRequest();
}

/** A resource selector as the backend decodes it (api.md NOTIF-11: an array of these). */
export type ResourceSelector = Record<string, unknown>;

/**
 * NOTIF-11's body. Exactly one of a resource id, `filter` or `selectors` is given. `from` and
 * `until` are ISO instants (`until` null: indefinitely). `selectors` is an array, which is what
 * the backend decodes (api.md §23 #21).
 */
export interface CreateSilenceBody {
  name: string;
  description?: string;
  from: string;
  until: string | null;
  recursive?: boolean;
  filter?: string;
  selectors?: ResourceSelector[];
  config_id?: string;
  component_id?: string;
  check_id?: string;
  canary_id?: string;
  /**
   * A maintenance window (the demo backend only; sent only for a recurring silence): the
   * five-field cron, its IANA time zone and the length of each window (`2h`, `1h30m`).
   */
  schedule?: string;
  timezone?: string;
  duration?: string;
}

/** NOTIF-11: `POST /api/notification/silence`; the answer (empty) is not read. */
export function createSilenceRequest(body: CreateSilenceBody): RequestArgs {
  return { url: '/api/notification/silence', method: 'POST', body };
}

/**
 * NOTIF-12's body, every key as api.md lists it: `updated_at` is the database's `now()`,
 * `until` null for indefinitely, `namespace` "" when the silence has none.
 */
export interface UpdateSilenceBody {
  id: string;
  name: string;
  filter: string | null;
  updated_at: 'now()';
  source: string | null;
  canary_id: string | null;
  check_id: string | null;
  component_id: string | null;
  config_id: string | null;
  from: string | null;
  until: string | null;
  description: string | null;
  recursive: boolean;
  namespace: string;
  /**
   * The maintenance window's columns, only where the backend has them (the demo backend);
   * null when the silence no longer recurs.
   */
  schedule?: string | null;
  timezone?: string | null;
  duration?: string | null;
}

/** NOTIF-12: `PATCH notification_silences?id=eq.{id}`. */
export function updateSilenceRequest(body: UpdateSilenceBody): RequestArgs {
  return {
    url: pg('notification_silences').eq('id', body.id).toRequest().url,
    method: 'PATCH',
    body,
  };
}

/** NOTIF-13: the soft delete, `{ deleted_at: "now()" }`. */
export function deleteSilenceRequest(id: string): RequestArgs {
  return {
    url: pg('notification_silences').eq('id', id).toRequest().url,
    method: 'PATCH',
    body: { deleted_at: 'now()' },
  };
}

/** The kind of resource a silence targets, as NOTIF-14's `type` names it. */
export type SilenceResourceType = 'config' | 'component' | 'check' | 'canary';

/** What NOTIF-14 previews: the target of a silence being written. */
export interface SilencePreviewArgs {
  /** A resource id. */
  id?: string;
  /**
   * The resource's kind. Mission Control matches an id only together with its `type`, so it
   * is sent along with `id`.
   */
  type?: SilenceResourceType;
  /** Whether the silence covers the resource's descendants (`recursive=true`). */
  recursive?: boolean;
  /** A CEL filter. */
  filter?: string;
  /** Parsed selectors; sent as JSON. */
  selectors?: ResourceSelector[];
  /** At most this many rows (the backend's default: 30). */
  limit?: number;
  /** By `created_at`: `desc` newest first (the backend's default), `asc` oldest first. */
  sort?: PreviewSort;
  /** A recurring silence (the demo backend): only the sends inside its windows. */
  schedule?: string;
  duration?: string;
  timezone?: string;
}

/** The preview's orders by `created_at`. */
export const PREVIEW_SORTS = ['desc', 'asc'] as const;
export type PreviewSort = (typeof PREVIEW_SORTS)[number];

/** The windows of a recurring silence around now, and what its last one would have muted. */
export interface GetSilenceWindowsArgs extends SilencePreviewArgs {
  schedule: string;
  duration: string;
}

/** The query of NOTIF-14 and of the windows: the target, then the recurrence, limit and sort. */
function previewQuery(args: SilencePreviewArgs): URLSearchParams {
  const query = new URLSearchParams();
  if (args.id) {
    query.set('id', args.id);
    if (args.type) query.set('type', args.type);
    if (args.recursive) query.set('recursive', 'true');
  }
  if (args.filter) query.set('filter', args.filter);
  if (args.selectors) query.set('selectors', JSON.stringify(args.selectors));
  if (args.schedule && args.duration) {
    query.set('schedule', args.schedule);
    query.set('duration', args.duration);
    if (args.timezone) query.set('timezone', args.timezone);
  }
  if (args.limit !== undefined) query.set('limit', String(args.limit));
  if (args.sort) query.set('sort', args.sort);
  return query;
}

/**
 * NOTIF-14: `GET /api/notification/silence_preview?[id=][&type=][&recursive=true][&filter=]
 * [&selectors={JSON}]`, built with `URLSearchParams`; the demo backend also reads a
 * recurrence (`schedule`, `duration`, `timezone`), `limit` and `sort`.
 */
export function silencePreviewRequest(args: SilencePreviewArgs): RequestArgs {
  return { url: `/api/notification/silence_preview?${previewQuery(args).toString()}` };
}

/**
 * `GET /api/notification/silence_windows?schedule=&duration=[&timezone=]` with the preview's
 * target: the demo backend's maintenance windows. Mission Control answers 404 (it has no
 * recurring silences), which is how the console learns that it cannot offer them.
 */
export function silenceWindowsRequest(args: GetSilenceWindowsArgs): RequestArgs {
  return { url: `/api/notification/silence_windows?${previewQuery(args).toString()}` };
}

const LIST = { type: 'Silences' as const, id: 'LIST' };

/** Notification silences (api.md NOTIF-09 … NOTIF-14). */
export const notificationSilencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** NOTIF-09: a page of silences and their count. */
    getSilences: build.query<SilencesPage, GetSilencesArgs, Silence[]>({
      query: silencesRequest,
      rawResponseSchema: responseSchema(SilencesStruct, 'GET /api/db/notification_silences'),
      transformResponse: pageOf('silences'),
      providesTags: (page) => pageTags('Silences', page?.silences),
    }),
    /** NOTIF-10: one silence, or undefined when there is none. */
    getSilence: build.query<Silence | undefined, string, Silence[]>({
      query: silenceRequest,
      rawResponseSchema: responseSchema(SilencesStruct, 'GET /api/db/notification_silences'),
      transformResponse: firstRow,
      providesTags: (_row, _error, id) => [{ type: 'Silences', id }],
    }),
    /** NOTIF-11 */
    createSilence: build.mutation<null, CreateSilenceBody>({
      query: createSilenceRequest,
      transformResponse: () => null,
      invalidatesTags: [LIST],
    }),
    /** NOTIF-12 */
    updateSilence: build.mutation<unknown, UpdateSilenceBody>({
      query: updateSilenceRequest,
      invalidatesTags: (_result, _error, body) => [LIST, { type: 'Silences', id: body.id }],
    }),
    /** NOTIF-13 */
    deleteSilence: build.mutation<unknown, string>({
      query: deleteSilenceRequest,
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'Silences', id }],
    }),
    /** NOTIF-14: the sends of the last 15 days the silence would have muted (none: `[]`). */
    getSilencePreview: build.query<
      SilencePreviewRow[],
      SilencePreviewArgs,
      SilencePreviewRow[] | null
    >({
      query: silencePreviewRequest,
      rawResponseSchema: responseSchema(
        SilencePreviewStruct,
        'GET /api/notification/silence_preview',
      ),
      transformResponse: (rows: SilencePreviewRow[] | null) => rows ?? [],
      keepUnusedDataFor: 0,
    }),
    /** The last and next windows of a recurring silence (the demo backend; else a 404). */
    getSilenceWindows: build.query<SilenceWindows, GetSilenceWindowsArgs>({
      query: silenceWindowsRequest,
      rawResponseSchema: responseSchema(
        SilenceWindowsStruct,
        'GET /api/notification/silence_windows',
      ),
    }),
  }),
});

defineOutcomes(notificationSilencesApi, editOutcomes('Silence', SILENCE_MESSAGES));

export const {
  useGetSilencesQuery,
  useGetSilenceQuery,
  useCreateSilenceMutation,
  useUpdateSilenceMutation,
  useDeleteSilenceMutation,
  useGetSilencePreviewQuery,
  useGetSilenceWindowsQuery,
} = notificationSilencesApi;

// ---------------------------------------------------------------- page tags

/** What the silences page's Refresh reloads. */
export const silenceTags = [{ type: 'Silences', id: 'LIST' }] as const;
