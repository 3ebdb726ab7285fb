/**
 * The demo's ai action. It calls no model: the answer is composed from the estate (the run's
 * config item, its recent changes and open insights; a check's recent results), and the usage
 * is recorded as Mission Control's ai action records it, one `generationInfo` entry per call
 * (`inputTokens`, `outputTokens`, `cost` in dollars, `model`). Tokens are counted by a simple
 * rule: one token per four characters, rounded up (`tokenCount`), over the whole prompt (the
 * system prompt, the question and the context) and the answer. The cost uses the model's price
 * per million tokens from Mission Control's pricing registry (`MODEL_PRICES`); a model not in
 * the table records `costCalculationError` instead, as the runner does.
 */
import type { SqlClient } from '../db/types';
import type { PlaybookResource } from './spec';

/** Dollars per million input and output tokens, as Mission Control's pricing registry lists them. */
export const MODEL_PRICES: Readonly<Record<string, { input: number; output: number }>> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-5': { input: 1.25, output: 10 },
  'claude-haiku-4-5': { input: 1, output: 5 },
};

/** The model when the action names none (the demo's OpenAI connection's). */
export const DEFAULT_MODEL = 'gpt-4o-mini';

export const SYSTEM_PROMPT =
  'You are an SRE assistant. Explain the state of the resource from the context given, name the likely cause, and recommend the next step. Answer in Markdown.';

/** The demo's token count: one token per four characters, rounded up. */
export function tokenCount(text: string): number {
  return Math.ceil(text.length / 4);
}

/** One model call as the ai action records it. */
export interface GenerationInfo {
  inputTokens: number;
  outputTokens: number;
  cost?: number;
  costCalculationError?: string;
  model: string;
}

