import type { FastifyPluginAsync } from 'fastify';
import {
  DASHBOARD_PROPERTY,
  DASHBOARD_PROPERTY_FALLBACK,
  DEFAULT_DASHBOARD_VIEW,
} from '../../../contracts/dashboard';
import type { SqlClient } from '../db/types';
import {
  evaluateLoadedView,
  evaluateView,
  loadView,
  type EvaluateOptions,
  type RequestedVariables,
  type ViewResult,
  type ViewRow,
} from '../views/evaluate';
import { configMatches } from '../views/queries';
import { parseViewSpec } from '../views/spec';
import { isUuid } from './canary/ids';
import { answerJsonErrors, guardRoutes, sendError } from './guard';
import { impersonationOf, ownCondition, selects } from '../auth/impersonation';

export interface ViewRoutesOptions {
  db: SqlClient;
  /** Called after a view table was created or rebuilt, so `/db/view_*` sees it. */
  onTablesChanged?: () => Promise<void>;
}

/** `max-age=N` of a Cache-Control header, or undefined. */
export function maxAgeOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const match = /(?:^|,)\s*max-age\s*=\s*(\d+)\s*(?:,|$)/i.exec(value);
  return match ? Number(match[1]) : undefined;
}

function variablesOf(
  body: unknown,
): { ok: true; value: RequestedVariables } | { ok: false; error: string } {
  if (body === undefined) return { ok: true, value: {} };
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, error: 'invalid request body: expected a JSON object' };
  }
  const variables = (body as { variables?: unknown }).variables;
  if (variables === undefined || variables === null) return { ok: true, value: {} };
  if (typeof variables !== 'object' || Array.isArray(variables)) {
    return { ok: false, error: 'invalid request body: variables must be an object' };
  }
  const value: RequestedVariables = {};
  for (const [key, item] of Object.entries(variables)) {
    if (typeof item === 'string') value[key] = item;
    else if (typeof item === 'number' || typeof item === 'boolean') value[key] = String(item);
    else if (Array.isArray(item) && item.every((v) => typeof v === 'string')) value[key] = item;
    else {
      return {
        ok: false,
        error: `invalid request body: variables.${key} must be a string or a list of strings`,
      };
    }
  }
  return { ok: true, value };
}

const VIEW_COLUMNS = 'id, name, namespace, spec, updated_at, created_at';

/** The live view named `namespace/name`, or `name` alone (then the first by namespace). */
async function findView(db: SqlClient, ref: string): Promise<ViewRow | null> {
  const slash = ref.indexOf('/');
  const namespace = slash > 0 ? ref.slice(0, slash) : null;
  const name = slash > 0 ? ref.slice(slash + 1) : ref;
  if (name === '') return null;
  const { rows } =
    namespace === null
      ? await db.query<ViewRow>(
          `SELECT ${VIEW_COLUMNS} FROM views WHERE deleted_at IS NULL AND name = $1
            ORDER BY namespace NULLS FIRST, created_at LIMIT 1`,
          [name],
        )
      : await db.query<ViewRow>(
          `SELECT ${VIEW_COLUMNS} FROM views
            WHERE deleted_at IS NULL AND COALESCE(namespace, '') = $1 AND name = $2 LIMIT 1`,
          [namespace, name],
        );
  return rows[0] ?? null;
}

/** The dashboard's view reference: upstream's property, issue 37's, else the default name. */
async function dashboardRef(db: SqlClient): Promise<string> {
  const { rows } = await db.query<{ name: string; value: string }>(
    `SELECT name, value FROM properties
      WHERE deleted_at IS NULL AND name = ANY($1::text[]) AND btrim(value) <> ''`,
    [[DASHBOARD_PROPERTY, DASHBOARD_PROPERTY_FALLBACK]],
  );
  const value = (name: string) => rows.find((r) => r.name === name)?.value.trim();
  return value(DASHBOARD_PROPERTY) ?? value(DASHBOARD_PROPERTY_FALLBACK) ?? DEFAULT_DASHBOARD_VIEW;
}

/** `{{ .config.a.b }}` or `$(.config.a.b)`: a field of the template's data. */
const TEMPLATE_FIELD = /\{\{\s*\.([A-Za-z0-9_.-]+)\s*\}\}|\$\(\s*\.([A-Za-z0-9_.-]+)\s*\)/g;

/**
 * A display plugin's variable template over `{ config }`: each `{{ .config.x }}` or
 * `$(.config.x)` is that field's text ('' when absent; objects as JSON).
 */
