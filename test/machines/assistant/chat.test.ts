import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { ToolCall } from '../../../contracts/llm/chat';
import {
  ANSWER_FAILED,
  TOOL_DENIED,
  TOOL_FAILED,
  chatMachine,
} from '../../../machines/assistant/chat';
import type { StreamAnswerInput } from '../../../machines/assistant/chat';
import { httpError, networkError } from '../../../src/api/errors';
import {
  itCoversEveryStateAndTransition,
  itReplaysStateAndTransitionPaths,
} from '../../support/generatedPaths';
import type { MachinePath } from '../../support/machinePaths';
import { generatePaths } from '../../support/machinePaths';
import {
  actorEvents,
  describeActorEvent,
  describePath as describeSteps,
  flush,
  inertMachine,
  replayPath,
  startControllable,
} from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof chatMachine>;
type Path = MachinePath<Snapshot>;

const QUESTION = 'which deployments are unhealthy?';
const SEARCH: ToolCall = {
  id: 'call-1',
  name: 'search_catalog',
  arguments: { query: 'type=Kubernetes::Deployment health=unhealthy' },
};
const RUN: ToolCall = {
  id: 'call-2',
  name: 'run_playbook',
  arguments: { id: 'restart-deployment', params: {} },
};
const INPUT = {};
const ACTORS = ['streamAnswer', 'callTool'] as const;
const [ANSWER_DONE, ANSWER_ERROR] = actorEvents('streamAnswer');
const [TOOL_DONE, TOOL_ERROR] = actorEvents('callTool');

/** What the user, the relay and the tools can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const typing = { type: 'draft.change', text: QUESTION };
  switch (snapshot.value) {
    case 'idle':
      return [
        typing,
        { type: 'draft.change', text: '  ' },
        { type: 'send' },
        { type: 'ask', content: 'Summarise this config item.' },
        { type: 'ask', content: ' ' },
      ];
    case 'streaming':
      return [
        typing,
        { type: 'stream.text', text: 'Two deployments ' },
        { type: 'stop' },
        { type: ANSWER_DONE, output: { text: 'None are unhealthy.', toolCalls: [], stop: 'end' } },
        { type: ANSWER_DONE, output: { text: '', toolCalls: [SEARCH], stop: 'tool_calls' } },
        {
          type: ANSWER_DONE,
          output: { text: 'Let me look.', toolCalls: [SEARCH, RUN], stop: 'tool_calls' },
        },
        { type: ANSWER_ERROR, error: httpError(502, { error: 'openai answered 401: bad key' }) },
        { type: ANSWER_ERROR, error: {} },
      ];
    case 'awaitingApproval':
      return [typing, { type: 'tool.allow' }, { type: 'tool.alwaysAllow' }, { type: 'tool.deny' }];
    case 'runningTool':
      return [
        typing,
        { type: TOOL_DONE, output: { content: '[{"name":"checkout"}]', isError: false } },
        { type: TOOL_ERROR, error: networkError() },
        { type: TOOL_ERROR, error: {} },
      ];
    case 'failed':
      return [typing, { type: 'retry' }];
    default:
      return [];
  }
}

/**
 * A vertex: the state, whether there is something to send (in `idle`), whether text came, the
 * calls waiting, the tools allowed always, and whether a failure is shown.
 */
function key(snapshot: Snapshot): string {
  const { draft, streamingText, pendingCalls, alwaysAllowed, error } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    snapshot.value === 'idle' ? draft.trim() !== '' : null,
    streamingText !== '',
    pendingCalls.map((call) => call.name),
    alwaysAllowed,
    error !== undefined,
  ]);
}

/** Two events are one when they are the same JSON, an `Error` by its message. */
function eventKey(event: AnyEventObject): string {
  return JSON.stringify(event, (_, value: unknown) =>
    value instanceof Error ? { message: value.message } : value,
  );
}

const traversal = {
  input: INPUT,
  events: eventsFor,
  serializeState: key,
  serializeEvent: eventKey,
};
const { statePaths, transitionPaths } = generatePaths(chatMachine, traversal);

const describePath = (path: Path) =>
  describeSteps(path, (snapshot) => String(snapshot.value), describeActorEvent);

describe('chat: generated paths', () => {
  itCoversEveryStateAndTransition(
    chatMachine,
    inertMachine(chatMachine, ACTORS),
    {
      states: [{ input: INPUT, paths: statePaths }],
      transitions: [{ input: INPUT, paths: transitionPaths }],
    },
    {
      stateIds: [
        'chat',
        'chat.awaitingApproval',
        'chat.failed',
        'chat.idle',
        'chat.runningTool',
        'chat.streaming',
      ],
      transitions: 20,
    },
  );

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, describePath, (path) =>
    replayPath(chatMachine, ACTORS, INPUT, path),
  );
});

