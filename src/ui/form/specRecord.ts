/**
 * The values of a spec record form (name, namespace, icon, labels, schedule and a YAML spec) and
 * the pure steps around them: a stored spec as the editor's YAML, the YAML back to a spec (a map
 * of keys, blank is empty), why a text is not a map, and labels as key/value pairs.
 */
import { dump, load } from 'js-yaml';
import type { KeyValuePair } from './KeyValueField';
import { toPairs } from './KeyValueField';
import type { ScheduleKind } from './ScheduleField';

/** Shown when the spec parses but is not a map of keys. */
export const SPEC_NOT_A_MAP = 'The spec must be a YAML mapping';

/** The optional fields a spec record form may have (name and spec are always there). */
export interface SpecRecordFields {
  namespace?: boolean;
  icon?: boolean;
  labels?: boolean;
  /** A schedule, offering the presets of its kind (`true`: the default kind). */
  schedule?: boolean | ScheduleKind;
}

/** The form's values: only the fields the form has are set. */
export interface SpecRecordValues {
  name?: string;
  namespace?: string;
  icon?: string;
  labels?: KeyValuePair[];
  schedule?: string;
  /** The spec as YAML text. */
  spec?: string;
}

/** Whether a value is a map of keys (not null, not a list). */
export function isSpecMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A spec as the editor shows it: YAML, or nothing for no spec or an empty map. */
export function specToYaml(spec: unknown): string {
  if (spec === undefined || spec === null) return '';
  if (isSpecMap(spec) && Object.keys(spec).length === 0) return '';
  return dump(spec, { lineWidth: -1, noRefs: true });
}

/** Whether a YAML text holds nothing but blank lines and comments. */
function isBlankYaml(text: string): boolean {
  return text.split('\n').every((line) => /^\s*(#.*)?$/.test(line));
}

/**
 * The spec of the editor's YAML: a blank text (or one of comments only) is `{}`. Throws when
 * the text does not parse or is not a map (the form's validation stops both before a save).
 */
export function yamlToSpec(text: string | undefined): Record<string, unknown> {
  if (isBlankYaml(text ?? '')) return {};
  const parsed: unknown = load(text ?? '');
  if (parsed === undefined || parsed === null) return {};
  if (!isSpecMap(parsed)) throw new Error(SPEC_NOT_A_MAP);
  return parsed;
}

/** Why the spec's text is not a map, when it parses to something else (syntax errors are the code field's to say). */
export function specShapeError(text: string | undefined): string | undefined {
  try {
    yamlToSpec(text);
    return undefined;
  } catch (error) {
    return error instanceof Error && error.message === SPEC_NOT_A_MAP ? SPEC_NOT_A_MAP : undefined;
  }
}

/** Stored labels as the form's pairs, sorted by key; values that are not text become text. */
export function labelPairs(labels: unknown): KeyValuePair[] {
  if (!isSpecMap(labels)) return [];
  return toPairs(
    Object.fromEntries(
      Object.entries(labels).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : String(value),
      ]),
    ),
  );
}

/** A submit button's words: idle, and while the submission is under way. */
export type SubmitWords = readonly [idle: string, busy: string];

/** The submit's words for a new and for a stored record. */
export interface SpecRecordSubmitWords {
  create: SubmitWords;
  edit: SubmitWords;
}

/** Save (Saving) for a new record, Update (Updating) for a stored one. */
export const SAVE_UPDATE: SpecRecordSubmitWords = {
  create: ['Save', 'Saving'],
  edit: ['Update', 'Updating'],
};