/** The usage of one call with `prompt` answered by `answer`. */
export function generationInfo(prompt: string, answer: string, model: string): GenerationInfo {
  const inputTokens = tokenCount(prompt);
  const outputTokens = tokenCount(answer);
  const price = MODEL_PRICES[model];
  if (!price) {
    return {
      inputTokens,
      outputTokens,
      costCalculationError: `model ${model} not found in the pricing registry`,
      model,
    };
  }
  const cost = (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
  return { inputTokens, outputTokens, cost, model };
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const SINCE_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `24h`, `7d`, `30m` in ms; the fallback when it is not one. */
function sinceMs(value: unknown, fallback: number): number {
  const match = /^(\d+)([mhd])$/.exec(String(value ?? ''));
  return match ? Number(match[1]) * SINCE_MS[match[2]!]! : fallback;
}

interface ChangeRow {
  change_type: string;
  summary: string | null;
  count: number;
  last: Date | string;
}

interface Context {
  lines: string[];
  answer: string[];
}

async function configContext(
  db: SqlClient,
  resource: PlaybookResource,
  ai: Record<string, unknown>,
  now: Date,
): Promise<Context> {
  const { rows: items } = await db.query<{
    name: string;
    type: string | null;
    health: string | null;
    status: string | null;
    description: string | null;
  }>(`SELECT name, type, health, status, description FROM config_items WHERE id = $1`, [
    resource.id,
  ]);
  const item = items[0];
  const since = sinceMs(record(ai.changes).since, 86_400_000);
  const { rows: changes } = await db.query<ChangeRow>(
    `SELECT change_type, max(summary) AS summary, count(*)::int AS count, max(created_at) AS last
       FROM config_changes WHERE config_id = $1 AND created_at > $2 AND created_at <= $3
      GROUP BY change_type ORDER BY count(*) DESC, change_type LIMIT 8`,
    [resource.id, new Date(now.getTime() - since).toISOString(), now.toISOString()],
  );
  const { rows: insights } = await db.query<{ analyzer: string; severity: string | null }>(
    `SELECT analyzer, severity FROM config_analysis
      WHERE config_id = $1 AND status = 'open' ORDER BY last_observed DESC, analyzer LIMIT 5`,
    [resource.id],
  );
  const name = item?.name ?? resource.name;
  const type = item?.type ?? resource.type ?? 'config item';
  const health = item?.health ?? 'unknown';
  const lines = [
    `## ${type} ${name}`,
    `health: ${health}; status: ${item?.status ?? 'unknown'}`,
    ...(item?.description ? [`description: ${item.description}`] : []),
    `### Changes in the last ${String(record(ai.changes).since ?? '24h')}`,
    ...changes.map(
      (change) =>
        `- ${change.change_type} x${change.count}, last ${new Date(change.last).toISOString()}: ${change.summary ?? ''}`,
    ),
    '### Open insights',
    ...insights.map((insight) => `- ${insight.analyzer} (${insight.severity ?? 'info'})`),
  ];
  const top = changes[0];
  const answer = [
    '### Summary',
    `${name} (${type}) is **${health}**${item?.status ? `, status ${item.status}` : ''}.`,
    '',
    '### Recent changes',
    ...(changes.length > 0
      ? changes.map(
          (change) =>
            `- ${change.change_type}: ${change.count} in the window${change.summary ? ` (latest: ${change.summary})` : ''}`,
        )
      : ['- No changes in the window.']),
    '',
    '### Likely cause',
    top
      ? `The most frequent change is ${top.change_type} (${top.count}); start there.`
      : insights[0]
        ? `No recent change; the open insight ${insights[0].analyzer} is the best lead.`
        : 'Nothing in the window explains the state; look further back.',
    '',
    '### Recommended next step',
    insights.length > 0
      ? `Review the ${insights.length} open insight${insights.length === 1 ? '' : 's'} (${insights.map((insight) => insight.analyzer).join(', ')}).`
      : health === 'healthy'
        ? 'No action needed.'
        : 'Compare with the last healthy revision and roll back if they differ.',
  ];
  return { lines, answer };
}

async function checkContext(
  db: SqlClient,
  resource: PlaybookResource,
  now: Date,
): Promise<Context> {
  const { rows } = await db.query<{ passed: number; failed: number; last_error: string | null }>(
    `SELECT count(*) FILTER (WHERE status)::int AS passed,
            count(*) FILTER (WHERE NOT status OR status IS NULL)::int AS failed,
            (array_agg(error ORDER BY time DESC) FILTER (WHERE error IS NOT NULL))[1] AS last_error
       FROM check_statuses WHERE check_id = $1 AND time > $2 AND time <= $3`,
    [resource.id, new Date(now.getTime() - 86_400_000).toISOString(), now.toISOString()],
  );
  const counts = rows[0] ?? { passed: 0, failed: 0, last_error: null };
  const total = counts.passed + counts.failed;
  const lines = [
    `## Health check ${resource.name}`,
    `results in the last 24h: ${counts.passed} passed, ${counts.failed} failed`,
    ...(counts.last_error ? [`last error: ${counts.last_error}`] : []),
  ];
  const answer = [
    '### Summary',
    total === 0
      ? `${resource.name} has not run in the last day.`
      : `${resource.name} failed ${counts.failed} of ${total} runs in the last day.`,
    '',
    '### Likely cause',
    counts.last_error ? `The last error was: ${counts.last_error}` : 'No error was recorded.',
  ];
  return { lines, answer };
}

export interface AiOutcome {
  result: { markdown: string; generationInfo: GenerationInfo[] };
  /** The whole prompt, kept as the `prompt.md` artifact as the runner keeps it. */
  prompt: string;
}

/** Runs a rendered ai action on `resource` at `now` (see the module's comment). */
export async function runAi(
  db: SqlClient,
  spec: unknown,
  resource: PlaybookResource | null,
  now: Date,
): Promise<AiOutcome> {
  const ai = record(spec);
  const question = String(ai.prompt ?? '').trim() || 'Summarise the state of this resource.';
  const context: Context =
    resource?.kind === 'config'
      ? await configContext(db, resource, ai, now)
      : resource?.kind === 'check'
        ? await checkContext(db, resource, now)
        : {
            lines: ['No resource was given.'],
            answer: ['### Summary', 'No resource was given, so there is nothing to explain.'],
          };
  const prompt = [
    SYSTEM_PROMPT,
    '',
    `# Question`,
    question,
    '',
    '# Context',
    ...context.lines,
  ].join('\n');
  const markdown = context.answer.join('\n');
  const model = typeof ai.model === 'string' && ai.model !== '' ? ai.model : DEFAULT_MODEL;
  return {
    result: { markdown, generationInfo: [generationInfo(prompt, markdown, model)] },
    prompt,
  };
}
