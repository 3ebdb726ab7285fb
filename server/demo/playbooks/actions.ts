/**
 * What each kind of playbook action does in the demo: nothing harmful. `exec` understands a fixed
 * set of commands against the seeded estate (a rollout restart records a config change on the
 * run's config item), `http` and `logs` answer from seeded data, `sql` runs a SELECT over the
 * catalog read-only (`sqlAction.ts`) or answers from seeded rows, `prometheus` answers from the
 * run's check history (`prometheusAction.ts`), `ai` composes its answer from the estate and
 * records its tokens and cost (`aiAction.ts`), `notification` renders its message; everything
 * else answers the document the playbook catalog gives for it.
 */
import { createHash } from 'node:crypto';
import type { SqlClient } from '../db/types';
import { PLAYBOOKS } from '../seed/playbookCatalog';
import { fill } from '../seed/sampling';
import { runAi } from './aiAction';
import { withContentType } from './contentType';
import { runPrometheus } from './prometheusAction';
import { runCatalogQuery } from './sqlAction';
import { type ActionSpec, type PlaybookResource, actionType } from './spec';

export interface ActionInput {
  /** The action with its templates already rendered. */
  action: ActionSpec;
  runId: string;
  playbookName: string;
  resource: PlaybookResource | null;
  params: Record<string, string>;
  actorId: string | null;
  now: Date;
}

export interface ArtifactFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ActionOutcome {
  status: 'completed' | 'failed';
  result: Record<string, unknown>;
  error: string | null;
  artifacts: ArtifactFile[];
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * How long a rendered action keeps running, in ms: `sleep N` in an exec script (seconds), else
 * zero. Derived from the spec each time, so a resumed executor agrees with the one before.
 */
export function actionDurationMs(action: ActionSpec): number {
  const script = String(record(action.exec).script ?? '');
  const match = /(?:^|[;&|\s])sleep\s+(\d+)/.exec(script);
  return match ? Number(match[1]) * 1000 : 0;
}

function fillValues(input: ActionInput): Record<string, string> {
  const namespace = input.resource?.tags.namespace;
  return {
    ...input.params,
    name: input.resource?.name ?? '',
    namespace: typeof namespace === 'string' ? namespace : '',
  };
}

/** The catalog's sample document and artifacts for this playbook action, placeholders filled. */
function catalogSample(input: ActionInput): {
  result: Record<string, unknown> | null;
  artifacts: ArtifactFile[];
} {
  const template = PLAYBOOKS.find((p) => p.name === input.playbookName);
  const action = template?.actions.find((a) => a.spec.name === input.action.name);
  if (!action) return { result: null, artifacts: [] };
  const values = fillValues(input);
  const result = JSON.parse(
    JSON.stringify(action.result, (_key, value: unknown) =>
      typeof value === 'string' ? fill(value, values) : value,
    ),
  ) as Record<string, unknown>;
  const artifacts = (action.artifacts ?? []).map((artifact) => ({
    filename: artifact.filename,
    contentType: artifact.contentType,
    content: Buffer.from(`${artifact.lines.map((line) => fill(line, values)).join('\n')}\n`),
  }));
  return { result, artifacts };
}

async function recordChange(
  db: SqlClient,
  input: ActionInput,
  changeType: string,
  summary: string,
): Promise<void> {
  if (input.resource?.kind !== 'config') return;
  await db.query(
    `INSERT INTO config_changes
       (config_id, external_change_id, change_type, severity, source, summary, details, created_by,
        created_at, first_observed, inserted_at)
     VALUES ($1, $2, $3, 'info', 'Playbook', $4, $5, $6, $7, $7, $7)
     ON CONFLICT (config_id, external_change_id) DO NOTHING`,
    [
      input.resource.id,
      `playbook-run/${input.runId}/${input.action.name}`,
      changeType,
      summary,
      JSON.stringify({ playbook_run_id: input.runId, action: input.action.name }),
      input.actorId,
      input.now.toISOString(),
    ],
  );
}

/**
 * A numeric guard at the start of a script, `test A -gt B || exit N` (`-eq`, `-ne`, `-gt`,
 * `-ge`, `-lt`, `-le`), then `;` or `&&` and the rest of the script.
 */
const GUARD =
  /^test\s+(-?\d+)\s+-(eq|ne|gt|ge|lt|le)\s+(-?\d+)\s*\|\|\s*exit\s+(\d+)\s*(?:;|&&)?\s*/;

/** Whether `test a -op b` holds, as the shell compares integers. */
export function numericTestHolds(a: number, op: string, b: number): boolean {
  switch (op) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'gt':
      return a > b;
    case 'ge':
      return a >= b;
    case 'lt':
      return a < b;
    case 'le':
      return a <= b;
    default:
      return false;
  }
}

