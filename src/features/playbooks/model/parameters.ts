/**
 * Playbook parameters (api.md PB-08, spec 002 §3.3, §4.5, §5.5): for every parameter type, the
 * value the run form holds, its default, the message a wrong value shows, and the text PB-09
 * sends. Pure functions, no React.
 *
 * What the form holds: a `boolean` for a checkbox, text for everything else (a number as
 * typed, bytes as `512Mi`, millicores without their `m`, a duration as typed, the code editor's
 * text, the id of the chosen component, config, check, person or team, the ids of the chosen
 * configs separated by commas). What PB-09 sends: text for every parameter (a run's parameters
 * are a map of strings; several configs are a resource selector in JSON naming their ids);
 * empty optional values are left out.
 */
import { dump, load } from 'js-yaml';
import type { ParameterType } from '../../../../contracts/playbooks';
import {
  PARAMETER_TYPES,
  configsParameterIds,
  configsParameterValue,
  durationMs,
} from '../../../../contracts/playbooks';
import type { PlaybookParameter } from '../../../api/schemas/playbooks';
import type { JsonSchema } from '../../../ui/CodeEditor/schemaCheck';
import { schemaFieldError } from '../../../ui/CodeEditor/schemaCheck';

/** Every parameter type of PB-08, shared with the demo backend. */
export { PARAMETER_TYPES };
export type { ParameterType };

/** What the run form holds for a parameter. */
export type ParameterValue = string | boolean;
export type ParameterValues = Record<string, ParameterValue>;

/** The messages a parameter shows (spec 002 §5.2, §5.3, §5.5 where the spec words them). */
export const PARAMETER_MESSAGES = {
  required: 'This field is required',
  number: 'This field must be a number',
  atLeast: (min: number) => `Must be at least ${min}`,
  atMost: (max: number) => `Must be at most ${max}`,
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  pattern: (regex: string) => `Must match the pattern ${regex}`,
  email: 'Must be a valid email address',
  url: 'Must be a valid URL',
  bytes: 'Must be a number with a unit Mi, Gi or Ti',
  millicores: 'Must be a whole number of millicores, e.g. 500m',
  dns1123:
    'Must consist of lowercase letters, numbers, hyphens and dots, and start and end with a letter or number',
  dns1123Length: 'Must be at most 253 characters',
  option: 'Must be one of the options',
  duration: 'Must be a duration such as 90s, 1h30m or 2d',
  durationNegative: 'Must not be a negative duration',
  durationAtLeast: (min: string) => `Must be at least ${min}`,
  durationAtMost: (max: string) => `Must be at most ${max}`,
  json: (reason: string) => `Invalid JSON: ${reason}`,
  yaml: (reason: string) => `Invalid YAML: ${reason}`,
} as const;

/** The units a bytes parameter accepts; a number without one is in `Mi`. */
export const BYTES_UNITS = ['Mi', 'Gi', 'Ti'] as const;
export type BytesUnit = (typeof BYTES_UNITS)[number];
export const DEFAULT_BYTES_UNIT: BytesUnit = 'Mi';

/** DNS-1123 subdomain: lowercase alphanumeric labels joined by dots, hyphens inside labels. */
export const DNS1123_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_MAX_LENGTH = 253;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER_PATTERN = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const BYTES_PATTERN = /^(\d+(?:\.\d+)?)\s*(Mi|Gi|Ti)?$/;
const MILLICORES_PATTERN = /^(\d+)\s*m?$/;

