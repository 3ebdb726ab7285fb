import { baseApi } from '../baseApi';
import { pg, AVATAR_COLUMNS, pgCondition, pgInsert, pgOr } from '../postgrest';
import type { PostgrestQuery } from '../postgrest';
import type { RequestArgs, ResponseMeta } from '../baseQuery';
import type { ApiError } from '../errors';
import { shapeError } from '../errors';
import {
  array,
  object,
  optional,
  record,
  string as str,
  type as shape,
  nullable,
  unknown as anything,
} from 'superstruct';
import type { Struct } from 'superstruct';
import type { AccessReviewRequest } from '../../../contracts/playbookAccess';
import { PLAYBOOK_OBJECTS } from '../../../contracts/playbookAccess';
import type {
  AccessReviewResponse,
  Permission,
  PermissionInput,
  PermissionSummary,
} from '../schemas/permissions';
import {
  AccessReviewResponseStruct,
  PermissionSummariesStruct,
  PermissionsStruct,
} from '../schemas/permissions';
import { check, responseSchema } from '../validate';
import { defineOutcomes } from '../outcomes';
import { pageTags, firstRow, totalOf } from '../pages';

/** What the permission editor tells the user (spec 002 §8). */
export const PERMISSION_MESSAGES = {
  added: 'Permission added',
  updated: 'Permission updated',
  deleted: 'Permission deleted',
  missing: 'The permission no longer exists.',
} as const;

/** PERM-01 filters, in the order the first one with a value is sent (only one ever is). */
export const PERMISSION_FILTER_KEYS = [
  'component_id',
  'person_id',
  'team_id',
  'config_id',
  'check_id',
  'canary_id',
  'playbook_id',
  'connection_id',
  'subject',
  'subject_type',
] as const;
export type PermissionFilterKey = (typeof PERMISSION_FILTER_KEYS)[number];

export interface GetPermissionsArgs {
  /** Zero-based page. */
  pageIndex: number;
  pageSize: number;
  /** Restricts the list to one resource or subject; the first key with a value is used. */
  filter?: Partial<Record<PermissionFilterKey, string>>;
  /** The permissions table's filters (subject, resource, action, effect), all applied. */
  filters?: PermissionListFilters;
}

/** The resource kinds the permissions table filters on, and what reaches each in the summary. */
export const PERMISSION_RESOURCE_KINDS = {
  config: { object: 'config_object', selector: 'configs' },
  component: { object: 'component_object', selector: 'components' },
  connection: { object: 'connection_object', selector: 'connections' },
  playbook: { object: 'playbook_object', selector: 'playbooks' },
  canary: { object: 'canary_object', selector: undefined },
  global: { object: undefined, selector: undefined },
} as const satisfies Record<string, { object?: string; selector?: string }>;
export type PermissionResourceKind = keyof typeof PERMISSION_RESOURCE_KINDS;

/** The permissions table's filters, each left out when unset. */
export interface PermissionListFilters {
  /** `subject_type` (person, team, group, notification, playbook…). */
  subjectType?: string;
  /** `subject`: a person's, team's, notification's or playbook's id, or a group's name. */
  subject?: string;
  /** The kind of object: a permission on one of that kind or on a selector of that kind. */
  resourceKind?: PermissionResourceKind;
  /** One object of `resourceKind` by id, or (global) the object's name. */
  resource?: string;
  /** An action the permission names, alone, in a list, or through `*` (`playbook:*`). */
  action?: string;
  /** Allow (`deny` not true) or deny (`deny` true). */
  effect?: 'allow' | 'deny';
}

/**
 * The conditions an action filter adds: the permission's action is the action, a
 * comma-separated list holding it, `*`, or (for `playbook:…`) `playbook:*`.
 */
export function actionConditions(action: string): string[] {
  const wildcards = ['*', ...(action.startsWith('playbook:') ? ['playbook:*'] : [])];
  return [
    pgCondition('action', 'in', [action, ...wildcards]),
    pgCondition('action', 'like', `${action},*`),
    pgCondition('action', 'like', `*,${action}`),
    pgCondition('action', 'like', `*,${action},*`),
  ];
}

