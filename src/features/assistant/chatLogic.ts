import type { ToolCall, ToolSpec } from '../../../contracts/llm/chat';
import type {
  StreamAnswerInput,
  StreamedAnswer,
  ToolResult,
} from '../../../machines/assistant/chat';
import { chatMachine } from '../../../machines/assistant/chat';
import { assistantApi } from '../../api/endpoints/assistant';
import { toErrorMessage } from '../../api/errors';
import { fromRequest } from '../../api/machineRequest';
import type { AppDispatch } from '../../shell/rootReducer';
import { withSystemPrompt } from './model/prompts';

/** A failure already in the user's words, for the machine to show. */
class AssistantFailure extends Error {
  override readonly name = 'AssistantFailure';
}

/**
 * The chat machine with its actors on RTK Query: `streamAnswer` posts the conversation (after
 * the system prompt) with the tools offered to the relay and hands on the text as it streams;
 * `callTool` runs an allowed call through `/api/mcp` in the user's session. Without `tools`,
 * those `listAssistantTools` has in the store at each question are offered.
 */
export function createChatLogic(dispatch: AppDispatch, tools?: readonly ToolSpec[]) {
  const offered = (): readonly ToolSpec[] =>
    tools ??
    dispatch(
      (_dispatch, getState) =>
        assistantApi.endpoints.listAssistantTools.select()(getState()).data ?? [],
    );
  return chatMachine.provide({
    actors: {
      streamAnswer: fromRequest<StreamedAnswer, StreamAnswerInput>(
        ({ messages, onText }) =>
          dispatch(
            assistantApi.endpoints.streamChat.initiate({
              request: { messages: withSystemPrompt(messages), tools: [...offered()] },
              onText,
            }),
          ),
        (error) => new AssistantFailure(toErrorMessage(error)),
      ),
      callTool: fromRequest<ToolResult, { call: ToolCall }>(
        ({ call }) =>
          dispatch(
            assistantApi.endpoints.callAssistantTool.initiate({
              name: call.name,
              arguments: call.arguments,
            }),
          ),
        (error) => new AssistantFailure(toErrorMessage(error)),
      ),
    },
  });
}