/** Input types that `properties.format` may name (spec 002 §3.3), as parameter types. */
const FORMAT_TYPES: ReadonlySet<string> = new Set([
  'bytes',
  'millicores',
  'dns1123',
  'number',
  'email',
  'url',
  'password',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function prop(parameter: PlaybookParameter, name: string): unknown {
  return parameter.properties?.[name];
}

/** A numeric property (`min`, `maxLength`, …), whether the spec gave it as a number or text. */
export function numberProp(parameter: PlaybookParameter, name: string): number | undefined {
  const value = prop(parameter, name);
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && NUMBER_PATTERN.test(value.trim())) return Number(value);
  return undefined;
}

function textProp(parameter: PlaybookParameter, name: string): string | undefined {
  const value = prop(parameter, name);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The parameter's type: its `type` when it is one of PB-08's, else text; a text parameter whose
 * `properties.format` is `bytes`, `millicores`, `dns1123` or an input type takes that type.
 */
export function parameterType(parameter: PlaybookParameter): ParameterType {
  const type = (parameter.type ?? '').trim().toLowerCase();
  const known = (PARAMETER_TYPES as readonly string[]).includes(type)
    ? (type as ParameterType)
    : 'text';
  if (known !== 'text') return known;
  const format = textProp(parameter, 'format')?.toLowerCase();
  return format && FORMAT_TYPES.has(format) ? (format as ParameterType) : 'text';
}

/** An option of a list parameter. */
export interface ParameterOption {
  label: string;
  value: string;
}

/** A list parameter's options (`properties.options`), as text; others have none. */
export function parameterOptions(parameter: PlaybookParameter): ParameterOption[] {
  const options = prop(parameter, 'options');
  if (!Array.isArray(options)) return [];
  return options.flatMap((option): ParameterOption[] => {
    if (typeof option === 'string') return [{ label: option, value: option }];
    if (!isRecord(option) || option.value === undefined || option.value === null) return [];
    const value = String(option.value);
    const label = typeof option.label === 'string' && option.label !== '' ? option.label : value;
    return [{ label, value }];
  });
}

/** The durations a duration parameter offers when its spec lists none. */
export const COMMON_DURATIONS = ['5m', '15m', '30m', '1h', '6h', '12h', '24h', '7d'] as const;

/**
 * The durations a duration parameter offers (`properties.options`, else `COMMON_DURATIONS`);
 * any other duration can be typed.
 */
export function durationOptions(parameter: PlaybookParameter): string[] {
  const options = prop(parameter, 'options');
  const listed = Array.isArray(options)
    ? options.flatMap((option) =>
        typeof option === 'string' && option.trim() !== '' ? [option.trim()] : [],
      )
    : [];
  return listed.length > 0 ? listed : [...COMMON_DURATIONS];
}

/** The ids the form holds for a configs parameter (separated by commas). */
export function configIdsOf(value: ParameterValue | undefined): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '')
    : [];
}

/** The form's value for chosen configs. */
export function joinConfigIds(ids: readonly string[]): string {
  return ids.join(',');
}

/** The code editor's language (`properties.language`), lower case; `yaml` when absent. */
export function codeLanguage(parameter: PlaybookParameter): string {
  return textProp(parameter, 'language')?.toLowerCase() ?? 'yaml';
}

/** The JSON schema a code parameter's value must satisfy (`properties.jsonSchemaUrl`). */
export function parameterSchemaUrl(parameter: PlaybookParameter): string | undefined {
  if (parameterType(parameter) !== 'code') return undefined;
  const url = textProp(parameter, 'jsonSchemaUrl')?.trim();
  return url ? url : undefined;
}

/** The JSON schemas loaded so far, by the address code parameters name them with. */
export type ParameterSchemas = Readonly<Record<string, JsonSchema>>;

/** Code editor sizes (spec 002 §9). */
export const CODE_SIZES = ['very-small', 'small', 'medium', 'large', 'full'] as const;
export type CodeSize = (typeof CODE_SIZES)[number];

/** The code editor's size (`properties.size`); `small` when absent or unknown. */
export function codeSize(parameter: PlaybookParameter): CodeSize {
  const size = textProp(parameter, 'size');
  return (CODE_SIZES as readonly string[]).includes(size ?? '') ? (size as CodeSize) : 'small';
}

/** Whether a text parameter is edited in several lines (`properties.multiline`). */
export function isMultiline(parameter: PlaybookParameter): boolean {
  const value = prop(parameter, 'multiline');
  return value === true || value === 'true';
}

/**
 * The roles a people parameter's person must hold (`properties.role`: one role, several
 * separated by commas, or a list); none when absent.
 */
export function parameterRoles(parameter: PlaybookParameter): string[] {
  const value = prop(parameter, 'role');
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.flatMap((item) =>
    typeof item === 'string' && item.trim() !== '' ? [item.trim()] : [],
  );
}

/** The parameter's label: its `label`, else its name. */
export function parameterLabel(parameter: PlaybookParameter): string {
  return parameter.label?.trim() || parameter.name;
}

// ---------------------------------------------------------------------------------------------
// Bytes and millicores

/** `512Mi` → `{ amount: '512', unit: 'Mi' }`; a bare number is in `Mi`; anything else as typed. */
export function splitBytes(value: string): { amount: string; unit: BytesUnit } {
  const match = BYTES_PATTERN.exec(value.trim());
  if (!match) return { amount: value.trim(), unit: DEFAULT_BYTES_UNIT };
  return {
    amount: match[1] ?? '',
    unit: (match[2] as BytesUnit | undefined) ?? DEFAULT_BYTES_UNIT,
  };
}

