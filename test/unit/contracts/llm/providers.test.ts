import { ANSWER_CUT_SHORT } from '../../../../contracts/llm/chat';
import type { ChatMessage, ChatStreamEvent, LlmProvider } from '../../../../contracts/llm/chat';
import { lineSplitter, sseDataSplitter } from '../../../../contracts/llm/lines';
import {
  ANTHROPIC_MAX_TOKENS,
  ANTHROPIC_VERSION,
  buildProviderRequest,
  providerErrorReason,
  streamParser,
} from '../../../../contracts/llm/providers';
import { refusalBody, wireOf } from '../../../support/llmProvider';

const PROVIDERS: LlmProvider[] = ['openai', 'anthropic', 'ollama'];

const SEARCH = {
  id: 'call_a1',
  name: 'search_catalog',
  arguments: { query: 'type=Kubernetes::Deployment health=unhealthy', limit: 20 },
};
const RUN = { id: 'call_b2', name: 'run_playbook', arguments: { id: 'restart' } };

const CONVERSATION: ChatMessage[] = [
  { role: 'system', content: 'You help operators.' },
  { role: 'user', content: 'which deployments are unhealthy?' },
  { role: 'assistant', content: '', toolCalls: [SEARCH, RUN] },
  { role: 'tool', toolCallId: 'call_a1', name: 'search_catalog', content: '[]' },
  {
    role: 'tool',
    toolCallId: 'call_b2',
    name: 'run_playbook',
    content: 'The user denied this tool call.',
    isError: true,
  },
];
const TOOLS = [
  {
    name: 'search_catalog',
    description: 'Search the catalog',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  },
];

/** Every event the parser gives for `wire` cut in pieces of `size` characters. */
function parse(provider: LlmProvider, wire: string, size: number): ChatStreamEvent[] {
  const parser = streamParser(provider);
  const events: ChatStreamEvent[] = [];
  for (let start = 0; start < wire.length; start += size) {
    events.push(...parser.push(wire.slice(start, start + size)));
  }
  return [...events, ...parser.end()];
}

/** Text events joined, so how the pieces were cut does not matter. */
function joined(events: ChatStreamEvent[]): ChatStreamEvent[] {
  const out: ChatStreamEvent[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if (event.type === 'text' && last?.type === 'text') last.text += event.text;
    else out.push(event.type === 'text' ? { ...event } : event);
  }
  return out;
}

describe('lines and server-sent events', () => {
  it('gives whole lines whatever the chunks', () => {
    const lines = lineSplitter();
    expect(lines.push('{"a":')).toEqual([]);
    expect(lines.push('1}\r\n{"b"')).toEqual(['{"a":1}']);
    expect(lines.push(':2}\n')).toEqual(['{"b":2}']);
    expect(lines.push('{"c":3}')).toEqual([]);
    expect(lines.end()).toEqual(['{"c":3}']);
  });

  it('gives the data of each event once it ended, skipping comments and other fields', () => {
    const events = sseDataSplitter();
    expect(events.push(': keep-alive\n\nevent: ping\nda')).toEqual([]);
    expect(events.push('ta: {"x":1}\n')).toEqual([]);
    expect(events.push('\ndata: one\ndata: two\n\n')).toEqual(['{"x":1}', 'one\ntwo']);
    expect(events.push('data: last')).toEqual([]);
    expect(events.end()).toEqual(['last']);
  });
});

describe('requests to the providers', () => {
  it('asks OpenAI-compatible endpoints for streamed chat completions, with the key as a bearer', () => {
    const request = buildProviderRequest(
      { provider: 'openai', url: 'http://llm.lan:8000/v1/', model: 'qwen2.5', apiKey: 'sk-1' },
      { messages: CONVERSATION, tools: TOOLS },
    );
    expect(request.url).toBe('http://llm.lan:8000/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-1');
    expect(JSON.parse(request.body)).toEqual({
      model: 'qwen2.5',
      stream: true,
      messages: [
        { role: 'system', content: 'You help operators.' },
        { role: 'user', content: 'which deployments are unhealthy?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_a1',
              type: 'function',
              function: { name: 'search_catalog', arguments: JSON.stringify(SEARCH.arguments) },
            },
            {
              id: 'call_b2',
              type: 'function',
              function: { name: 'run_playbook', arguments: '{"id":"restart"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_a1', content: '[]' },
        { role: 'tool', tool_call_id: 'call_b2', content: 'The user denied this tool call.' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'search_catalog',
            description: 'Search the catalog',
            parameters: TOOLS[0]?.inputSchema,
          },
        },
      ],
    });
  });

  it('asks Anthropic for streamed messages: system apart, tool results in one user turn', () => {
    const request = buildProviderRequest(
      { provider: 'anthropic', url: '', model: 'claude-haiku-4-5', apiKey: 'key-1' },
      { messages: CONVERSATION, tools: TOOLS },
    );
    expect(request.url).toBe('https://api.anthropic.com/v1/messages');
    expect(request.headers['x-api-key']).toBe('key-1');
    expect(request.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    expect(request.headers.authorization).toBeUndefined();
    expect(JSON.parse(request.body)).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: ANTHROPIC_MAX_TOKENS,
      stream: true,
      system: 'You help operators.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'which deployments are unhealthy?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'call_a1', name: 'search_catalog', input: SEARCH.arguments },
            { type: 'tool_use', id: 'call_b2', name: 'run_playbook', input: RUN.arguments },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_a1', content: '[]' },
            {
              type: 'tool_result',
              tool_use_id: 'call_b2',
              content: 'The user denied this tool call.',
              is_error: true,
            },
          ],
        },
      ],
      tools: [
        {
          name: 'search_catalog',
          description: 'Search the catalog',
          input_schema: TOOLS[0]?.inputSchema,
        },
      ],
    });
  });

  it('asks Ollama for a streamed /api/chat, with arguments as objects and no key when none', () => {
    const request = buildProviderRequest(
      { provider: 'ollama', url: 'http://gpu-box:11434', model: 'llama3.1', apiKey: null },
      { messages: CONVERSATION.slice(0, 4), tools: [] },
    );
    expect(request.url).toBe('http://gpu-box:11434/api/chat');
    expect(request.headers.authorization).toBeUndefined();
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(body.tools).toBeUndefined();
    expect(body.messages).toEqual([
      { role: 'system', content: 'You help operators.' },
      { role: 'user', content: 'which deployments are unhealthy?' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { function: { name: 'search_catalog', arguments: SEARCH.arguments } },
          { function: { name: 'run_playbook', arguments: RUN.arguments } },
        ],
      },
      { role: 'tool', content: '[]', tool_name: 'search_catalog' },
    ]);
  });
});

