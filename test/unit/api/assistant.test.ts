import type { BaseQueryArgs } from '../../../src/api/baseQuery';
import { streamChat, toolResult, toolSpecs } from '../../../src/api/endpoints/assistant';
import { httpError } from '../../../src/api/errors';

const REQUEST = { messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

/** A base query that answers with `stream` read by the request's reader, and records the request. */
function streaming(stream: string) {
  const asked: BaseQueryArgs[] = [];
  const baseQuery = (args: BaseQueryArgs) => {
    asked.push(args);
    if (typeof args === 'string' || !args.readJson) throw new Error('no reader');
    const reader = args.readJson();
    reader.push(stream);
    return { data: reader.end() };
  };
  return { asked, baseQuery };
}

describe('the assistant’s MCP answers', () => {
  it('offers the tools with an empty description where a tool has none', () => {
    const schema = { type: 'object', properties: {} };
    expect(
      toolSpecs({
        result: {
          tools: [
            { name: 'search_catalog', description: 'Search', inputSchema: schema },
            { name: 'get_config', inputSchema: schema },
          ],
        },
      }),
    ).toEqual([
      { name: 'search_catalog', description: 'Search', inputSchema: schema },
      { name: 'get_config', description: '', inputSchema: schema },
    ]);
  });

  it('gives a tool’s text, its failure, and a protocol error as the tool’s failure', () => {
    expect(
      toolResult({
        result: {
          content: [
            { type: 'text', text: '[{"name":"checkout"}]' },
            { type: 'image' },
            { type: 'text', text: '' },
          ],
        },
      }),
    ).toEqual({ content: '[{"name":"checkout"}]\n[image]', isError: false });
    expect(
      toolResult({ result: { content: [{ type: 'text', text: 'forbidden' }], isError: true } }),
    ).toEqual({ content: 'forbidden', isError: true });
    expect(toolResult({ error: { code: -32602, message: 'Tool nope not found' } })).toEqual({
      content: 'Tool nope not found',
      isError: true,
    });
  });
});

describe('the chat, read as it streams', () => {
  it('posts the conversation and hands on the text as it comes', async () => {
    const { asked, baseQuery } = streaming(
      '{"type":"text","text":"Hel"}\n{"type":"text","text":"lo"}\n{"type":"done","stop":"end"}\n',
    );
    const texts: string[] = [];
    const answer = await streamChat({ request: REQUEST, onText: (t) => texts.push(t) }, baseQuery);
    expect(answer).toEqual({ data: { text: 'Hello', toolCalls: [], stop: 'end' } });
    expect(texts).toEqual(['Hel', 'lo']);
    expect(asked[0]).toMatchObject({ url: '/api/llm/chat', method: 'POST', body: REQUEST });
  });

  it('fails with the reason of a failure in the stream, and with the relay’s refusal', async () => {
    const broken = streaming('{"type":"error","message":"openai stream failed: reset"}\n');
    expect(
      await streamChat({ request: REQUEST, onText: () => undefined }, broken.baseQuery),
    ).toEqual({ error: { status: 502, message: 'openai stream failed: reset' } });
    const refused = () => ({ error: httpError(409, { error: 'no LLM connection is configured' }) });
    expect(await streamChat({ request: REQUEST, onText: () => undefined }, refused)).toMatchObject({
      error: { status: 409, message: 'no LLM connection is configured' },
    });
  });
});
