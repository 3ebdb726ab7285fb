import type { AccessSearchRequest } from '../../../contracts/accessSearch';
import type { RequestArgs } from '../baseQuery';
import { baseApi } from '../baseApi';
import { pg, pgCondition, pgContains } from '../postgrest';
import type { AccessSearchResponse, PermissionSubject } from '../schemas/accessSearch';
import { AccessSearchResponseStruct, PermissionSubjectsStruct } from '../schemas/accessSearch';
import { responseSchema } from '../validate';

/** The most subjects one search of `permission_subjects` lists. */
export const SUBJECT_SEARCH_LIMIT = 200;

export interface PermissionSubjectsArgs {
  /** Text in the name or e-mail; every subject (up to the limit) when empty. */
  search?: string;
  /** One subject by its id (a role's name): read to name a subject from the address. */
  id?: string;
}

/**
 * `GET /api/db/permission_subjects`: by id, or whose name or e-mail holds the text, ordered by
 * type and name.
 */
export function permissionSubjectsRequest({ search = '', id }: PermissionSubjectsArgs) {
  let query = pg('permission_subjects').select('id', 'name', 'type', 'email', 'owner', 'icon');
  if (id !== undefined) return query.eq('id', id).limit(SUBJECT_SEARCH_LIMIT).toRequest();
  const text = search.trim();
  if (text !== '') {
    const pattern = pgContains(text);
    query = query.or([
      pgCondition('name', 'ilike', pattern),
      pgCondition('email', 'ilike', pattern),
    ]);
  }
  return query.order('type', 'asc').order('name', 'asc').limit(SUBJECT_SEARCH_LIMIT).toRequest();
}

/** `POST /api/rbac/subject-access-search` with its body as it is. */
export function accessSearchRequest(body: AccessSearchRequest): RequestArgs {
  return { url: '/api/rbac/subject-access-search', method: 'POST', body, prefer: false };
}

/**
 * Who permissions can name (`permission_subjects`) and what one subject may do on which
 * resources (the subject access search). The search's answer depends on the permissions, so
 * it is refetched when a permission is added, changed or removed.
 */
export const accessSearchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPermissionSubjects: build.query<PermissionSubject[], PermissionSubjectsArgs>({
      query: permissionSubjectsRequest,
      responseSchema: responseSchema(PermissionSubjectsStruct, 'GET /api/db/permission_subjects'),
      providesTags: [
        { type: 'Permissions', id: 'SUBJECTS' },
        { type: 'Teams', id: 'LIST' },
      ],
    }),
    searchSubjectAccess: build.query<AccessSearchResponse, AccessSearchRequest>({
      query: accessSearchRequest,
      responseSchema: responseSchema(
        AccessSearchResponseStruct,
        'POST /api/rbac/subject-access-search',
      ),
      providesTags: (page) => [
        { type: 'Permissions', id: 'LIST' },
        ...[
          ...new Set(
            (page?.results ?? []).flatMap((entry) =>
              entry.rules.flatMap((rule) => (rule.permission ? [rule.permission.id] : [])),
            ),
          ),
        ].map((id) => ({ type: 'Permissions' as const, id })),
      ],
    }),
  }),
});

export const { useGetPermissionSubjectsQuery, useSearchSubjectAccessQuery } = accessSearchApi;

/** What the subject workbench's Refresh reloads. */
export const accessSearchTags = [
  { type: 'Permissions', id: 'LIST' },
  { type: 'Permissions', id: 'SUBJECTS' },
] as const;
