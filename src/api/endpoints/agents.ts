import { baseApi } from '../baseApi';
import { pg } from '../postgrest';
import type { AgentName } from '../schemas/agents';
import { AgentNamesStruct } from '../schemas/agents';
import { responseSchema } from '../validate';

/** Seconds the agents list stays cached (spec 000 §9: five minutes). */
export const AGENTS_CACHE_SECONDS = 300;

export const agentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** AGENT-08: every agent's id, name and description (agent pickers). */
    getAgentNames: build.query<AgentName[], void>({
      query: () => pg('agents').select('id,name,description').toRequest(),
      responseSchema: responseSchema(AgentNamesStruct, 'GET /api/db/agents'),
      providesTags: [{ type: 'Agents', id: 'LIST' }],
      keepUnusedDataFor: AGENTS_CACHE_SECONDS,
    }),
  }),
});

export const { useGetAgentNamesQuery } = agentsApi;
