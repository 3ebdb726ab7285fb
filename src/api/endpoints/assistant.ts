import { answerReader } from '../../../contracts/llm/answer';
import type { ChatRequest, StreamedAnswer, ToolSpec } from '../../../contracts/llm/chat';
import { baseApi } from '../baseApi';
import type { BaseQueryArgs, JsonTextReader } from '../baseQuery';
import type { ApiError } from '../errors';
import type { ConfigContext, McpToolCallAnswer, McpToolListAnswer } from '../schemas/assistant';
import {
  ConfigContextStruct,
  McpToolCallAnswerStruct,
  McpToolListAnswerStruct,
} from '../schemas/assistant';
import { responseSchema } from '../validate';

/**
 * The assistant's calls (docs/assistant.md; the LLM connection it talks to is asked for apart,
 * in `llmConnection.ts`, by every page's top bar): the chat relayed to the model and streamed back, the context of a
 * config item it is sent, and the MCP tools of `/api/mcp`, listed for the model and run once
 * the user allowed them, in the user's own session (so with the user's permissions).
 */

/** How long an answer may stream; the relay gives up on a provider silent for a minute. */
export const CHAT_TIMEOUT_MS = 10 * 60_000;

export interface StreamChatArgs {
  request: ChatRequest;
  /** Each piece of the answer's text, as it comes. */
  onText: (text: string) => void;
}

/** The relay's stream read: the answer, or why it failed after it began. */
type ChatRead = { answer: StreamedAnswer } | { failure: string };

function chatReader(onText: (text: string) => void): JsonTextReader {
  const reader = answerReader(onText);
  return {
    push: (part) => reader.push(part),
    end: (): ChatRead => {
      try {
        return { answer: reader.end() };
      } catch (error) {
        return { failure: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

type RunBaseQuery = (
  args: BaseQueryArgs,
) => PromiseLike<{ data?: unknown; error?: ApiError }> | { data?: unknown; error?: ApiError };

/** `POST /api/llm/chat`, read as it streams; a failure after the stream began is a 502. */
export async function streamChat(
  { request, onText }: StreamChatArgs,
  baseQuery: RunBaseQuery,
): Promise<{ data: StreamedAnswer } | { error: ApiError }> {
  const result = await baseQuery({
    url: '/api/llm/chat',
    method: 'POST',
    body: request,
    prefer: false,
    headers: { accept: 'application/x-ndjson, application/json' },
    timeoutMs: CHAT_TIMEOUT_MS,
    readJson: () => chatReader(onText),
  });
  if (result.error) return { error: result.error };
  const read = result.data as ChatRead | null;
  if (!read) return { error: { status: 502, message: 'The answer was empty' } };
  if ('failure' in read) return { error: { status: 502, message: read.failure } };
  return { data: read.answer };
}

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
    /** The conversation relayed to the model, its answer streamed back. */
    streamChat: build.mutation<StreamedAnswer, StreamChatArgs>({
      queryFn: (args, _api, _extra, baseQuery) => streamChat(args, baseQuery),
    }),
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
  useStreamChatMutation,
  useGetConfigContextQuery,
  useListAssistantToolsQuery,
  useCallAssistantToolMutation,
} = assistantApi;
