/**
 * The providers' HTTP APIs, as pure functions: the request for a chat (URL, headers, body), a
 * parser of the streamed answer into provider-neutral events, and the reason of an error
 * answer. OpenAI-compatible chat completions (`POST {url}/chat/completions`, SSE chunks with
 * `delta.content` and `delta.tool_calls`), Anthropic messages (`POST {url}/v1/messages`, SSE
 * `content_block_*` events with `text_delta` and `input_json_delta`) and Ollama
 * (`POST {url}/api/chat`, NDJSON with `message.content` and `message.tool_calls`).
 */
import { ANSWER_CUT_SHORT } from './chat';
import type {
  ChatMessage,
  ChatRequest,
  ChatStreamEvent,
  LlmProvider,
  StopReason,
  ToolCall,
} from './chat';
import type { LineSplitter } from './lines';
import { lineSplitter, sseDataSplitter } from './lines';

/** What the relay knows of the connection: the provider, its endpoint, the model and the key. */
export interface ProviderConnection {
  provider: LlmProvider;
  /** The connection's URL; empty for the provider's own endpoint. */
  url: string;
  model: string;
  apiKey: string | null;
}

export interface ProviderRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The endpoint when the connection names none (as the connection form's placeholders). */
export const DEFAULT_URLS: Readonly<Record<LlmProvider, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  ollama: 'http://localhost:11434',
};

/** The Anthropic API version the requests are written for. */
export const ANTHROPIC_VERSION = '2023-06-01';
/** Anthropic requires a cap on the answer's length. */
export const ANTHROPIC_MAX_TOKENS = 4096;

function endpoint(connection: ProviderConnection, path: string): string {
  const base = (connection.url.trim() || DEFAULT_URLS[connection.provider]).replace(/\/+$/, '');
  return `${base}${path}`;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function openAiMessage(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content === '' && message.toolCalls ? null : message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function ollamaMessage(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', content: message.content, tool_name: message.name };
  }
}

type AnthropicBlock = Record<string, unknown>;

/** Anthropic's messages: the system prompt apart, tool results as the user's, turns merged. */
function anthropicMessages(messages: ChatMessage[]): {
  system: string;
  messages: Array<{ role: 'user' | 'assistant'; content: AnthropicBlock[] }>;
} {
  const system: string[] = [];
  const turns: Array<{ role: 'user' | 'assistant'; content: AnthropicBlock[] }> = [];
  const add = (role: 'user' | 'assistant', blocks: AnthropicBlock[]) => {
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        add('user', [{ type: 'text', text: message.content }]);
        break;
      case 'assistant':
        add('assistant', [
          ...(message.content ? [{ type: 'text', text: message.content }] : []),
          ...(message.toolCalls ?? []).map((call) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: call.arguments,
          })),
        ]);
        break;
      case 'tool':
        add('user', [
          {
            type: 'tool_result',
            tool_use_id: message.toolCallId,
            content: message.content,
            ...(message.isError ? { is_error: true } : {}),
          },
        ]);
        break;
    }
  }
  return { system: system.join('\n\n'), messages: turns };
}

/** The provider's request for `chat`, asking for a streamed answer. */
export function buildProviderRequest(
  connection: ProviderConnection,
  chat: ChatRequest,
): ProviderRequest {
  const { apiKey, model } = connection;
  const json = { 'content-type': 'application/json' };
  const bearer: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const functions = chat.tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));
  switch (connection.provider) {
    case 'openai':
      return {
        url: endpoint(connection, '/chat/completions'),
        headers: { ...json, accept: 'text/event-stream', ...bearer },
        body: JSON.stringify({
          model,
          stream: true,
          messages: chat.messages.map(openAiMessage),
          ...(functions.length ? { tools: functions } : {}),
        }),
      };
    case 'anthropic': {
      const { system, messages } = anthropicMessages(chat.messages);
      return {
        url: endpoint(connection, '/v1/messages'),
        headers: {
          ...json,
          accept: 'text/event-stream',
          'anthropic-version': ANTHROPIC_VERSION,
          ...(apiKey ? { 'x-api-key': apiKey } : {}),
        },
        body: JSON.stringify({
          model,
          max_tokens: ANTHROPIC_MAX_TOKENS,
          stream: true,
          ...(system ? { system } : {}),
          messages,
          ...(chat.tools.length
            ? {
                tools: chat.tools.map((tool) => ({
                  name: tool.name,
                  description: tool.description,
                  input_schema: tool.inputSchema,
                })),
              }
            : {}),
        }),
      };
    }
    case 'ollama':
      return {
        url: endpoint(connection, '/api/chat'),
        headers: { ...json, accept: 'application/x-ndjson', ...bearer },
        body: JSON.stringify({
          model,
          stream: true,
          messages: chat.messages.map(ollamaMessage),
          ...(functions.length ? { tools: functions } : {}),
        }),
      };
  }
}

