/**
 * Request parsing of the catalog endpoints (api.md CAT-02 and CAT-19): pure functions from a
 * JSON body (or the query string of the deprecated GET) to validated options, or an error that
 * names the offending field.
 */
import { SEVERITIES } from '../../../../contracts/severities';
import { evaluateDateMath } from '../../postgrest/datemath';
import type { Parsed } from '../guard';
import { isUuid } from '../canary/ids';
import { parseDuration } from '../canary/timeRange';
import { compileSelector, SEARCH_MODELS } from '../../search/compile';
import type { SelectorAst } from '../../search/selector';
import { parseSelector } from '../../search/selector';

export type { Parsed };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

/**
 * A tri-state list `a,!b,c*,!*d`: plain items are matched exactly, items starting or ending with
 * `*` are globs; a leading `!` excludes.
 */
export interface TriState {
  include: string[];
  exclude: string[];
  includeGlobs: string[];
  excludeGlobs: string[];
}

function decodeItem(item: string): string {
  try {
    return decodeURIComponent(item);
  } catch {
    return item;
  }
}

/**
 * Splits a tri-state value (api.md §3). With `decode`, each item is URI-decoded after the split,
 * so an encoded comma (`%2C`) stays inside its item. Empty items are ignored; null when nothing
 * is left.
 */
export function parseTriState(value: string, decode = false): TriState | null {
  const state: TriState = { include: [], exclude: [], includeGlobs: [], excludeGlobs: [] };
  for (const raw of value.split(',')) {
    const trimmed = raw.trim();
    const excluded = trimmed.startsWith('!');
    const text = excluded ? trimmed.slice(1) : trimmed;
    const item = decode ? decodeItem(text) : text;
    if (item === '') continue;
    const glob = item.startsWith('*') || item.endsWith('*');
    if (glob) (excluded ? state.excludeGlobs : state.includeGlobs).push(item);
    else (excluded ? state.exclude : state.include).push(item);
  }
  const size =
    state.include.length +
    state.exclude.length +
    state.includeGlobs.length +
    state.excludeGlobs.length;
  return size === 0 ? null : state;
}

/** One requirement of a Kubernetes-style label selector. */
export type LabelRequirement =
  | { key: string; op: 'eq' | 'neq'; value: string }
  | { key: string; op: 'in' | 'notin'; values: string[] }
  | { key: string; op: 'exists' | 'absent' };

const SELECTOR_KEY = /^[A-Za-z0-9]([A-Za-z0-9._/-]*[A-Za-z0-9])?$/;
const SELECTOR_VALUE = /^[^\s,()=!]*$/;

/** Splits on commas that are not inside parentheses; null when the parentheses do not pair. */
function splitTopLevel(text: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (depth < 0 || depth > 1) return null;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  if (depth !== 0) return null;
  parts.push(current);
  return parts;
}

/**
 * A label selector (`k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`, joined
 * by `,`) as a list of requirements, or an error describing the first malformed one.
 */
export function parseLabelSelector(text: string): Parsed<LabelRequirement[]> {
  const parts = splitTopLevel(text);
  if (!parts) return fail('unbalanced parentheses');
  const requirements: LabelRequirement[] = [];
  for (const raw of parts) {
    const part = raw.trim();
    if (part === '') continue;
    const set = /^(\S+)\s+(in|notin)\s*\((.*)\)$/.exec(part);
    if (set) {
      const [, key = '', op, list = ''] = set;
      const values = list.split(',').map((v) => v.trim());
      if (!SELECTOR_KEY.test(key)) return fail(`invalid key "${key}"`);
      if (values.some((v) => !SELECTOR_VALUE.test(v) || v === '')) {
        return fail(`invalid values in "${part}"`);
      }
      requirements.push({ key, op: op === 'in' ? 'in' : 'notin', values });
      continue;
    }
    const pair = /^([^=!\s]+)\s*(==|=|!=)\s*(.*)$/.exec(part);
    if (pair) {
      const [, key = '', op, value = ''] = pair;
      if (!SELECTOR_KEY.test(key)) return fail(`invalid key "${key}"`);
      if (!SELECTOR_VALUE.test(value)) return fail(`invalid value "${value}" for "${key}"`);
      requirements.push({ key, op: op === '!=' ? 'neq' : 'eq', value });
      continue;
    }
    const absent = part.startsWith('!');
    const key = absent ? part.slice(1).trim() : part;
    if (!SELECTOR_KEY.test(key)) return fail(`invalid requirement "${part}"`);
    requirements.push({ key, op: absent ? 'absent' : 'exists' });
  }
  return ok(requirements);
}

