import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { pg, AVATAR_COLUMNS } from '../postgrest';
import type { Silence, SilencePreviewRow } from '../schemas/notificationSilences';
import { SilencePreviewStruct, SilencesStruct } from '../schemas/notificationSilences';
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
}

/**
 * NOTIF-14: `GET /api/notification/silence_preview?[id=][&type=][&recursive=true][&filter=]
 * [&selectors={JSON}]`, built with `URLSearchParams`.
 */
export function silencePreviewRequest(args: SilencePreviewArgs): RequestArgs {
  const query = new URLSearchParams();
  if (args.id) {
    query.set('id', args.id);
    if (args.type) query.set('type', args.type);
    if (args.recursive) query.set('recursive', 'true');
  }
  if (args.filter) query.set('filter', args.filter);
  if (args.selectors) query.set('selectors', JSON.stringify(args.selectors));
  return { url: `/api/notification/silence_preview?${query.toString()}` };
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
} = notificationSilencesApi;

// ---------------------------------------------------------------- page tags

/** What the silences page's Refresh reloads. */
export const silenceTags = [{ type: 'Silences', id: 'LIST' }] as const;