export function renderPluginTemplate(template: string, data: Record<string, unknown>): string {
  return template.replace(TEMPLATE_FIELD, (_match, braces?: string, paren?: string) => {
    let value: unknown = data;
    for (const key of (braces ?? paren ?? '').split('.')) {
      value =
        value !== null && typeof value === 'object'
          ? (value as Record<string, unknown>)[key]
          : undefined;
    }
    if (value === undefined || value === null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** Upstream's ViewMetadataResponse: the view evaluated, and its viewRef sections by `ns/name`. */
export type ViewMetadata = ViewResult & { id: string; sectionResults?: Record<string, ViewResult> };

type MetadataOutcome =
  { ok: true; metadata: ViewMetadata } | { ok: false; status: 400 | 404; error: string };

/**
 * The view evaluated with its default variables and each `viewRef` section's view likewise,
 * keyed `namespace/name` (upstream's `getViewMetadata`). A section naming no live view, or one
 * whose spec cannot be evaluated, is left out (upstream fails the whole answer instead).
 */
async function viewMetadata(
  db: SqlClient,
  view: ViewRow,
  options: EvaluateOptions,
): Promise<MetadataOutcome> {
  const outcome = await evaluateLoadedView(db, view, {}, options);
  if (!outcome.ok) return outcome;
  const metadata: ViewMetadata = { ...outcome.result, id: view.id };
  const refs = (outcome.result.sections ?? []).flatMap((s) => (s.viewRef ? [s.viewRef] : []));
  if (refs.length === 0) return { ok: true, metadata };
  const sectionResults: Record<string, ViewResult> = {};
  for (const ref of refs) {
    const key = `${ref.namespace}/${ref.name}`;
    if (key in sectionResults) continue;
    const section = await findView(db, `${ref.namespace}/${ref.name}`);
    if (!section) continue;
    const evaluated = await evaluateLoadedView(db, section, {}, options);
    if (evaluated.ok) sectionResults[key] = evaluated.result;
  }
  return { ok: true, metadata: { ...metadata, sectionResults } };
}

/**
 * Views (api.md §17): VIEW-02 `POST /view/{id}` evaluates a view with `{ variables }`
 * (`cache-control: max-age=N` re-evaluates results older than N seconds), VIEW-06
 * `GET /view/list?config_id=` lists the views whose `display.plugins[].configTab` selector
 * matches the config, `GET /view/display-plugin-variables/{id}?config_id=` the variables its
 * config tab passes for a config, `GET /view/metadata/{id}` answers a view evaluated with its sections'
 * views, and `GET /dashboard` the same for the dashboard view (the `dashboard.default.view`
 * property, else `defaults.dashboard_view`, else `mission-control-dashboard`). All need read
 * access to the `views` resource group.
 */
export function viewRoutes(options: ViewRoutesOptions): FastifyPluginAsync {
  const { db } = options;
  return async (app) => {
    answerJsonErrors(app, '*');
    guardRoutes(app, db, 'views', 'read');

    app.get<{ Querystring: { config_id?: string } }>('/view/list', async (request, reply) => {
      const configId = request.query.config_id;
      if (typeof configId !== 'string' || configId === '') {
        return sendError(reply, 400, 'config_id is required');
      }
      if (!isUuid(configId)) return sendError(reply, 400, `config_id ${configId} is not a uuid`);
      const { rows: configs } = await db.query(`SELECT 1 FROM config_items WHERE id = $1`, [
        configId,
      ]);
      if (configs.length === 0) return sendError(reply, 404, `config ${configId} not found`);
      const { rows: views } = await db.query<{
        id: string;
        name: string;
        namespace: string | null;
        spec: unknown;
      }>(
        `SELECT id, name, namespace, spec FROM views v WHERE deleted_at IS NULL AND ${
          ownCondition(impersonationOf(request), 'view', 'v') ?? 'TRUE'
        }`,
      );
      const matched: Array<{
        id: string;
        name: string;
        namespace: string | null;
        title?: string;
        icon?: string;
        ordinal?: number;
      }> = [];
      for (const view of views) {
        const parsed = parseViewSpec(view.spec);
        if (!parsed.ok) continue;
        const display = parsed.spec.display;
        const tabs = (display?.plugins ?? []).flatMap((p) => (p.configTab ? [p.configTab] : []));
        let applies = false;
        for (const selector of tabs) {
          if (await configMatches(db, selector, configId)) {
            applies = true;
            break;
          }
        }
        if (!applies) continue;
        matched.push({
          id: view.id,
          name: view.name,
          namespace: view.namespace,
          ...(display?.title === undefined ? {} : { title: display.title }),
          ...(display?.icon === undefined ? {} : { icon: display.icon }),
          ...(display?.ordinal === undefined ? {} : { ordinal: display.ordinal }),
        });
      }
      matched.sort(
        (a, b) =>
          (a.ordinal ?? Number.MAX_SAFE_INTEGER) - (b.ordinal ?? Number.MAX_SAFE_INTEGER) ||
          (a.title ?? a.name).localeCompare(b.title ?? b.name),
      );
      return reply.send(matched);
    });

    app.get<{ Params: { id: string } }>('/view/metadata/:id', async (request, reply) => {
      const id = request.params.id;
      if (!isUuid(id)) return sendError(reply, 400, `invalid view id: ${id}`);
      const view = await loadView(db, id);
      if (!view || !(await selects(db, impersonationOf(request), 'view', view.id))) {
        return sendError(reply, 404, `view(id=${id}) not found`);
      }
      const outcome = await viewMetadata(db, view, {
        maxAgeSeconds: maxAgeOf(request.headers['cache-control']),
        onTablesChanged: options.onTablesChanged,
      });
      if (!outcome.ok) return sendError(reply, outcome.status, outcome.error);
      return reply.send(outcome.metadata);
    });

    // The variables a config's view tab evaluates the view with: the first display plugin with
    // a config tab, its variable templates rendered over the config (upstream).
    app.get<{ Params: { id: string }; Querystring: { config_id?: string } }>(
      '/view/display-plugin-variables/:id',
      async (request, reply) => {
        const { id } = request.params;
        const configId = request.query.config_id;
        if (typeof configId !== 'string' || configId === '') {
          return sendError(reply, 400, 'config_id is required');
        }
        if (!isUuid(id)) return sendError(reply, 400, `invalid view id: ${id}`);
        if (!isUuid(configId)) return sendError(reply, 400, `config_id ${configId} is not a uuid`);
        const view = await loadView(db, id);
        if (!view || !(await selects(db, impersonationOf(request), 'view', view.id))) {
          return sendError(reply, 404, `view(id=${id}) not found`);
        }
        const { rows } = await db.query<{ config: Record<string, unknown> }>(
          `SELECT to_jsonb(c) AS config FROM config_items c WHERE id = $1`,
          [configId],
        );
        const config = rows[0]?.config;
        if (!config) return sendError(reply, 404, `config(id=${configId}) not found`);
        const parsed = parseViewSpec(view.spec);
        const plugins = parsed.ok ? (parsed.spec.display?.plugins ?? []) : [];
        const plugin = plugins.find((p) => p.configTab && Object.keys(p.configTab).length > 0);
        const variables = Object.fromEntries(
          Object.entries(plugin?.variables ?? {}).map(([key, template]) => [
            key,
            renderPluginTemplate(template, { config }),
          ]),
        );
        return reply.send(variables);
      },
    );

    app.get('/dashboard', async (request, reply) => {
      const ref = await dashboardRef(db);
      const view = await findView(db, ref);
      if (!view || !(await selects(db, impersonationOf(request), 'view', view.id))) {
        return sendError(reply, 404, `dashboard view ${ref} not found`);
      }
      const outcome = await viewMetadata(db, view, {
        maxAgeSeconds: maxAgeOf(request.headers['cache-control']),
        onTablesChanged: options.onTablesChanged,
      });
      if (!outcome.ok) return sendError(reply, outcome.status, outcome.error);
      return reply.send(outcome.metadata);
    });

    app.post<{ Params: { id: string } }>('/view/:id', async (request, reply) => {
      const variables = variablesOf(request.body);
      if (!variables.ok) return sendError(reply, 400, variables.error);
      if (!(await selects(db, impersonationOf(request), 'view', request.params.id))) {
        return sendError(reply, 404, `view(id=${request.params.id}) not found`);
      }
      const outcome = await evaluateView(db, request.params.id, variables.value, {
        maxAgeSeconds: maxAgeOf(request.headers['cache-control']),
        onTablesChanged: options.onTablesChanged,
      });
      if (!outcome.ok) return sendError(reply, outcome.status, outcome.error);
      return reply.send(outcome.result);
    });
  };
}
