/**
 * The run parameters that need the database: the configs a `configs` parameter names must
 * exist (PB-09), and templates see them as config items, and a `duration` as Go prints one.
 */
import { configsParameterIds, durationMs } from '../../../contracts/playbooks';
import type { SqlClient } from '../db/types';
import { type ParameterSpec, goDurationText, specParameters } from './spec';

/** A config as templates see it (`{{.params.configs.0.name}}`). */
interface TemplateConfig {
  id: string;
  name: string;
  type: string | null;
  config_class: string | null;
  tags: Record<string, unknown>;
}

async function configsByIds(db: SqlClient, ids: readonly string[]): Promise<TemplateConfig[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<TemplateConfig>(
    `SELECT id::text AS id, name, type, config_class, COALESCE(tags, '{}'::jsonb) AS tags
       FROM config_items WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const found = byId.get(id.toLowerCase());
    return found ? [found] : [];
  });
}

/**
 * The first problem with the configs the run's `configs` parameters name (a config that does not
 * exist or was deleted), or null. The values were checked to be selectors of ids already.
 */
export async function configsProblem(
  db: SqlClient,
  parameters: readonly ParameterSpec[],
  params: Readonly<Record<string, string>>,
): Promise<string | null> {
  for (const parameter of parameters) {
    const value = params[parameter.name];
    if (parameter.type !== 'configs' || value === undefined) continue;
    const ids = configsParameterIds(value) ?? [];
    const found = new Set((await configsByIds(db, ids)).map((config) => config.id));
    const missing = ids.find((id) => !found.has(id.toLowerCase()));
    if (missing) return `parameter ${parameter.name}: config ${missing} not found`;
  }
  return null;
}

/**
 * The parameters as a run's templates read them (`.params`): a `configs` parameter as the list
 * of its config items, a `duration` as Go prints it (`1h30m0s`), the rest as sent.
 */
export async function templateParams(
  db: SqlClient,
  spec: Record<string, unknown>,
  params: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const resolved: Record<string, unknown> = { ...params };
  for (const parameter of specParameters(spec)) {
    const value = params[parameter.name];
    if (value === undefined || value === '') continue;
    if (parameter.type === 'configs') {
      resolved[parameter.name] = await configsByIds(db, configsParameterIds(value) ?? []);
    } else if (parameter.type === 'duration') {
      const ms = durationMs(value);
      if (ms !== null) resolved[parameter.name] = goDurationText(ms);
    }
  }
  return resolved;
}
