import { baseApi } from '../baseApi';
import type {
  CreateTokenBody,
  CreateTokenResponse,
  Token,
  TokenPermission,
  TokenPermissionsResponse,
  TokensResponse,
} from '../schemas/tokens';
import {
  CreateTokenResponseStruct,
  TokenPermissionsResponseStruct,
  TokensResponseStruct,
} from '../schemas/tokens';
import { responseSchema } from '../validate';
import { defineOutcomes } from '../outcomes';

export const TOKEN_DELETED = 'Token deleted successfully';
export const TOKEN_CREATED = 'Token created successfully';

/** API tokens of the signed-in user (or, for an admin, of everyone): AUTH-09..11, AUTH-13. */
export const tokensApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** AUTH-10: the payload, or no tokens when there is none. */
    getTokens: build.query<Token[], void, TokensResponse>({
      query: () => '/api/auth/tokens',
      rawResponseSchema: responseSchema(TokensResponseStruct, 'GET /api/auth/tokens'),
      transformResponse: (response) => response.payload ?? [],
      providesTags: (tokens = []) => [
        { type: 'Tokens', id: 'LIST' },
        ...tokens.map((token) => ({ type: 'Tokens' as const, id: token.id })),
      ],
    }),
    /** AUTH-13: what the token may do (its scope within its owner's roles); none when absent. */
    getTokenPermissions: build.query<TokenPermission[], string, TokenPermissionsResponse>({
      query: (id) => `/api/rbac/token/${encodeURIComponent(id)}/permissions`,
      rawResponseSchema: responseSchema(
        TokenPermissionsResponseStruct,
        'GET /api/rbac/token/{id}/permissions',
      ),
      transformResponse: (response) => response.payload ?? [],
      providesTags: (_permissions, _error, id) => [{ type: 'Tokens', id }],
    }),
    /** AUTH-09: resolves to the token in plain text, shown once. */
    createToken: build.mutation<string, CreateTokenBody, CreateTokenResponse>({
      query: (body) => ({ url: '/api/auth/create_token', method: 'POST', body }),
      rawResponseSchema: responseSchema(CreateTokenResponseStruct, 'POST /api/auth/create_token'),
      transformResponse: (response) => response.payload.token,
      invalidatesTags: [{ type: 'Tokens', id: 'LIST' }],
    }),
    /** AUTH-11: only the token's creator or an admin may delete it. */
    deleteToken: build.mutation<null, string>({
      query: (id) => ({ url: `/api/auth/token/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, id) => [
        { type: 'Tokens', id },
        { type: 'Tokens', id: 'LIST' },
      ],
    }),
  }),
});

defineOutcomes(tokensApi, {
  // A failure is shown in the token dialog.
  createToken: { success: TOKEN_CREATED },
  deleteToken: { success: TOKEN_DELETED, failure: 'toast' },
});

export const {
  useGetTokensQuery,
  useGetTokenPermissionsQuery,
  useCreateTokenMutation,
  useDeleteTokenMutation,
} = tokensApi;
