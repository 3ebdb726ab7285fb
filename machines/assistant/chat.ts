import { assign, fromPromise, setup } from 'xstate';
import type { ChatMessage, StreamedAnswer, ToolCall } from '../../contracts/llm/chat';
import { rejectionMessage } from '../failureMessage';

export type { StreamedAnswer } from '../../contracts/llm/chat';

export interface ChatMachineInput {
  /** A conversation kept from before, to go on with. */
  messages?: ChatMessage[];
  /** The tools the user always allowed in that conversation. */
  alwaysAllowed?: string[];
}

/** What the `streamAnswer` actor is given: the conversation, and where the text goes as it comes. */
export interface StreamAnswerInput {
  messages: ChatMessage[];
  onText: (text: string) => void;
}

/** What a tool answered (an MCP `tools/call` result as text). */
export interface ToolResult {
  content: string;
  isError: boolean;
}

export interface ChatContext {
  messages: ChatMessage[];
  /** What the user is writing. */
  draft: string;
  /** The answer's text so far, while it streams. */
  streamingText: string;
  /** The tool calls of the last answer not yet allowed or denied, the first one asked about. */
  pendingCalls: ToolCall[];
  /** Tool names the user allowed for the rest of this conversation. */
  alwaysAllowed: string[];
  /** Why the last answer failed, in the user's words; cleared when one is asked again. */
  error: string | undefined;
}

export type ChatEvent =
  | { type: 'draft.change'; text: string }
  | { type: 'send' }
  /** A question prepared by the console (Send to AI, Diagnose failure), asked as it is. */
  | { type: 'ask'; content: string }
  | { type: 'stream.text'; text: string }
  | { type: 'stop' }
  | { type: 'tool.allow' }
  | { type: 'tool.alwaysAllow' }
  | { type: 'tool.deny' }
  | { type: 'retry' };

/** Said when a failure carries no message of its own. */
export const ANSWER_FAILED = 'The model could not answer';
/** Said when a tool fails without saying why. */
export const TOOL_FAILED = 'The tool could not be run';
/** What the model is told of a call the user denied. */
export const TOOL_DENIED = 'The user denied this tool call.';

function notProvided(name: string): never {
  throw new Error(`chat: provide the ${name} actor`);
}

function toolMessage(call: ToolCall, result: ToolResult): ChatMessage {
  return {
    role: 'tool',
    toolCallId: call.id,
    name: call.name,
    content: result.content,
    ...(result.isError ? { isError: true } : {}),
  };
}

/**
 * A conversation with the connected model:
 *
 * - `idle`: the user writes (`draft.change`); `send` adds the draft as the user's message and
 *   asks for the answer; `ask` does the same with a question the console prepared (Send to
 *   AI, Diagnose failure), the draft kept
 * - `streaming`: the `streamAnswer` actor posts the conversation to the relay; its text arrives
 *   as `stream.text` and is shown as it comes. `stop` keeps what came as the answer. The whole
 *   answer joins the conversation: without tool calls the turn ends in `idle`, with them the
 *   user is asked about each in turn
 * - `awaitingApproval`: the first pending call waits for `tool.allow`, `tool.alwaysAllow` (this
 *   tool, for the rest of the conversation) or `tool.deny` (the model is told the user denied
 *   it). A call of an always-allowed tool runs without asking. With no call left, the results
 *   go back to the model (`streaming`)
 * - `runningTool`: the `callTool` actor runs the call (through MCP, as the user); its result,
 *   or its failure, is the tool's answer to the model
 * - `failed`: the reason is shown; `retry` asks for the same answer again
 */
