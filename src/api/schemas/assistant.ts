/**
 * What the assistant reads: the context of a config item (`GET /api/llm/context/config/{id}`,
 * upstream's `{ configs, edges }`), and the MCP answers of `/api/mcp` it uses to list the tools
 * offered to the model and to run the ones the user allowed (JSON-RPC 2.0 `tools/list` and
 * `tools/call`).
 */
import { array, boolean, number, optional, record, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalText } from './fields';

export const ContextChangeStruct = type({
  count: optional(number()),
  created_by: optionalText(),
  first_observed: optionalText(),
  last_observed: optionalText(),
  summary: optionalText(),
  type: optionalText(),
  source: optionalText(),
});

export const ContextConfigStruct = type({
  id: string(),
  name: string(),
  type: string(),
  config: optional(unknown()),
  health: optionalText(),
  status: optionalText(),
  description: optionalText(),
  created: string(),
  updated: optionalText(),
  deleted: optionalText(),
  changes: optional(array(ContextChangeStruct)),
});

export const ConfigContextStruct = type({
  configs: array(ContextConfigStruct),
  edges: array(type({ from: string(), to: string() })),
});
export type ConfigContext = Infer<typeof ConfigContextStruct>;

/** A JSON-RPC error of the MCP endpoint. */
const RpcErrorStruct = type({ code: number(), message: string() });

/** The answer of `tools/list`. */
export const McpToolListAnswerStruct = type({
  result: type({
    tools: array(
      type({
        name: string(),
        description: optional(string()),
        inputSchema: record(string(), unknown()),
      }),
    ),
  }),
});
export type McpToolListAnswer = Infer<typeof McpToolListAnswerStruct>;

/** The answer of `tools/call`: the tool's content, or the protocol's error. */
export const McpToolCallAnswerStruct = type({
  result: optional(
    type({
      content: array(type({ type: string(), text: optional(string()) })),
      isError: optional(boolean()),
    }),
  ),
  error: optional(RpcErrorStruct),
});
export type McpToolCallAnswer = Infer<typeof McpToolCallAnswerStruct>;

/** A message of a conversation (contracts/llm/chat.ts), as a conversation kept is read back. */
export { ChatMessageStruct } from '../../../contracts/llm/chatSchema';
