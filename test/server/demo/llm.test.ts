import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANSWER_CUT_SHORT } from '../../../contracts/llm/chat';
import type { ChatRequest, ChatStreamEvent, LlmProvider } from '../../../contracts/llm/chat';
import { answerReader } from '../../../contracts/llm/answer';
import { NO_LLM_CONNECTION } from '../../../server/demo/llm/connection';
import { startScriptedProvider, type ScriptedProvider } from '../../support/llmProvider';
import { demoSuite } from './support';

/**
 * The assistant's relay (docs/assistant.md): `GET /api/connection/llm` names the connection
 * without its key, and `POST /api/llm/chat` streams a scripted provider's answers back as
 * provider-neutral NDJSON, refusals and failures as JSON errors.
 */

jest.setTimeout(120_000);

const { h, as, send } = demoSuite(['admin']);

const QUESTION: ChatRequest = {
  messages: [
    { role: 'system', content: 'You help operators.' },
    { role: 'user', content: 'which deployments are unhealthy?' },
  ],
  tools: [
    {
      name: 'search_catalog',
      description: 'Search the catalog',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    },
  ],
};

const SEARCH = {
  id: 'toolu_1',
  name: 'search_catalog',
  arguments: { query: 'type=Kubernetes::Deployment health=unhealthy' },
};

const MODELS: Record<LlmProvider, string> = {
  openai: 'qwen2.5-7b-instruct',
  anthropic: 'claude-haiku-4-5',
  ollama: 'llama3.1',
};

/** Puts the LLM connections away, so the one a test adds is the only one. */
async function removeLlmConnections(): Promise<void> {
  await h.db.query(
    `UPDATE connections SET deleted_at = now() WHERE type IN ('openai', 'anthropic', 'ollama')`,
  );
}

async function connect(provider: LlmProvider, url: string, key: string | null): Promise<void> {
  await removeLlmConnections();
  await h.db.query(
    `INSERT INTO connections (name, namespace, type, url, password, properties, source)
     VALUES ($1, 'default', $2, $3, $4, $5, 'UI')`,
    [`local-${provider}`, provider, url, key, JSON.stringify({ model: MODELS[provider] })],
  );
}

function events(body: string): ChatStreamEvent[] {
  const out: ChatStreamEvent[] = [];
  for (const line of body.split('\n')) {
    if (line.trim() === '') continue;
    const event = JSON.parse(line) as ChatStreamEvent;
    const last = out[out.length - 1];
    if (event.type === 'text' && last?.type === 'text') last.text += event.text;
    else out.push(event);
  }
  return out;
}

const chat = (body: unknown = QUESTION) => send('POST', '/api/llm/chat', as('admin'), body);

