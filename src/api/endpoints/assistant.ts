import type { ToolSpec } from '../../../contracts/llm/chat';
import { baseApi } from '../baseApi';
import type { ConfigContext, McpToolCallAnswer, McpToolListAnswer } from '../schemas/assistant';
import {
  ConfigContextStruct,
  McpToolCallAnswerStruct,
  McpToolListAnswerStruct,
} from '../schemas/assistant';
import { responseSchema } from '../validate';

/**
 * The assistant's calls (docs/assistant.md): the context of a config item it is sent, and the
 * MCP tools of `/api/mcp`, listed for the model and run once the user allowed them, in the
 * user's own session (so with the user's permissions).
 */

/** What a tool answered, as the model is told it. */
export interface AssistantToolResult {
  content: string;
  isError: boolean;
}

export interface CallAssistantToolArgs {
  name: string;
  arguments: Record<string, unknown>;
}

/** The streamable HTTP transport answers a POST only to a client that accepts both. */
const MCP_HEADERS = { accept: 'application/json, text/event-stream' };

function mcpRequest(method: string, params: Record<string, unknown>) {
  return {
    url: '/api/mcp',
    method: 'POST' as const,
    body: { jsonrpc: '2.0', id: 1, method, params },
    headers: MCP_HEADERS,
    prefer: false as const,
  };
}

/** The tools as the model is offered them. */
export function toolSpecs(answer: McpToolListAnswer): ToolSpec[] {
  return answer.result.tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  }));
}

/** A tool's answer as text; a protocol error is the tool's failure, told to the model. */
export function toolResult(answer: McpToolCallAnswer): AssistantToolResult {
  if (answer.error) return { content: answer.error.message, isError: true };
  const texts = (answer.result?.content ?? [])
    .map((part) => (part.type === 'text' ? (part.text ?? '') : `[${part.type}]`))
    .filter((text) => text !== '');
  return { content: texts.join('\n'), isError: answer.result?.isError === true };
}

export const assistantApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The context of a config item, as upstream's `/llm/context/config/{id}` answers it. */
    getConfigContext: build.query<ConfigContext, string>({
      query: (id) => `/api/llm/context/config/${encodeURIComponent(id)}`,
      responseSchema: responseSchema(ConfigContextStruct, 'GET /api/llm/context/config'),
    }),
    /** MCP `tools/list`: the tools the user may offer the model. */
    listAssistantTools: build.query<ToolSpec[], void, McpToolListAnswer>({
      query: () => mcpRequest('tools/list', {}),
      rawResponseSchema: responseSchema(McpToolListAnswerStruct, 'POST /api/mcp tools/list'),
      transformResponse: toolSpecs,
    }),
    /** MCP `tools/call`: runs a tool call the user allowed. */
    callAssistantTool: build.mutation<
      AssistantToolResult,
      CallAssistantToolArgs,
      McpToolCallAnswer
    >({
      query: ({ name, arguments: args }) => mcpRequest('tools/call', { name, arguments: args }),
      rawResponseSchema: responseSchema(McpToolCallAnswerStruct, 'POST /api/mcp tools/call'),
      transformResponse: toolResult,
    }),
  }),
});

export const {
  useGetConfigContextQuery,
  useListAssistantToolsQuery,
  useCallAssistantToolMutation,
} = assistantApi;
