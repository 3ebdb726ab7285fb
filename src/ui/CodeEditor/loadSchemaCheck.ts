import type * as SchemaCheck from './schemaCheck';
import { loadOnce } from '../../lib/loadOnce';

/**
 * The schema check (ajv, about 33 KB compressed) loads when a text is first checked against a
 * schema: an editor or form showing its stored text loads it once that text is edited.
 */
export const loadSchemaCheck = loadOnce<typeof SchemaCheck>(
  () => import(/* webpackChunkName: "schema-check" */ './schemaCheck'),
);

/**
 * The error of a text failing its schema (its first problem, and how many follow), or
 * undefined; a promise of it while the check loads.
 */
export function schemaError(
  text: string,
  language: SchemaCheck.SchemaLanguage,
  schema: SchemaCheck.JsonSchema,
): string | undefined | Promise<string | undefined> {
  const check = (module: typeof SchemaCheck) => module.schemaFieldError(text, language, schema);
  const loaded = loadSchemaCheck.now();
  return loaded ? check(loaded) : loadSchemaCheck().then(check);
}
