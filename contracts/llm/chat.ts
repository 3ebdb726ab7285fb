/**
 * The provider-neutral chat the console and the demo's relay (`POST /api/llm/chat`) agree on
 * (docs/assistant.md): the messages of a conversation, the tools offered to the model, and the
 * events the relay streams back, one JSON object a line, whatever the provider.
 */

/** The LLM connection types the assistant can talk to (duty's connection type names). */
export const LLM_CONNECTION_TYPES = ['openai', 'anthropic', 'ollama'] as const;
export type LlmProvider = (typeof LLM_CONNECTION_TYPES)[number];

/** A tool the model asked to run, with its arguments parsed. */
export interface ToolCall {
  /** The provider's id of the call; the result names it back. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string; isError?: boolean };

/** A tool offered to the model: an MCP tool as `tools/list` describes it. */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  inputSchema: Record<string, unknown>;
}

/** Why the model stopped: it finished, it asks for tools, or it ran out of tokens. */
export type StopReason = 'end' | 'tool_calls' | 'length';

/** Said when a stream ends before the model said its answer was done. */
export const ANSWER_CUT_SHORT = 'The answer ended before the model finished it';

/** One line of the relay's stream. */
export type ChatStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'done'; stop: StopReason }
  | { type: 'error'; message: string };

/** The model's whole answer, once its stream ended. */
export interface StreamedAnswer {
  text: string;
  toolCalls: ToolCall[];
  stop: StopReason;
}

/** What the console posts to `POST /api/llm/chat`. */
export interface ChatRequest {
  messages: ChatMessage[];
  tools: ToolSpec[];
}
