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
  'prometheus',
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

/** Rows of a query, its columns in order, and the query when the result keeps it. */
export interface SqlOutput {
  /** The query that was run (`query`), when the result has it. */
  query?: string;
  columns: string[];
  rows: Array<Record<string, unknown>>;
}

/**
 * A sql result as Mission Control's runner records it (`{ query, columns, rows, count }`, rows
 * left out when there are none), or an array of rows; undefined when it is not one. The columns
 * are the result's `columns` when it lists them, else the union of the rows' keys in
 * first-seen order.
 */
export function sqlOutput(result: unknown): SqlOutput | undefined {
  const record = isRecord(result) ? result : undefined;
  const rows = Array.isArray(result)
    ? result
    : record && record.rows === undefined && typeof record.count === 'number'
      ? []
      : record?.rows;
  if (!Array.isArray(rows) || !rows.every(isRecord)) return undefined;
  const listed =
    Array.isArray(record?.columns) && record.columns.every((name) => typeof name === 'string')
      ? (record.columns as string[])
      : [];
  const columns = [...listed];
  for (const row of rows) {
    for (const column of Object.keys(row)) if (!columns.includes(column)) columns.push(column);
  }
  const query = typeof record?.query === 'string' && record.query.trim() !== '' ? record.query : '';
  return query ? { query, columns, rows } : { columns, rows };
}

/** Whether a cell holds a number (a JSON number, or text that is one, as the runner scans it). */
export function isNumericCell(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value.trim());
}

/** The columns whose every non-empty cell is a number (drawn right-aligned). */
export function numericColumns(output: SqlOutput): Set<string> {
  return new Set(
    output.columns.filter((column) => {
      const cells = output.rows
        .map((row) => row[column])
        .filter((value) => value !== null && value !== undefined && value !== '');
      return cells.length > 0 && cells.every(isNumericCell);
    }),
  );
}

/** Whether a query is long enough to be folded: more than three lines or 160 characters. */
export function isLongQuery(query: string): boolean {
  return query.split('\n').length > 3 || query.length > 160;
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

/** One Prometheus series: its labels, a name made of them, and its samples in time order. */
export interface PromSeries {
  labels: Record<string, string>;
  /** `metric{label="value", …}`, as Prometheus writes a series. */
  name: string;
  /** `[seconds since the epoch, value]`, oldest first. */
  points: Array<[number, number]>;
}

/** A Prometheus answer: its query and range when kept, and its series. */
export interface PrometheusOutput {
  query?: string;
  /** `matrix` (a range query: samples over time) or `vector` (one sample per series). */
  resultType: 'matrix' | 'vector';
  series: PromSeries[];
}

/** The content type an http or exec action declares for a Prometheus API answer. */
export const PROMETHEUS_CONTENT_TYPE = 'application/prometheus+json';

/** A series' name as Prometheus writes it: `__name__{label="value", …}`. */
export function seriesName(labels: Record<string, string>): string {
  const { __name__: metric = '', ...rest } = labels;
  const pairs = Object.keys(rest)
    .sort()
    .map((key) => `${key}="${rest[key]}"`);
  return pairs.length > 0 ? `${metric}{${pairs.join(', ')}}` : metric || '{}';
}

function sampleValue(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && !Number.isNaN(number) ? number : undefined;
}

function sampleTime(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

function labelsOf(metric: unknown): Record<string, string> {
  if (!isRecord(metric)) return {};
  return Object.fromEntries(
    Object.entries(metric).map(([key, value]) => [key, cellText(value)] as [string, string]),
  );
}

/**
 * The series of the Prometheus HTTP API's answer (`{ status: "success", data: { resultType,
 * result: [{ metric, values | value }] } }`, given as a value or as JSON text); undefined when
 * it is not one of a matrix or a vector.
 */
export function prometheusApiOutput(answer: unknown): PrometheusOutput | undefined {
  let value = answer;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!isRecord(value) || value.status !== 'success' || !isRecord(value.data)) return undefined;
  const { resultType, result } = value.data;
  if ((resultType !== 'matrix' && resultType !== 'vector') || !Array.isArray(result)) {
    return undefined;
  }
  const series = result.filter(isRecord).map((entry): PromSeries => {
    const labels = labelsOf(entry.metric);
    const samples = resultType === 'matrix' ? entry.values : [entry.value];
    const points = (Array.isArray(samples) ? samples : []).flatMap(
      (sample): Array<[number, number]> => {
        if (!Array.isArray(sample)) return [];
        const time = sampleTime(sample[0]);
        const number = sampleValue(sample[1]);
        return time === undefined || number === undefined ? [] : [[time, number]];
      },
    );
    return { labels, name: seriesName(labels), points: points.sort((a, b) => a[0] - b[0]) };
  });
  return { resultType, series };
}

/**
 * A prometheus action's result as Mission Control's runner records it: `{ query, range, rows,
 * count }`, each row a sample (the series' labels, `value`, and `timestamp` for a range
 * query), grouped back into series. Undefined when it is not one.
 */
export function prometheusRowsOutput(result: unknown): PrometheusOutput | undefined {
  if (!isRecord(result)) return undefined;
  const rows = result.rows === undefined && typeof result.count === 'number' ? [] : result.rows;
  if (!Array.isArray(rows) || !rows.every(isRecord)) return undefined;
  const ranged = isRecord(result.range) || rows.some((row) => row.timestamp !== undefined);
  const bySeries = new Map<string, PromSeries>();
  for (const row of rows) {
    const { value, timestamp, ...rest } = row;
    const labels = labelsOf(rest);
    const name = seriesName(labels);
    const series = bySeries.get(name) ?? { labels, name, points: [] };
    bySeries.set(name, series);
    const number = sampleValue(value);
    const time = sampleTime(timestamp) ?? 0;
    if (number !== undefined) series.points.push([time, number]);
  }
  const series = [...bySeries.values()];
  for (const entry of series) entry.points.sort((a, b) => a[0] - b[0]);
  const query = typeof result.query === 'string' ? result.query : '';
  return {
    ...(query ? { query } : {}),
    resultType: ranged ? 'matrix' : 'vector',
    series,
  };
}

/**
 * A Prometheus answer of an http or exec action: its body (`content`, `body` or `stdout`)
 * holding the API's answer, recognised by its shape whatever content type it declares.
 */
export function prometheusBodyOutput(result: unknown): PrometheusOutput | undefined {
  if (!isRecord(result)) return undefined;
  for (const body of [result.content, result.body, result.stdout]) {
    const output = body === undefined ? undefined : prometheusApiOutput(body);
    if (output) return output;
  }
  return prometheusApiOutput(result);
}

/** The last sample of a series, if it has one. */
export function lastValue(series: PromSeries): number | undefined {
  return series.points[series.points.length - 1]?.[1];
}

/**
 * The series on a shared time axis, as a line chart takes them: the times of every series in
 * order, then each series' value at those times (null where it has none).
 */
export function alignedSeries(
  series: readonly PromSeries[],
): [number[], ...Array<Array<number | null>>] {
  const times = [...new Set(series.flatMap((entry) => entry.points.map(([time]) => time)))].sort(
    (a, b) => a - b,
  );
  const columns = series.map((entry) => {
    const byTime = new Map(entry.points);
    return times.map((time) => byTime.get(time) ?? null);
  });
  return [times, ...columns];
}

/** What the model calls of an action used, summed (`generationInfo` of an ai action). */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  /** In US dollars; undefined when no call had a price. */
  cost?: number;
  /** The models called, each once. */
  models: string[];
}

