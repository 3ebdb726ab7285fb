/**
 * The subset of Mission Control's View spec (`views.spec`) the demo backend evaluates:
 * display, templating (variables), named config and check queries, columns with a mapping from
 * query rows, and panels whose SQL runs over the query results. `view.schema.json` describes the
 * same subset for the editor.
 */
import {
  array,
  boolean,
  enums,
  number,
  optional,
  record,
  string,
  type,
  union,
  unknown,
  validate,
  type Infer,
} from 'superstruct';

export const COLUMN_TYPES = [
  'string',
  'number',
  'boolean',
  'datetime',
  'duration',
  'health',
  'status',
  'gauge',
  'bytes',
  'decimal',
  'millicore',
  'url',
  'badge',
] as const;

export const PANEL_TYPES = ['piechart', 'number', 'text', 'table', 'gauge', 'duration'] as const;

const stringList = union([array(string()), string()]);

const ConfigSelector = type({
  types: optional(array(string())),
  tagSelector: optional(string()),
  labelSelector: optional(string()),
  search: optional(string()),
  health: optional(stringList),
  status: optional(stringList),
});

const CheckSelector = type({
  types: optional(array(string())),
  labelSelector: optional(string()),
  search: optional(string()),
  status: optional(stringList),
  severity: optional(stringList),
});

const Query = type({
  configs: optional(ConfigSelector),
  checks: optional(CheckSelector),
});

const Variable = type({
  key: string(),
  label: optional(string()),
  type: optional(string()),
  values: optional(array(string())),
  valueFrom: optional(type({ config: ConfigSelector })),
  default: optional(string()),
});

const Gauge = type({
  min: optional(number()),
  max: optional(number()),
  unit: optional(string()),
  thresholds: optional(array(type({ percent: number(), color: string() }))),
});

const Column = type({
  name: string(),
  type: enums(COLUMN_TYPES),
  primaryKey: optional(boolean()),
  hidden: optional(boolean()),
  description: optional(string()),
  unit: optional(string()),
  icon: optional(string()),
  filter: optional(type({ type: enums(['multiselect']) })),
  gauge: optional(Gauge),
});

const Panel = type({
  name: string(),
  type: enums(PANEL_TYPES),
  description: optional(string()),
  query: string(),
  number: optional(type({ unit: optional(string()), precision: optional(number()) })),
  gauge: optional(Gauge),
  piechart: optional(record(string(), unknown())),
});

const Display = type({
  title: optional(string()),
  icon: optional(string()),
  ordinal: optional(number()),
  sidebar: optional(boolean()),
  plugins: optional(array(type({ configTab: optional(ConfigSelector) }))),
});

const ViewSpecStruct = type({
  display: optional(Display),
  templating: optional(array(Variable)),
  queries: record(string(), Query),
  columns: array(Column),
  mapping: optional(record(string(), string())),
  panels: optional(array(Panel)),
  cache: optional(type({ maxAge: optional(string()) })),
});

export type ConfigSelector = Infer<typeof ConfigSelector>;
/** The config selector's fields (types, tags, labels, search, health, status) as a struct. */
export const ConfigSelectorStruct = ConfigSelector;
export type CheckSelector = Infer<typeof CheckSelector>;
export type ViewVariableSpec = Infer<typeof Variable>;
export type ViewColumn = Infer<typeof Column>;
export type ViewPanelSpec = Infer<typeof Panel>;
export type ViewSpec = Infer<typeof ViewSpecStruct>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const MAPPING = /^row(\.[A-Za-z0-9_-]+)+$/;

/** The spec when it is one the evaluator understands, else the first problem in words. */
export function parseViewSpec(
  raw: unknown,
): { ok: true; spec: ViewSpec } | { ok: false; error: string } {
  const [failure, spec] = validate(raw, ViewSpecStruct);
  if (failure) {
    const path = failure.path.join('.');
    return { ok: false, error: `invalid view spec: ${path ? `${path}: ` : ''}${failure.message}` };
  }
  const names = Object.keys(spec.queries);
  if (names.length === 0) return { ok: false, error: 'invalid view spec: no queries' };
  for (const name of names) {
    if (!IDENTIFIER.test(name)) {
      return { ok: false, error: `invalid view spec: query name "${name}" is not an identifier` };
    }
    const query = spec.queries[name];
    if (!query || (query.configs === undefined) === (query.checks === undefined)) {
      return {
        ok: false,
        error: `invalid view spec: query "${name}" needs exactly one of configs or checks`,
      };
    }
  }
  const columns = new Set<string>();
  for (const column of spec.columns) {
    if (!IDENTIFIER.test(column.name) || column.name === 'request_fingerprint') {
      return { ok: false, error: `invalid view spec: column name "${column.name}" is not allowed` };
    }
    if (columns.has(column.name)) {
      return { ok: false, error: `invalid view spec: column "${column.name}" is repeated` };
    }
    columns.add(column.name);
  }
  for (const [column, path] of Object.entries(spec.mapping ?? {})) {
    if (!columns.has(column)) {
      return { ok: false, error: `invalid view spec: mapping of unknown column "${column}"` };
    }
    if (!MAPPING.test(path)) {
      return {
        ok: false,
        error: `invalid view spec: mapping of "${column}" must be a row field path (row.a.b)`,
      };
    }
  }
  const keys = new Set<string>();
  for (const variable of spec.templating ?? []) {
    if (keys.has(variable.key)) {
      return { ok: false, error: `invalid view spec: variable "${variable.key}" is repeated` };
    }
    keys.add(variable.key);
  }
  return { ok: true, spec };
}

/** `view_<namespace>_<name>` with every `-` turned into `_` (api.md VIEW-05). */
export function viewTableName(namespace: string | null, name: string): string {
  return `view_${namespace ?? 'default'}_${name}`.replace(/-/g, '_');
}

/** A `15m` / `1h` / `30s` / `2d` duration in seconds, or null when it is not one. */
export function durationSeconds(text: string | undefined): number | null {
  const match = /^(\d+)(s|m|h|d)$/.exec((text ?? '').trim());
  if (!match) return null;
  const unit = { s: 1, m: 60, h: 3600, d: 86_400 }[match[2] as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}
