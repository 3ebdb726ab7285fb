import { useGetLlmConnectionQuery } from '../../api/endpoints/llmConnection';
import { useGetPropertiesQuery } from '../../api/endpoints/system';
import { useCan } from '../../auth/hooks';
import { assistantAvailable } from './model/availability';

/**
 * Whether the assistant is offered: an LLM connection the backend can use, and no `ai.disable`.
 * The connection is asked for only by those who may read connections (the backend requires it),
 * so nobody else meets a refusal on every page.
 */
export function useAssistantAvailable(): boolean {
  const mayRead = useCan('connections');
  const connection = useGetLlmConnectionQuery(undefined, { skip: !mayRead });
  const properties = useGetPropertiesQuery();
  return assistantAvailable({
    connected: mayRead && connection.isSuccess,
    properties: properties.data ?? [],
  });
}
