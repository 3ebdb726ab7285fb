import type { SnapshotFrom } from 'xstate';
import { createActor, waitFor } from 'xstate';
import type { ToolSpec } from '../../../contracts/llm/chat';
import { assistantApi } from '../../../src/api/endpoints/assistant';
import { createChatLogic } from '../../../src/features/assistant/chatLogic';
import {
  configIdsOfTool,
  configLinkParts,
} from '../../../src/features/assistant/model/configLinks';
import { TOOL_DENIED } from '../../../machines/assistant/chat';
import { startContractHarness } from '../contract/support/harness';
import type { ContractHarness } from '../contract/support/harness';
import { startScriptedProvider } from '../../support/llmProvider';
import type { ScriptedProvider } from '../../support/llmProvider';

/**
 * The assistant's chat as the console runs it: the chat machine with its actors on the
 * console's store, the demo's relay and MCP endpoint, and a scripted OpenAI-compatible model.
 * The user asks which deployments are unhealthy, allows the catalog search the model asks for,
 * and gets an answer naming seeded items; a playbook run the user denies does not run.
 */

jest.setTimeout(120_000);

let harness: ContractHarness;
let model: ScriptedProvider;
let tools: ToolSpec[];
let unhealthy: { id: string; name: string };

type ChatLogic = ReturnType<typeof createChatLogic>;

function start() {
  const dispatch = harness.store.dispatch as Parameters<typeof createChatLogic>[0];
  return createActor(createChatLogic(dispatch, tools), { input: {} }).start();
}

const at = (state: string) => (snapshot: SnapshotFrom<ChatLogic>) => snapshot.value === state;

async function ask(actor: ReturnType<typeof start>, question: string) {
  actor.send({ type: 'draft.change', text: question });
  actor.send({ type: 'send' });
}

beforeAll(async () => {
  harness = await startContractHarness('admin');
  model = await startScriptedProvider('openai');
  await harness.demo.db.query(
    `INSERT INTO connections (name, namespace, type, url, password, properties, source)
     VALUES ('local-model', 'default', 'openai', $1, 'key-1', '{"model":"scripted"}', 'UI')`,
    [model.url],
  );
  const { rows } = await harness.demo.db.query<{ id: string; name: string }>(
    `SELECT id, name FROM config_items
      WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL
        AND health IN ('unhealthy', 'warning')
      ORDER BY health = 'unhealthy' DESC, name LIMIT 1`,
  );
  // The seeded deployment in the worst health (the small test estate has warnings only).
  unhealthy = rows[0]!;
  tools = await harness.store
    .dispatch(assistantApi.endpoints.listAssistantTools.initiate())
    .unwrap();
});

afterAll(async () => {
  await harness?.close();
  await model?.close();
});

it('asks before the catalog search, runs it when allowed and links the items of the answer', async () => {
  const search = {
    id: 'call_search',
    name: 'search_catalog',
    arguments: { query: `type=Kubernetes::Deployment ${unhealthy.name}`, kind: 'config' },
  };
  model.script(
    { kind: 'answer', text: ['Let me search the catalog.'], toolCalls: [search] },
    { kind: 'answer', text: [`${unhealthy.name} (${unhealthy.id}) `, 'is unhealthy.'] },
  );
  const actor = start();
  const texts: string[] = [];
  actor.subscribe((snapshot) => texts.push(snapshot.context.streamingText));
  await ask(actor, 'which deployments are unhealthy?');

  const asking = await waitFor(actor, at('awaitingApproval'));
  expect(asking.context.pendingCalls).toEqual([search]);
  // The model was offered the MCP tools, and asked with the system prompt first.
  const first = model.requests[0]?.body as { messages: Array<{ role: string }>; tools: unknown[] };
  expect(first.messages.map((message) => message.role)).toEqual(['system', 'user']);
  expect(JSON.stringify(first.tools)).toContain('"search_catalog"');

  actor.send({ type: 'tool.allow' });
  const done = await waitFor(actor, at('idle'));
  const result = done.context.messages.find((message) => message.role === 'tool');
  expect(result).toMatchObject({ toolCallId: 'call_search', name: 'search_catalog' });
  const found = configIdsOfTool('search_catalog', result?.content ?? '');
  expect(found).toContain(unhealthy.id);

  const answer = done.context.messages[done.context.messages.length - 1];
  expect(answer).toEqual({
    role: 'assistant',
    content: `${unhealthy.name} (${unhealthy.id}) is unhealthy.`,
  });
  expect(configLinkParts(answer?.content ?? '', new Set(found))).toContainEqual({
    kind: 'config',
    id: unhealthy.id,
  });
  // The text was shown as it streamed.
  expect(texts).toContain(`${unhealthy.name} (${unhealthy.id}) `);
  // The second request gave the model the search's result.
  expect(JSON.stringify(model.requests[1]?.body)).toContain(unhealthy.id);
  actor.stop();
});

it('does not run a playbook the user denies, and tells the model so', async () => {
  const { rows: playbooks } = await harness.demo.db.query<{ id: string }>(
    `SELECT id FROM playbooks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
  );
  const runs = async () =>
    (await harness.demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM playbook_runs'))
      .rows[0]!.n;
  const before = await runs();
  const run = {
    id: 'call_run',
    name: 'run_playbook',
    arguments: { playbook_id: playbooks[0]!.id, resource_id: unhealthy.id, kind: 'config' },
  };
  model.script(
    { kind: 'answer', toolCalls: [run] },
    { kind: 'answer', text: ['Understood, I did not restart it.'] },
  );
  const actor = start();
  await ask(actor, `restart ${unhealthy.name}`);
  await waitFor(actor, at('awaitingApproval'));
  actor.send({ type: 'tool.deny' });
  const done = await waitFor(actor, at('idle'));
  expect(await runs()).toBe(before);
  expect(done.context.messages).toContainEqual({
    role: 'tool',
    toolCallId: 'call_run',
    name: 'run_playbook',
    content: TOOL_DENIED,
    isError: true,
  });
  const told = model.requests[model.requests.length - 1]?.body as {
    messages: Array<{ role: string; content: unknown }>;
  };
  expect(told.messages[told.messages.length - 1]).toEqual({
    role: 'tool',
    tool_call_id: 'call_run',
    content: TOOL_DENIED,
  });
  actor.stop();
});

it('shows the provider’s reason when it refuses, and answers on retry', async () => {
  model.script(
    { kind: 'refusal', status: 401, message: 'Incorrect API key provided' },
    { kind: 'answer', text: ['Hello.'] },
  );
  const actor = start();
  await ask(actor, 'hello');
  const failed = await waitFor(actor, at('failed'));
  expect(failed.context.error).toBe('openai answered 401: Incorrect API key provided');
  actor.send({ type: 'retry' });
  const done = await waitFor(actor, at('idle'));
  expect(done.context.messages[done.context.messages.length - 1]).toEqual({
    role: 'assistant',
    content: 'Hello.',
  });
  actor.stop();
});