/** The most permissions reaching one object through selectors that one request names by id. */
export const SELECTOR_PERMISSIONS_LIMIT = 200;

/**
 * The table's filters on a PERM-01 query (PostgREST filters that a real Mission Control reads);
 * `selectorIds`: the permissions whose object selector names the one object filtered on, which
 * the list shows besides those on the object itself.
 */
function applyListFilters(
  query: PostgrestQuery,
  filters: PermissionListFilters,
  selectorIds: readonly string[] = [],
): PostgrestQuery {
  let next = query;
  const groups: string[][] = [];
  if (filters.subjectType) next = next.eq('subject_type', filters.subjectType);
  if (filters.subject) next = next.eq('subject', filters.subject);
  const kind = filters.resourceKind ? PERMISSION_RESOURCE_KINDS[filters.resourceKind] : undefined;
  if (kind && filters.resource) {
    if (kind.object && selectorIds.length > 0) {
      groups.push([
        pgCondition(`${kind.object}->>id`, 'eq', filters.resource),
        pgCondition('id', 'in', selectorIds.slice(0, SELECTOR_PERMISSIONS_LIMIT)),
      ]);
    } else {
      next = kind.object
        ? next.eq(`${kind.object}->>id`, filters.resource)
        : next.eq('object', filters.resource);
    }
  } else if (kind?.object) {
    groups.push([
      `${kind.object}.not.is.null`,
      ...(kind.selector ? [`object_selector->${kind.selector}.not.is.null`] : []),
    ]);
  } else if (kind) {
    next = next.not('object', 'is', null);
  }
  if (filters.action) groups.push(actionConditions(filters.action));
  if (filters.effect === 'deny') next = next.is('deny', true);
  if (filters.effect === 'allow') next = next.not('deny', 'is', true);
  if (groups.length === 1) next = next.or(groups[0]!);
  if (groups.length > 1) next = next.and(groups.map((group) => pgOr(...group)));
  return next;
}

/**
 * Where the name of one object is read for `rpc/permissions_for_obj_selector`, and the selector
 * field that names objects of its kind. A config's namespace is its `namespace` tag.
 */
const SELECTOR_OBJECTS = {
  config: { table: 'config_items', columns: ['name', 'tags'] },
  component: { table: 'components', columns: ['name', 'namespace'] },
  connection: { table: 'connections', columns: ['name', 'namespace'] },
  playbook: { table: 'playbooks', columns: ['name', 'namespace'] },
} as const;
type SelectorObjectKind = keyof typeof SELECTOR_OBJECTS;

const NamedRowsStruct = array(
  shape({
    name: optional(nullable(str())),
    namespace: optional(nullable(str())),
    tags: optional(nullable(record(str(), anything()))),
  }),
);
const IdRowsStruct = array(object({ id: str() }));

/** The filtered object's kind when selectors may name it (and one object is chosen). */
function selectorKindOf(
  filters: PermissionListFilters | undefined,
): SelectorObjectKind | undefined {
  const kind = filters?.resourceKind;
  return filters?.resource && kind && kind in SELECTOR_OBJECTS
    ? (kind as SelectorObjectKind)
    : undefined;
}

/** The name and namespace of one object: `{table}?id=eq.{id}&select=name,namespace&limit=1`. */
export function selectorObjectRequest(kind: SelectorObjectKind, id: string): RequestArgs {
  const { table, columns } = SELECTOR_OBJECTS[kind];
  return pg(table)
    .eq('id', id)
    .select(...columns)
    .limit(1)
    .toRequest();
}

/**
 * The ids of the permissions whose object selector names an object (duty's
 * `rpc/permissions_for_obj_selector`): by name, and by namespace when it has one.
 */
export function selectorPermissionsRequest(
  kind: SelectorObjectKind,
  name: string,
  namespace?: string | null,
): RequestArgs {
  let query = pg('rpc/permissions_for_obj_selector')
    .param('p_field', PERMISSION_RESOURCE_KINDS[kind].selector)
    .param('p_name', name);
  if (namespace) query = query.param('p_namespace', namespace);
  return query.select('id').is('deleted_at', null).limit(SELECTOR_PERMISSIONS_LIMIT).toRequest();
}

