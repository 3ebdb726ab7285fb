/**
 * Whether the assistant is offered at all (docs/assistant.md): only with an LLM connection the
 * backend can use, and not when the property `ai.disable` is `true`. As for every feature flag,
 * the first property of the name decides, and only the exact value `true` switches it off.
 */

/** The property that hides every entry of the assistant. */
export const AI_DISABLE_PROPERTY = 'ai.disable';

export interface AssistantAvailabilityInput {
  /** `GET /api/connection/llm` answered a connection (not 404, 409 or a failure). */
  connected: boolean;
  /** The properties as PROP-01 lists them. */
  properties: ReadonlyArray<{ name: string; value: string }>;
}

export function assistantAvailable({ connected, properties }: AssistantAvailabilityInput): boolean {
  if (!connected) return false;
  const first = properties.find((property) => property.name === AI_DISABLE_PROPERTY);
  return first?.value !== 'true';
}
