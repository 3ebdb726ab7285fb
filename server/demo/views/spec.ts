/**
 * The subset of Mission Control's View spec (`views.spec`) the demo backend evaluates:
 * display (card and table defaults), templating (variables, single or multi-select), named
 * queries over configs, checks, config changes, incidents and playbook runs, columns with a
 * mapping from query rows, panels whose SQL runs over the query results, and sections naming
 * other views (`viewRef`) or the console's own tables (`uiRef`). `view.schema.json` describes the
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
  'labels',
  'config_item',
] as const;

export const PANEL_TYPES = [
  'piechart',
  'number',
  'text',
  'table',
  'gauge',
  'duration',
  'bargauge',
  'properties',
  'timeseries',
  'heatmap',
] as const;

/** The query kinds: upstream's configs and changes, and the demo's checks, incidents and runs. */
export const QUERY_KINDS = ['configs', 'checks', 'changes', 'incidents', 'playbookRuns'] as const;

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

/** How far back a time-bearing query reaches: `24h`, `7d`, `now-30d`; `to` likewise. */
const TimeRange = {
  from: optional(string()),
  to: optional(string()),
};

/** Config changes (upstream's `changes`): by change type, severity, config type, tags, time. */
const ChangeSelector = type({
  types: optional(array(string())),
  changeType: optional(stringList),
  severity: optional(stringList),
  configTypes: optional(stringList),
  tagSelector: optional(string()),
  search: optional(string()),
  ...TimeRange,
});

const IncidentSelector = type({
  status: optional(stringList),
  severity: optional(stringList),
  type: optional(stringList),
  search: optional(string()),
  ...TimeRange,
});

const PlaybookRunSelector = type({
  status: optional(stringList),
  playbook: optional(string()),
  ...TimeRange,
});

const Query = type({
  configs: optional(ConfigSelector),
  checks: optional(CheckSelector),
  changes: optional(ChangeSelector),
  incidents: optional(IncidentSelector),
  playbookRuns: optional(PlaybookRunSelector),
});

/**
 * A variable: `values` or `valueFrom` give its options. `type: multiselect` takes several
 * options at once (a list, or comma separated); none chosen, or "All", is every option, which
 * `$(var.key)` reads as '' (a selector term with no value matches any).
 */
const Variable = type({
  key: string(),
  label: optional(string()),
  type: optional(string()),
  values: optional(array(string())),
  valueFrom: optional(type({ config: ConfigSelector })),
  default: optional(string()),
  dependsOn: optional(array(string())),
});

/** A bound of a gauge: a number, or (as upstream writes it) a number in text. */
const Bound = union([number(), string()]);

const Thresholds = optional(array(type({ percent: number(), color: string() })));

const Gauge = type({
  min: optional(Bound),
  max: optional(Bound),
  unit: optional(string()),
  precision: optional(number()),
  thresholds: Thresholds,
});

const Bargauge = type({
  min: optional(Bound),
  max: optional(Bound),
  unit: optional(string()),
  precision: optional(number()),
  thresholds: Thresholds,
  group: optional(string()),
  format: optional(enums(['percentage', 'multiplier'])),
});

const Timeseries = type({
  timeKey: optional(string()),
  valueKey: optional(string()),
  style: optional(enums(['lines', 'area', 'points'])),
  legend: optional(
    type({ enable: optional(boolean()), layout: optional(enums(['vertical', 'horizontal'])) }),
  ),
});

const CARD_POSITIONS = ['title', 'subtitle', 'deck', 'body', 'footer', 'headerRight'] as const;

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
  width: optional(union([string(), number()])),
  configItem: optional(type({ idField: optional(string()) })),
  badge: optional(record(string(), unknown())),
  card: optional(
    type({ position: optional(enums(CARD_POSITIONS)), useForAccent: optional(boolean()) }),
  ),
  cardPosition: optional(enums(CARD_POSITIONS)),
});

const Panel = type({
  name: string(),
  type: enums(PANEL_TYPES),
  description: optional(string()),
  query: string(),
  number: optional(type({ unit: optional(string()), precision: optional(number()) })),
  gauge: optional(Gauge),
  piechart: optional(record(string(), unknown())),
  table: optional(record(string(), unknown())),
  bargauge: optional(Bargauge),
  timeseries: optional(Timeseries),
  heatmap: optional(type({ mode: optional(enums(['calendar', 'compact'])) })),
});

const Display = type({
  title: optional(string()),
  icon: optional(string()),
  ordinal: optional(number()),
  sidebar: optional(boolean()),
  plugins: optional(
    array(
      type({
        configTab: optional(ConfigSelector),
        variables: optional(record(string(), string())),
      }),
    ),
  ),
  card: optional(type({ columns: optional(number()), default: optional(boolean()) })),
  table: optional(type({ sort: optional(string()), size: optional(number()) })),
});

/** The console's changes table with preset filters (upstream's ChangesUIFilters). */
const ChangesUIFilters = type({
  configTypes: optional(string()),
  changeType: optional(string()),
  severity: optional(string()),
  from: optional(string()),
  to: optional(string()),
  tags: optional(string()),
  source: optional(string()),
  summary: optional(string()),
  createdBy: optional(string()),
});

