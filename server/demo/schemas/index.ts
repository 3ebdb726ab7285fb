/**
 * The JSON schemas the demo backend serves to editors under `/api/schemas/{file}` (api.md
 * MISC-06), named as Mission Control, canary-checker and config-db name theirs, and checks writes
 * against (the playbook spec). The editors' schemas describe the specs the console's forms write
 * and leave `additionalProperties` open, so real specs with more fields are not rejected.
 */
import Ajv, { type ErrorObject } from 'ajv';
import playbookSpecSchema from './playbook-spec.schema.json';
import canarySchema from './canary.schema.json';
import scrapeConfigSchema from './scrape_config.schema.json';
import scrapePluginSchema from './scrape_plugin.schema.json';
import topologySchema from './topology.schema.json';
import teamSchema from './team.schema.json';
import incidentRulesSchema from './incident-rules.schema.json';
import viewSchema from './view.schema.json';

/** The schemas by file name, as served. */
export const SCHEMAS: Readonly<Record<string, Record<string, unknown>>> = {
  'playbook-spec.schema.json': playbookSpecSchema,
  'canary.schema.json': canarySchema,
  'scrape_config.schema.json': scrapeConfigSchema,
  'scrape_plugin.schema.json': scrapePluginSchema,
  'topology.schema.json': topologySchema,
  'team.schema.json': teamSchema,
  'incident-rules.schema.json': incidentRulesSchema,
  'view.schema.json': viewSchema,
};

const ajv = new Ajv({ allErrors: false, strict: false });
const validatePlaybook = ajv.compile(playbookSpecSchema);

/** One schema failure as `{path} {message}`, the path a JSON pointer (`/` for the root). */
export function describeSchemaError(error: ErrorObject): string {
  return `${error.instancePath === '' ? '/' : error.instancePath} ${error.message ?? 'is invalid'}`;
}

/** The first problem of a playbook spec (`/actions/0 must have required property 'name'`), or null. */
export function playbookSpecProblem(spec: unknown): string | null {
  if (validatePlaybook(spec)) return null;
  const [first] = validatePlaybook.errors ?? [];
  return first ? describeSchemaError(first) : 'is invalid';
}
