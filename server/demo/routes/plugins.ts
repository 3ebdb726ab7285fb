import type { FastifyPluginAsync } from 'fastify';
import { is } from 'superstruct';
import type { SqlClient } from '../db/types';
import { configMatches } from '../views/queries';
import { ConfigSelectorStruct } from '../views/spec';
import { isUuid } from './canary/ids';
import { answerJsonErrors, requireAccess, sendError } from './guard';

/**
 * One plugin as `GET /api/plugins` lists it (Mission Control's `PluginListing`): its name, the
 * description and version its manifest declares. The demo runs no plugin process, so these come
 * from the `plugins` row (`spec.description`, `plugin_version` or `spec.version`), and there
 * are no tabs, operations or agent to list.
 */
export interface PluginListing {
  name: string;
  description?: string;
  version?: string;
}

interface PluginRow {
  name: string;
  spec: unknown;
  plugin_version: string | null;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

function specOf(row: PluginRow): Record<string, unknown> {
  return row.spec !== null && typeof row.spec === 'object' && !Array.isArray(row.spec)
    ? (row.spec as Record<string, unknown>)
    : {};
}

function listingOf(row: PluginRow): PluginListing {
  const spec = specOf(row);
  const description = text(spec.description);
  const version = text(row.plugin_version) ?? text(spec.version);
  return {
    name: row.name,
    ...(description === undefined ? {} : { description }),
    ...(version === undefined ? {} : { version }),
  };
}

/**
 * Whether a plugin's tabs attach to the config item: its `spec.selector` matches it (an absent
 * or empty selector matches every item; one the demo cannot read matches none).
 */
async function appliesTo(db: SqlClient, row: PluginRow, configId: string): Promise<boolean> {
  const selector = specOf(row).selector ?? {};
  if (!is(selector, ConfigSelectorStruct)) return false;
  return configMatches(db, selector, configId);
}

/**
 * Plugins (mission-control plugin/gateway/http.go): `GET /plugins` lists the installed plugins,
 * or with `config_id` those whose selector matches that config item, as a JSON array. Reading
 * it needs read access to the catalog (here the `database` resource group, as the `plugins`
 * table is).
 */
export function pluginRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    answerJsonErrors(app, '*');
    app.get<{ Querystring: { config_id?: unknown; format?: unknown } }>(
      '/plugins',
      async (request, reply) => {
        if (!(await requireAccess(db, request, reply, 'database', 'read'))) return reply;
        const { config_id: configId, format } = request.query;
        if (format !== undefined) {
          return sendError(reply, 400, `format ${String(format)} is not supported`);
        }
        if (configId !== undefined && !isUuid(configId)) {
          return sendError(reply, 400, `config_id ${String(configId)} is not a uuid`);
        }
        const { rows } = await db.query<PluginRow>(
          `SELECT name, spec, plugin_version FROM plugins
            WHERE deleted_at IS NULL ORDER BY namespace, name`,
        );
        const listed: PluginListing[] = [];
        for (const row of rows) {
          if (configId === undefined || (await appliesTo(db, row, configId))) {
            listed.push(listingOf(row));
          }
        }
        return reply.send(listed);
      },
    );
  };
}
