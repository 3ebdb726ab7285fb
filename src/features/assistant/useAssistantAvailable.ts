import { useGetLlmConnectionQuery } from '../../api/endpoints/llmConnection';
import { useGetPropertiesQuery } from '../../api/endpoints/system';
import { assistantAvailable } from './model/availability';

/** Whether the assistant is offered: an LLM connection the backend can use, and no `ai.disable`. */
export function useAssistantAvailable(): boolean {
  const connection = useGetLlmConnectionQuery();
  const properties = useGetPropertiesQuery();
  return assistantAvailable({
    connected: connection.isSuccess,
    properties: properties.data ?? [],
  });
}
