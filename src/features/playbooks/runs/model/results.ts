/**
 * How an action's result is read for display (api.md PB-12, PB-13): the action's type comes
 * from the action of the same name in the playbook's spec, and each type's result is picked
 * apart into what its renderer shows. Anything unexpected falls back to the whole document.
 */

/** Action types the console knows, in the order a spec's keys are tested. */
export const ACTION_TYPES = [
  'exec',
  'http',
  'sql',
  'logs',
  'notification',
  'pod',
  'gitops',
  'github',
  'azureDevopsPipeline',
  'ai',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The type of the action called `name` in `spec` (`spec.actions[]`): the first known type its
 * definition has a key for. Undefined when the spec does not name it.
 */
export function actionType(spec: unknown, name: string | null | undefined): ActionType | undefined {
  if (!isRecord(spec) || !Array.isArray(spec.actions) || !name) return undefined;
  const action = spec.actions.find(
    (candidate): candidate is Record<string, unknown> =>
      isRecord(candidate) && candidate.name === name,
  );
  if (!action) return undefined;
  return ACTION_TYPES.find((type) => action[type] !== undefined && action[type] !== null);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** What a command printed. */
export interface ExecOutput {
  stdout: string;
  stderr: string;
  exitCode?: number;
}

/** An exec result (`{ stdout, stderr, exitCode }`), or undefined when it has neither stream. */
export function execOutput(result: unknown): ExecOutput | undefined {
  if (!isRecord(result)) return undefined;
  const stdout = text(result.stdout);
  const stderr = text(result.stderr);
  if (stdout === undefined && stderr === undefined) return undefined;
  const exit = result.exitCode ?? result.exit_code;
  return {
    stdout: stdout ?? '',
    stderr: stderr ?? '',
    ...(typeof exit === 'number' ? { exitCode: exit } : {}),
  };
}

/** An HTTP answer. */
export interface HttpOutput {
  code?: number;
  headers: Array<[name: string, value: string]>;
  /** The body as text (JSON bodies indented). */
  body: string;
}

/** An http result (`{ code, headers, body | content }`), or undefined when it is not one. */
export function httpOutput(result: unknown): HttpOutput | undefined {
  if (!isRecord(result)) return undefined;
  const code = result.code ?? result.status ?? result.statusCode;
  const rawBody = result.body ?? result.content;
  if (typeof code !== 'number' && rawBody === undefined) return undefined;
  const headers = isRecord(result.headers)
    ? Object.entries(result.headers).map(([name, value]): [string, string] => [
        name,
        Array.isArray(value) ? value.map(String).join(', ') : String(value),
      ])
    : [];
  return {
    ...(typeof code === 'number' ? { code } : {}),
    headers,
    body: bodyText(rawBody),
  };
}

/** A body as text: a JSON string or value indented, other strings as they are. */
export function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body !== 'string') return JSON.stringify(body, null, 2);
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? JSON.stringify(parsed, null, 2) : body;
  } catch {
    return body;
  }
}

/** Rows of a query, with the union of their columns in first-seen order. */
export interface SqlOutput {
  columns: string[];
  rows: Array<Record<string, unknown>>;
}

/** A sql result (`{ rows, count }` or an array of rows), or undefined when it is not one. */
export function sqlOutput(result: unknown): SqlOutput | undefined {
  const rows = Array.isArray(result) ? result : isRecord(result) ? result.rows : undefined;
  if (!Array.isArray(rows) || !rows.every(isRecord)) return undefined;
  const columns: string[] = [];
  for (const row of rows) {
    for (const column of Object.keys(row)) if (!columns.includes(column)) columns.push(column);
  }
  return { columns, rows };
}

/** A cell of a query's row as text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A log line. */
export interface LogLine {
  timestamp?: string;
  message: string;
}

/**
 * A logs result: `{ lines | logs: [{ timestamp?, message }] }`, an array of those, or a
 * string split on new lines. Undefined when it is none of these.
 */