/** `{ amount: '2', unit: 'Gi' }` → `2Gi`; empty when there is no amount. */
export function joinBytes(amount: string, unit: BytesUnit = DEFAULT_BYTES_UNIT): string {
  const trimmed = amount.trim();
  return trimmed === '' ? '' : `${trimmed}${unit}`;
}

// ---------------------------------------------------------------------------------------------
// Code

export type ParsedCode = { ok: true; value: unknown } | { ok: false; reason: string };

function firstLine(message: string): string {
  return message.split('\n')[0]?.trim() || 'cannot be parsed';
}

/** Parses the editor's text by language: JSON for `json`, YAML for `yaml`; other text as is. */
export function parseCode(text: string, language: string): ParsedCode {
  try {
    if (language === 'json') return { ok: true, value: JSON.parse(text) };
    if (language === 'yaml' || language === 'yml') return { ok: true, value: load(text) };
    return { ok: true, value: text };
  } catch (error) {
    return { ok: false, reason: firstLine((error as Error).message) };
  }
}

/**
 * A code parameter's default as the editor shows it (spec 002 §4.5): a JSON default is parsed
 * and shown indented; a structured default (an object or list) is written out as JSON or YAML
 * by language; YAML and other text is kept as written. A default that fails to parse is kept as
 * written (and reported by the validator).
 */
export function codeDefault(parameter: PlaybookParameter): string {
  const value = parameter.default;
  if (value === undefined || value === null) return '';
  const language = codeLanguage(parameter);
  if (typeof value === 'string') {
    if (language !== 'json') return value;
    const parsed = parseCode(value, 'json');
    return parsed.ok && typeof parsed.value === 'object' && parsed.value !== null
      ? JSON.stringify(parsed.value, null, 2)
      : value;
  }
  if (typeof value !== 'object') return String(value);
  return language === 'json' ? JSON.stringify(value, null, 2) : dump(value);
}

// ---------------------------------------------------------------------------------------------
// Defaults

function defaultText(parameter: PlaybookParameter): string {
  const value = parameter.default;
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The value the form starts with: the parameter's `default` in the form's terms (a checkbox's
 * `true`/`"true"` → `true`; millicores without their `m`; a code default per `codeDefault`),
 * else empty (`false` for a checkbox).
 */
export function defaultValue(parameter: PlaybookParameter): ParameterValue {
  const type = parameterType(parameter);
  if (type === 'checkbox') {
    const value = parameter.default;
    return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
  }
  if (type === 'code') return codeDefault(parameter);
  const text = defaultText(parameter);
  if (type === 'configs') return joinConfigIds(configsParameterIds(text) ?? configIdsOf(text));
  if (type === 'millicores') {
    const match = MILLICORES_PATTERN.exec(text.trim());
    return match ? (match[1] ?? '') : text;
  }
  return text;
}

/** The form's starting values, by parameter name (spec 002 §4.5: defaults applied on load). */
export function initialValues(parameters: readonly PlaybookParameter[]): ParameterValues {
  return Object.fromEntries(parameters.map((p) => [p.name, defaultValue(p)]));
}

// ---------------------------------------------------------------------------------------------
// Validators: each returns the message to show, or undefined when the value is fine.

const isEmpty = (value: ParameterValue | undefined): boolean =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

const asText = (value: ParameterValue | undefined): string =>
  typeof value === 'string' ? value : value === undefined ? '' : String(value);

function checkRange(parameter: PlaybookParameter, n: number): string | undefined {
  const min = numberProp(parameter, 'min');
  const max = numberProp(parameter, 'max');
  if (min !== undefined && n < min) return PARAMETER_MESSAGES.atLeast(min);
  if (max !== undefined && n > max) return PARAMETER_MESSAGES.atMost(max);
  return undefined;
}

/**
 * Text rules (spec 002 §5.5): `minLength` and `maxLength` bound its length; `min` and `max`
 * bound its value when it is a number, else its length; `regex` must match the whole text.
 */
export function validateText(parameter: PlaybookParameter, text: string): string | undefined {
  const minLength = numberProp(parameter, 'minLength');
  const maxLength = numberProp(parameter, 'maxLength');
  if (minLength !== undefined && text.length < minLength) {
    return PARAMETER_MESSAGES.minLength(minLength);
  }
  if (maxLength !== undefined && text.length > maxLength) {
    return PARAMETER_MESSAGES.maxLength(maxLength);
  }
  const min = numberProp(parameter, 'min');
  const max = numberProp(parameter, 'max');
  if (NUMBER_PATTERN.test(text.trim())) {
    const range = checkRange(parameter, Number(text));
    if (range) return range;
  } else {
    if (min !== undefined && text.length < min) return PARAMETER_MESSAGES.minLength(min);
    if (max !== undefined && text.length > max) return PARAMETER_MESSAGES.maxLength(max);
  }
  const regex = textProp(parameter, 'regex');
  if (regex !== undefined) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(`^(?:${regex})$`);
    } catch {
      pattern = undefined; // A pattern the browser cannot read does not block the run.
    }
    if (pattern && !pattern.test(text)) return PARAMETER_MESSAGES.pattern(regex);
  }
  return undefined;
}