describe('chat: behaviour', () => {
  it('sends the question, shows the text as it streams and keeps the answer', async () => {
    const { actor, calls } = startControllable(chatMachine, ACTORS, INPUT);
    actor.send({ type: 'send' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'draft.change', text: `  ${QUESTION} ` });
    actor.send({ type: 'send' });
    expect(actor.getSnapshot().context.draft).toBe('');
    const input = calls[0]?.input as StreamAnswerInput;
    expect(input.messages).toEqual([{ role: 'user', content: QUESTION }]);
    input.onText('None ');
    input.onText('are.');
    expect(actor.getSnapshot().context.streamingText).toBe('None are.');
    calls[0]?.resolve({ text: 'None are.', toolCalls: [], stop: 'end' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.streamingText).toBe('');
    expect(actor.getSnapshot().context.messages).toEqual([
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: 'None are.' },
    ]);
  });

  it('asks before each tool call, runs the allowed one and tells the model of the denied one', async () => {
    const { actor, calls } = startControllable(chatMachine, ACTORS, INPUT);
    actor.send({ type: 'draft.change', text: QUESTION });
    actor.send({ type: 'send' });
    calls[0]?.resolve({ text: '', toolCalls: [SEARCH, RUN], stop: 'tool_calls' });
    await flush();
    expect(actor.getSnapshot().value).toBe('awaitingApproval');
    expect(actor.getSnapshot().context.pendingCalls[0]).toEqual(SEARCH);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'tool.allow' });
    expect(calls[1]?.name).toBe('callTool');
    expect(calls[1]?.input).toEqual({ call: SEARCH });
    calls[1]?.resolve({ content: '[{"name":"checkout"}]', isError: false });
    await flush();
    expect(actor.getSnapshot().value).toBe('awaitingApproval');
    expect(actor.getSnapshot().context.pendingCalls).toEqual([RUN]);
    actor.send({ type: 'tool.deny' });
    // The playbook was not run: no call of callTool for it, and the model hears why.
    expect(calls.filter((call) => call.name === 'callTool')).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('streaming');
    expect((calls[2]?.input as StreamAnswerInput).messages).toEqual([
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: '', toolCalls: [SEARCH, RUN] },
      {
        role: 'tool',
        toolCallId: 'call-1',
        name: 'search_catalog',
        content: '[{"name":"checkout"}]',
      },
      {
        role: 'tool',
        toolCallId: 'call-2',
        name: 'run_playbook',
        content: TOOL_DENIED,
        isError: true,
      },
    ]);
  });

  it('runs a tool allowed always without asking again in the conversation', async () => {
    const { actor, calls } = startControllable(chatMachine, ACTORS, INPUT);
    actor.send({ type: 'draft.change', text: QUESTION });
    actor.send({ type: 'send' });
    calls[0]?.resolve({ text: '', toolCalls: [SEARCH], stop: 'tool_calls' });
    await flush();
    actor.send({ type: 'tool.alwaysAllow' });
    expect(actor.getSnapshot().context.alwaysAllowed).toEqual(['search_catalog']);
    calls[1]?.reject(new Error('search_catalog: forbidden'));
    await flush();
    expect(actor.getSnapshot().value).toBe('streaming');
    calls[2]?.resolve({ text: '', toolCalls: [{ ...SEARCH, id: 'call-3' }], stop: 'tool_calls' });
    await flush();
    expect(actor.getSnapshot().value).toBe('runningTool');
    expect(calls[3]?.input).toEqual({ call: { ...SEARCH, id: 'call-3' } });
    calls[3]?.reject({});
    await flush();
    const tools = actor.getSnapshot().context.messages.filter((m) => m.role === 'tool');
    expect(tools.map((m) => m.content)).toEqual(['search_catalog: forbidden', TOOL_FAILED]);
  });

  it('shows why the answer failed and asks for the same answer again', async () => {
    const { actor, calls } = startControllable(chatMachine, ACTORS, INPUT);
    actor.send({ type: 'draft.change', text: QUESTION });
    actor.send({ type: 'send' });
    (calls[0]?.input as StreamAnswerInput).onText('Partial');
    calls[0]?.reject(new Error('openai answered 401: bad key'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('openai answered 401: bad key');
    expect(actor.getSnapshot().context.streamingText).toBe('');
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect((calls[1]?.input as StreamAnswerInput).messages).toEqual([
      { role: 'user', content: QUESTION },
    ]);
    calls[1]?.reject({});
    await flush();
    expect(actor.getSnapshot().context.error).toBe(ANSWER_FAILED);
  });

  it('asks a prepared question as it is and keeps what the user was writing', () => {
    const { actor, calls } = startControllable(chatMachine, ACTORS, INPUT);
    actor.send({ type: 'draft.change', text: 'half a thought' });
    actor.send({ type: 'ask', content: '   ' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'ask', content: 'Summarise this config item.' });
    expect(actor.getSnapshot().value).toBe('streaming');
    expect(actor.getSnapshot().context.draft).toBe('half a thought');
    expect((calls[0]?.input as StreamAnswerInput).messages).toEqual([
      { role: 'user', content: 'Summarise this config item.' },
    ]);
  });

  it('keeps the text that came when the user stops the answer', () => {
    const { actor, calls } = startControllable(chatMachine, ACTORS, {
      messages: [{ role: 'user', content: 'earlier' }],
      alwaysAllowed: ['search_catalog'],
    });
    expect(actor.getSnapshot().context.alwaysAllowed).toEqual(['search_catalog']);
    actor.send({ type: 'draft.change', text: QUESTION });
    actor.send({ type: 'send' });
    (calls[0]?.input as StreamAnswerInput).onText('Two deployments');
    actor.send({ type: 'stop' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.messages).toEqual([
      { role: 'user', content: 'earlier' },
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: 'Two deployments' },
    ]);
  });
});