/** The console's catalog list with preset filters (upstream's ConfigsUIFilters). */
const ConfigsUIFilters = type({
  search: optional(string()),
  configType: optional(string()),
  labels: optional(string()),
  status: optional(string()),
  health: optional(string()),
});

const Section = type({
  title: string(),
  icon: optional(string()),
  viewRef: optional(type({ namespace: string(), name: string() })),
  uiRef: optional(
    type({ changes: optional(ChangesUIFilters), configs: optional(ConfigsUIFilters) }),
  ),
});

const ViewSpecStruct = type({
  description: optional(string()),
  display: optional(Display),
  templating: optional(array(Variable)),
  queries: optional(record(string(), Query)),
  columns: optional(array(Column)),
  mapping: optional(record(string(), string())),
  panels: optional(array(Panel)),
  sections: optional(array(Section)),
  cache: optional(type({ maxAge: optional(string()) })),
});

export type ConfigSelector = Infer<typeof ConfigSelector>;
/** The config selector's fields (types, tags, labels, search, health, status) as a struct. */
export const ConfigSelectorStruct = ConfigSelector;
export type CheckSelector = Infer<typeof CheckSelector>;
export type ViewVariableSpec = Infer<typeof Variable>;
export type ViewColumn = Infer<typeof Column>;
export type ViewPanelSpec = Infer<typeof Panel>;
export type ViewSection = Infer<typeof Section>;
export type ChangeSelector = Infer<typeof ChangeSelector>;
export type IncidentSelector = Infer<typeof IncidentSelector>;
export type PlaybookRunSelector = Infer<typeof PlaybookRunSelector>;
export type ViewQuery = Infer<typeof Query>;
export type QueryKind = (typeof QUERY_KINDS)[number];
/** A spec as written (queries and columns may be left out). */
export type ViewSpecInput = Infer<typeof ViewSpecStruct>;
/** A spec as the evaluator reads it: queries and columns always present (maybe empty). */
export type ViewSpec = Omit<Infer<typeof ViewSpecStruct>, 'queries' | 'columns'> & {
  queries: Record<string, ViewQuery>;
  columns: ViewColumn[];
};

/** The kind of a query (its one selector) and the selector. */
export function queryKindOf(query: ViewQuery): QueryKind {
  return QUERY_KINDS.find((kind) => query[kind] !== undefined) ?? 'configs';
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const MAPPING = /^row(\.[A-Za-z0-9_-]+)+$/;

/** The spec when it is one the evaluator understands, else the first problem in words. */
export function parseViewSpec(
  raw: unknown,
): { ok: true; spec: ViewSpec } | { ok: false; error: string } {
  const [failure, parsed] = validate(raw, ViewSpecStruct);
  if (failure) {
    const path = failure.path.join('.');
    return { ok: false, error: `invalid view spec: ${path ? `${path}: ` : ''}${failure.message}` };
  }
  const spec: ViewSpec = {
    ...parsed,
    queries: parsed.queries ?? {},
    columns: parsed.columns ?? [],
  };
  const names = Object.keys(spec.queries);
  const sections = spec.sections ?? [];
  // A view that only gathers other views (sections) needs no query of its own (upstream).
  if (names.length === 0 && sections.length === 0) {
    return { ok: false, error: 'invalid view spec: no queries' };
  }
  for (const [index, section] of sections.entries()) {
    const refs = [section.viewRef, section.uiRef?.changes, section.uiRef?.configs];
    if (refs.filter((ref) => ref !== undefined).length !== 1) {
      return {
        ok: false,
        error: `invalid view spec: section ${index} ("${section.title}") needs exactly one of viewRef, uiRef.changes or uiRef.configs`,
      };
    }
  }
  for (const name of names) {
    if (!IDENTIFIER.test(name)) {
      return { ok: false, error: `invalid view spec: query name "${name}" is not an identifier` };
    }
    const query = spec.queries[name];
    const kinds = QUERY_KINDS.filter((kind) => query?.[kind] !== undefined);
    if (kinds.length !== 1) {
      return {
        ok: false,
        error: `invalid view spec: query "${name}" needs exactly one of ${QUERY_KINDS.join(', ')}`,
      };
    }
  }
  if (spec.columns.length === 0 && (spec.panels ?? []).length === 0 && sections.length === 0) {
    return { ok: false, error: 'invalid view spec: no columns, panels or sections' };
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

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 } as const;

/** A `15m` / `1h` / `30s` / `2d` / `1w` duration in seconds, or null when it is not one. */
export function durationSeconds(text: string | undefined): number | null {
  const match = /^(\d+)(s|m|h|d|w)$/.exec((text ?? '').trim());
  if (!match) return null;
  return Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

/**
 * A time bound of a query (`from`/`to`): `now`, `now-7d`, `7d` (that long ago) or an ISO time;
 * null when empty, undefined when it is none of these.
 */
export function timeBound(text: string | undefined, now: Date): Date | null | undefined {
  const value = (text ?? '').trim();
  if (value === '') return null;
  if (value === 'now') return now;
  const ago = durationSeconds(value.startsWith('now-') ? value.slice(4) : value);
  if (ago !== null) return new Date(now.getTime() - ago * 1000);
  const time = new Date(value);
  return Number.isNaN(time.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value) ? undefined : time;
}
