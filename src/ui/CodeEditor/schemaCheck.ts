/**
 * Checks the text of a code editor against a JSON schema: the text is read as YAML or JSON by
 * its language, then validated with ajv. Each problem names where it is, as a JSON pointer
 * (`/actions/0: must have required property 'name'`); a text that does not parse gives the
 * parser's own first line (`Invalid YAML: …`).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { load } from 'js-yaml';

/** A JSON schema, as served by MISC-06. */
export type JsonSchema = Record<string, unknown>;

export type SchemaLanguage = 'yaml' | 'json';

export type SchemaCheck =
  | { ok: true; value: unknown }
  | {
      ok: false;
      /** Problems in the order found, each with its path; at most `MAX_PROBLEMS`. */
      problems: string[];
      /** True when the text did not parse at all. */
      syntax: boolean;
    };

/** How many problems a check reports; the first ones are the useful ones. */
export const MAX_PROBLEMS = 10;

/** Compiled validators by schema object, so a form re-validating on each key stroke is cheap. */
const compiled = new WeakMap<JsonSchema, ValidateFunction | Error>();

function validatorOf(schema: JsonSchema): ValidateFunction | Error {
  let validator = compiled.get(schema);
  if (!validator) {
    try {
      // One ajv per schema: a schema fetched again is a new object with the same `$id`, which
      // an ajv holding the first copy would refuse.
      validator = new Ajv({ allErrors: true, strict: false }).compile(schema);
    } catch (error) {
      validator = error instanceof Error ? error : new Error(String(error));
    }
    compiled.set(schema, validator);
  }
  return validator;
}

/** One ajv failure as `{path}: {message}`, `/` for the document itself. */
export function schemaProblem(error: ErrorObject): string {
  const path = error.instancePath === '' ? '/' : error.instancePath;
  const detail =
    error.keyword === 'enum' && Array.isArray(error.params.allowedValues)
      ? `: ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`
      : '';
  return `${path}: ${error.message ?? 'is invalid'}${detail}`;
}

/** Parses the text by language; the parser's first line of complaint when it cannot. */
export function parseCode(
  text: string,
  language: SchemaLanguage,
): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: language === 'json' ? JSON.parse(text) : load(text) };
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return {
      ok: false,
      message: `${language === 'json' ? 'Invalid JSON' : 'Invalid YAML'}: ${reason}`,
    };
  }
}

/** The text's value when it parses and satisfies the schema, else its problems. */
export function checkAgainstSchema(
  text: string,
  language: SchemaLanguage,
  schema: JsonSchema,
): SchemaCheck {
  const parsed = parseCode(text, language);
  if (!parsed.ok) return { ok: false, problems: [parsed.message], syntax: true };
  const validator = validatorOf(schema);
  if (validator instanceof Error) {
    // A schema that does not compile checks nothing: the server still validates.
    return { ok: true, value: parsed.value };
  }
  if (validator(parsed.value)) return { ok: true, value: parsed.value };
  const problems = [...new Set((validator.errors ?? []).map(schemaProblem))].slice(0, MAX_PROBLEMS);
  return { ok: false, problems, syntax: false };
}

/** The problems of the text against the schema, none when it is valid (for displays). */
export function schemaProblems(
  text: string,
  language: SchemaLanguage,
  schema: JsonSchema,
): string[] {
  const result = checkAgainstSchema(text, language, schema);
  return result.ok ? [] : result.problems;
}

/** The error of a text failing its schema: the first problem, and how many follow. */
export function schemaFieldError(
  text: string,
  language: SchemaLanguage,
  schema: JsonSchema,
): string | undefined {
  const result = checkAgainstSchema(text, language, schema);
  if (result.ok) return undefined;
  const [first = '', ...rest] = result.problems;
  return rest.length === 0 ? first : `${first} (and ${rest.length} more)`;
}