// ---------------------------------------------------------------------------------------------
// Field readers: each returns the value, undefined when the field is absent (or null), or an
// error naming the field.

type Fields = Record<string, unknown>;
type Read<T> = Parsed<T | undefined>;

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

function readString(fields: Fields, name: string): Read<string> {
  const value = fields[name];
  if (absent(value)) return ok(undefined);
  if (typeof value !== 'string') return fail(`${name} must be a string`);
  return ok(value);
}

function readBoolean(fields: Fields, name: string): Read<boolean> {
  const value = fields[name];
  if (absent(value)) return ok(undefined);
  if (typeof value !== 'boolean') return fail(`${name} must be a boolean`);
  return ok(value);
}

function readPositiveInteger(fields: Fields, name: string): Read<number> {
  const value = fields[name];
  if (absent(value)) return ok(undefined);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    return fail(`${name} must be a positive integer`);
  }
  return ok(value);
}

function readStringArray(fields: Fields, name: string): Read<string[]> {
  const value = fields[name];
  if (absent(value)) return ok(undefined);
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    return fail(`${name} must be an array of strings`);
  }
  return ok(value as string[]);
}

function readObject(fields: Fields, name: string): Read<Fields> {
  const value = fields[name];
  if (absent(value)) return ok(undefined);
  if (typeof value !== 'object' || Array.isArray(value)) {
    return fail(`${name} must be an object`);
  }
  return ok(value as Fields);
}

/** The body as an object of fields: an absent or empty body is `{}`; anything else not an object is an error. */
function bodyFields(body: unknown): Parsed<Fields> {
  if (body === undefined || body === null || body === '') return ok({});
  if (typeof body !== 'object' || Array.isArray(body)) {
    return fail('the request body must be a JSON object');
  }
  return ok(body as Fields);
}

// ---------------------------------------------------------------------------------------------
// CAT-02 · POST /catalog/summary

export const COST_RANGES = ['1h', '1d', '7d', '30d'] as const;
export type CostRange = (typeof COST_RANGES)[number];

/** Group-by values that name a column of the config item; any other value is a tag key. */
export const SUMMARY_COLUMNS = ['type', 'config_class'] as const;

/** How long back changes count when `changes.since` is not given. */
export const DEFAULT_CHANGES_SINCE = '30d';

export interface LabelFilter {
  key: string;
  match: TriState;
}

export interface SummaryRequest {
  /** Grouping: `type`, `config_class` or tag keys, then the extra `tags` keys; no duplicates. */
  groupBy: string[];
  /** Whether deleted items count too. */
  deleted: boolean;
  /** Per label key, the values to include and exclude. */
  filter: LabelFilter[];
  health: TriState | null;
  status: TriState | null;
  /** Changes created within this many milliseconds count. */
  changesSinceMs: number;
  /** Open analyses first observed within this many milliseconds count; null: every open one. */
  analysisSinceMs: number | null;
  cost: CostRange | null;
}

function readSince(fields: Fields, name: string): Parsed<number | null> {
  const section = readObject(fields, name);
  if (!section.ok) return section;
  if (!section.value) return ok(null);
  const since = readString(section.value, 'since');
  if (!since.ok) return fail(`${name}.${since.error}`);
  if (since.value === undefined || since.value.trim() === '') return ok(null);
  const ms = parseDuration(since.value);
  if (ms === null) return fail(`${name}.since: invalid duration "${since.value}"`);
  return ok(ms);
}

