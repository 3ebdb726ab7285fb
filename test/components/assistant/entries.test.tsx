/**
 * The assistant's entries, driven as a user drives the console: the top bar's Assistant button
 * and its panel (a streamed answer, a tool call allowed and run through `/api/mcp`, kept
 * conversations, closing, resizing), "Send to AI" on a config item and "Diagnose failure" on a
 * failed playbook run; none of them while the assistant is not offered.
 */
import '../../support/withMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ChatMessage, ChatRequest, ChatStreamEvent } from '../../../contracts/llm/chat';
import { llmConnectionApi } from '../../../src/api/endpoints/llmConnection';
import { systemApi } from '../../../src/api/endpoints/system';
import type { LlmConnection } from '../../../src/api/schemas/llmConnection';
import type { Property } from '../../../src/api/schemas/system';
import { AI_DISABLE_PROPERTY } from '../../../src/features/assistant/model/availability';
import { paths } from '../../../src/shell/paths';
import { deferred } from '../../support/deferred';
import { server } from '../../support/msw';
import type { RenderAppOptions } from '../../support/renderApp';
import { pagesAt, renderPages } from '../../support/renderPages';
import { ITEM, ITEM_ID, configItemBackend } from '../catalog/item/configItemBackend';
import { RUN_CHECK, RUN_DONE, failedRunActions, runsBackend } from '../playbooks/runsBackend';

const SLOW = { timeout: 15_000 };

const CONNECTION: LlmConnection = {
  id: '018f4b8e-9999-7000-8000-000000000001',
  name: 'local-model',
  type: 'ollama',
  url: 'http://gpu:11434',
  properties: { model: 'llama3.1' },
};

const DISABLED: Property[] = [{ name: AI_DISABLE_PROPERTY, value: 'true', source: 'db' }];

const ITEM_PAGES = pagesAt('/catalog/:id/*');
const RUN_PAGES = pagesAt(paths.playbookRun.path);

const TOOLS = [
  {
    name: 'search_catalog',
    description: 'Search the catalog',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  },
];

/** The context of the config item, as `GET /api/llm/context/config/{id}` answers it. */
const CONTEXT = {
  configs: [
    {
      id: ITEM_ID,
      name: 'checkout-api',
      type: 'Kubernetes::Deployment',
      health: 'unhealthy',
      status: 'Running',
      created: '2026-01-10T08:00:00Z',
      changes: [{ type: 'diff', summary: 'replicas 3 → 1', count: 1 }],
    },
  ],
  edges: [],
};

const lines = (events: ChatStreamEvent[]) =>
  events.map((event) => `${JSON.stringify(event)}\n`).join('');

const NDJSON = { 'content-type': 'application/x-ndjson; charset=utf-8' };

/** An answer the relay streams at once. */
const answered =
  (...events: ChatStreamEvent[]) =>
  () =>
    new HttpResponse(lines(events), { headers: NDJSON });

/** An answer whose first events stream at once, the rest once `gate` resolves. */
function streamedInTwo(first: ChatStreamEvent[], gate: Promise<void>, rest: ChatStreamEvent[]) {
  return () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(lines(first)));
        await gate;
        controller.enqueue(encoder.encode(lines(rest)));
        controller.close();
      },
    });
    return new HttpResponse(body, { headers: NDJSON });
  };
}

type Answer = () => Response | Promise<Response>;

/**
 * The relay, the MCP endpoint and the context of config items: the relay answers the scripted
 * answers in turn (then a plain one), and every request is kept.
 */
function assistantBackend() {
  const chats: ChatRequest[] = [];
  const answers: Answer[] = [];
  const toolCalls: unknown[] = [];
  const contextReads: string[] = [];
  let contextAnswer: () => Response | Promise<Response> = () => HttpResponse.json(CONTEXT);
  server.use(
    http.post('*/api/llm/chat', async ({ request }) => {
      chats.push((await request.json()) as ChatRequest);
      const next =
        answers.shift() ??
        answered({ type: 'text', text: 'Nothing more to say.' }, { type: 'done', stop: 'end' });
      return next();
    }),
    http.post('*/api/mcp', async ({ request }) => {
      const body = (await request.json()) as {
        id: number;
        method: string;
        params: { name?: string; arguments?: unknown };
      };
      if (body.method === 'tools/list') {
        return HttpResponse.json({ jsonrpc: '2.0', id: body.id, result: { tools: TOOLS } });
      }
      if (body.method === 'tools/call') {
        toolCalls.push(body.params);
        return HttpResponse.json({
          jsonrpc: '2.0',
          id: body.id,
          result: { content: [{ type: 'text', text: '2 deployments are unhealthy' }] },
        });
      }
      return HttpResponse.json({
        jsonrpc: '2.0',
        id: body.id,
        error: { code: -32601, message: 'method not found' },
      });
    }),
    http.get('*/api/llm/context/config/:id', ({ params }) => {
      contextReads.push(String(params.id));
      return contextAnswer();
    }),
  );
  return {
    chats,
    toolCalls,
    contextReads,
    /** The relay's next answers, in turn. */
    script: (...next: Answer[]) => answers.push(...next),
    answerContext: (answer: () => Response | Promise<Response>) => {
      contextAnswer = answer;
    },
  };
}