describe.each(PROVIDERS)('the %s stream', (provider) => {
  it.each([1, 5, 37, 100_000])(
    'gives streamed text and its end, cut every %i characters',
    (size) => {
      const wire = wireOf(provider, {
        kind: 'answer',
        text: ['Two deploy', 'ments are ', 'unhealthy.'],
      });
      expect(joined(parse(provider, wire, size))).toEqual([
        { type: 'text', text: 'Two deployments are unhealthy.' },
        { type: 'done', stop: 'end' },
      ]);
    },
  );

  it.each([1, 7, 100_000])('gives streamed tool calls whole, cut every %i characters', (size) => {
    const wire = wireOf(provider, {
      kind: 'answer',
      text: ['Let me look.'],
      toolCalls: [SEARCH, RUN],
    });
    const events = joined(parse(provider, wire, size));
    // Ollama names no call ids: the parser numbers them.
    const ids = provider === 'ollama' ? ['call-1', 'call-2'] : ['call_a1', 'call_b2'];
    expect(events).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_call', call: { ...SEARCH, id: ids[0] } },
      { type: 'tool_call', call: { ...RUN, id: ids[1] } },
      { type: 'done', stop: 'tool_calls' },
    ]);
  });

  it('says when the answer ran out of tokens', () => {
    const wire = wireOf(provider, { kind: 'answer', text: ['Partial'], length: true });
    expect(parse(provider, wire, 11).pop()).toEqual({ type: 'done', stop: 'length' });
  });

  it('fails an answer that ends before the model finished it', () => {
    const wire = wireOf(provider, { kind: 'answer', text: ['Two'], cut: true });
    expect(joined(parse(provider, wire, 9))).toEqual([
      { type: 'text', text: 'Two' },
      { type: 'error', message: ANSWER_CUT_SHORT },
    ]);
  });

  it('reads the reason of a refusal where the provider puts it', () => {
    const body = JSON.stringify(refusalBody(provider, 'invalid x-api-key'));
    expect(providerErrorReason(provider, 401, body)).toBe(
      `${provider} answered 401: invalid x-api-key`,
    );
    expect(providerErrorReason(provider, 502, '<html>Bad Gateway</html>')).toBe(
      `${provider} answered 502: <html>Bad Gateway</html>`,
    );
    expect(providerErrorReason(provider, 503, '')).toBe(`${provider} answered 503`);
  });
});

describe('errors in the stream', () => {
  it('gives an error an OpenAI-compatible server sends mid-stream, and nothing after it', () => {
    const wire = `data: {"choices":[{"delta":{"content":"Hi"}}]}\n\ndata: {"error":{"message":"overloaded"}}\n\ndata: {"choices":[{"delta":{"content":"more"}}]}\n\n`;
    expect(parse('openai', wire, 10)).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'error', message: 'overloaded' },
    ]);
  });

  it('gives an Anthropic error event', () => {
    const wire = `event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n`;
    expect(parse('anthropic', wire, 13)).toEqual([{ type: 'error', message: 'Overloaded' }]);
  });

  it('gives an Ollama error line', () => {
    expect(parse('ollama', '{"error":"model \\"llama9\\" not found"}\n', 4)).toEqual([
      { type: 'error', message: 'model "llama9" not found' },
    ]);
  });

  it('refuses tool arguments that are not a JSON object', () => {
    const wire =
      'data: {"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"get_config","arguments":"{\\"id\\":"}}]}}]}\n\n' +
      'data: {"choices":[{"delta":{},"finish_reason":"tool_calls"}]}\n\n';
    expect(parse('openai', wire, 1000)).toEqual([
      {
        type: 'error',
        message: 'The model sent arguments for get_config that are not a JSON object',
      },
    ]);
  });
});