/** Reads the body of `POST /catalog/summary` (api.md CAT-02). */
export function parseSummaryRequest(body: unknown): Parsed<SummaryRequest> {
  const parsed = bodyFields(body);
  if (!parsed.ok) return parsed;
  const fields = parsed.value;

  const groupBy = readStringArray(fields, 'groupBy');
  if (!groupBy.ok) return groupBy;
  const tags = readStringArray(fields, 'tags');
  if (!tags.ok) return tags;
  const grouping = [
    ...(groupBy.value && groupBy.value.length > 0 ? groupBy.value : ['type']),
    ...(tags.value ?? []),
  ].map((key) => key.trim());
  if (grouping.some((key) => key === '')) return fail('groupBy must be an array of strings');

  const deleted = readBoolean(fields, 'deleted');
  if (!deleted.ok) return deleted;

  const filterFields = readObject(fields, 'filter');
  if (!filterFields.ok) return filterFields;
  const filter: LabelFilter[] = [];
  for (const [key, value] of Object.entries(filterFields.value ?? {})) {
    if (typeof value !== 'string') return fail(`filter.${key} must be a string`);
    const match = parseTriState(value, true);
    if (match) filter.push({ key, match });
  }

  const health = readString(fields, 'health');
  if (!health.ok) return health;
  const status = readString(fields, 'status');
  if (!status.ok) return status;

  const changes = readSince(fields, 'changes');
  if (!changes.ok) return changes;
  const analysis = readSince(fields, 'analysis');
  if (!analysis.ok) return analysis;

  const cost = readString(fields, 'cost');
  if (!cost.ok) return cost;
  const costRange = cost.value ?? '';
  if (costRange !== '' && !(COST_RANGES as readonly string[]).includes(costRange)) {
    return fail(`cost must be one of ${COST_RANGES.join(', ')}`);
  }

  return ok({
    groupBy: [...new Set(grouping)],
    deleted: deleted.value ?? false,
    filter,
    health: health.value ? parseTriState(health.value) : null,
    status: status.value ? parseTriState(status.value) : null,
    changesSinceMs: changes.value ?? (parseDuration(DEFAULT_CHANGES_SINCE) as number),
    analysisSinceMs: analysis.value,
    cost: costRange === '' ? null : (costRange as CostRange),
  });
}

// ---------------------------------------------------------------------------------------------
// CAT-19 · POST /catalog/changes

export const RECURSIVE_MODES = ['upstream', 'downstream', 'none', 'all'] as const;
export type RecursiveMode = (typeof RECURSIVE_MODES)[number];

export const CHANGE_SORT_COLUMNS = [
  'name',
  'change_type',
  'summary',
  'source',
  'created_at',
  'count',
] as const;
export type ChangeSortColumn = (typeof CHANGE_SORT_COLUMNS)[number];

export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_DEPTH = 5;
export const DEFAULT_FROM = 'now-2d';

/** The local instance's agent id, which `agent_id: "local"` stands for. */
const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

export interface ChangesRequest {
  /** Config ids; with exactly one, `recursive` and `depth` pick related configs too. */
  ids: string[];
  /**
   * When `id` is not a list of config ids, it is a selector of configs (the grammar of
   * resource search, e.g. `labels.owner=Payments,Platform`): the changes of the configs it
   * matches, read at `now`.
   */
  selector: { ast: SelectorAst; now: Date } | null;
  recursive: RecursiveMode;
  depth: number;
  /** Follow soft relationships as well as hard (parent/child) ones. */
  soft: boolean;
  includeDeletedConfigs: boolean;
  configType: TriState | null;
  changeType: TriState | null;
  severity: TriState | null;
  /** Plain items that are config ids match `created_by`, the others `external_created_by`. */
  createdBy: TriState | null;
  summary: TriState | null;
  source: TriState | null;
  tags: LabelRequirement[];
  agentId: string | null;
  from: Date | null;
  to: Date | null;
  fromInsertedAt: Date | null;
  toInsertedAt: Date | null;
  page: number;
  pageSize: number;
  sortBy: ChangeSortColumn;
  sortDesc: boolean;
}