type AppOptions = Pick<RenderAppOptions, 'llmConnection' | 'properties'>;

function renderItem(app: AppOptions = { llmConnection: CONNECTION }) {
  const catalog = configItemBackend();
  const assistant = assistantBackend();
  const rendered = renderPages(ITEM_PAGES, `/catalog/${ITEM_ID}/spec`, app);
  return { ...rendered, catalog, assistant };
}

function renderRun(id: string, app: AppOptions = { llmConnection: CONNECTION }) {
  const runs = runsBackend();
  runs.actions.push(...failedRunActions());
  const detailReads: string[] = [];
  server.use(
    // PB-12 lists the actions without their errors; PB-13 has them.
    http.get('*/api/db/rpc/get_playbook_run_actions', ({ request }) => {
      const runId = new URL(request.url).searchParams.get('run_id') ?? '';
      return HttpResponse.json(
        runs.actions
          .filter((row) => row.playbook_run_id === runId)
          .map(({ playbook_run: _spec, error: _error, ...row }) => row),
      );
    }),
    http.get('*/api/db/playbook_run_actions', ({ request }) => {
      const actionId = new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '') ?? '';
      detailReads.push(actionId);
      return HttpResponse.json(runs.actions.filter((row) => row.id === actionId));
    }),
  );
  const assistant = assistantBackend();
  const rendered = renderPages(RUN_PAGES, paths.playbookRun.getHref(id), app);
  return { ...rendered, runs, assistant, detailReads };
}

const ui = {
  topBarButton: () => screen.queryByRole('button', { name: 'Assistant' }),
  /** The panel, once loaded (its conversation shown). */
  panel: async () => {
    await screen.findByRole('log', { name: 'Conversation' }, SLOW);
    return screen.getByRole('complementary', { name: 'Assistant' });
  },
  shownPanel: () => screen.queryByRole('complementary', { name: 'Assistant' }),
  log: (panel: HTMLElement) => within(panel).getByRole('log', { name: 'Conversation' }),
  conversations: (panel: HTMLElement) =>
    within(panel).getByRole<HTMLSelectElement>('combobox', { name: 'Conversation' }),
  message: (panel: HTMLElement) => within(panel).getByRole('textbox', { name: 'Message' }),
  resize: (panel: HTMLElement) =>
    within(panel).getByRole('separator', { name: 'Resize the assistant' }),
  itemShown: () => screen.findByRole('heading', { level: 2, name: ITEM.name! }, SLOW),
  runShown: () => screen.findByRole('region', { name: 'Run' }, SLOW),
};

/** Waits until the conversation in `panel` shows `text` in a complete answer. */
async function answerShown(panel: HTMLElement, text: string, selector = '*') {
  await waitFor(() => {
    const log = ui.log(panel);
    expect(log).toHaveAttribute('aria-busy', 'false');
    expect(within(log).getByText(text, { selector })).toBeInTheDocument();
  }, SLOW);
}

/** The user's message of a chat request. */
const userMessages = (request: ChatRequest | undefined) =>
  (request?.messages ?? []).filter(
    (message): message is Extract<ChatMessage, { role: 'user' }> => message.role === 'user',
  );

/** Waits until the shell knows whether the assistant is offered. */
async function offerSettled(store: ReturnType<typeof renderPages>['store']) {
  await waitFor(() => {
    const state = store.getState();
    const connection = llmConnectionApi.endpoints.getLlmConnection.select()(state);
    expect(connection.isSuccess || connection.isError).toBe(true);
    expect(systemApi.endpoints.getProperties.select()(state).isSuccess).toBe(true);
  }, SLOW);
}

