import { baseApi } from '../baseApi';
import { SCOPE_HEADER } from '../scopeHeader';
import { pg, AVATAR_COLUMNS, pgInsert } from '../postgrest';
import type { Scope, ScopeInput, ScopeRow } from '../schemas/scopes';
import { ScopeRowsStruct, ScopesStruct } from '../schemas/scopes';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { responseSchema } from '../validate';
import type { RequestArgs, ResponseMeta } from '../baseQuery';
import { totalOf } from '../pages';
import { array, type as shape, string } from 'superstruct';

/** What the scopes page tells the user (spec 000 §8). */
export const SCOPE_MESSAGES = {
  created: 'Scope created',
  updated: 'Scope updated',
  deleted: 'Scope deleted',
  missing: (name: string) => `The scope ${name} no longer exists.`,
} as const;

export interface UpdateScopeArgs {
  id: string;
  /** For the message when the scope is gone. */
  name: string;
  changes: ScopeInput;
}

export interface DeleteScopeArgs {
  id: string;
  /** For the message when the scope is gone. */
  name: string;
  /** When it was deleted; default now, from the browser's clock. */
  deletedAt?: string;
}

const byId = (id: string) => pg('scopes').eq('id', id).toRequest().url;

export { SCOPE_HEADER };

/**
 * The catalog's count as the Scopes see it (CAT-01 with `Prefer: count=exact`, one row), asked
 * with their `X-Flanksource-Scope` before the console is seen as them.
 */
export function scopeProbeRequest(scopeIds: readonly string[]): RequestArgs {
  return {
    ...pg('config_items').select('id').is('deleted_at', null).limit(1).count().toRequest(),
    headers: { [SCOPE_HEADER]: JSON.stringify(scopeIds) },
  };
}

/**
 * Scopes (api.md SCOPE-01, 03..05). The list holds only scopes that are not deleted; writes come
 * back as rows (`Prefer: return=representation`), an empty array meaning no row matched.
 */
export const scopesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** SCOPE-01 */
    getScopes: build.query<Scope[], void>({
      query: () =>
        pg('scopes')
          .select('*', `created_by(${AVATAR_COLUMNS})`)
          .is('deleted_at', null)
          .toRequest(),
      responseSchema: responseSchema(ScopesStruct, 'GET /api/db/scopes'),
      providesTags: (scopes) => [
        { type: 'Scopes', id: 'LIST' },
        ...(scopes ?? []).map((scope) => ({ type: 'Scopes' as const, id: scope.id })),
      ],
    }),
    /** How many catalog items the Scopes show; the backend's refusal when it will not impersonate. */
    probeScopes: build.mutation<{ configs: number }, readonly string[], Array<{ id: string }>>({
      query: scopeProbeRequest,
      rawResponseSchema: responseSchema(array(shape({ id: string() })), 'GET /api/db/config_items'),
      transformResponse: (rows: Array<{ id: string }>, meta) => ({
        configs: totalOf(rows, meta as ResponseMeta | undefined),
      }),
    }),
    /** SCOPE-03 */
    createScope: build.mutation<ScopeRow[], ScopeInput>({
      query: (body) => ({ ...pgInsert('scopes', body), prefer: 'return=representation' }),
      responseSchema: responseSchema(ScopeRowsStruct, 'POST /api/db/scopes'),
      invalidatesTags: [{ type: 'Scopes', id: 'LIST' }],
    }),
    /** SCOPE-04 */
    updateScope: build.mutation<ScopeRow[], UpdateScopeArgs>({
      query: ({ id, name, changes }) => ({
        url: byId(id),
        method: 'PATCH',
        body: changes,
        prefer: 'return=representation',
        notFound: SCOPE_MESSAGES.missing(name),
      }),
      responseSchema: responseSchema(ScopeRowsStruct, 'PATCH /api/db/scopes'),
      invalidatesTags: (_rows, _error, { id }) => [{ type: 'Scopes', id }],
    }),
    /** SCOPE-05: soft delete, `deleted_at` set to the browser's time. */
    deleteScope: build.mutation<ScopeRow[], DeleteScopeArgs>({
      query: ({ id, name, deletedAt }) => ({
        url: byId(id),
        method: 'PATCH',
        body: { deleted_at: deletedAt ?? new Date().toISOString() },
        notFound: SCOPE_MESSAGES.missing(name),
      }),
      responseSchema: responseSchema(ScopeRowsStruct, 'PATCH /api/db/scopes'),
      invalidatesTags: (_rows, _error, { id }) => [{ type: 'Scopes', id }],
    }),
  }),
});

defineOutcomes(scopesApi, editOutcomes('Scope', SCOPE_MESSAGES));

export const {
  useGetScopesQuery,
  useCreateScopeMutation,
  useUpdateScopeMutation,
  useDeleteScopeMutation,
} = scopesApi;

// ---------------------------------------------------------------- page tags

/** What the scopes page's Refresh reloads. */
export const scopeTags = [{ type: 'Scopes', id: 'LIST' }] as const;