/** The kinds of object a permission's selector names, as its keys. */
export type SelectorField =
  'playbooks' | 'configs' | 'components' | 'connections' | 'views' | 'scopes';

/** What one entry of a permission's object selector resolves to, for its links. */
export interface SelectorTarget {
  id: string;
  name: string;
  namespace?: string | null;
  type?: string | null;
}

/** The most objects one selector entry is resolved to. */
export const SELECTOR_TARGETS_LIMIT = 20;

const FOUND_BY_SEARCH: ReadonlySet<SelectorField> = new Set([
  'playbooks',
  'configs',
  'components',
  'connections',
]);

export interface ResolveSelectorArgs {
  field: SelectorField;
  /** The selector entry as the permission holds it (`name`, `namespace`, `tagSelector`, …). */
  selector: Record<string, unknown>;
}

/**
 * What a selector entry names: playbooks, configs, components and connections through MISC-03
 * (the entry as the search's selector: every agent unless it names one, at most
 * `SELECTOR_TARGETS_LIMIT`); views and Scopes from their tables by name (`*` matching any
 * characters) and namespace.
 */
export function resolveSelectorRequest({ field, selector }: ResolveSelectorArgs): RequestArgs {
  if (FOUND_BY_SEARCH.has(field)) {
    const entry: Record<string, unknown> = { ...selector, limit: SELECTOR_TARGETS_LIMIT };
    if (field === 'configs' || field === 'components') entry.agent ??= 'all';
    else entry.name ??= '*';
    return { url: '/api/resources/search', method: 'POST', body: { [field]: [entry] } };
  }
  let query = pg(field === 'views' ? 'views' : 'scopes').select('id', 'name', 'namespace');
  const name = typeof selector.name === 'string' ? selector.name : '';
  if (name !== '' && name !== '*')
    query = name.includes('*') ? query.like('name', name) : query.eq('name', name);
  if (typeof selector.namespace === 'string' && selector.namespace !== '') {
    query = query.eq('namespace', selector.namespace);
  }
  return query.is('deleted_at', null).order('name').limit(SELECTOR_TARGETS_LIMIT).toRequest();
}

const SelectorTargetsStruct = array(
  shape({
    id: str(),
    name: optional(nullable(str())),
    namespace: optional(nullable(str())),
    type: optional(nullable(str())),
  }),
);

export interface PermissionsPage {
  permissions: PermissionSummary[];
  /** From `Content-Range`; the page's length when the server sends no total. */
  totalEntries: number;
}

export interface UpdatePermissionArgs {
  id: string;
  changes: PermissionInput;
}

/**
 * PERM-01 request: `permissions_summary?{filter}&select=*,created_by(A)&deleted_at=is.null&limit&offset`;
 * with `selectorIds`, the permissions of those ids as well as those on the filtered object.
 */
export function permissionsRequest(
  { pageIndex, pageSize, filter = {}, filters = {} }: GetPermissionsArgs,
  selectorIds?: readonly string[],
) {
  let query = pg('permissions_summary');
  const key = PERMISSION_FILTER_KEYS.find((name) => filter[name]);
  if (key) query = query.eq(key, filter[key] ?? '');
  query = applyListFilters(query, filters, selectorIds);
  return query
    .select('*', `created_by(${AVATAR_COLUMNS})`)
    .is('deleted_at', null)
    .range(pageIndex, pageSize)
    .count()
    .toRequest();
}

/** The most permissions a playbook's Permissions dialog lists in either direction. */
export const PLAYBOOK_PERMISSIONS_LIMIT = 500;

/**
 * PERM-01 for the permissions that may name a playbook as their object: by id
 * (`playbook_object->>id`, which upstream's view has too), every playbook (`object` of
 * `PLAYBOOK_OBJECTS`), or a selector of playbooks, which the console then matches by name.
 */