/** Turns the provider's streamed answer, in text chunks, into provider-neutral events. */
export interface StreamParser {
  push(chunk: string): ChatStreamEvent[];
  /** The stream ended: an `error` when the answer never said it was done. */
  end(): ChatStreamEvent[];
}

/** A tool call from its name, id and arguments as JSON text, or why it cannot be one. */
function toolCall(id: string, name: string, json: string): ChatStreamEvent {
  if (json.trim() === '') return { type: 'tool_call', call: { id, name, arguments: {} } };
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { type: 'tool_call', call: { id, name, arguments: parsed as ToolCall['arguments'] } };
    }
  } catch {
    // Answered below.
  }
  return {
    type: 'error',
    message: `The model sent arguments for ${name} that are not a JSON object`,
  };
}

function parseJson(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A parser from the pieces `split` cuts the stream into and what `take` reads in each: it ends
 * once `done` or `error` was given (nothing more is), and a stream that ends before either is
 * cut short.
 */
function finishingParser(
  split: LineSplitter,
  take: (piece: string) => ChatStreamEvent[],
): StreamParser {
  let over = false;
  const emit = (events: ChatStreamEvent[]): ChatStreamEvent[] => {
    if (over) return [];
    const kept: ChatStreamEvent[] = [];
    for (const event of events) {
      kept.push(event);
      if (event.type === 'done' || event.type === 'error') {
        over = true;
        break;
      }
    }
    return kept;
  };
  return {
    push: (chunk) => emit(split.push(chunk).flatMap(take)),
    end: () => {
      const events = emit(split.end().flatMap(take));
      return over ? events : [...events, { type: 'error', message: ANSWER_CUT_SHORT }];
    },
  };
}

function openAiParser(): StreamParser {
  const sse = sseDataSplitter();
  const calls = new Map<number, { id: string; name: string; args: string }>();
  const flushCalls = (): ChatStreamEvent[] => {
    const events = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => toolCall(call.id || `call-${index}`, call.name, call.args));
    calls.clear();
    return events;
  };
  const stopOf = (reason: unknown, sawCalls: boolean): StopReason =>
    sawCalls ? 'tool_calls' : reason === 'length' ? 'length' : 'end';
  const take = (data: string): ChatStreamEvent[] => {
    if (data.trim() === '[DONE]') {
      const sawCalls = calls.size > 0;
      return [...flushCalls(), { type: 'done', stop: stopOf(null, sawCalls) }];
    }
    const chunk = parseJson(data);
    if (!chunk) return [];
    const error = record(chunk.error);
    if (chunk.error !== undefined) {
      return [{ type: 'error', message: text(error.message) || text(chunk.error) || 'error' }];
    }
    const events: ChatStreamEvent[] = [];
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    const choice = record(choices[0]);
    const delta = record(choice.delta);
    const content = text(delta.content);
    if (content) events.push({ type: 'text', text: content });
    for (const fragment of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
      const part = record(fragment);
      const index = typeof part.index === 'number' ? part.index : calls.size;
      const fn = record(part.function);
      const call = calls.get(index) ?? { id: '', name: '', args: '' };
      call.id ||= text(part.id);
      call.name ||= text(fn.name);
      call.args += text(fn.arguments);
      calls.set(index, call);
    }
    const reason = choice.finish_reason;
    if (typeof reason === 'string' && reason !== '') {
      const sawCalls = calls.size > 0;
      events.push(...flushCalls(), { type: 'done', stop: stopOf(reason, sawCalls) });
    }
    return events;
  };
  return finishingParser(sse, take);
}