describe('without a usable LLM connection', () => {
  it('says the seeded connection keeps its key where the demo cannot read it', async () => {
    const named = await send('GET', '/api/connection/llm', as('admin'));
    expect(named.statusCode).toBe(409);
    expect(named.json()).toEqual({
      error:
        'the LLM connection openai keeps its API key in secret://openai/api-key, which the demo backend cannot read',
    });
    expect((await chat()).statusCode).toBe(409);
  });

  it('answers 404 when there is no LLM connection at all', async () => {
    await removeLlmConnections();
    const named = await send('GET', '/api/connection/llm', as('admin'));
    expect(named.statusCode).toBe(404);
    expect(named.json()).toEqual({ error: NO_LLM_CONNECTION });
    const relayed = await chat();
    expect(relayed.statusCode).toBe(404);
    expect(relayed.json()).toEqual({ error: NO_LLM_CONNECTION });
  });

  it('refuses the signed-out and a malformed chat', async () => {
    expect((await send('POST', '/api/llm/chat', {}, QUESTION)).statusCode).toBe(401);
    expect((await send('GET', '/api/connection/llm', {})).statusCode).toBe(401);
    const empty = await chat({ messages: [], tools: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toMatch(/^invalid request body: messages/);
    const notJson = await chat('not json');
    expect(notJson.statusCode).toBe(400);
  });

  it('answers 502 naming the host when the provider cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await connect('ollama', `http://127.0.0.1:${port}`, null);
    const relayed = await chat();
    expect(relayed.statusCode).toBe(502);
    expect(relayed.json<{ error: string }>().error).toMatch(
      new RegExp(`^cannot reach 127\\.0\\.0\\.1:${port}: `),
    );
  });
});

describe.each<LlmProvider>(['openai', 'anthropic', 'ollama'])('relaying to %s', (provider) => {
  let scripted: ScriptedProvider;
  const key = provider === 'ollama' ? null : 'test-key-1';

  beforeAll(async () => {
    scripted = await startScriptedProvider(provider);
    await connect(provider, scripted.url, key);
  });
  afterAll(() => scripted.close());

  it('names the connection without its key', async () => {
    const named = await send('GET', '/api/connection/llm', as('admin'));
    expect(named.statusCode).toBe(200);
    const body = named.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      name: `local-${provider}`,
      type: provider,
      url: scripted.url,
      properties: { model: MODELS[provider] },
    });
    expect(JSON.stringify(body)).not.toContain('test-key-1');
  });

  it('streams the answer back, asking with the key, the model and the tools', async () => {
    scripted.script({ kind: 'answer', text: ['Two deployments ', 'are unhealthy.'] });
    const relayed = await chat();
    expect(relayed.statusCode).toBe(200);
    expect(relayed.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(events(relayed.body)).toEqual([
      { type: 'text', text: 'Two deployments are unhealthy.' },
      { type: 'done', stop: 'end' },
    ]);
    const asked = scripted.requests[scripted.requests.length - 1];
    expect(asked?.body).toMatchObject({ model: MODELS[provider], stream: true });
    expect(JSON.stringify(asked?.body)).toContain('search_catalog');
    if (provider === 'anthropic') expect(asked?.headers['x-api-key']).toBe('test-key-1');
    if (provider === 'openai') expect(asked?.headers.authorization).toBe('Bearer test-key-1');
    if (provider === 'ollama') expect(asked?.headers.authorization).toBeUndefined();
  });

  it('streams the tool calls the model asks for, their arguments whole', async () => {
    scripted.script({ kind: 'answer', toolCalls: [SEARCH] });
    const relayed = await chat();
    expect(relayed.statusCode).toBe(200);
    const id = provider === 'ollama' ? 'call-1' : SEARCH.id;
    expect(events(relayed.body)).toEqual([
      { type: 'tool_call', call: { ...SEARCH, id } },
      { type: 'done', stop: 'tool_calls' },
    ]);
    // As the console reads it.
    const reader = answerReader(() => undefined);
    reader.push(relayed.body);
    expect(reader.end()).toEqual({ text: '', toolCalls: [{ ...SEARCH, id }], stop: 'tool_calls' });
  });

  it('sends a tool result back to the model', async () => {
    scripted.script({ kind: 'answer', text: ['checkout is unhealthy.'] });
    const relayed = await chat({
      ...QUESTION,
      messages: [
        ...QUESTION.messages,
        { role: 'assistant', content: '', toolCalls: [SEARCH] },
        {
          role: 'tool',
          toolCallId: SEARCH.id,
          name: SEARCH.name,
          content: '[{"name":"checkout"}]',
        },
      ],
    });
    expect(relayed.statusCode).toBe(200);
    expect(events(relayed.body)[0]).toEqual({ type: 'text', text: 'checkout is unhealthy.' });
    const asked = JSON.stringify(scripted.requests[scripted.requests.length - 1]?.body);
    expect(asked).toContain('[{\\"name\\":\\"checkout\\"}]');
  });

  it('answers 502 with the provider’s status and reason when it refuses', async () => {
    scripted.script({ kind: 'refusal', status: 401, message: 'invalid api key' });
    const relayed = await chat();
    expect(relayed.statusCode).toBe(502);
    expect(relayed.json()).toEqual({ error: `${provider} answered 401: invalid api key` });
  });

  it('ends with an error line when the answer is cut short', async () => {
    scripted.script({ kind: 'answer', text: ['Two'], cut: true });
    const relayed = await chat();
    expect(relayed.statusCode).toBe(200);
    expect(events(relayed.body)).toEqual([
      { type: 'text', text: 'Two' },
      { type: 'error', message: ANSWER_CUT_SHORT },
    ]);
  });
});