/**
 * The usage an action's result records: Mission Control's ai action keeps one
 * `generationInfo` entry per model call (`inputTokens`, `outputTokens`, `reasoningTokens`,
 * `cost`, `model`). Reasoning tokens count as output, as the runner prices them. Undefined when
 * the result records none.
 */
export function modelUsage(result: unknown): ModelUsage | undefined {
  if (!isRecord(result) || !Array.isArray(result.generationInfo)) return undefined;
  const calls = result.generationInfo.filter(isRecord);
  if (calls.length === 0) return undefined;
  return sumUsage(
    calls.map((call) => {
      const count = (value: unknown) => (typeof value === 'number' ? value : 0);
      return {
        inputTokens: count(call.inputTokens),
        outputTokens: count(call.outputTokens) + count(call.reasoningTokens),
        ...(typeof call.cost === 'number' ? { cost: call.cost } : {}),
        models: typeof call.model === 'string' && call.model !== '' ? [call.model] : [],
      };
    }),
  );
}

/** Several usages added up (a run's actions); undefined when there are none. */
export function sumUsage(usages: ReadonlyArray<ModelUsage | undefined>): ModelUsage | undefined {
  const present = usages.filter((usage): usage is ModelUsage => usage !== undefined);
  if (present.length === 0) return undefined;
  const priced = present.filter((usage) => usage.cost !== undefined);
  return {
    inputTokens: present.reduce((sum, usage) => sum + usage.inputTokens, 0),
    outputTokens: present.reduce((sum, usage) => sum + usage.outputTokens, 0),
    ...(priced.length > 0
      ? { cost: priced.reduce((sum, usage) => sum + (usage.cost ?? 0), 0) }
      : {}),
    models: [...new Set(present.flatMap((usage) => usage.models))],
  };
}

/**
 * A cost in dollars to the precision that shows it: four decimals under a dollar ($0.0042),
 * two from a dollar on ($1.43); under a hundredth of a cent, `<$0.0001`.
 */
export function formatCost(cost: number): string {
  if (cost > 0 && cost < 0.0001) return '<$0.0001';
  return `$${cost.toFixed(cost < 1 ? 4 : 2)}`;
}

/** The tokens of a usage in words: "1,234 input tokens, 567 output tokens". */
export function tokensText(usage: ModelUsage): string {
  const count = (value: number) => value.toLocaleString('en-US');
  return `${count(usage.inputTokens)} input tokens, ${count(usage.outputTokens)} output tokens`;
}