function anthropicParser(): StreamParser {
  const sse = sseDataSplitter();
  const blocks = new Map<number, { id: string; name: string; json: string }>();
  let stop: StopReason = 'end';
  const take = (data: string): ChatStreamEvent[] => {
    const event = parseJson(data);
    if (!event) return [];
    const index = typeof event.index === 'number' ? event.index : -1;
    switch (event.type) {
      case 'content_block_start': {
        const block = record(event.content_block);
        if (block.type === 'tool_use') {
          blocks.set(index, { id: text(block.id), name: text(block.name), json: '' });
        }
        const start = block.type === 'text' ? text(block.text) : '';
        return start ? [{ type: 'text', text: start }] : [];
      }
      case 'content_block_delta': {
        const delta = record(event.delta);
        if (delta.type === 'text_delta') {
          const piece = text(delta.text);
          return piece ? [{ type: 'text', text: piece }] : [];
        }
        if (delta.type === 'input_json_delta') {
          const block = blocks.get(index);
          if (block) block.json += text(delta.partial_json);
        }
        return [];
      }
      case 'content_block_stop': {
        const block = blocks.get(index);
        if (!block) return [];
        blocks.delete(index);
        return [toolCall(block.id, block.name, block.json)];
      }
      case 'message_delta': {
        const reason = record(event.delta).stop_reason;
        if (reason === 'tool_use') stop = 'tool_calls';
        else if (reason === 'max_tokens') stop = 'length';
        return [];
      }
      case 'message_stop':
        return [{ type: 'done', stop }];
      case 'error':
        return [{ type: 'error', message: text(record(event.error).message) || 'error' }];
      default:
        return [];
    }
  };
  return finishingParser(sse, take);
}

function ollamaParser(): StreamParser {
  const lines = lineSplitter();
  let callCount = 0;
  const take = (line: string): ChatStreamEvent[] => {
    if (line.trim() === '') return [];
    const chunk = parseJson(line);
    if (!chunk) return [];
    if (typeof chunk.error === 'string') return [{ type: 'error', message: chunk.error }];
    const message = record(chunk.message);
    const events: ChatStreamEvent[] = [];
    const content = text(message.content);
    if (content) events.push({ type: 'text', text: content });
    for (const entry of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      const call = record(entry);
      const fn = record(call.function);
      callCount += 1;
      const id = text(call.id) || `call-${callCount}`;
      const args = fn.arguments;
      events.push(
        typeof args === 'string'
          ? toolCall(id, text(fn.name), args)
          : { type: 'tool_call', call: { id, name: text(fn.name), arguments: record(args) } },
      );
    }
    if (chunk.done === true) {
      const stop: StopReason =
        callCount > 0 ? 'tool_calls' : chunk.done_reason === 'length' ? 'length' : 'end';
      events.push({ type: 'done', stop });
    }
    return events;
  };
  return finishingParser(lines, take);
}

/** A parser of the provider's streamed answer. */
export function streamParser(provider: LlmProvider): StreamParser {
  switch (provider) {
    case 'openai':
      return openAiParser();
    case 'anthropic':
      return anthropicParser();
    case 'ollama':
      return ollamaParser();
  }
}

/**
 * Why the provider refused, from its error answer: `<provider> answered <status>: <message>`,
 * the message read where each provider puts it (`error.message`, or `error` as text), else the
 * start of the body.
 */
export function providerErrorReason(provider: LlmProvider, status: number, body: string): string {
  const parsed = parseJson(body);
  const error = parsed ? parsed.error : undefined;
  const message =
    text(record(error).message) ||
    text(error) ||
    text(parsed?.message) ||
    body.trim().slice(0, 200);
  return `${provider} answered ${status}${message ? `: ${message}` : ''}`;
}