export function playbookInboundRequest(playbookId: string) {
  return pg('permissions_summary')
    .select('*', `created_by(${AVATAR_COLUMNS})`)
    .is('deleted_at', null)
    .or([
      pgCondition('playbook_object->>id', 'eq', playbookId),
      pgCondition('object', 'in', PLAYBOOK_OBJECTS),
      'object_selector->playbooks.not.is.null',
    ])
    .limit(PLAYBOOK_PERMISSIONS_LIMIT)
    .toRequest();
}

/** PERM-01 for the permissions whose subject is the playbook: what the playbook may act on. */
export function playbookOutboundRequest(playbookId: string) {
  return pg('permissions_summary')
    .eq('subject', playbookId)
    .eq('subject_type', 'playbook')
    .select('*', `created_by(${AVATAR_COLUMNS})`)
    .is('deleted_at', null)
    .limit(PLAYBOOK_PERMISSIONS_LIMIT)
    .toRequest();
}

/** `POST /api/rbac/subject-access-reviews` with its body as it is. */
export function accessReviewRequest(body: AccessReviewRequest): RequestArgs {
  return { url: '/api/rbac/subject-access-reviews', method: 'POST', body, prefer: false };
}

const byId = (id: string) => pg('permissions').eq('id', id).toRequest().url;

/**
 * Permissions (api.md PERM-01..05): a page of the summary with its total, one row by id, and
 * create, update and (hard) delete on the table.
 */
