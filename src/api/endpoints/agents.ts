/**
 * Agents (api.md §15): the paged summary list (AGENT-01), one agent's summary (AGENT-02),
 * registering a new agent (AGENT-03), editing its properties (AGENT-04), deleting it
 * (AGENT-05) and the names for pickers (AGENT-08).
 */
import type { SortOrder } from '../../lib/listState';
import { baseApi } from '../baseApi';
import type { RequestArgs } from '../baseQuery';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { pg, AVATAR_COLUMNS } from '../postgrest';
import type { AgentName, AgentSummary, GeneratedAgent } from '../schemas/agents';
import { AgentNamesStruct, AgentSummariesStruct, GeneratedAgentStruct } from '../schemas/agents';
import { responseSchema } from '../validate';
import { pageOf, pageTags, firstRowOrNull } from '../pages';

/** Seconds the agents list stays cached (spec 000 §9: five minutes). */
export const AGENTS_CACHE_SECONDS = 300;

/** The column AGENT-01 sorts by when the list names none, newest first. */
export const DEFAULT_AGENT_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

/** The toasts of the writes. */
export const AGENT_MESSAGES = {
  registered: 'Agent registered successfully',
  updated: 'Agent updated successfully',
  deleted: 'Agent deleted successfully',
  missing: 'The agent no longer exists.',
} as const;

// --------------------------------------------------------------------------------- AGENT-01

/** What the agents list asks AGENT-01 for. */
export interface AgentsPageArgs {
  /** Zero-based page. */
  pageIndex: number;
  /** Rows per page. */
  pageSize: number;
  /** The sorted column; `created_at` without one. */
  sortBy?: string;
  /** `desc` without one. */
  sortOrder?: SortOrder;
}

/**
 * AGENT-01 as api.md writes it: `select=*,created_by(A)&order=created_at.desc&&limit&offset
 * &order={sortBy}.{sortOrder}` with `Prefer: count=exact`. The first `order` is always
 * `created_at.desc` and an empty parameter follows it; the second, the user's sort, is the one
 * meant to apply (api.md §23.8).
 */
export function agentsPageRequest(args: AgentsPageArgs): RequestArgs {
  const head = pg('agents_summary')
    .select('*', `created_by(${AVATAR_COLUMNS})`)
    .order(DEFAULT_AGENT_SORT.sortBy, DEFAULT_AGENT_SORT.sortOrder)
    .count()
    .toRequest();
  const tail = new URLSearchParams([
    ['limit', String(args.pageSize)],
    ['offset', String(args.pageIndex * args.pageSize)],
    [
      'order',
      `${args.sortBy || DEFAULT_AGENT_SORT.sortBy}.${args.sortOrder ?? DEFAULT_AGENT_SORT.sortOrder}`,
    ],
  ]).toString();
  return { ...head, url: `${head.url}&&${tail}` };
}

/** One page of agents. */
export interface AgentsPage {
  rows: AgentSummary[];
  /** From `Content-Range`; the page's length when the backend sends no total. */
  total: number;
}

// ------------------------------------------------------------------------------ AGENT-03..05

/** AGENT-03's body. */
export interface RegisterAgentBody {
  name: string;
  /** Free-form properties of the agent; `{}` when none. */
  properties: Record<string, string>;
}

/** AGENT-04. */
export interface UpdateAgentArgs {
  id: string;
  properties: Record<string, string>;
}

/** AGENT-05: soft delete, and `cleanup` to also remove what the agent brought in. */
export interface DeleteAgentArgs {
  id: string;
  cleanup: boolean;
}

/** AGENT-05's body: `deleted_at` by the database's clock, `cleanup: true` only when asked. */
export function deleteAgentBody({ cleanup }: DeleteAgentArgs): Record<string, unknown> {
  return cleanup ? { deleted_at: 'now()', cleanup: true } : { deleted_at: 'now()' };
}

const agentUrl = (id: string) => pg('agents').eq('id', id).toRequest().url;

export const agentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** AGENT-08: every agent's id, name and description (agent pickers). */
    getAgentNames: build.query<AgentName[], void>({
      query: () => pg('agents').select('id,name,description').toRequest(),
      responseSchema: responseSchema(AgentNamesStruct, 'GET /api/db/agents'),
      providesTags: [{ type: 'Agents', id: 'LIST' }],
      keepUnusedDataFor: AGENTS_CACHE_SECONDS,
    }),
    /** AGENT-01: a page of agents with their counts, and the total. */
    getAgentsPage: build.query<AgentsPage, AgentsPageArgs, AgentSummary[]>({
      query: agentsPageRequest,
      rawResponseSchema: responseSchema(AgentSummariesStruct, 'GET /api/db/agents_summary'),
      transformResponse: pageOf('rows', 'total'),
      providesTags: (page) => pageTags('Agents', page?.rows),
    }),
    /** AGENT-02: one agent's summary; null when there is none (deleted, or a wrong id). */
    getAgentSummary: build.query<AgentSummary | null, string, AgentSummary[]>({
      query: (id) => pg('agents_summary').select('*').eq('id', id).toRequest(),
      rawResponseSchema: responseSchema(AgentSummariesStruct, 'GET /api/db/agents_summary'),
      transformResponse: firstRowOrNull,
      providesTags: (_row, _error, id) => [{ type: 'Agents', id }],
    }),
    /** AGENT-03: creates the agent, its person and its token (shown once). */
    registerAgent: build.mutation<GeneratedAgent, RegisterAgentBody>({
      query: (body) => ({ url: '/api/agent/generate', method: 'POST', body, prefer: false }),
      responseSchema: responseSchema(GeneratedAgentStruct, 'POST /api/agent/generate'),
      invalidatesTags: [{ type: 'Agents', id: 'LIST' }],
    }),
    /** AGENT-04: replaces the agent's properties. */
    updateAgent: build.mutation<null, UpdateAgentArgs>({
      query: ({ id, properties }) => ({
        url: agentUrl(id),
        method: 'PATCH',
        body: { properties },
        notFound: AGENT_MESSAGES.missing,
      }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Agents', id: 'LIST' },
        { type: 'Agents', id },
      ],
    }),
    /** AGENT-05: soft delete, with the optional cleanup. */
    deleteAgent: build.mutation<null, DeleteAgentArgs>({
      query: (args) => ({
        url: agentUrl(args.id),
        method: 'PATCH',
        body: deleteAgentBody(args),
        notFound: AGENT_MESSAGES.missing,
      }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Agents', id: 'LIST' },
        { type: 'Agents', id },
      ],
    }),
  }),
});

defineOutcomes(agentsApi, {
  ...editOutcomes('Agent', AGENT_MESSAGES),
  registerAgent: { success: AGENT_MESSAGES.registered },
});

export const {
  useGetAgentNamesQuery,
  useGetAgentsPageQuery,
  useGetAgentSummaryQuery,
  useRegisterAgentMutation,
  useUpdateAgentMutation,
  useDeleteAgentMutation,
} = agentsApi;

// ---------------------------------------------------------------- page tags

/** What the agents page's Refresh reloads. */
export const agentTags = [{ type: 'Agents', id: 'LIST' }] as const;
