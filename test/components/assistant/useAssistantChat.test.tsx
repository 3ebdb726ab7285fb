import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ChatStreamEvent } from '../../../contracts/llm/chat';
import { assistantApi } from '../../../src/api/endpoints/assistant';
import { llmConnectionApi } from '../../../src/api/endpoints/llmConnection';
import { systemApi } from '../../../src/api/endpoints/system';
import { createStore } from '../../../src/app/store';
import { AI_DISABLE_PROPERTY } from '../../../src/features/assistant/model/availability';
import {
  conversationsKey,
  readConversations,
} from '../../../src/features/assistant/model/conversations';
import { useAssistantAvailable } from '../../../src/features/assistant/useAssistantAvailable';
import { useAssistantChat } from '../../../src/features/assistant/useAssistantChat';
import { server } from '../../support/msw';
import { TEST_CONFIG } from '../../support/renderApp';

const USER_ID = 'user-1';
const CONNECTION = { id: 'c-1', name: 'local-model', type: 'ollama', url: 'http://gpu:11434' };
const TOOLS = [{ name: 'search_catalog', description: 'Search', inputSchema: { type: 'object' } }];

/** A store with a signed-in user, and the wrapper that provides it. */
function setup(roles: string[] = ['admin']) {
  const store = createStore({
    config: TEST_CONFIG,
    preloadedState: {
      session: {
        authMode: 'kratos',
        status: 'ready',
        roles,
        permissions: [],
        user: { id: USER_ID, name: 'Ada', email: 'ada@example.com' },
      } as never,
    },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  const state = () => store.getState();
  return {
    wrapper,
    store,
    /** The connection and the properties have both answered. */
    settled: () =>
      !llmConnectionApi.endpoints.getLlmConnection.select()(state()).isUninitialized &&
      !llmConnectionApi.endpoints.getLlmConnection.select()(state()).isLoading &&
      systemApi.endpoints.getProperties.select()(state()).isSuccess,
    toolsListed: () => assistantApi.endpoints.listAssistantTools.select()(state()).isSuccess,
  };
}

const ndjson = (...events: ChatStreamEvent[]) =>
  new HttpResponse(events.map((event) => `${JSON.stringify(event)}\n`).join(''), {
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8' },
  });

function backend(options: { connection?: number; properties?: unknown[] } = {}) {
  const chats: unknown[] = [];
  server.use(
    http.get('*/api/connection/llm', () =>
      options.connection && options.connection !== 200
        ? HttpResponse.json({ error: 'no LLM connection is configured' }, { status: 404 })
        : HttpResponse.json(CONNECTION),
    ),
    http.get('*/api/properties', () => HttpResponse.json(options.properties ?? [])),
    http.post('*/api/mcp', async ({ request }) => {
      const body = (await request.json()) as { method: string };
      if (body.method === 'tools/list') {
        return HttpResponse.json({ jsonrpc: '2.0', id: 1, result: { tools: TOOLS } });
      }
      return HttpResponse.json({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } });
    }),
    http.post('*/api/llm/chat', async ({ request }) => {
      chats.push(await request.json());
      return ndjson(
        { type: 'text', text: 'None ' },
        { type: 'text', text: 'are.' },
        {
          type: 'done',
          stop: 'end',
        },
      );
    }),
  );
  return chats;
}

describe('whether the assistant is offered', () => {
  it.each([
    ['with a connection', {}, true],
    ['without one', { connection: 404 }, false],
    [
      'with ai.disable = true',
      { properties: [{ name: AI_DISABLE_PROPERTY, value: 'true' }] },
      false,
    ],
    [
      'with ai.disable = false',
      { properties: [{ name: AI_DISABLE_PROPERTY, value: 'false' }] },
      true,
    ],
  ])('%s', async (_case, options, offered) => {
    backend(options);
    const { wrapper, settled } = setup();
    const { result } = renderHook(() => useAssistantAvailable(), { wrapper });
    await waitFor(() => expect(settled()).toBe(true));
    expect(result.current).toBe(offered);
  });

  it('is not asked for, nor offered, by someone who may not read connections', async () => {
    let asked = 0;
    backend();
    server.use(
      http.get('*/api/connection/llm', () => {
        asked += 1;
        return HttpResponse.json(CONNECTION);
      }),
    );
    const { wrapper, store } = setup(['guest']);
    const { result } = renderHook(() => useAssistantAvailable(), { wrapper });
    await waitFor(() =>
      expect(systemApi.endpoints.getProperties.select()(store.getState()).isSuccess).toBe(true),
    );
    expect(result.current).toBe(false);
    expect(asked).toBe(0);
  });
});

describe('a conversation', () => {
  it('asks with the system prompt and the tools, streams the answer and keeps the conversation', async () => {
    const chats = backend();
    const { wrapper, toolsListed } = setup();
    const { result } = renderHook(() => useAssistantChat(), { wrapper });
    await waitFor(() => expect(toolsListed()).toBe(true));
    act(() => result.current.onDraftChange('which deployments are unhealthy?'));
    act(() => result.current.onSend());
    await waitFor(() => expect(result.current.stage).toBe('idle'));
    expect(result.current.messages[result.current.messages.length - 1]).toEqual({
      role: 'assistant',
      content: 'None are.',
    });
    const [asked] = chats as Array<{ messages: Array<{ role: string }>; tools: unknown[] }>;
    expect(asked?.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(asked?.tools).toEqual(TOOLS);
    const kept = readConversations(window.localStorage.getItem(conversationsKey(USER_ID)));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.title).toBe('which deployments are unhealthy?');
    expect(kept[0]?.messages).toHaveLength(2);
  });
});
