/**
 * What the assistant says to the model besides the user's own words: its system prompt, and
 * the questions asked about a config item ("Send to AI") with the item's context.
 */
import type { ChatMessage } from '../../../../contracts/llm/chat';
import type {
  ConfigSubject,
  FailedRunSubject,
  RunActionSubject,
} from '../../../widgets/slots/slotTypes';

export type { ConfigSubject, FailedRunSubject, RunActionSubject };

export const ASSISTANT_SYSTEM_PROMPT =
  'You help operators of Mission Control understand the state of their infrastructure. ' +
  'Use the tools to read the catalog, health checks, incidents and playbooks instead of ' +
  'guessing, and name config items by their id so the console can link them. ' +
  'Answer in Markdown, briefly.';

/** The quick prompts of "Send to AI" on a config item. */
export const CONFIG_QUICK_PROMPTS = [
  { id: 'summarise', label: 'Summarise', question: 'Summarise this config item and its state.' },
  {
    id: 'unhealthy',
    label: 'Why is it unhealthy?',
    question: 'Why is this config item unhealthy, and what should be done next?',
  },
  {
    id: 'changes',
    label: 'What changed?',
    question: 'What changed on this config item recently, and could it explain its state?',
  },
] as const;
export type ConfigQuickPromptId = (typeof CONFIG_QUICK_PROMPTS)[number]['id'];

/**
 * The user's message asking `question` about `config`, with its context
 * (`GET /api/llm/context/config/{id}`) as JSON after the question.
 */
export function configQuestion(
  question: string,
  config: ConfigSubject,
  context: unknown,
): ChatMessage {
  return {
    role: 'user',
    content:
      `${question}\n\nConfig item: ${config.name} (${config.type}, id ${config.id}).\n\n` +
      `Context:\n\`\`\`json\n${JSON.stringify(context, null, 2)}\n\`\`\``,
  };
}

/** Results longer than this are cut: logs can be long, the model reads the end. */
export const ACTION_RESULT_LIMIT = 4_000;

function resultText(result: unknown): string | undefined {
  if (result === undefined || result === null) return undefined;
  const text = typeof result === 'string' ? result : JSON.stringify(result, null, 2);
  return text.length > ACTION_RESULT_LIMIT
    ? `… ${text.slice(text.length - ACTION_RESULT_LIMIT)}`
    : text;
}

/**
 * The user's message of "Diagnose failure": why the run failed and what to do, with the run
 * and its actions (status, error, result) as JSON.
 */
export function diagnoseRunQuestion(
  run: FailedRunSubject,
  actions: readonly RunActionSubject[],
): ChatMessage {
  const playbook = run.playbook?.title || run.playbook?.name || 'a playbook';
  const context = {
    run: {
      id: run.id,
      playbook,
      status: run.status ?? undefined,
      error: run.error || undefined,
      resource: run.resource ?? undefined,
      parameters: run.parameters ?? undefined,
    },
    actions: actions.map((action) => ({
      name: action.name ?? undefined,
      status: action.status ?? undefined,
      error: action.error || undefined,
      result: resultText(action.result),
    })),
  };
  return {
    role: 'user',
    content:
      `Diagnose why this run of ${playbook} failed and say what to do next.\n\n` +
      `Run and actions:\n\`\`\`json\n${JSON.stringify(context, null, 2)}\n\`\`\``,
  };
}

/** The conversation's first messages: the system prompt, then the conversation so far. */
export function withSystemPrompt(messages: readonly ChatMessage[]): ChatMessage[] {
  if (messages[0]?.role === 'system') return [...messages];
  return [{ role: 'system', content: ASSISTANT_SYSTEM_PROMPT }, ...messages];
}