describe('while the assistant is not offered', () => {
  it.each([
    ['without an LLM connection', {}],
    ['with ai.disable = true', { llmConnection: CONNECTION, properties: DISABLED }],
  ] as Array<[string, AppOptions]>)(
    '%s: no Assistant in the top bar, no Send to AI on a config item',
    async (_case, app) => {
      const { store } = renderItem(app);
      await ui.itemShown();
      await offerSettled(store);
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
      expect(ui.topBarButton()).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send to AI' })).not.toBeInTheDocument();
    },
  );

  it.each([
    ['without an LLM connection', {}],
    ['with ai.disable = true', { llmConnection: CONNECTION, properties: DISABLED }],
  ] as Array<[string, AppOptions]>)(
    '%s: no Diagnose failure on a failed run',
    async (_case, app) => {
      const { store } = renderRun(RUN_CHECK, app);
      await ui.runShown();
      await screen.findByRole('region', { name: 'Action apply-migrations' }, SLOW);
      await offerSettled(store);
      expect(screen.queryByRole('button', { name: 'Diagnose failure' })).not.toBeInTheDocument();
      expect(ui.topBarButton()).not.toBeInTheDocument();
    },
  );
});

describe('the top bar’s Assistant', () => {
  it('opens the panel, streams an answer, runs an allowed tool call and keeps the conversation', async () => {
    const { user, assistant } = renderItem();
    const rest = deferred();
    assistant.script(
      streamedInTwo([{ type: 'text', text: 'Let me look ' }], rest.promise, [
        { type: 'text', text: 'in the catalog.' },
        {
          type: 'tool_call',
          call: { id: 'call-1', name: 'search_catalog', arguments: { query: 'health=unhealthy' } },
        },
        { type: 'done', stop: 'tool_calls' },
      ]),
      answered(
        { type: 'text', text: 'Two deployments are **unhealthy**.' },
        { type: 'done', stop: 'end' },
      ),
    );
    await ui.itemShown();
    const button = await screen.findByRole('button', { name: 'Assistant' }, SLOW);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const panel = await ui.panel();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('heading', { name: 'Assistant' })).toBeInTheDocument();
    expect(await within(panel).findByText('llama3.1')).toBeInTheDocument();
    expect(ui.conversations(panel)).toHaveValue('');

    await user.type(ui.message(panel), 'which deployments are unhealthy?');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const log = ui.log(panel);
    expect(within(log).getByText('which deployments are unhealthy?')).toBeInTheDocument();
    // The first words show while the rest is still coming.
    expect(await within(log).findByText('Let me look')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    rest.resolve();

    const approval = await within(panel).findByRole('group', { name: 'Tool call to approve' });
    expect(within(approval).getByText('Run search_catalog?')).toBeInTheDocument();
    expect(within(approval).getByText(/health=unhealthy/)).toBeInTheDocument();
    expect(within(approval).getByRole('button', { name: 'Deny' })).toBeInTheDocument();
    expect(within(approval).getByRole('button', { name: 'Always allow' })).toBeInTheDocument();
    expect(assistant.toolCalls).toEqual([]);
    await user.click(within(approval).getByRole('button', { name: 'Allow' }));

    await answerShown(panel, 'unhealthy', 'strong');
    expect(assistant.toolCalls).toEqual([
      { name: 'search_catalog', arguments: { query: 'health=unhealthy' } },
    ]);
    expect(within(log).getByLabelText('Tool call search_catalog')).toHaveTextContent('Ran');
    // The tool's result goes back to the model with the conversation.
    expect(assistant.chats).toHaveLength(2);
    expect(assistant.chats[1]?.messages.slice(1)).toEqual([
      { role: 'user', content: 'which deployments are unhealthy?' },
      {
        role: 'assistant',
        content: 'Let me look in the catalog.',
        toolCalls: [
          { id: 'call-1', name: 'search_catalog', arguments: { query: 'health=unhealthy' } },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'call-1',
        name: 'search_catalog',
        content: '2 deployments are unhealthy',
      },
    ]);
    expect(assistant.chats[1]?.tools).toEqual(TOOLS);
    expect(assistant.chats[0]?.messages.map((message) => message.role)).toEqual(['system', 'user']);

    // The answered conversation is kept, and chosen.
    const select = ui.conversations(panel);
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['New conversation', 'which deployments are unhealthy?']),
    );
    expect(select.value).not.toBe('');

    await user.click(within(panel).getByRole('button', { name: 'New conversation' }));
    expect(ui.log(panel)).toBeEmptyDOMElement();
    expect(ui.conversations(panel)).toHaveValue('');

    await user.selectOptions(ui.conversations(panel), 'which deployments are unhealthy?');
    const again = ui.log(panel);
    expect(within(again).getByText('which deployments are unhealthy?')).toBeInTheDocument();
    expect(within(again).getByText('unhealthy', { selector: 'strong' })).toBeInTheDocument();
    // Asked nothing again.
    expect(assistant.chats).toHaveLength(2);
  });

  it('closes on Escape and on Close, and reopens on the same conversation', async () => {
    const { user, assistant } = renderItem();
    assistant.script(
      answered({ type: 'text', text: 'All healthy.' }, { type: 'done', stop: 'end' }),
    );
    await ui.itemShown();
    await user.click(await screen.findByRole('button', { name: 'Assistant' }, SLOW));
    const panel = await ui.panel();
    await user.type(ui.message(panel), 'anything broken?{Enter}');
    await answerShown(panel, 'All healthy.');

    await user.click(ui.message(panel));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(ui.shownPanel()).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Assistant' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await user.click(screen.getByRole('button', { name: 'Assistant' }));
    const reopened = await ui.panel();
    expect(within(ui.log(reopened)).getByText('anything broken?')).toBeInTheDocument();
    expect(within(ui.log(reopened)).getByText('All healthy.')).toBeInTheDocument();

    await user.click(within(reopened).getByRole('button', { name: 'Close the assistant' }));
    await waitFor(() => expect(ui.shownPanel()).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Assistant' }));
    expect(within(ui.log(await ui.panel())).getByText('All healthy.')).toBeInTheDocument();
  });

  it('is resized by the arrow keys of its handle, and keeps its width', async () => {
    const first = renderItem();
    await ui.itemShown();
    await first.user.click(await screen.findByRole('button', { name: 'Assistant' }, SLOW));
    const panel = await ui.panel();
    const handle = ui.resize(panel);
    expect(handle).toHaveAttribute('aria-valuenow', '440');
    expect(panel).toHaveStyle({ width: '440px' });

    handle.focus();
    await first.user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '520');
    expect(panel).toHaveStyle({ width: '520px' });
    await first.user.keyboard('{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '480');
    expect(panel).toHaveStyle({ width: '480px' });
    // The arrows do not close the panel nor scroll the page.
    expect(ui.shownPanel()).toBeInTheDocument();
    first.unmount();

    const second = renderItem();
    await ui.itemShown();
    await second.user.click(await screen.findByRole('button', { name: 'Assistant' }, SLOW));
    const kept = await ui.panel();
    expect(ui.resize(kept)).toHaveAttribute('aria-valuenow', '480');
    expect(kept).toHaveStyle({ width: '480px' });
  });
});

