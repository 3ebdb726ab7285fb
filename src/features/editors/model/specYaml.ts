import { dump, load } from 'js-yaml';
import type { SpecCodec, SpecParse } from '../../../../machines/editors/typePicker';
import { SPEC_NOT_A_MAP } from '../../../../machines/editors/typePicker';
import { mirroredName } from './typedResource';

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The spec as the code editor shows it: YAML of every key but `schedule` (edited in its own
 * field); an empty spec is an empty text.
 */
export function specToYaml(spec: Readonly<Record<string, unknown>>): string {
  const { schedule: _schedule, ...rest } = spec;
  if (Object.keys(rest).length === 0) return '';
  return dump(rest, { noRefs: true, lineWidth: -1 });
}

/**
 * The YAML of the code editor read back: a map (a text of nothing but blanks and comments is an
 * empty map), or why not.
 */
export function parseSpecYaml(text: string): SpecParse {
  const blank = text.split('\n').every((line) => /^\s*(#.*)?$/.test(line));
  if (blank) return { ok: true, spec: {} };
  let value: unknown;
  try {
    value = load(text);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return { ok: false, message: `Invalid YAML: ${reason}` };
  }
  if (value === undefined || value === null) return { ok: true, spec: {} };
  if (!isMap(value)) return { ok: false, message: SPEC_NOT_A_MAP };
  return { ok: true, spec: value };
}

/** The typed editor's spec YAML, for the `typePicker` machine's input. */
export const specYamlCodec: SpecCodec = { toYaml: specToYaml, parse: parseSpecYaml };

/**
 * The name rule of `mirroredName` in the code: the YAML with the first entry renamed, when it
 * has the resource's previous name (or none); undefined when the text does not parse or the
 * entry keeps its name. The text is written afresh, so its comments go.
 */
export function mirroredNameInCode(
  text: string,
  specKey: string | undefined,
  previousName: string,
  nextName: string,
): string | undefined {
  const parsed = parseSpecYaml(text);
  if (!parsed.ok || specKey === undefined) return undefined;
  if (!mirroredName(parsed.spec, specKey, previousName, nextName)) return undefined;
  const [first, ...rest] = parsed.spec[specKey] as Array<Record<string, unknown>>;
  const spec = { ...parsed.spec, [specKey]: [{ ...first, name: nextName }, ...rest] };
  return dump(spec, { noRefs: true, lineWidth: -1 });
}
