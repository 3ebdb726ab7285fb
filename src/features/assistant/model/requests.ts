/**
 * What a page asks the assistant: a quick prompt about a config item ("Send to AI"), or why a
 * playbook run failed ("Diagnose failure"). The panel prepares the question (reading the item's
 * context or the failed actions' errors) before it is asked.
 */
import type {
  ConfigSubject,
  FailedRunSubject,
  RunActionSubject,
} from '../../../widgets/slots/slotTypes';
import type { ConfigQuickPromptId } from './prompts';
import { CONFIG_QUICK_PROMPTS } from './prompts';

export type AssistantRequest =
  | { kind: 'config'; config: ConfigSubject; promptId: ConfigQuickPromptId }
  | { kind: 'run'; run: FailedRunSubject; actions: RunActionSubject[] };

/** A question asked from a page, numbered so the same question asked twice is asked twice. */
export interface AskedQuestion {
  seq: number;
  request: AssistantRequest;
}

/** The quick prompt's question. */
export function quickPromptQuestion(id: ConfigQuickPromptId): string {
  return CONFIG_QUICK_PROMPTS.find((prompt) => prompt.id === id)?.question ?? id;
}

/** What the panel says while it prepares the question. */
export function preparingLabel(request: AssistantRequest): string {
  return request.kind === 'config'
    ? `Reading the context of ${request.config.name}`
    : 'Reading the failed actions';
}

/** A question as shown: the words asked, and the context sent with them, apart. */
export interface ShownQuestion {
  text: string;
  /** The heading of the context (`Context`, `Run and actions`) and the JSON sent. */
  context?: { label: string; json: string };
}

const CONTEXT_BLOCK = /\n\n([^\n]+):\n```json\n([\s\S]*)\n```\s*$/;

/** Splits a prepared question into its words and its JSON context (shown folded). */
export function shownQuestion(content: string): ShownQuestion {
  const match = CONTEXT_BLOCK.exec(content);
  if (!match || match[1] === undefined || match[2] === undefined) return { text: content };
  return {
    text: content.slice(0, match.index),
    context: { label: match[1], json: match[2] },
  };
}
