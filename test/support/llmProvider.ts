/**
 * A local HTTP server, for tests only, that speaks a model provider's chat API (OpenAI-compatible
 * chat completions, Anthropic messages, Ollama `/api/chat`) and answers each request with the
 * next scripted turn: streamed text, streamed tool calls (their arguments cut in fragments, as
 * the providers send them), a refusal in the provider's error shape, or a stream cut short. It
 * records every request so a test can read what was asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LlmProvider } from '../../contracts/llm/chat';

export interface ScriptedToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** One answer of the scripted model. */
export type ScriptedTurn =
  | {
      kind: 'answer';
      /** The text, in the pieces it streams in. */
      text?: string[];
      toolCalls?: ScriptedToolCall[];
      /** Ends without saying the answer is done. */
      cut?: boolean;
      /** The model ran out of tokens. */
      length?: boolean;
    }
  | { kind: 'refusal'; status: number; message: string };

/** A request the server received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** JSON text cut in `count` pieces (at least one character each). */
function fragments(json: string, count = 3): string[] {
  const size = Math.max(1, Math.ceil(json.length / count));
  const pieces: string[] = [];
  for (let start = 0; start < json.length; start += size)
    pieces.push(json.slice(start, start + size));
  return pieces;
}

const sse = (data: unknown, event?: string): string =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

function openAiWire(turn: Extract<ScriptedTurn, { kind: 'answer' }>): string {
  const chunk = (delta: unknown, finish: string | null = null) =>
    sse({
      id: 'chatcmpl-scripted',
      object: 'chat.completion.chunk',
      model: 'scripted',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  let wire = chunk({ role: 'assistant', content: '' });
  for (const piece of turn.text ?? []) wire += chunk({ content: piece });
  (turn.toolCalls ?? []).forEach((call, index) => {
    wire += chunk({
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
      ],
    });
    for (const piece of fragments(JSON.stringify(call.arguments))) {
      wire += chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
  });
  if (turn.cut) return wire;
  const finish = turn.toolCalls?.length ? 'tool_calls' : turn.length ? 'length' : 'stop';
  return `${wire}${chunk({}, finish)}${sse('[DONE]')}`;
}

function anthropicWire(turn: Extract<ScriptedTurn, { kind: 'answer' }>): string {
  const send = (type: string, body: Record<string, unknown>) => sse({ type, ...body }, type);
  let wire = send('message_start', {
    message: { id: 'msg_scripted', type: 'message', role: 'assistant', content: [] },
  });
  wire += send('ping', {});
  let index = 0;
  if (turn.text?.length) {
    wire += send('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const piece of turn.text) {
      wire += send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
    }
    wire += send('content_block_stop', { index });
    index += 1;
  }
  for (const call of turn.toolCalls ?? []) {
    wire += send('content_block_start', {
      index,
      content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
    });
    for (const piece of fragments(JSON.stringify(call.arguments))) {
      wire += send('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: piece },
      });
    }
    wire += send('content_block_stop', { index });
    index += 1;
  }
  if (turn.cut) return wire;
  const stop = turn.toolCalls?.length ? 'tool_use' : turn.length ? 'max_tokens' : 'end_turn';
  wire += send('message_delta', { delta: { stop_reason: stop }, usage: { output_tokens: 10 } });
  return wire + send('message_stop', {});
}

function ollamaWire(turn: Extract<ScriptedTurn, { kind: 'answer' }>): string {
  const line = (message: Record<string, unknown>, done: Record<string, unknown> = {}) =>
    `${JSON.stringify({
      model: 'scripted',
      created_at: '2026-11-30T00:00:00Z',
      message: { role: 'assistant', content: '', ...message },
      done: false,
      ...done,
    })}\n`;
  let wire = '';
  for (const piece of turn.text ?? []) wire += line({ content: piece });
  if (turn.toolCalls?.length) {
    wire += line({
      tool_calls: turn.toolCalls.map((call) => ({
        function: { name: call.name, arguments: call.arguments },
      })),
    });
  }
  if (turn.cut) return wire;
  return wire + line({}, { done: true, done_reason: turn.length ? 'length' : 'stop' });
}

/** The bytes of a scripted answer as `provider` streams it. */
export function wireOf(
  provider: LlmProvider,
  turn: Extract<ScriptedTurn, { kind: 'answer' }>,
): string {
  switch (provider) {
    case 'openai':
      return openAiWire(turn);
    case 'anthropic':
      return anthropicWire(turn);
    case 'ollama':
      return ollamaWire(turn);
  }
}

/** A refusal's body in the provider's shape. */
export function refusalBody(provider: LlmProvider, message: string): unknown {
  switch (provider) {
    case 'openai':
      return { error: { message, type: 'invalid_request_error', code: null } };
    case 'anthropic':
      return { type: 'error', error: { type: 'authentication_error', message } };
    case 'ollama':
      return { error: message };
  }
}

const PATHS: Record<LlmProvider, string> = {
  openai: '/v1/chat/completions',
  anthropic: '/v1/messages',
  ollama: '/api/chat',
};

export interface ScriptedProvider {
  /** The base URL a connection names: `http://127.0.0.1:<port>/v1` for OpenAI, the origin else. */
  url: string;
  requests: ReceivedRequest[];
  /** Adds turns, answered in order, one per request. */
  script(...turns: ScriptedTurn[]): void;
  close(): Promise<void>;
}

/**
 * Starts a scripted `provider` on a free local port. With `otherwise`, a request with no turn
 * left is answered with it (a suite whose order of requests is not the test's to choose).
 */
export async function startScriptedProvider(
  provider: LlmProvider,
  otherwise?: ScriptedTurn,
): Promise<ScriptedProvider> {
  const turns: ScriptedTurn[] = [];
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // Recorded as empty.
      }
      const path = request.url ?? '/';
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
      if (request.method !== 'POST' || path !== PATHS[provider]) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify(refusalBody(provider, `no route ${path}`)));
        return;
      }
      const turn = turns.shift() ?? otherwise;
      if (!turn) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify(refusalBody(provider, 'no scripted answer left')));
        return;
      }
      if (turn.kind === 'refusal') {
        response.writeHead(turn.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(refusalBody(provider, turn.message)));
        return;
      }
      const type = provider === 'ollama' ? 'application/x-ndjson' : 'text/event-stream';
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
      // Written in small pieces, so readers meet lines and events cut anywhere.
      const wire = wireOf(provider, turn);
      for (let start = 0; start < wire.length; start += 37) {
        response.write(wire.slice(start, start + 37));
      }
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: provider === 'openai' ? `${origin}/v1` : origin,
    requests,
    script: (...more) => {
      turns.push(...more);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