export const chatMachine = setup({
  types: {
    input: {} as ChatMachineInput,
    context: {} as ChatContext,
    events: {} as ChatEvent,
  },
  actors: {
    streamAnswer: fromPromise<StreamedAnswer, StreamAnswerInput>(async () =>
      notProvided('streamAnswer'),
    ),
    callTool: fromPromise<ToolResult, { call: ToolCall }>(async () => notProvided('callTool')),
  },
  actions: {
    setDraft: assign((_, params: { text: string }) => ({ draft: params.text })),
    addDraft: assign(({ context }) => ({
      messages: [...context.messages, { role: 'user' as const, content: context.draft.trim() }],
      draft: '',
    })),
    addQuestion: assign(({ context }, params: { content: string }) => ({
      messages: [...context.messages, { role: 'user' as const, content: params.content }],
    })),
    startAnswer: assign({ streamingText: '', error: undefined }),
    appendText: assign(({ context }, params: { text: string }) => ({
      streamingText: context.streamingText + params.text,
    })),
    keepPartial: assign(({ context }) => ({
      messages: context.streamingText
        ? [...context.messages, { role: 'assistant' as const, content: context.streamingText }]
        : context.messages,
      streamingText: '',
    })),
    recordAnswer: assign(({ context }, params: { answer: StreamedAnswer }) => ({
      messages: [
        ...context.messages,
        {
          role: 'assistant' as const,
          content: params.answer.text,
          ...(params.answer.toolCalls.length > 0 ? { toolCalls: params.answer.toolCalls } : {}),
        },
      ],
      pendingCalls: params.answer.toolCalls,
      streamingText: '',
    })),
    recordFailure: assign((_, params: { message: string }) => ({
      error: params.message,
      streamingText: '',
    })),
    allowAlways: assign(({ context }) => {
      const name = context.pendingCalls[0]?.name;
      if (!name || context.alwaysAllowed.includes(name)) return {};
      return { alwaysAllowed: [...context.alwaysAllowed, name] };
    }),
    answerFirst: assign(({ context }, params: { result: ToolResult }) => {
      const [call, ...rest] = context.pendingCalls;
      if (!call) return {};
      return {
        messages: [...context.messages, toolMessage(call, params.result)],
        pendingCalls: rest,
      };
    }),
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== '',
    hasQuestion: (_, params: { content: string }) => params.content.trim() !== '',
    asksForTools: (_, params: { answer: StreamedAnswer }) => params.answer.toolCalls.length > 0,
    noCallLeft: ({ context }) => context.pendingCalls.length === 0,
    firstAlwaysAllowed: ({ context }) => {
      const name = context.pendingCalls[0]?.name;
      return name !== undefined && context.alwaysAllowed.includes(name);
    },
  },
}).createMachine({
  id: 'chat',
  initial: 'idle',
  context: ({ input }) => ({
    messages: input.messages ?? [],
    draft: '',
    streamingText: '',
    pendingCalls: [],
    alwaysAllowed: input.alwaysAllowed ?? [],
    error: undefined,
  }),
  states: {
    idle: {
      on: {
        'draft.change': {
          actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) },
        },
        send: { guard: 'hasDraft', target: 'streaming', actions: 'addDraft' },
        ask: {
          guard: { type: 'hasQuestion', params: ({ event }) => ({ content: event.content }) },
          target: 'streaming',
          actions: { type: 'addQuestion', params: ({ event }) => ({ content: event.content }) },
        },
      },
    },
    streaming: {
      entry: 'startAnswer',
      invoke: {
        id: 'streamAnswer',
        src: 'streamAnswer',
        input: ({ context, self }) => ({
          messages: context.messages,
          onText: (text: string) => self.send({ type: 'stream.text', text }),
        }),
        onDone: [
          {
            guard: { type: 'asksForTools', params: ({ event }) => ({ answer: event.output }) },
            target: 'awaitingApproval',
            actions: { type: 'recordAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            target: 'idle',
            actions: { type: 'recordAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'recordFailure',
            params: ({ event }) => ({ message: rejectionMessage(event.error, ANSWER_FAILED) }),
          },
        },
      },
      on: {
        'draft.change': {
          actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) },
        },
        'stream.text': {
          actions: { type: 'appendText', params: ({ event }) => ({ text: event.text }) },
        },
        stop: { target: 'idle', actions: 'keepPartial' },
      },
    },
    awaitingApproval: {
      always: [
        { guard: 'noCallLeft', target: 'streaming' },
        { guard: 'firstAlwaysAllowed', target: 'runningTool' },
      ],
      on: {
        'draft.change': {
          actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) },
        },
        'tool.allow': 'runningTool',
        'tool.alwaysAllow': { target: 'runningTool', actions: 'allowAlways' },
        'tool.deny': {
          target: 'awaitingApproval',
          reenter: true,
          actions: {
            type: 'answerFirst',
            params: { result: { content: TOOL_DENIED, isError: true } },
          },
        },
      },
    },
    runningTool: {
      invoke: {
        id: 'callTool',
        src: 'callTool',
        input: ({ context }) => ({ call: context.pendingCalls[0] as ToolCall }),
        onDone: {
          target: 'awaitingApproval',
          actions: { type: 'answerFirst', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'awaitingApproval',
          actions: {
            type: 'answerFirst',
            params: ({ event }) => ({
              result: { content: rejectionMessage(event.error, TOOL_FAILED), isError: true },
            }),
          },
        },
      },
      on: {
        'draft.change': {
          actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) },
        },
      },
    },
    failed: {
      on: {
        'draft.change': {
          actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) },
        },
        retry: 'streaming',
      },
    },
  },
});
