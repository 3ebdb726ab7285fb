/**
 * Reading the relay's stream (`POST /api/llm/chat`, NDJSON of `ChatStreamEvent`) into the
 * model's answer: each piece of text is handed on as it comes, tool calls are collected, and
 * the answer is whole once `done` came. An `error` line, or a stream that ends without `done`,
 * is the answer's failure.
 */
import { ANSWER_CUT_SHORT } from './chat';
import type { ChatStreamEvent, StreamedAnswer, ToolCall } from './chat';
import { lineSplitter } from './lines';

/** The failure of an answer: the message is in the user's words (the provider's reason). */
export class AnswerError extends Error {}

export interface AnswerReader {
  push(part: string): void;
  /** The whole answer; throws an `AnswerError` when the stream said it failed or ended early. */
  end(): StreamedAnswer;
}

function isEvent(value: unknown): value is ChatStreamEvent {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

export function answerReader(onText: (text: string) => void): AnswerReader {
  const lines = lineSplitter();
  let text = '';
  const toolCalls: ToolCall[] = [];
  let outcome: { stop: StreamedAnswer['stop'] } | { error: string } | null = null;
  const take = (line: string) => {
    if (outcome !== null || line.trim() === '') return;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      outcome = { error: 'The answer could not be read' };
      return;
    }
    if (!isEvent(event)) return;
    switch (event.type) {
      case 'text':
        text += event.text;
        onText(event.text);
        break;
      case 'tool_call':
        toolCalls.push(event.call);
        break;
      case 'done':
        outcome = { stop: event.stop };
        break;
      case 'error':
        outcome = { error: event.message };
        break;
    }
  };
  return {
    push(part) {
      for (const line of lines.push(part)) take(line);
    },
    end() {
      for (const line of lines.end()) take(line);
      const settled = outcome as { stop: StreamedAnswer['stop'] } | { error: string } | null;
      if (settled === null) throw new AnswerError(ANSWER_CUT_SHORT);
      if ('error' in settled) throw new AnswerError(settled.error);
      return { text, toolCalls, stop: settled.stop };
    },
  };
}
