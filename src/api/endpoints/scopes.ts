import { baseApi } from '../baseApi';
import { pg } from '../postgrest';
import type { Scope, ScopeInput, ScopeRow } from '../schemas/scopes';
import { ScopeRowsStruct, ScopesStruct } from '../schemas/scopes';
import { responseSchema } from '../validate';

/** The avatar columns embedded for a creator (api.md `A`). */
const AVATAR = 'id,name,avatar,email';

export interface UpdateScopeArgs {
  id: string;
  changes: ScopeInput;
}

export interface DeleteScopeArgs {
  id: string;
  /** When it was deleted; default now, from the browser's clock. */
  deletedAt?: string;
}

const byId = (id: string) => pg('scopes').eq('id', id).toRequest().url;

/**
 * Scopes (api.md SCOPE-01, 03..05). The list holds only scopes that are not deleted; writes come
 * back as rows (`Prefer: return=representation`), an empty array meaning no row matched.
 */
export const scopesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** SCOPE-01 */
    getScopes: build.query<Scope[], void>({
      query: () =>
        pg('scopes').select('*', `created_by(${AVATAR})`).is('deleted_at', null).toRequest(),
      responseSchema: responseSchema(ScopesStruct, 'GET /api/db/scopes'),
      providesTags: (scopes) => [
        { type: 'Scopes', id: 'LIST' },
        ...(scopes ?? []).map((scope) => ({ type: 'Scopes' as const, id: scope.id })),
      ],
    }),
    /** SCOPE-03 */
    createScope: build.mutation<ScopeRow[], ScopeInput>({
      query: (body) => ({
        url: pg('scopes').toRequest().url,
        method: 'POST',
        body,
        prefer: 'return=representation',
      }),
      responseSchema: responseSchema(ScopeRowsStruct, 'POST /api/db/scopes'),
      invalidatesTags: [{ type: 'Scopes', id: 'LIST' }],
    }),
    /** SCOPE-04 */
    updateScope: build.mutation<ScopeRow[], UpdateScopeArgs>({
      query: ({ id, changes }) => ({
        url: byId(id),
        method: 'PATCH',
        body: changes,
        prefer: 'return=representation',
      }),
      responseSchema: responseSchema(ScopeRowsStruct, 'PATCH /api/db/scopes'),
      invalidatesTags: (_rows, _error, { id }) => [{ type: 'Scopes', id }],
    }),
    /** SCOPE-05: soft delete, `deleted_at` set to the browser's time. */
    deleteScope: build.mutation<ScopeRow[], DeleteScopeArgs>({
      query: ({ id, deletedAt }) => ({
        url: byId(id),
        method: 'PATCH',
        body: { deleted_at: deletedAt ?? new Date().toISOString() },
      }),
      responseSchema: responseSchema(ScopeRowsStruct, 'PATCH /api/db/scopes'),
      invalidatesTags: (_rows, _error, { id }) => [{ type: 'Scopes', id }],
    }),
  }),
});

export const {
  useGetScopesQuery,
  useCreateScopeMutation,
  useUpdateScopeMutation,
  useDeleteScopeMutation,
} = scopesApi;