describe('the context of a config item', () => {
  /** A small graph of its own: F → A → B → C → D → E, and A → X (deleted). */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F', 'X']) {
      const { rows } = await h.db.query<{ id: string }>(
        `INSERT INTO config_items (config_class, type, name, health, status, config, deleted_at)
         VALUES ('Deployment', 'Kubernetes::Deployment', $1, $2, 'Running', $3, $4) RETURNING id`,
        [
          `llm-context-${name}`,
          name === 'A' ? 'unhealthy' : 'healthy',
          JSON.stringify({ spec: { replicas: 3 } }),
          name === 'X' ? new Date().toISOString() : null,
        ],
      );
      ids[name] = rows[0]!.id;
    }
    for (const [from, to] of [
      ['F', 'A'],
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'D'],
      ['D', 'E'],
      ['A', 'X'],
    ] as const) {
      await h.db.query(
        `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, 'soft')`,
        [ids[from], ids[to]],
      );
    }
    await h.db.query(
      `INSERT INTO config_changes (config_id, change_type, summary, source, external_created_by,
                                   created_at, first_observed, count)
       VALUES ($1, 'diff', 'replicas 2 → 3', 'kubernetes', 'jane@example.com',
               now() - interval '1 hour', now() - interval '2 hours', 2),
              ($1, 'diff', 'image changed', 'kubernetes', 'bob@example.com',
               now() - interval '5 hours', now() - interval '5 hours', 1)`,
      [ids.A],
    );
  });

  it('gives the item with its configuration and recent changes, then its related items', async () => {
    const answer = await send('GET', `/api/llm/context/config/${ids.A}`, as('admin'));
    expect(answer.statusCode).toBe(200);
    const context = answer.json<{
      configs: Array<Record<string, unknown>>;
      edges: Array<{ from: string; to: string }>;
    }>();
    const [item, ...related] = context.configs;
    expect(item).toMatchObject({
      id: ids.A,
      name: 'llm-context-A',
      type: 'Kubernetes::Deployment',
      health: 'unhealthy',
      status: 'Running',
      config: { spec: { replicas: 3 } },
    });
    // Only the change of the last 4 hours.
    expect(item?.changes).toEqual([
      expect.objectContaining({
        type: 'diff',
        summary: 'replicas 2 → 3',
        source: 'kubernetes',
        created_by: 'jane@example.com',
        count: 2,
      }),
    ]);
    // Up to 3 hops either way; not E (4 hops), not the deleted X; no configuration of theirs.
    expect(related.map((config) => config.name)).toEqual([
      'llm-context-B',
      'llm-context-C',
      'llm-context-D',
      'llm-context-F',
    ]);
    expect(related.every((config) => config.config === undefined)).toBe(true);
    expect(new Set(context.edges.map(({ from, to }) => `${from}>${to}`))).toEqual(
      new Set([`${ids.A}>${ids.B}`, `${ids.B}>${ids.C}`, `${ids.C}>${ids.D}`, `${ids.F}>${ids.A}`]),
    );
  });

  it('gives only what a scope the admin views as selects', async () => {
    const { rows } = await h.db.query<{ id: string }>(
      `INSERT INTO scopes (name, namespace, targets, source) VALUES ('llm-context', 'default', $1, 'UI')
       RETURNING id::text AS id`,
      [
        JSON.stringify([
          { config: { name: 'llm-context-A' } },
          { config: { name: 'llm-context-B' } },
        ]),
      ],
    );
    const viewing = { ...as('admin'), 'x-flanksource-scope': JSON.stringify([rows[0]!.id]) };
    const answer = await send('GET', `/api/llm/context/config/${ids.A}`, viewing);
    expect(answer.statusCode).toBe(200);
    const context = answer.json<{
      configs: Array<{ name: string }>;
      edges: Array<{ from: string; to: string }>;
    }>();
    expect(context.configs.map((config) => config.name)).toEqual([
      'llm-context-A',
      'llm-context-B',
    ]);
    expect(context.edges).toEqual([{ from: ids.A, to: ids.B }]);
    const hidden = await send('GET', `/api/llm/context/config/${ids.C}`, viewing);
    expect(hidden.statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a UUID and 404 for an item that does not exist', async () => {
    const bad = await send('GET', '/api/llm/context/config/nope', as('admin'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'invalid config id: nope' });
    const missing = '00000000-0000-4000-8000-000000000001';
    const gone = await send('GET', `/api/llm/context/config/${missing}`, as('admin'));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: `config doesn't exist (${missing})` });
    expect((await send('GET', `/api/llm/context/config/${ids.A}`, {})).statusCode).toBe(401);
  });
});