function validateUrl(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol && url.host !== '' ? undefined : PARAMETER_MESSAGES.url;
  } catch {
    return PARAMETER_MESSAGES.url;
  }
}

function validateCode(
  parameter: PlaybookParameter,
  text: string,
  schemas: ParameterSchemas,
): string | undefined {
  const language = codeLanguage(parameter);
  const parsed = parseCode(text, language);
  if (parsed.ok) {
    const url = parameterSchemaUrl(parameter);
    const schema = url === undefined ? undefined : schemas[url];
    return schema && (language === 'json' || language === 'yaml' || language === 'yml')
      ? schemaFieldError(text, language === 'json' ? 'json' : 'yaml', schema)
      : undefined;
  }
  return language === 'json'
    ? PARAMETER_MESSAGES.json(parsed.reason)
    : PARAMETER_MESSAGES.yaml(parsed.reason);
}

/**
 * The message for a parameter's value, or undefined when it is fine. An empty value fails only
 * a required parameter ("This field is required"); a checkbox never fails.
 */
export function validateParameter(
  parameter: PlaybookParameter,
  value: ParameterValue | undefined,
  schemas: ParameterSchemas = {},
): string | undefined {
  const type = parameterType(parameter);
  if (type === 'checkbox') return undefined;
  if (isEmpty(value)) return parameter.required ? PARAMETER_MESSAGES.required : undefined;
  const text = asText(value);
  const trimmed = text.trim();
  switch (type) {
    case 'text':
    case 'password':
      return validateText(parameter, text);
    case 'email':
      return EMAIL_PATTERN.test(trimmed)
        ? validateText(parameter, trimmed)
        : PARAMETER_MESSAGES.email;
    case 'url':
      return validateUrl(trimmed) ?? validateText(parameter, trimmed);
    case 'number':
      return NUMBER_PATTERN.test(trimmed)
        ? checkRange(parameter, Number(trimmed))
        : PARAMETER_MESSAGES.number;
    case 'bytes':
      return BYTES_PATTERN.test(trimmed) ? undefined : PARAMETER_MESSAGES.bytes;
    case 'millicores': {
      const match = MILLICORES_PATTERN.exec(trimmed);
      return match ? checkRange(parameter, Number(match[1])) : PARAMETER_MESSAGES.millicores;
    }
    case 'dns1123':
      if (trimmed.length > DNS1123_MAX_LENGTH) return PARAMETER_MESSAGES.dns1123Length;
      return DNS1123_PATTERN.test(trimmed) ? undefined : PARAMETER_MESSAGES.dns1123;
    case 'code':
      return validateCode(parameter, text, schemas);
    case 'list': {
      const options = parameterOptions(parameter);
      return options.length === 0 || options.some((o) => o.value === text)
        ? undefined
        : PARAMETER_MESSAGES.option;
    }
    case 'duration':
      return validateDuration(parameter, trimmed);
    case 'component':
    case 'config':
    case 'configs':
    case 'check':
    case 'people':
    case 'team':
      return undefined;
  }
}

/**
 * A duration (spec of PB-08's `duration` type): Go's syntax with days and weeks, not negative,
 * within `properties.min` and `properties.max` (durations themselves) when given.
 */
