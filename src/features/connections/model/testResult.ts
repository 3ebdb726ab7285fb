import { toErrorMessage } from '../../../api/errors';

/**
 * What the Test button shows (CONN-02): a 200 answer whose message is `ok` passed; anything
 * else failed, with the server's reason. Mission Control sends that reason as a string in the
 * body's `error`, often JSON itself: it is parsed when it parses and its message shown.
 */

/** The word of a passed test, as the server says it. */
export const TEST_OK = 'ok';

export type ConnectionTestOutcome =
  { passed: true; message: string } | { passed: false; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The readable part of a parsed `error`: a string, or an object's message or error. */
function messageOfParsed(parsed: unknown): string | undefined {
  if (typeof parsed === 'string') return nonEmpty(parsed);
  if (isRecord(parsed)) {
    return (
      nonEmpty(parsed.message) ??
      nonEmpty(parsed.error) ??
      (isRecord(parsed.error) ? nonEmpty(parsed.error.message) : undefined) ??
      JSON.stringify(parsed)
    );
  }
  return undefined;
}

/**
 * The reason of a failed test: the body's `error` string, JSON-parsed when it parses (its
 * message, or the parsed text), as it is otherwise; else the error mapper's words.
 */
export function testFailureMessage(error: unknown): string {
  const data = isRecord(error) ? error.data : undefined;
  const raw = isRecord(data) ? nonEmpty(data.error) : undefined;
  if (raw !== undefined) {
    try {
      return messageOfParsed(JSON.parse(raw)) ?? raw;
    } catch {
      return raw;
    }
  }
  return toErrorMessage(error);
}

/** The outcome of a 200 answer: passed when its message is `ok`. */
export function testSuccessOutcome(answer: { message?: string | null }): ConnectionTestOutcome {
  const message = answer.message ?? '';
  return message === TEST_OK
    ? { passed: true, message }
    : { passed: false, message: message || 'The connection test did not pass' };
}