function readTime(fields: Fields, name: string, now: Date): Parsed<Date | null> {
  const text = readString(fields, name);
  if (!text.ok) return text;
  if (text.value === undefined || text.value.trim() === '') return ok(null);
  try {
    return ok(evaluateDateMath(text.value, now));
  } catch {
    return fail(`${name}: invalid time "${text.value}"`);
  }
}

function readTriState(fields: Fields, name: string, decode = false): Parsed<TriState | null> {
  const text = readString(fields, name);
  if (!text.ok) return text;
  return ok(text.value ? parseTriState(text.value, decode) : null);
}

/** `severity: x` is x or worse; `!x,!y` excludes those. */
function readSeverity(fields: Fields, lenient: boolean): Parsed<TriState | null> {
  const text = readString(fields, 'severity');
  if (!text.ok) return text;
  const value = text.value?.trim() ?? '';
  if (value === '') return ok(null);
  if (value.startsWith('!')) return ok(parseTriState(value));
  const rank = (SEVERITIES as readonly string[]).indexOf(value.toLowerCase());
  if (rank === -1) {
    return lenient
      ? ok(null)
      : fail(`severity: unknown severity "${value}", expected one of ${SEVERITIES.join(', ')}`);
  }
  return ok(parseTriState(SEVERITIES.slice(0, rank + 1).join(',')));
}

/**
 * The query string of the deprecated `GET /catalog/changes` as body fields: the first value of
 * each key, with numbers and booleans converted where they parse as such.
 */
export function changesFieldsOfQuery(query: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [key, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value !== 'string') continue;
    if (['page', 'page_size', 'depth'].includes(key)) {
      fields[key] = /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    } else if (['include_deleted_configs', 'soft', 'lenient'].includes(key)) {
      fields[key] = value === 'true' ? true : value === 'false' || value === '' ? false : value;
    } else fields[key] = value;
  }
  return fields;
}

/**
 * Reads the body of `POST /catalog/changes` (api.md CAT-19) with backend defaults: `from` is
 * `now-2d` when neither `from` nor `to` is given, page 1 of 50, depth 5, `recursive` downstream,
 * sorted by `-created_at`. With `lenient`, an unknown `recursive`, `sort_by` or `severity` is
 * ignored instead of refused.
 */
