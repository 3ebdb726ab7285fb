/**
 * The JSON schemas the demo backend serves to editors under `/api/schemas/{file}` (api.md
 * MISC-06) and checks writes against: the playbook spec for now.
 */
import Ajv, { type ErrorObject } from 'ajv';
import playbookSpecSchema from './playbook-spec.schema.json';

/** The schemas by file name, as served. */
export const SCHEMAS: Readonly<Record<string, Record<string, unknown>>> = {
  'playbook-spec.schema.json': playbookSpecSchema,
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
