/**
 * The tools of the demo's MCP endpoint. Each answers from the demo's own HTTP routes, called in
 * process as the token's owner (`ApiCall`, route.ts), so every answer is what the console
 * would get for that person: the same SQL and the same role table.
 * Answers are compact JSON text: ids, names, types, health and status, timestamps.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { SqlClient } from '../db/types';
import type { Caller } from '../auth/caller';
import { findPlaybook, findResource } from '../playbooks/store';
import type { PlaybookResource, ResourceKind } from '../playbooks/spec';
import { viewTableName } from '../views/spec';
import { decideMcpRun, decidePlaybookRun, reasonOf } from './access';

/** The answer of one in-process call to a demo route. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Calls a demo route (path under `/api`) with the MCP caller's credentials. */
export type ApiCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<ApiAnswer>;

export interface ToolContext {
  db: SqlClient;
  /** Who called, with the token's scope: `mcp:run` reads its `mcp` entry. */
  caller: Caller;
  /** Who the tools act as: the caller without the scope (route.ts). */
  actor: Caller;
  /** The demo's routes, called as `actor`. */
  api: ApiCall;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** A tool's refusal or failure: answered as an MCP tool error carrying the message. */
class ToolError extends Error {}

const limit = z
  .number()
  .int()
  .min(1)
  .max(MAX_LIMIT)
  .optional()
  .describe(`At most this many items (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`);

const uuid = (what: string) => z.uuid().describe(what);

const RESOURCE_KINDS = ['config', 'check', 'component'] as const;
const resourceKind = z
  .enum(RESOURCE_KINDS)
  .optional()
  .describe('What the id names; found by id when left out');

/** The search kinds of MISC-03 a tool may ask for, with the body key of each. */
const SEARCH_KINDS = {
  config: 'configs',
  check: 'checks',
  component: 'components',
  canary: 'canaries',
  playbook: 'playbooks',
  connection: 'connections',
} as const;
type SearchKind = keyof typeof SEARCH_KINDS;
const SEARCH_KIND_NAMES = Object.keys(SEARCH_KINDS) as [SearchKind, ...SearchKind[]];

/** The error message of a route's answer. */
function errorOf(answer: ApiAnswer): string {
  const body = answer.body;
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string' && error) return error;
  }
  if (typeof body === 'string' && body) return body;
  if (answer.status === 401) return 'unauthorized';
  if (answer.status === 403) return 'forbidden';
  return `request failed with status ${answer.status}`;
}

/** The body of a 2xx answer; a ToolError with the route's message otherwise. */
async function ok<T>(call: Promise<ApiAnswer>): Promise<T> {
  const answer = await call;
  if (answer.status < 200 || answer.status >= 300) throw new ToolError(errorOf(answer));
  return answer.body as T;
}

const MAX_TEXT = 2000;