export const permissionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * PERM-01, with `Prefer: count=exact`. With one config, component, connection or playbook
     * filtered on, the permissions whose selectors name it (by name and namespace, through
     * `rpc/permissions_for_obj_selector`) are listed with those on it by id.
     */
    getPermissions: build.query<PermissionsPage, GetPermissionsArgs>({
      queryFn: async (args, _api, _extra, baseQuery) => {
        const read = async <T>(
          request: RequestArgs,
          struct: Struct<T, unknown>,
        ): Promise<{ data: T; meta?: ResponseMeta } | { error: ApiError }> => {
          const found = await baseQuery(request);
          if (found.error) return { error: found.error as ApiError };
          try {
            const what = `GET ${request.url.split('?')[0] ?? ''}`;
            return { data: check(struct, found.data, what), meta: found.meta as ResponseMeta };
          } catch (error) {
            return { error: shapeError((error as Error).message) };
          }
        };
        let selectorIds: string[] | undefined;
        const kind = selectorKindOf(args.filters);
        if (kind && args.filters?.resource) {
          const object = await read(
            selectorObjectRequest(kind, args.filters.resource),
            NamedRowsStruct,
          );
          if ('error' in object) return object;
          const row = object.data[0];
          if (row?.name) {
            const tag = row.tags?.namespace;
            const namespace =
              kind === 'config' ? (typeof tag === 'string' ? tag : null) : row.namespace;
            const ids = await read(
              selectorPermissionsRequest(kind, row.name, namespace),
              IdRowsStruct,
            );
            if ('error' in ids) return ids;
            selectorIds = ids.data.map((entry) => entry.id);
          }
        }
        const page = await read(permissionsRequest(args, selectorIds), PermissionSummariesStruct);
        if ('error' in page) return page;
        return { data: { permissions: page.data, totalEntries: totalOf(page.data, page.meta) } };
      },
      providesTags: (page) => pageTags('Permissions', page?.permissions),
    }),
    /** PERM-01: the permissions that may have the playbook as their object (inbound). */
    getPlaybookInboundPermissions: build.query<PermissionSummary[], string>({
      query: playbookInboundRequest,
      responseSchema: responseSchema(PermissionSummariesStruct, 'GET /api/db/permissions_summary'),
      providesTags: (rows) => pageTags('Permissions', rows),
    }),
    /** PERM-01: the permissions whose subject is the playbook (outbound). */
    getPlaybookOutboundPermissions: build.query<PermissionSummary[], string>({
      query: playbookOutboundRequest,
      responseSchema: responseSchema(PermissionSummariesStruct, 'GET /api/db/permissions_summary'),
      providesTags: (rows) => pageTags('Permissions', rows),
    }),
    /** What one entry of a permission's object selector names, for its links. */
    resolveSelector: build.query<SelectorTarget[], ResolveSelectorArgs, unknown>({
      query: resolveSelectorRequest,
      transformResponse: (answer: unknown, _meta, { field }) => {
        const rows = Array.isArray(answer)
          ? answer
          : ((answer as Record<string, unknown> | null)?.[field] ?? []);
        return check(SelectorTargetsStruct, rows, `resolve ${field}`).map((row) => ({
          id: row.id,
          name: row.name ?? row.id,
          namespace: row.namespace ?? null,
          type: row.type ?? null,
        }));
      },
      keepUnusedDataFor: 60,
    }),
    /** Whether subjects may perform an action on a resource, with the rules behind each answer. */
    reviewSubjectAccess: build.mutation<AccessReviewResponse, AccessReviewRequest>({
      query: accessReviewRequest,
      responseSchema: responseSchema(
        AccessReviewResponseStruct,
        'POST /api/rbac/subject-access-reviews',
      ),
    }),
    /**
     * The same review as a standing question a page shows (which roles may use MCP): cached
     * and refetched with the permissions.
     */
    getAccessReview: build.query<AccessReviewResponse, AccessReviewRequest>({
      query: accessReviewRequest,
      responseSchema: responseSchema(
        AccessReviewResponseStruct,
        'POST /api/rbac/subject-access-reviews',
      ),
      providesTags: [{ type: 'Permissions', id: 'LIST' }],
    }),
    /** PERM-05: the row, or undefined when there is none. */
    getPermission: build.query<Permission | undefined, string, Permission[]>({
      query: (id) => byId(id),
      rawResponseSchema: responseSchema(PermissionsStruct, 'GET /api/db/permissions'),
      transformResponse: firstRow,
      providesTags: (_row, _error, id) => [{ type: 'Permissions', id }],
    }),
    /** PERM-02 */
    createPermission: build.mutation<Permission[], PermissionInput>({
      query: (body) => pgInsert('permissions', body),
      responseSchema: responseSchema(PermissionsStruct, 'POST /api/db/permissions'),
      invalidatesTags: [{ type: 'Permissions', id: 'LIST' }],
    }),
    /** PERM-03: the whole permission plus `updated_by`. */
    updatePermission: build.mutation<Permission[], UpdatePermissionArgs>({
      query: ({ id, changes }) => ({
        url: byId(id),
        method: 'PATCH',
        body: changes,
        stamp: 'updated_by',
        notFound: PERMISSION_MESSAGES.missing,
      }),
      responseSchema: responseSchema(PermissionsStruct, 'PATCH /api/db/permissions'),
      invalidatesTags: (_rows, _error, { id }) => [{ type: 'Permissions', id }],
    }),
    /** PERM-04: hard delete. */
    deletePermission: build.mutation<Permission[], string>({
      query: (id) => ({ url: byId(id), method: 'DELETE', notFound: PERMISSION_MESSAGES.missing }),
      responseSchema: responseSchema(PermissionsStruct, 'DELETE /api/db/permissions'),
      invalidatesTags: (_rows, _error, id) => [{ type: 'Permissions', id }],
    }),
  }),
});

defineOutcomes(permissionsApi, {
  createPermission: { success: PERMISSION_MESSAGES.added, failure: 'toast' },
  updatePermission: { success: PERMISSION_MESSAGES.updated, failure: 'toast' },
  deletePermission: { success: PERMISSION_MESSAGES.deleted, failure: 'toast' },
});

export const {
  useGetPermissionsQuery,
  useGetPermissionQuery,
  useGetPlaybookInboundPermissionsQuery,
  useGetPlaybookOutboundPermissionsQuery,
  useReviewSubjectAccessMutation,
  useGetAccessReviewQuery,
  useResolveSelectorQuery,
  useCreatePermissionMutation,
  useUpdatePermissionMutation,
  useDeletePermissionMutation,
} = permissionsApi;

// ---------------------------------------------------------------- page tags

/** What the permissions page's Refresh reloads. */
export const permissionTags = [{ type: 'Permissions', id: 'LIST' }] as const;