describe('Send to AI on a config item', () => {
  it('asks a quick prompt with the item and its context, shown folded', async () => {
    const { user, assistant } = renderItem();
    const context = deferred();
    assistant.answerContext(async () => {
      await context.promise;
      return HttpResponse.json(CONTEXT);
    });
    assistant.script(
      answered({ type: 'text', text: 'The replicas went down.' }, { type: 'done', stop: 'end' }),
    );
    await ui.itemShown();
    await user.click(await screen.findByRole('button', { name: 'Send to AI' }, SLOW));
    const menu = await screen.findByRole('menu', { name: 'Send to AI' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Summarise', 'Why is it unhealthy?', 'What changed?']);
    await user.click(within(menu).getByRole('menuitem', { name: 'What changed?' }));

    const panel = await ui.panel();
    expect(await within(panel).findByRole('status', {}, SLOW)).toHaveTextContent(
      'Reading the context of checkout-api…',
    );
    context.resolve();

    const log = ui.log(panel);
    await answerShown(panel, 'The replicas went down.');
    expect(assistant.contextReads).toEqual([ITEM_ID]);
    const [question] = userMessages(assistant.chats[0]);
    expect(question?.content).toContain(
      'What changed on this config item recently, and could it explain its state?',
    );
    expect(question?.content).toContain(
      `Config item: checkout-api (Kubernetes::Deployment, id ${ITEM_ID}).`,
    );
    expect(question?.content).toContain(JSON.stringify(CONTEXT, null, 2));
    expect(assistant.chats[0]?.messages[0]?.role).toBe('system');

    expect(within(log).getByText(/^What changed on this config item recently/)).toHaveTextContent(
      `Config item: checkout-api (Kubernetes::Deployment, id ${ITEM_ID}).`,
    );
    const folded = within(log).getByText('Context', { selector: 'summary' }).closest('details')!;
    expect(folded).not.toHaveAttribute('open');
    expect(within(folded).getByText(/"replicas 3 → 1"/)).toBeInTheDocument();
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks the same quick prompt again in a new conversation, keeping the first', async () => {
    const { user, assistant } = renderItem();
    assistant.script(
      answered({ type: 'text', text: 'First look.' }, { type: 'done', stop: 'end' }),
      answered({ type: 'text', text: 'Second look.' }, { type: 'done', stop: 'end' }),
    );
    await ui.itemShown();
    const sendToAi = async () => {
      await user.click(await screen.findByRole('button', { name: 'Send to AI' }, SLOW));
      await user.click(await screen.findByRole('menuitem', { name: 'Why is it unhealthy?' }));
    };
    await sendToAi();
    const panel = await ui.panel();
    await answerShown(panel, 'First look.');
    await user.click(within(panel).getByRole('button', { name: 'Close the assistant' }));
    await waitFor(() => expect(ui.shownPanel()).not.toBeInTheDocument());

    await sendToAi();
    const again = await ui.panel();
    await answerShown(again, 'Second look.');
    expect(within(ui.log(again)).queryByText('First look.')).not.toBeInTheDocument();
    expect(assistant.chats).toHaveLength(2);
    for (const chat of assistant.chats) {
      expect(userMessages(chat)).toHaveLength(1);
      expect(userMessages(chat)[0]?.content).toContain(
        'Why is this config item unhealthy, and what should be done next?',
      );
    }
    const select = ui.conversations(again);
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    const kept = within(select).getAllByRole<HTMLOptionElement>('option')[2]!;
    await user.selectOptions(select, kept);
    await answerShown(again, 'First look.');
  });

  it('shows the server’s reason when the context cannot be read, and asks again on Try again', async () => {
    const { user, assistant } = renderItem();
    let refuse = true;
    assistant.answerContext(() =>
      refuse
        ? HttpResponse.json(
            { error: 'you may not read the context of checkout-api' },
            { status: 403 },
          )
        : HttpResponse.json(CONTEXT),
    );
    assistant.script(
      answered({ type: 'text', text: 'It looks healthy.' }, { type: 'done', stop: 'end' }),
    );
    await ui.itemShown();
    await user.click(await screen.findByRole('button', { name: 'Send to AI' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Summarise' }));

    const panel = await ui.panel();
    const alert = await within(panel).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The question could not be prepared');
    expect(alert).toHaveTextContent('you may not read the context of checkout-api');
    expect(assistant.chats).toEqual([]);

    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await answerShown(panel, 'It looks healthy.');
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(assistant.contextReads).toEqual([ITEM_ID, ITEM_ID]);
    expect(assistant.chats).toHaveLength(1);
    expect(userMessages(assistant.chats[0])[0]?.content).toContain(
      'Summarise this config item and its state.',
    );
  });
});

describe('Diagnose failure on a playbook run', () => {
  it('is offered on a failed run only', async () => {
    const done = renderRun(RUN_DONE);
    await ui.runShown();
    await screen.findByRole('button', { name: 'Assistant' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Diagnose failure' })).not.toBeInTheDocument();
    done.unmount();

    renderRun(RUN_CHECK);
    expect(
      await screen.findByRole('button', { name: 'Diagnose failure' }, SLOW),
    ).toBeInTheDocument();
  });

  it('asks why the run failed, naming the playbook, with the failed action’s error read from PB-13', async () => {
    const { user, assistant, detailReads } = renderRun(RUN_CHECK);
    assistant.script(
      answered({ type: 'text', text: 'The migration ran twice.' }, { type: 'done', stop: 'end' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Diagnose failure' }, SLOW));
    const panel = await ui.panel();
    const log = ui.log(panel);
    await answerShown(panel, 'The migration ran twice.');
    expect(detailReads).toContain('c-migrate');

    const content = userMessages(assistant.chats[0])[0]?.content ?? '';
    expect(content).toContain(
      'Diagnose why this run of Restart deployment failed and say what to do next.',
    );
    const context = JSON.parse(/```json\n([\s\S]*)\n```/.exec(content)?.[1] ?? '{}') as {
      run: { id: string; playbook: string; error?: string };
      actions: Array<{ name?: string; status?: string; error?: string; result?: string }>;
    };
    expect(context.run).toMatchObject({ id: RUN_CHECK, playbook: 'Restart deployment' });
    const failed = context.actions.find((action) => action.name === 'apply-migrations');
    expect(failed).toMatchObject({ status: 'failed', error: 'exit status 75' });
    expect(failed?.result).toContain('command failed with exit code 75');
    expect(context.actions.map((action) => action.name)).toEqual([
      'fetch-release',
      'preflight',
      'apply-migrations',
      'rollout',
    ]);

    const folded = within(log).getByText('Run and actions', { selector: 'summary' });
    expect(folded.closest('details')).toHaveTextContent('exit status 75');
    expect(
      within(log).getByText(
        'Diagnose why this run of Restart deployment failed and say what to do next.',
      ),
    ).toBeInTheDocument();
  });
});