/** The value without null, undefined, empty objects or arrays; long strings cut. */
export function compact(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (cut)` : value;
  }
  if (Array.isArray(value)) return value.map(compact);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (inner === null || inner === undefined) continue;
      const kept = compact(inner);
      if (kept && typeof kept === 'object' && Object.keys(kept).length === 0) continue;
      out[key] = kept;
    }
    return out;
  }
  return value;
}

/** Keeps only `keys` of a row (in that order), then compacts it. */
function pick(row: unknown, keys: readonly string[]): Record<string, unknown> {
  const source = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in source) out[key] = source[key];
  return compact(out) as Record<string, unknown>;
}

function text(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** Runs a tool's body: its answer as JSON text, or its refusal as a tool error. */
async function answer(body: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return text(await body());
  } catch (error) {
    if (error instanceof ToolError) {
      return { isError: true, content: [{ type: 'text', text: error.message }] };
    }
    throw error;
  }
}

/** The config, check or component an id names (of `kind` when given), or a ToolError. */
async function resourceOf(
  db: SqlClient,
  id: string,
  kind: ResourceKind | undefined,
): Promise<PlaybookResource> {
  for (const candidate of kind ? [kind] : RESOURCE_KINDS) {
    const found = await findResource(db, candidate, id);
    if (found) return found;
  }
  throw new ToolError(`${kind ?? 'resource'} ${id} not found`);
}

const query = (params: Record<string, string | number | undefined>): string =>
  Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

const CONFIG_FIELDS = [
  'id',
  'name',
  'type',
  'config_class',
  'health',
  'status',
  'ready',
  'description',
  'tags',
  'labels',
  'created_at',
  'updated_at',
];
const CHANGE_FIELDS = ['id', 'change_type', 'severity', 'source', 'summary', 'count', 'created_at'];
const INSIGHT_FIELDS = [
  'id',
  'analyzer',
  'analysis_type',
  'severity',
  'status',
  'summary',
  'first_observed',
  'last_observed',
];
const CHECK_FIELDS = [
  'id',
  'name',
  'type',
  'namespace',
  'canary_name',
  'status',
  'severity',
  'last_runtime',
  'last_transition_time',
];
const INCIDENT_FIELDS = [
  'id',
  'incident_id',
  'title',
  'type',
  'severity',
  'status',
  'created_at',
  'updated_at',
];
const RUN_FIELDS = [
  'id',
  'playbook_id',
  'status',
  'config_id',
  'component_id',
  'check_id',
  'parameters',
  'error',
  'created_at',
  'scheduled_time',
  'start_time',
  'end_time',
];
const ACTION_FIELDS = ['id', 'name', 'status', 'start_time', 'end_time', 'error', 'result'];

/** Registers every tool on `server` for one request's caller. */
export function registerTools(server: McpServer, { db, caller, actor, api }: ToolContext): void {
  server.registerTool(
    'search_catalog',
    {
      description:
        'Search configs, health checks, components, canaries, playbooks and connections with a ' +
        "selector, as the console's search palette does: free words match names (globs such as " +
        '"nginx*"), and "type=Kubernetes::Pod", "namespace=default", "status=Running", ' +
        '"tags.env=prod" or "labels.app=web" narrow it. Answers each match\'s kind, id, name, ' +
        'type, health and status.',
      inputSchema: {
        query: z
          .string()
          .trim()
          .min(1)
          .describe('The selector, e.g. "type=Kubernetes::Pod nginx*"'),
        kind: z.enum(SEARCH_KIND_NAMES).optional().describe('Search only this kind'),
        limit,
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        const kinds = args.kind ? [args.kind] : SEARCH_KIND_NAMES;
        const max = args.limit ?? DEFAULT_LIMIT;
        const body: Record<string, unknown> = {};
        for (const kind of kinds) {
          const wide =
            kind === 'playbook' || kind === 'connection' ? { name: '*' } : { agent: 'all' };
          body[SEARCH_KINDS[kind]] = [{ ...wide, search: args.query, limit: max }];
        }
        if (kinds.length > 1) body.lenient = true;
        const found = await ok<Record<string, unknown[]>>(api('POST', '/resources/search', body));
        const results = kinds.flatMap((kind) =>
          (found[SEARCH_KINDS[kind]] ?? []).map((row) => ({
            kind,
            ...pick(row, ['id', 'name', 'namespace', 'type', 'health', 'status', 'updated_at']),
          })),
        );
        return { count: results.length, results: results.slice(0, max) };
      }),
  );

  server.registerTool(
    'get_config',
    {
      description:
        'Read one config item of the catalog by id: its type, health, status, tags and labels, ' +
        'its most recent changes and its open insights (analyses).',
      inputSchema: {
        id: uuid('The config item id'),
        limit,
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        const max = args.limit ?? DEFAULT_LIMIT;
        const id = `eq.${args.id}`;
        const items = await ok<unknown[]>(
          api('GET', `/db/config_items?${query({ id, select: CONFIG_FIELDS.join(',') })}`),
        );
        if (items.length === 0) throw new ToolError(`config ${args.id} not found`);
        const changes = await ok<unknown[]>(
          api(
            'GET',
            `/db/config_changes?${query({
              config_id: id,
              select: CHANGE_FIELDS.join(','),
              order: 'created_at.desc',
              limit: max,
            })}`,
          ),
        );
        const insights = await ok<unknown[]>(
          api(
            'GET',
            `/db/config_analysis?${query({
              config_id: id,
              status: 'eq.open',
              select: INSIGHT_FIELDS.join(','),
              order: 'last_observed.desc',
              limit: max,
            })}`,
          ),
        );
        return {
          config: pick(items[0], CONFIG_FIELDS),
          changes: changes.map((row) => pick(row, CHANGE_FIELDS)),
          insights: insights.map((row) => pick(row, INSIGHT_FIELDS)),
        };
      }),
  );

  server.registerTool(
    'list_health_checks',
    {
      description:
        'List health checks with their status (healthy or unhealthy), severity and when they ' +
        'last ran and last changed status; unhealthy first.',
      inputSchema: {
        status: z
          .enum(['healthy', 'unhealthy'])
          .optional()
          .describe('Only checks with this status'),
        limit,
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        const summary = await ok<{ checks_summary?: Array<Record<string, unknown>> }>(
          api('GET', '/canary/api/summary'),
        );
        const all = summary.checks_summary ?? [];
        const matching = all
          .filter((check) => !args.status || check.status === args.status)
          .sort(
            (a, b) =>
              Number(a.status === 'healthy') - Number(b.status === 'healthy') ||
              String(a.name).localeCompare(String(b.name)),
          );
        const max = args.limit ?? DEFAULT_LIMIT;
        return {
          total: matching.length,
          checks: matching.slice(0, max).map((check) => pick(check, CHECK_FIELDS)),
        };
      }),
  );

  server.registerTool(
    'list_incidents',
    {
      description: 'List incidents, newest first, with their id, title, type, severity and status.',
      inputSchema: {
        status: z
          .enum(['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'])
          .optional()
          .describe('Only incidents with this status'),
        severity: z
          .enum(['low', 'medium', 'high', 'blocker', 'critical'])
          .optional()
          .describe('Only incidents of this severity'),
        limit,
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        const rows = await ok<unknown[]>(
          api(
            'GET',
            `/db/incident_summary?${query({
              select: INCIDENT_FIELDS.join(','),
              status: args.status && `eq.${args.status}`,
              severity: args.severity && `eq.${args.severity}`,
              order: 'created_at.desc',
              limit: args.limit ?? DEFAULT_LIMIT,
            })}`,
          ),
        );
        return { incidents: rows.map((row) => pick(row, INCIDENT_FIELDS)) };
      }),
  );

  server.registerTool(
    'evaluate_view',
    {
      description:
        'Evaluate a view (by id, or by namespace and name) with optional variables: its ' +
        'columns, its table rows and its panels.',
      inputSchema: {
        id: uuid('The view id').optional(),
        namespace: z.string().min(1).optional().describe('The view namespace (with name)'),
        name: z.string().min(1).optional().describe('The view name (instead of id)'),
        variables: z
          .record(z.string(), z.string())
          .optional()
          .describe("Values of the view's variables, by key"),
        limit,
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        let id = args.id;
        if (!id) {
          if (!args.name) throw new ToolError('give the view id, or its name (and namespace)');
          const found = await ok<Array<{ id: string }>>(
            api(
              'GET',
              `/db/views_summary?${query({
                namespace: args.namespace && `eq.${args.namespace}`,
                name: `eq.${args.name}`,
                select: 'id',
                limit: 2,
              })}`,
            ),
          );
          if (found.length === 0) {
            throw new ToolError(
              `view ${args.namespace ? `${args.namespace}/` : ''}${args.name} not found`,
            );
          }
          if (found.length > 1) {
            throw new ToolError(
              `several views are named ${args.name}: give the namespace or the id`,
            );
          }
          id = (found[0] as { id: string }).id;
        }
        const view = await ok<{
          id: string;
          namespace?: string;
          name: string;
          title: string;
          requestFingerprint: string;
          columns: Array<{ name: string; type: string; hidden?: boolean }>;
          panels: Array<{ name: string; type: string; rows?: unknown[] }>;
          refreshStatus?: string;
          refreshError?: string;
          lastRefreshedAt?: string | null;
        }>(api('POST', `/view/${encodeURIComponent(id)}`, { variables: args.variables ?? {} }));
        const max = args.limit ?? DEFAULT_LIMIT;
        const shown = view.columns.filter((column) => !column.hidden);
        let rows: unknown[] = [];
        if (view.columns.length > 0) {
          const table = viewTableName(view.namespace ?? null, view.name);
          const stored = await ok<unknown[]>(
            api(
              'GET',
              `/db/${table}?${query({
                select: shown.map((column) => column.name).join(','),
                request_fingerprint: `eq.${view.requestFingerprint}`,
                limit: max,
              })}`,
            ),
          );
          rows = stored.map((row) =>
            pick(
              row,
              shown.map((column) => column.name),
            ),
          );
        }
        return compact({
          id: view.id,
          namespace: view.namespace,
          name: view.name,
          title: view.title,
          refreshStatus: view.refreshStatus,
          refreshError: view.refreshError,
          lastRefreshedAt: view.lastRefreshedAt,
          columns: shown.map((column) => ({ name: column.name, type: column.type })),
          rows,
          panels: view.panels.map((panel) => ({
            name: panel.name,
            type: panel.type,
            rows: (panel.rows ?? []).slice(0, max),
          })),
        });
      }),
  );

  server.registerTool(
    'list_playbooks_for_resource',
    {
      description:
        'List the playbooks that can run on a config item, health check or component, with ' +
        'their parameters, and whether this token may run each through MCP (mcp:run and the ' +
        "playbook's own run permission).",
      inputSchema: {
        resource_id: uuid('The config, check or component id'),
        kind: resourceKind,
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        const resource = await resourceOf(db, args.resource_id, args.kind);
        const listed = await ok<Array<Record<string, unknown>>>(
          api('GET', `/playbook/list?${resource.kind}_id=${resource.id}`),
        );
        const playbooks = [];
        for (const row of listed) {
          const playbook = await findPlaybook(db, String(row.id));
          if (!playbook) continue;
          const mcpRun = await decideMcpRun(db, caller, playbook, resource);
          const canRun =
            mcpRun.allowed && (await decidePlaybookRun(db, actor, playbook, resource)).allowed;
          const parameters = Array.isArray(row.parameters) ? row.parameters : [];
          playbooks.push({
            ...pick(row, ['id', 'name', 'title', 'category', 'description']),
            parameters: parameters.map((p) =>
              pick(p, ['name', 'label', 'type', 'required', 'default', 'description']),
            ),
            can_run: canRun,
          });
        }
        return {
          resource: {
            kind: resource.kind,
            id: resource.id,
            name: resource.name,
            type: resource.type,
          },
          playbooks,
        };
      }),
  );

  server.registerTool(
    'run_playbook',
    {
      description:
        'Run a playbook, on a config item, health check or component when it runs on one, with ' +
        "its parameters. Needs mcp:run on the playbook and the playbook's own run permission. " +
        'A playbook that needs approval waits for it (status pending_approval).',
      inputSchema: {
        playbook_id: uuid('The playbook id'),
        resource_id: uuid('The config, check or component to run it on').optional(),
        kind: resourceKind,
        params: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('Parameter values by name (see list_playbooks_for_resource)'),
      },
      annotations: { destructiveHint: true },
    },
    (args) =>
      answer(async () => {
        const playbook = await findPlaybook(db, args.playbook_id);
        if (!playbook) throw new ToolError(`playbook ${args.playbook_id} not found`);
        const resource = args.resource_id
          ? await resourceOf(db, args.resource_id, args.kind)
          : null;
        const allowed = await decideMcpRun(db, caller, playbook, resource);
        if (!allowed.allowed) {
          throw new ToolError(
            `forbidden: mcp:run not permitted on playbook ${playbook.name}: ${reasonOf(allowed)}`,
          );
        }
        const started = await ok<{ run_id: string; starts_at: string }>(
          api('POST', '/playbook/run', {
            id: playbook.id,
            ...(resource ? { [`${resource.kind}_id`]: resource.id } : {}),
            ...(args.params ? { params: args.params } : {}),
          }),
        );
        const runs = await ok<Array<{ status: string }>>(
          api(
            'GET',
            `/db/playbook_runs?${query({ id: `eq.${started.run_id}`, select: 'status' })}`,
          ),
        );
        const status = runs[0]?.status ?? 'scheduled';
        return {
          run_id: started.run_id,
          playbook: playbook.name,
          status,
          starts_at: started.starts_at,
          ...(status === 'pending_approval' ? { note: 'the run waits for approval' } : {}),
        };
      }),
  );

  server.registerTool(
    'get_playbook_run',
    {
      description:
        'Read a playbook run by id: its playbook, status, parameters and times, and its actions ' +
        'with their status and results.',
      inputSchema: { id: uuid('The playbook run id') },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        const runs = await ok<Array<Record<string, unknown>>>(
          api(
            'GET',
            `/db/playbook_runs?${query({
              id: `eq.${args.id}`,
              select: `${RUN_FIELDS.join(',')},playbooks(id,name,title)`,
            })}`,
          ),
        );
        const run = runs[0];
        if (!run) throw new ToolError(`playbook run ${args.id} not found`);
        const actions = await ok<unknown[]>(
          api('GET', `/db/rpc/get_playbook_run_actions?${query({ run_id: args.id })}`),
        );
        return {
          ...pick(run, RUN_FIELDS),
          playbook: pick(run.playbooks, ['id', 'name', 'title']),
          actions: actions.map((action) => pick(action, ACTION_FIELDS)),
        };
      }),
  );
}

/** The names of the tools, in the order they are registered. */
export const TOOL_NAMES = [
  'search_catalog',
  'get_config',
  'list_health_checks',
  'list_incidents',
  'evaluate_view',
  'list_playbooks_for_resource',
  'run_playbook',
  'get_playbook_run',
] as const;
