import { enums, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { LLM_CONNECTION_TYPES } from '../../../contracts/llm/chat';
import { optionalStringMap, optionalText } from './fields';

/** The LLM connection the assistant talks to (`GET /api/connection/llm`), without its key. */
export const LlmConnectionStruct = type({
  id: string(),
  name: string(),
  namespace: optionalText(),
  type: enums([...LLM_CONNECTION_TYPES]),
  url: optionalText(),
  properties: optionalStringMap(),
});
export type LlmConnection = Infer<typeof LlmConnectionStruct>;
