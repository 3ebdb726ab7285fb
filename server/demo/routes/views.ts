import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { evaluateView } from '../views/evaluate';
import { configMatches } from '../views/queries';
import { parseViewSpec } from '../views/spec';
import { isUuid } from './canary/ids';
import { answerJsonErrors, guardRoutes, sendError } from './guard';

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
): { ok: true; value: Record<string, string> } | { ok: false; error: string } {
  if (body === undefined) return { ok: true, value: {} };
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, error: 'invalid request body: expected a JSON object' };
  }
  const variables = (body as { variables?: unknown }).variables;
  if (variables === undefined || variables === null) return { ok: true, value: {} };
  if (typeof variables !== 'object' || Array.isArray(variables)) {
    return { ok: false, error: 'invalid request body: variables must be an object' };
  }
  const value: Record<string, string> = {};
  for (const [key, item] of Object.entries(variables)) {
    if (typeof item === 'string') value[key] = item;
    else if (typeof item === 'number' || typeof item === 'boolean') value[key] = String(item);
    else return { ok: false, error: `invalid request body: variables.${key} must be a string` };
  }
  return { ok: true, value };
}

/** `{{ .config.tags.namespace }}` and `$(.config.tags.namespace)`: a path into the context. */
const TEMPLATE_FIELD = /\{\{\s*\.([\w.-]+)\s*\}\}|\$\(\s*\.([\w.-]+)\s*\)/g;

/** A plugin's variable templated with the config item; a missing value renders empty. */
export function templateWithConfig(text: string, config: Record<string, unknown>): string {
  return text.replace(TEMPLATE_FIELD, (_whole, braces?: string, dollar?: string) => {
    let value: unknown = { config };
    for (const key of (braces ?? dollar ?? '').split('.')) {
      value =
        value !== null && typeof value === 'object'
          ? (value as Record<string, unknown>)[key]
          : undefined;
    }
    if (value === undefined || value === null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** `display.plugins[]` of a stored spec, as written (their `variables` included). */
function displayPlugins(spec: unknown): Array<{ configTab?: unknown; variables?: unknown }> {
  const display = (spec as { display?: { plugins?: unknown } } | null)?.display;
  return Array.isArray(display?.plugins) ? display.plugins : [];
}

/**
 * Views (api.md §17): VIEW-02 `POST /view/{id}` evaluates a view with `{ variables }`
 * (`cache-control: max-age=N` re-evaluates results older than N seconds), and VIEW-06
 * `GET /view/list?config_id=` lists the views whose `display.plugins[].configTab` selector
 * matches the config, and `GET /view/display-plugin-variables/{id}?config_id=` answers the
 * variables the first plugin with a config tab gives that config (its `variables` templated
 * with the item, as Mission Control does), `{}` when none. All need read access to `views`.
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
      }>(`SELECT id, name, namespace, spec FROM views WHERE deleted_at IS NULL`);
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

    app.get<{ Params: { id: string }; Querystring: { config_id?: string } }>(
      '/view/display-plugin-variables/:id',
      async (request, reply) => {
        const configId = request.query.config_id;
        if (typeof configId !== 'string' || configId === '') {
          return sendError(reply, 400, 'config_id is required');
        }
        if (!isUuid(configId)) return sendError(reply, 400, `config_id ${configId} is not a uuid`);
        const viewId = request.params.id;
        const { rows: views } = isUuid(viewId)
          ? await db.query<{ spec: unknown }>(
              `SELECT spec FROM views WHERE id = $1 AND deleted_at IS NULL`,
              [viewId],
            )
          : { rows: [] };
        if (views.length === 0) return sendError(reply, 404, `view(id=${viewId}) not found`);
        const { rows: configs } = await db.query<{ config: Record<string, unknown> }>(
          `SELECT to_jsonb(c) AS config FROM config_items c WHERE id = $1`,
          [configId],
        );
        if (configs.length === 0) return sendError(reply, 404, `config(id=${configId}) not found`);
        const config = configs[0]!.config;
        const plugin = displayPlugins(views[0]!.spec).find(
          (p) => p.configTab !== null && typeof p.configTab === 'object',
        );
        const variables: Record<string, string> = {};
        if (plugin?.variables && typeof plugin.variables === 'object') {
          for (const [key, text] of Object.entries(plugin.variables)) {
            if (typeof text === 'string') variables[key] = templateWithConfig(text, config);
          }
        }
        return reply.send(variables);
      },
    );

    app.post<{ Params: { id: string } }>('/view/:id', async (request, reply) => {
      const variables = variablesOf(request.body);
      if (!variables.ok) return sendError(reply, 400, variables.error);
      const outcome = await evaluateView(db, request.params.id, variables.value, {
        maxAgeSeconds: maxAgeOf(request.headers['cache-control']),
        onTablesChanged: options.onTablesChanged,
      });
      if (!outcome.ok) return sendError(reply, outcome.status, outcome.error);
      return reply.send(outcome.result);
    });
  };
}