export function parseChangesRequest(body: unknown, now: Date): Parsed<ChangesRequest> {
  const parsed = bodyFields(body);
  if (!parsed.ok) return parsed;
  const fields = parsed.value;

  const lenient = readBoolean(fields, 'lenient');
  if (!lenient.ok) return lenient;
  const isLenient = lenient.value ?? false;

  const id = readString(fields, 'id');
  if (!id.ok) return id;
  const ids = (id.value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  let selector: ChangesRequest['selector'] = null;
  if (ids.some((part) => !isUuid(part))) {
    const parsed = parseSelector(id.value ?? '');
    if (!parsed.ok) return fail(`id: ${parsed.error}`);
    const compiled = compileSelector(SEARCH_MODELS.configs, parsed.value, () => '$0', now);
    if (!compiled.ok) return fail(`id: ${compiled.error}`);
    selector = { ast: parsed.value, now };
  }

  const recursive = readString(fields, 'recursive');
  if (!recursive.ok) return recursive;
  let mode: RecursiveMode = 'downstream';
  if (recursive.value) {
    if ((RECURSIVE_MODES as readonly string[]).includes(recursive.value)) {
      mode = recursive.value as RecursiveMode;
    } else if (!isLenient) {
      return fail(`recursive must be one of ${RECURSIVE_MODES.join(', ')}`);
    }
  }

  const depth = readPositiveInteger(fields, 'depth');
  if (!depth.ok) return depth;
  const page = readPositiveInteger(fields, 'page');
  if (!page.ok) return page;
  const pageSize = readPositiveInteger(fields, 'page_size');
  if (!pageSize.ok) return pageSize;
  const soft = readBoolean(fields, 'soft');
  if (!soft.ok) return soft;
  const includeDeleted = readBoolean(fields, 'include_deleted_configs');
  if (!includeDeleted.ok) return includeDeleted;

  const configType = readTriState(fields, 'config_type');
  if (!configType.ok) return configType;
  const changeType = readTriState(fields, 'type');
  if (!changeType.ok) return changeType;
  const createdBy = readTriState(fields, 'created_by', true);
  if (!createdBy.ok) return createdBy;
  const summary = readTriState(fields, 'summary', true);
  if (!summary.ok) return summary;
  const source = readTriState(fields, 'source', true);
  if (!source.ok) return source;
  const severity = readSeverity(fields, isLenient);
  if (!severity.ok) return severity;

  const tagsText = readString(fields, 'tags');
  if (!tagsText.ok) return tagsText;
  let tags: LabelRequirement[] = [];
  if (tagsText.value && tagsText.value.trim() !== '') {
    const selector = parseLabelSelector(tagsText.value);
    if (!selector.ok) return fail(`tags: ${selector.error}`);
    tags = selector.value;
  }

  const agent = readString(fields, 'agent_id');
  if (!agent.ok) return agent;
  let agentId: string | null = null;
  if (agent.value && agent.value.trim() !== '') {
    const value = agent.value.trim();
    if (value === 'local') agentId = LOCAL_AGENT;
    else if (isUuid(value)) agentId = value.toLowerCase();
    else return fail('agent_id must be an agent id (uuid) or "local"');
  }

  const fromText = readString(fields, 'from');
  if (!fromText.ok) return fromText;
  const toText = readString(fields, 'to');
  if (!toText.ok) return toText;
  const rangeGiven = Boolean(fromText.value?.trim() || toText.value?.trim());
  const from = readTime(rangeGiven ? fields : { from: DEFAULT_FROM }, 'from', now);
  if (!from.ok) return from;
  const to = readTime(fields, 'to', now);
  if (!to.ok) return to;
  if (from.value && to.value && from.value.getTime() >= to.value.getTime()) {
    return fail('from must be before to');
  }

  const fromInserted = readTime(fields, 'from_inserted_at', now);
  if (!fromInserted.ok) return fromInserted;
  const toInserted = readTime(fields, 'to_inserted_at', now);
  if (!toInserted.ok) return toInserted;
  if (
    fromInserted.value &&
    toInserted.value &&
    fromInserted.value.getTime() >= toInserted.value.getTime()
  ) {
    return fail('from_inserted_at must be before to_inserted_at');
  }

  const sort = readString(fields, 'sort_by');
  if (!sort.ok) return sort;
  let sortBy: ChangeSortColumn = 'created_at';
  let sortDesc = true;
  const sortText = sort.value?.trim() ?? '';
  if (sortText !== '') {
    const desc = sortText.startsWith('-');
    const column = desc ? sortText.slice(1) : sortText;
    if ((CHANGE_SORT_COLUMNS as readonly string[]).includes(column)) {
      sortBy = column as ChangeSortColumn;
      sortDesc = desc;
    } else if (!isLenient) {
      return fail(
        `sort_by: unknown column "${column}", expected one of ${CHANGE_SORT_COLUMNS.join(', ')}`,
      );
    }
  }

  return ok({
    ids: selector ? [] : ids.map((part) => part.toLowerCase()),
    selector,
    recursive: mode,
    depth: depth.value ?? DEFAULT_DEPTH,
    soft: soft.value ?? false,
    includeDeletedConfigs: includeDeleted.value ?? false,
    configType: configType.value,
    changeType: changeType.value,
    severity: severity.value,
    createdBy: createdBy.value,
    summary: summary.value,
    source: source.value,
    tags,
    agentId,
    from: from.value,
    to: to.value,
    fromInsertedAt: fromInserted.value,
    toInsertedAt: toInserted.value,
    page: page.value ?? 1,
    pageSize: pageSize.value ?? DEFAULT_PAGE_SIZE,
    sortBy,
    sortDesc,
  });
}
