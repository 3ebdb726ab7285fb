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

/**
 * Views (api.md §17): VIEW-02 `POST /view/{id}` evaluates a view with `{ variables }`
 * (`cache-control: max-age=N` re-evaluates results older than N seconds), and VIEW-06
 * `GET /view/list?config_id=` lists the views whose `display.plugins[].configTab` selector
 * matches the config. Both need read access to the `views` resource group.
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