export function validateDuration(parameter: PlaybookParameter, text: string): string | undefined {
  const ms = durationMs(text);
  if (ms === null) return PARAMETER_MESSAGES.duration;
  if (ms < 0) return PARAMETER_MESSAGES.durationNegative;
  const min = textProp(parameter, 'min');
  const max = textProp(parameter, 'max');
  const minMs = min === undefined ? null : durationMs(min);
  const maxMs = max === undefined ? null : durationMs(max);
  if (min !== undefined && minMs !== null && ms < minMs) {
    return PARAMETER_MESSAGES.durationAtLeast(min);
  }
  if (max !== undefined && maxMs !== null && ms > maxMs) {
    return PARAMETER_MESSAGES.durationAtMost(max);
  }
  return undefined;
}

/** The messages of every parameter whose value fails, by name; empty when the form is valid. */
export function validateParameters(
  parameters: readonly PlaybookParameter[],
  values: ParameterValues,
  schemas: ParameterSchemas = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const parameter of parameters) {
    const message = validateParameter(parameter, values[parameter.name], schemas);
    if (message) errors[parameter.name] = message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// What PB-09 sends

/**
 * The text PB-09 sends for a value, or undefined to leave it out (an empty value): a number as
 * parsed (`007` → `7`), bytes with their unit (`Mi` when none was given), millicores with a
 * trailing `m`, a checkbox as `true`/`false`, code and the rest as held.
 */
export function toRunValue(
  parameter: PlaybookParameter,
  value: ParameterValue | undefined,
): string | undefined {
  const type = parameterType(parameter);
  if (type === 'checkbox') return value === true || value === 'true' ? 'true' : 'false';
  if (isEmpty(value)) return undefined;
  if (type === 'configs') {
    const ids = configIdsOf(value);
    return ids.length > 0 ? configsParameterValue(ids) : undefined;
  }
  const text = asText(value);
  const trimmed = text.trim();
  switch (type) {
    case 'number':
      return NUMBER_PATTERN.test(trimmed) ? String(Number(trimmed)) : trimmed;
    case 'bytes': {
      const { amount, unit } = splitBytes(trimmed);
      return joinBytes(amount, unit);
    }
    case 'millicores': {
      const match = MILLICORES_PATTERN.exec(trimmed);
      return match ? `${match[1]}m` : trimmed;
    }
    case 'code':
    case 'text':
    case 'password':
      return text;
    default:
      return trimmed;
  }
}

/** PB-09's `params`: every parameter with a value, converted by `toRunValue`. */
export function toRunParams(
  parameters: readonly PlaybookParameter[],
  values: ParameterValues,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const parameter of parameters) {
    const value = toRunValue(parameter, values[parameter.name]);
    if (value !== undefined) params[parameter.name] = value;
  }
  return params;
}

/**
 * The form's value for what a run was sent (`toRunValue` undone), to start a form from an
 * earlier run: a checkbox's `true`, millicores without their `m`, the ids a configs selector
 * names (none when it selects otherwise); the rest as sent.
 */
export function fromRunValue(parameter: PlaybookParameter, sent: string): ParameterValue {
  switch (parameterType(parameter)) {
    case 'checkbox':
      return sent.trim().toLowerCase() === 'true';
    case 'millicores': {
      const match = MILLICORES_PATTERN.exec(sent.trim());
      return match ? (match[1] ?? '') : sent;
    }
    case 'configs':
      return joinConfigIds(configsParameterIds(sent) ?? []);
    default:
      return sent;
  }
}

/**
 * The form's values for an earlier run's parameters, by name: those the parameters still have
 * (a parameter the playbook no longer has is dropped; one the run did not send keeps its default).
 */
export function valuesFromParams(
  parameters: readonly PlaybookParameter[],
  params: Readonly<Record<string, string>>,
): ParameterValues {
  const values: ParameterValues = {};
  for (const parameter of parameters) {
    const sent = params[parameter.name];
    if (sent !== undefined) values[parameter.name] = fromRunValue(parameter, sent);
  }
  return values;
}

/**
 * The rules the run machine applies (see machines/playbooks/runPlaybook.ts), code parameters
 * checked against the schemas `schemas()` has loaded when the values are checked.
 */
export function parameterRulesWith(schemas: () => ParameterSchemas) {
  return {
    defaults: initialValues,
    validate: (parameters: readonly PlaybookParameter[], values: ParameterValues) =>
      validateParameters(parameters, values, schemas()),
    toParams: toRunParams,
    fromParams: valuesFromParams,
  };
}

/** The rules without any schema loaded. */
export const parameterRules = parameterRulesWith(() => ({}));