export function logLines(result: unknown): LogLine[] | undefined {
  if (typeof result === 'string') return result.split('\n').map((message) => ({ message }));
  const list = Array.isArray(result)
    ? result
    : isRecord(result)
      ? (result.lines ?? result.logs)
      : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.map((line): LogLine => {
    if (!isRecord(line)) return { message: cellText(line) };
    const timestamp = text(line.timestamp ?? line.time ?? line.firstObserved);
    const message = text(line.message ?? line.msg) ?? JSON.stringify(line);
    return timestamp ? { timestamp, message } : { message };
  });
}

/** A sent notification. */
export interface NotificationOutput {
  title?: string;
  message: string;
}

/** A notification result (`{ title?, message }`), or undefined when it is not one. */
export function notificationOutput(result: unknown): NotificationOutput | undefined {
  if (!isRecord(result)) return undefined;
  const message = text(result.message ?? result.body);
  if (message === undefined) return undefined;
  const title = text(result.title);
  return title ? { title, message } : { message };
}

/** Any result as an indented JSON document. */
export function documentText(result: unknown): string {
  if (result === undefined) return '';
  if (typeof result === 'string') return bodyText(result);
  return JSON.stringify(result, null, 2);
}

/**
 * How a result with a `contentType` is drawn. Mission Control's runner sets `contentType` at the
 * top of an action's result from the action's `contentType` in the spec, from a
 * `{ content, contentType }` envelope printed by an exec or pod action, or from an http answer's
 * `Content-Type` header; the primary output stays in `stdout` (exec, pod) or `content` (http).
 */
export type ContentKind = 'markdown' | 'html' | 'json' | 'log' | 'text';

/** The kind of a MIME type (parameters such as `; charset=utf-8` ignored); undefined when none. */
export function contentKind(contentType: unknown): ContentKind | undefined {
  if (typeof contentType !== 'string') return undefined;
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  if (mime === '') return undefined;
  if (mime === 'text/markdown' || mime === 'text/x-markdown') return 'markdown';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime === 'application/log+json' || mime === 'text/x-log') return 'log';
  if (mime === 'application/json' || mime.endsWith('+json')) return 'json';
  return 'text';
}

/** A result's primary output and how it is drawn. */
export interface ContentOutput {
  kind: ContentKind;
  /** The output as text (a JSON value written out when the result held one). */
  content: string;
}

/**
 * The output of a result that declares a `contentType`: its `stdout`, `content` or `body` when
 * one is text, else the result without `contentType` as JSON. Undefined without a content type.
 */
export function contentOutput(result: unknown): ContentOutput | undefined {
  if (!isRecord(result)) return undefined;
  const kind = contentKind(result.contentType);
  if (!kind) return undefined;
  const primary = [result.stdout, result.content, result.body].find(
    (value): value is string => typeof value === 'string',
  );
  if (primary !== undefined) return { kind, content: primary };
  const { contentType: _type, ...rest } = result;
  return { kind, content: JSON.stringify(rest, null, 2) };
}

/** One line of a log output. */
export interface LogEntry {
  timestamp?: string;
  level?: string;
  message: string;
}

/**
 * A log output as lines: a line that is a JSON object is read for its time (`timestamp`, `time`,
 * `ts`), level (`level`, `severity`) and message (`message`, `msg`); any other line is its text.
 */
export function logEntries(content: string): LogEntry[] {
  return content
    .replace(/\n$/, '')
    .split('\n')
    .map((line): LogEntry => {
      if (!line.trimStart().startsWith('{')) return { message: line };
      try {
        const parsed: unknown = JSON.parse(line);
        if (!isRecord(parsed)) return { message: line };
        const timestamp = text(parsed.timestamp ?? parsed.time ?? parsed.ts);
        const level = text(parsed.level ?? parsed.severity);
        const message = text(parsed.message ?? parsed.msg) ?? line;
        return {
          ...(timestamp ? { timestamp } : {}),
          ...(level ? { level } : {}),
          message,
        };
      } catch {
        return { message: line };
      }
    });
}
