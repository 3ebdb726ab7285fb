import { toolResult, toolSpecs } from '../../../src/api/endpoints/assistant';

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