function exitedWith(exitCode: number): ActionOutcome {
  const stderr = `command failed with exit code ${exitCode}`;
  return {
    status: 'failed',
    result: { stdout: '', stderr, exitCode },
    error: `exit status ${exitCode}`,
    artifacts: [],
  };
}

async function runExec(db: SqlClient, input: ActionInput): Promise<ActionOutcome> {
  let script = String(record(input.action.exec).script ?? '').trim();
  const ok = (stdout: string): ActionOutcome => ({
    status: 'completed',
    result: { stdout, stderr: '', exitCode: 0 },
    error: null,
    artifacts: [],
  });
  const guard = GUARD.exec(script);
  if (guard) {
    const [whole, a, op, b, code] = guard;
    if (!numericTestHolds(Number(a), op ?? '', Number(b))) return exitedWith(Number(code));
    script = script.slice(whole.length).trim();
    if (script === '') return ok('');
  }
  const exit = /(?:^|[;&|\s])exit\s+(\d+)/.exec(script);
  if (script === 'false' || (exit && exit[1] !== '0')) {
    return exitedWith(exit ? Number(exit[1]) : 1);
  }
  const restart = /kubectl rollout restart deployment\/(\S+)/.exec(script);
  if (restart) {
    await recordChange(
      db,
      input,
      'RestartDeployment',
      `Rolling restart requested by a playbook run: ${input.params.reason ?? 'no reason given'}`,
    );
    return ok(`deployment.apps/${restart[1]} restarted`);
  }
  const scale = /kubectl scale deployment\/(\S+).*--replicas=(\d+)/.exec(script);
  if (scale) {
    await recordChange(db, input, 'ScaleDeployment', `Scaled to ${scale[2]} replicas`);
    return ok(`deployment.apps/${scale[1]} scaled`);
  }
  const status = /kubectl rollout status deployment\/(\S+)/.exec(script);
  if (status) return ok(`deployment "${status[1]}" successfully rolled out`);
  const deletePod = /kubectl delete pod (\S+)/.exec(script);
  if (deletePod) return ok(`pod "${deletePod[1]}" deleted`);
  const echo = /^echo\s+(.*)$/s.exec(script);
  if (echo) return ok((echo[1] ?? '').replace(/^["']|["']$/g, ''));
  if (/^sleep\s+\d+$/.test(script)) return ok('');
  const sample = catalogSample(input);
  if (sample.result) {
    return { status: 'completed', result: sample.result, error: null, artifacts: sample.artifacts };
  }
  return ok(`$ ${script}`);
}

async function resourceDocument(
  db: SqlClient,
  resource: PlaybookResource | null,
): Promise<Record<string, unknown>> {
  if (resource?.kind !== 'config') return resource ? { ...resource } : {};
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT id, name, type, config_class, status, health, tags FROM config_items WHERE id = $1`,
    [resource.id],
  );
  return rows[0] ?? {};
}

/**
 * Runs one action of a run; the caller stores the outcome. Its result carries `contentType` as
 * Mission Control's runner sets it (`withContentType`).
 */
export async function runAction(db: SqlClient, input: ActionInput): Promise<ActionOutcome> {
  const type = actionType(input.action);
  const outcome = await runActionOfType(db, input, type);
  return {
    ...outcome,
    result: withContentType(outcome.result, type, input.action.contentType),
  };
}

/** An http answer as the runner records it, `{ code, headers, content }`. */
function httpResult(sample: Record<string, unknown> | null, fallback: unknown) {
  const content = sample?.content ?? sample?.body;
  if (sample && typeof sample.code === 'number' && typeof content === 'string') {
    const { body: _body, ...rest } = sample;
    return { ...rest, headers: rest.headers ?? { 'Content-Type': 'application/json' }, content };
  }
  return {
    code: 200,
    headers: { 'Content-Type': 'application/json' },
    content: JSON.stringify(sample ?? fallback),
  };
}

/**
 * A sql action: a SELECT over the catalog runs against the demo's database, read-only (see
 * `sqlAction.ts`); any other query (another database's tables, a statement that writes) answers
 * with the catalog's seeded rows for the action when it has them, else fails with why.
 */
async function runSql(
  db: SqlClient,
  input: ActionInput,
  body: Record<string, unknown>,
): Promise<ActionOutcome> {
  const query = String(body.query ?? '');
  const answer = await runCatalogQuery(db, query);
  if ('result' in answer) {
    return { status: 'completed', result: { ...answer.result }, error: null, artifacts: [] };
  }
  const sample = catalogSample(input).result;
  if (sample && 'rows' in sample) {
    return { status: 'completed', result: { query, ...sample }, error: null, artifacts: [] };
  }
  const error =
    'error' in answer
      ? `failed to query db: ${answer.error}`
      : `failed to query db: ${answer.refused}`;
  return { status: 'failed', result: {}, error, artifacts: [] };
}

async function runActionOfType(
  db: SqlClient,
  input: ActionInput,
  type: string,
): Promise<ActionOutcome> {
  const body = record(input.action[type]);
  switch (type) {
    case 'exec':
      return runExec(db, input);
    case 'notification':
      return {
        status: 'completed',
        result: { title: String(body.title ?? ''), message: String(body.message ?? '') },
        error: null,
        artifacts: [],
      };
    case 'http': {
      const document = await resourceDocument(db, input.resource);
      return {
        status: 'completed',
        result: httpResult(catalogSample(input).result, document),
        error: null,
        artifacts: [],
      };
    }
    case 'sql':
      return runSql(db, input, body);
    case 'prometheus': {
      const outcome = await runPrometheus(db, body, input.resource, input.now);
      if ('error' in outcome) {
        return { status: 'failed', result: {}, error: outcome.error, artifacts: [] };
      }
      return { status: 'completed', result: outcome.result, error: null, artifacts: [] };
    }
    case 'ai': {
      const outcome = await runAi(db, body, input.resource, input.now);
      return {
        status: 'completed',
        result: outcome.result,
        error: null,
        artifacts: [
          {
            filename: 'prompt.md',
            contentType: 'text/markdown',
            content: Buffer.from(outcome.prompt),
          },
        ],
      };
    }
    case 'logs': {
      const { rows } = await db.query<{ created_at: Date; change_type: string; summary: string }>(
        `SELECT created_at, change_type, COALESCE(summary, '') AS summary FROM config_changes
          WHERE config_id = $1 ORDER BY created_at DESC LIMIT 20`,
        [input.resource?.kind === 'config' ? input.resource.id : null],
      );
      const lines = rows.map((row) => ({
        timestamp: new Date(row.created_at).toISOString(),
        message: `${row.change_type}: ${row.summary}`,
      }));
      return { status: 'completed', result: { lines }, error: null, artifacts: [] };
    }
    default: {
      const sample = catalogSample(input);
      return {
        status: 'completed',
        result: sample.result ?? { message: `${type} action ${input.action.name} completed` },
        error: null,
        artifacts: sample.artifacts,
      };
    }
  }
}

/** The artifacts row of a file produced by an action (stored inline, content served by MISC-04). */
export function artifactRow(
  file: ArtifactFile,
  actionId: string,
  runId: string,
  actionName: string,
): Record<string, unknown> {
  return {
    playbook_run_action_id: actionId,
    path: `playbooks/${runId}/${actionName}/${file.filename}`,
    filename: file.filename,
    content_type: file.contentType,
    size: file.content.length,
    checksum: createHash('sha256').update(file.content).digest('hex'),
    content: new Uint8Array(file.content),
  };
}
