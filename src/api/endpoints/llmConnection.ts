import { baseApi } from '../baseApi';
import type { LlmConnection } from '../schemas/llmConnection';
import { LlmConnectionStruct } from '../schemas/llmConnection';
import { responseSchema } from '../validate';

/**
 * The LLM connection the assistant talks to (`GET /api/connection/llm`, without its key). Every
 * page's top bar asks whether there is one, so it lives apart from the assistant's other calls,
 * which load with the assistant.
 */
export const llmConnectionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** 404 or 409 when there is none the backend can use: the assistant is hidden. */
    getLlmConnection: build.query<LlmConnection, void>({
      query: () => '/api/connection/llm',
      responseSchema: responseSchema(LlmConnectionStruct, 'GET /api/connection/llm'),
      // Asked again when a connection is added, changed or deleted.
      providesTags: [{ type: 'Connections', id: 'LIST' }],
    }),
  }),
});

export const { useGetLlmConnectionQuery } = llmConnectionApi;
