/**
 * The shape of a chat message (`ChatMessage` in chat.ts), checked where one arrives: the relay
 * checks the messages it is posted, the console the conversations it kept.
 */
import {
  array,
  boolean,
  literal,
  object,
  optional,
  record,
  string,
  union,
  unknown,
} from 'superstruct';

export const ToolCallStruct = object({
  id: string(),
  name: string(),
  arguments: record(string(), unknown()),
});

export const ChatMessageStruct = union([
  object({ role: literal('system'), content: string() }),
  object({ role: literal('user'), content: string() }),
  object({
    role: literal('assistant'),
    content: string(),
    toolCalls: optional(array(ToolCallStruct)),
  }),
  object({
    role: literal('tool'),
    toolCallId: string(),
    name: string(),
    content: string(),
    isError: optional(boolean()),
  }),
]);
