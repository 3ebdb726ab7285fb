/**
 * A page's state in the address, said as data: `defineUrlState({ status: text({ default:
 * 'open' }), labels: triState(), range: timeRange(), changeId: dialogId() })` gives a typed
 * `read(params)` and a `write(params, changes)` that keeps every parameter it does not own.
 * Each field has a default, which is never written (a value equal to it removes the field's
 * parameters); each field says whether a change adds a history entry (`push`) or replaces the
 * current one (`replace`, the default); a field marked `filter` sends the list back to its
 * first page when it changes. Pure: the hook over the router is `useUrlState` (src/widgets).
 */
import type { ListSort, SortOrder } from './listState';
import type { TimeRangeValue } from './timeRangeParams';
import { timeRangeFromSearchParams, timeRangeToSearchParams } from './timeRangeParams';
import type { TriStateMap } from './triState';
import { triStateFromUrl, triStateToUrl } from './triState';

/** How a change of a field enters the browser history. */
export type UrlHistory = 'replace' | 'push';

/** One piece of page state and how it is written in the address. */
export interface UrlField<T> {
  /** The value while the address does not name one; never written. */
  readonly default: T;
  /** Unset: the spec's choice (`replace` unless it says otherwise). */
  readonly history?: UrlHistory | undefined;
  /** A change sends the list back to its first page. */
  readonly filter: boolean;
  /** The address parameters the field owns when it is called `key` (`prefix*` for a prefix). */
  params(key: string): readonly string[];
  /** The value in `params`; the default when it is missing or unreadable. */
  read(params: URLSearchParams, key: string): T;
  /** `params` with the field's parameters set for `value` (a value other than the default). */
  write(params: URLSearchParams, value: T, key: string): URLSearchParams;
  /** `params` without the field's parameters. */
  clear(params: URLSearchParams, key: string): URLSearchParams;
  equals(a: T, b: T): boolean;
}

/** What every field can be told. */
export interface FieldOptions {
  /** The parameter's name in the address; the field's key by default. */
  param?: string;
  /** The spec's choice by default (`replace` unless it says otherwise; `push` for `dialogId`). */
  history?: UrlHistory;
  /** A change sends the list back to its first page. */
  filter?: boolean;
}

/** Options of a field whose value may be missing (`undefined`) or have a default. */
export interface ValueOptions<T> extends FieldOptions {
  default?: T;
}

interface Scalar<T> {
  /** The value of a parameter's text; undefined when it cannot be read. */
  parse: (raw: string) => T | undefined;
  format: (value: T) => string;
  equals?: (a: T, b: T) => boolean;
}

function clearNames(params: URLSearchParams, names: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of names) next.delete(name);
  return next;
}

/** A field held in one parameter. */
function scalar<T, D extends T | undefined>(
  codec: Scalar<T>,
  options: ValueOptions<T> & { default?: D },
): UrlField<T | D> {
  const name = (key: string) => options.param ?? key;
  const same = codec.equals ?? ((a: T, b: T) => a === b);
  return {
    default: options.default as D,
    history: options.history,
    filter: options.filter ?? false,
    params: (key) => [name(key)],
    read(params, key) {
      const raw = params.get(name(key));
      if (raw === null) return options.default as D;
      const value = codec.parse(raw);
      return value === undefined ? (options.default as D) : value;
    },
    write(params, value, key) {
      if (value === undefined) return clearNames(params, [name(key)]);
      const next = new URLSearchParams(params);
      next.set(name(key), codec.format(value as T));
      return next;
    },
    clear: (params, key) => clearNames(params, [name(key)]),
    equals: (a, b) => (a === undefined || b === undefined ? a === b : same(a as T, b as T)),
  };
}

export interface TextOptions extends FieldOptions {
  /** Leading and trailing blanks are dropped when read and written; blank text reads as the default. */
  trim?: boolean;
}

/** Text as it is (or trimmed). Without a default, empty text is no value. */
export function text(options: TextOptions & { default: string }): UrlField<string>;
export function text(options?: TextOptions): UrlField<string | undefined>;
export function text(
  options: ValueOptions<string> & TextOptions = {},
): UrlField<string | undefined> {
  const optional = options.default === undefined;
  const tidy = (value: string) => (options.trim ? value.trim() : value);
  const field = scalar<string, string | undefined>(
    {
      parse: (raw) => ((optional || options.trim) && tidy(raw) === '' ? undefined : tidy(raw)),
      format: tidy,
      equals: (a, b) => tidy(a) === tidy(b),
    },
    options,
  );
  if (!optional) {
    if (!options.trim) return field;
    // Blank text is no value: it leaves the parameter out, as the default does.
    return {
      ...field,
      write: (params, value, key) =>
        tidy(value ?? '') === '' ? field.clear(params, key) : field.write(params, value, key),
    };
  }
  // Empty text and no text are one value: neither is written.
  return {
    ...field,
    equals: (a, b) => (a === undefined ? '' : tidy(a)) === (b === undefined ? '' : tidy(b)),
  };
}

/** The id of the open dialog (or row, or drawer); none by default. Opening one is a new entry. */
export function dialogId(options: Omit<FieldOptions, 'filter'> = {}): UrlField<string | undefined> {
  const field = text({ ...options, history: options.history ?? 'push' });
  return field;
}

export interface NumberOptions {
  /** Whole numbers only. */
  integer?: boolean;
  min?: number;
  max?: number;
}

/** A finite number (written as JavaScript writes it); others read as the default. */
export function number(
  options: FieldOptions & NumberOptions & { default: number },
): UrlField<number>;
export function number(options?: FieldOptions & NumberOptions): UrlField<number | undefined>;
export function number(
  options: ValueOptions<number> & NumberOptions = {},
): UrlField<number | undefined> {
  return scalar<number, number | undefined>(
    {
      parse(raw) {
        if (raw.trim() === '') return undefined;
        const value = Number(raw);
        if (!Number.isFinite(value)) return undefined;
        if (options.integer && !Number.isSafeInteger(value)) return undefined;
        if (options.min !== undefined && value < options.min) return undefined;
        if (options.max !== undefined && value > options.max) return undefined;
        return value;
      },
      format: String,
    },
    options,
  );
}

export interface BooleanOptions extends FieldOptions {
  /** The words for true and false; `true` and `false` by default (`['yes', 'no']`). */
  words?: readonly [string, string];
  /** Other words read as true, never written (older links' `1`). */
  alsoTrue?: readonly string[];
  /** Other words read as false, never written (older links' `0`). */
  alsoFalse?: readonly string[];
}

/** `true` or `false` (or the field's own words); any other text reads as the default. */
export function boolean(options: BooleanOptions & { default: boolean }): UrlField<boolean>;
export function boolean(options?: BooleanOptions): UrlField<boolean | undefined>;
export function boolean(
  options: ValueOptions<boolean> & BooleanOptions = {},
): UrlField<boolean | undefined> {
  const [yes, no] = options.words ?? ['true', 'false'];
  return scalar<boolean, boolean | undefined>(
    {
      parse(raw) {
        if (raw === yes || options.alsoTrue?.includes(raw)) return true;
        if (raw === no || options.alsoFalse?.includes(raw)) return false;
        return undefined;
      },
      format: (value) => (value ? yes : no),
    },
    options,
  );
}

/** The values a `oneOf` field accepts: a list, or a test (for open sets like `label:{key}`). */
export type Accepts<V extends string> = readonly V[] | ((raw: string) => raw is V);

/** One of `values` (or text that passes the test); any other text reads as the default. */
export function oneOf<const V extends string>(
  values: Accepts<V>,
  options: FieldOptions & { default: NoInfer<V> },
): UrlField<V>;
export function oneOf<const V extends string>(
  values: Accepts<V>,
  options?: FieldOptions,
): UrlField<V | undefined>;
export function oneOf<V extends string>(
  values: Accepts<V>,
  options: ValueOptions<V> = {},
): UrlField<V | undefined> {
  const accepts =
    typeof values === 'function'
      ? values
      : (raw: string): raw is V => (values as readonly string[]).includes(raw);
  return scalar<V, V | undefined>(
    { parse: (raw) => (accepts(raw) ? raw : undefined), format: String },
    options,
  );
}

/** Another name for `oneOf`. */
export const enumOf = oneOf;

/**
 * How one item of a list or selection is written in the address, beyond the field's own
 * escapes (a config type's `::` written `__`).
 */
export interface ItemCodec {
  toUrl: (item: string) => string;
  /** The item of its text; undefined drops an entry that is not one. */
  fromUrl: (text: string) => string | undefined;
}

const keptItem = (item: string | undefined): item is string => item !== undefined && item !== '';

export interface ListOptions extends FieldOptions {
  default?: readonly string[];
  /** Between items; `,` by default. Items never contain it; empty items are dropped. */
  separator?: string;
  item?: ItemCodec;
}

const sameItems = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** A list of text items in one parameter (`a,b,c`), trimmed, empty items dropped. */
export function list(options: ListOptions = {}): UrlField<string[]> {
  const separator = options.separator ?? ',';
  const field = scalar<string[], string[]>(
    {
      parse: (raw) =>
        raw
          .split(separator)
          .map((item) => item.trim())
          .filter((item) => item !== '')
          .map((item) => (options.item ? options.item.fromUrl(item) : item))
          .filter(keptItem),
      format: (items) =>
        (options.item ? items.map((item) => options.item?.toUrl(item) ?? item) : items).join(
          separator,
        ),
      equals: sameItems,
    },
    { ...options, default: [...(options.default ?? [])] },
  );
  return field;
}

export interface RepeatedOptions<T> extends FieldOptions {
  /** The item a parameter's text names; undefined drops it. */
  parse: (text: string) => T | undefined;
  format: (item: T) => string;
  /** What makes two items the same (a label's key): of those, the first is kept. */
  key?: (item: T) => string;
}

/**
 * A list of items, each in a parameter of its own (`label=pod=a&label=level=error`); none by
 * default. Unreadable items and those of a key met before are dropped.
 */
export function repeated<T>(options: RepeatedOptions<T>): UrlField<T[]> {
  const name = (key: string) => options.param ?? key;
  return {
    default: [],
    history: options.history,
    filter: options.filter ?? false,
    params: (key) => [name(key)],
    read(params, key) {
      const seen = new Set<string>();
      const items: T[] = [];
      for (const text of params.getAll(name(key))) {
        const item = options.parse(text);
        if (item === undefined) continue;
        const id = options.key?.(item);
        if (id !== undefined) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        items.push(item);
      }
      return items;
    },
    write(params, value, key) {
      const next = clearNames(params, [name(key)]);
      for (const item of value) next.append(name(key), options.format(item));
      return next;
    },
    clear: (params, key) => clearNames(params, [name(key)]),
    equals: (a, b) =>
      sameItems(
        a.map((item) => options.format(item)),
        b.map((item) => options.format(item)),
      ),
  };
}

export interface PrefixedOptions extends Omit<FieldOptions, 'param'> {
  /** What every parameter of the field begins with (`var-`). */
  prefix: string;
}

/**
 * Named texts, each in a parameter of its own named with the prefix (`var-cluster=prod` is
 * `{ cluster: 'prod' }`), for names known only at run time (a view's variables); none by
 * default. An empty text is no entry: it is neither read nor written.
 */
export function prefixed(options: PrefixedOptions): UrlField<Record<string, string>> {
  const { prefix } = options;
  const owned = (params: URLSearchParams) =>
    [...new Set(params.keys())].filter((name) => name.startsWith(prefix));
  const entries = (record: Record<string, string>) =>
    Object.entries(record).filter(([, value]) => value !== '');
  return {
    default: {},
    history: options.history,
    filter: options.filter ?? false,
    params: () => [`${prefix}*`],
    read(params) {
      const record: Record<string, string> = {};
      params.forEach((value, name) => {
        if (name.startsWith(prefix) && value !== '') record[name.slice(prefix.length)] = value;
      });
      return record;
    },
    write(params, value) {
      const next = new URLSearchParams(params);
      const wanted = new Map(entries(value).map(([name, text]) => [`${prefix}${name}`, text]));
      for (const name of owned(params)) if (!wanted.has(name)) next.delete(name);
      // A parameter already there keeps its place; a new one goes last.
      for (const [name, text] of wanted) next.set(name, text);
      return next;
    },
    clear: (params) => clearNames(params, owned(params)),
    equals: (a, b) => {
      const left = entries(a);
      return left.length === entries(b).length && left.every(([name, text]) => b[name] === text);
    },
  };
}

export interface TriStateOptions extends FieldOptions {
  default?: TriStateMap;
  /**
   * `list` (default): spec 002 §2.1's comma list of `item:1` and `item:-1`, `:` written
   * `____` and `,` written `||||` in items. `negated`: a comma list of items, `!` before those
   * left out, `,` written `||||` in items. `json`: spec 001 §5's JSON object of item → 1 or
   * -1 (the health labels), an unreadable one logged and ignored.
   */
  format?: 'list' | 'negated' | 'json';
  /** How an item is written, in the `list` and `negated` forms. */
  item?: ItemCodec;
  /** Where an unreadable JSON selection is reported; console.warn by default. */
  log?: (message: string, detail: unknown) => void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (first) {
    // Links written by the older console encoded the JSON once more.
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      throw first;
    }
    if (decoded === text) throw first;
    return JSON.parse(decoded);
  }
}

/**
 * The selection in a JSON object of item → 1 or -1 (numbers or numeric strings). Other entries
 * are dropped; text that is not such an object is logged and ignored (spec 001 §5).
 */
export function triStateFromJson(
  value: string | null | undefined,
  log: (message: string, detail: unknown) => void = (message, detail) =>
    console.warn(message, detail),
): TriStateMap {
  const map: TriStateMap = {};
  if (!value) return map;
  let parsed: unknown;
  try {
    parsed = parseJson(value);
  } catch (error) {
    log('Ignoring the labels filter: it is not valid JSON', error);
    return map;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    log('Ignoring the labels filter: it is not a JSON object', parsed);
    return map;
  }
  for (const [id, state] of Object.entries(parsed)) {
    const number = Number(state);
    if (number === 1 || number === -1) map[id] = number;
  }
  return map;
}

/** Whether two selections have the same items in the same states (in any order). */
export function sameTriState(a: TriStateMap, b: TriStateMap): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

const COMMA_IN_ITEM = '||||';

/** The `negated` form: `a,!b`, `,` in items written `||||`. */
function negatedToUrl(map: TriStateMap): string {
  return Object.entries(map)
    .map(([item, state]) => `${state === -1 ? '!' : ''}${item.replaceAll(',', COMMA_IN_ITEM)}`)
    .join(',');
}

function negatedFromUrl(raw: string): TriStateMap {
  const map: TriStateMap = {};
  for (const entry of raw.split(',')) {
    const excluded = entry.startsWith('!');
    const item = (excluded ? entry.slice(1) : entry).replaceAll(COMMA_IN_ITEM, ',');
    if (item !== '') map[item] = excluded ? -1 : 1;
  }
  return map;
}

/** The selection with each item passed through `write` (entries it drops left out). */
function mapItems(map: TriStateMap, write: (item: string) => string | undefined): TriStateMap {
  const next: TriStateMap = {};
  for (const [item, state] of Object.entries(map)) {
    const written = write(item);
    if (keptItem(written)) next[written] = state;
  }
  return next;
}

/** A tri-state selection (item → include 1 or exclude -1); none by default. */
export function triState(options: TriStateOptions = {}): UrlField<TriStateMap> {
  const form = options.format ?? 'list';
  const item = options.item;
  const toText = form === 'negated' ? negatedToUrl : triStateToUrl;
  const fromText = form === 'negated' ? negatedFromUrl : triStateFromUrl;
  return scalar<TriStateMap, TriStateMap>(
    {
      parse: (raw) => {
        if (form === 'json') return triStateFromJson(raw, options.log);
        const map = fromText(raw);
        return item ? mapItems(map, item.fromUrl) : map;
      },
      format: (map) => {
        if (form === 'json') return JSON.stringify(map);
        return toText(item ? mapItems(map, item.toUrl) : map);
      },
      equals: sameTriState,
    },
    { ...options, default: options.default ?? {} },
  );
}

const TIME_RANGE_NAMES = ['rangeType', 'display', 'range', 'from', 'to'] as const;

function sameTimeRange(a: TimeRangeValue, b: TimeRangeValue): boolean {
  if (a.type === 'relative' && b.type === 'relative') return a.range === b.range;
  if (a.type === 'mapped' && b.type === 'mapped') return a.name === b.name;
  if (a.type === 'absolute' && b.type === 'absolute') return a.from === b.from && a.to === b.to;
  return false;
}

/**
 * A time range in the kit's parameters (`rangeType` with `range`, `display` or `from`/`to`;
 * see `timeRangeFromSearchParams`): relative, mapped or absolute.
 */
export function timeRange(
  options: Omit<FieldOptions, 'param'> & { default: TimeRangeValue },
): UrlField<TimeRangeValue>;
export function timeRange(
  options?: Omit<FieldOptions, 'param'>,
): UrlField<TimeRangeValue | undefined>;
export function timeRange(
  options: Omit<ValueOptions<TimeRangeValue>, 'param'> = {},
): UrlField<TimeRangeValue | undefined> {
  return {
    default: options.default,
    history: options.history,
    filter: options.filter ?? false,
    params: () => TIME_RANGE_NAMES,
    read: (params) => timeRangeFromSearchParams(params) ?? options.default,
    write: (params, value) => timeRangeToSearchParams(value, params),
    clear: (params) => timeRangeToSearchParams(undefined, params),
    equals: (a, b) => (a === undefined || b === undefined ? a === b : sameTimeRange(a, b)),
  };
}

export interface SortOptions extends Omit<FieldOptions, 'param'> {
  default?: ListSort;
  /** The sortable columns; any other reads as the default. Any column by default. */
  columns?: readonly string[];
  /** The column's parameter; `sortBy` by default. */
  byParam?: string;
  /** The order's parameter; `sortOrder` by default. */
  orderParam?: string;
  /** `order` (default): `asc` or `desc`. `desc-flag`: `true` for descending, else ascending. */
  orderStyle?: 'order' | 'desc-flag';
}

const orderOf = (sort: ListSort): SortOrder => sort.sortOrder ?? 'asc';

/** The one sorted column and its order (`sortBy`, `sortOrder`); ascending unless named. */
export function sort(options: SortOptions = {}): UrlField<ListSort> {
  const by = options.byParam ?? 'sortBy';
  const order = options.orderParam ?? 'sortOrder';
  const descFlag = options.orderStyle === 'desc-flag';
  const fallback: ListSort = options.default ?? {};
  return {
    default: fallback,
    history: options.history,
    filter: options.filter ?? false,
    params: () => [by, order],
    read(params) {
      const sortBy = params.get(by)?.trim();
      if (!sortBy || (options.columns && !options.columns.includes(sortBy))) return fallback;
      const raw = params.get(order);
      const sortOrder: SortOrder = descFlag
        ? raw === 'true'
          ? 'desc'
          : 'asc'
        : raw === 'desc'
          ? 'desc'
          : 'asc';
      return { sortBy, sortOrder };
    },
    write(params, value) {
      if (!value.sortBy) return clearNames(params, [by, order]);
      const next = new URLSearchParams(params);
      next.set(by, value.sortBy);
      next.set(order, descFlag ? String(orderOf(value) === 'desc') : orderOf(value));
      return next;
    },
    clear: (params) => clearNames(params, [by, order]),
    equals: (a, b) =>
      (a.sortBy || undefined) === (b.sortBy || undefined) &&
      (!a.sortBy || orderOf(a) === orderOf(b)),
  };
}

/** The fields of a page, by the name used in code. */
export type UrlFields = Record<string, UrlField<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The typed state the fields describe. */
export type UrlStateOf<F extends UrlFields> = {
  [K in keyof F]: F[K] extends UrlField<infer T> ? T : never;
};

export interface UrlStateOptions {
  /** The page-index parameter a filter change removes; `pageIndex` by default, null for none. */
  pageParam?: string | null;
  /** The history of fields that do not choose; `replace` by default. */
  history?: UrlHistory;
}

/** A page's address state: its fields and their pure reading and writing. */
export interface UrlStateSpec<F extends UrlFields> {
  readonly fields: F;
  readonly pageParam: string | null;
  /** Every field's value in `params`. */
  read(params: URLSearchParams): UrlStateOf<F>;
  /**
   * A copy of `params` with `changes` written in: a value equal to its default removes its
   * parameters; a filter that changes removes the page index; every parameter no field owns
   * is kept.
   */
  write(params: URLSearchParams, changes: Partial<UrlStateOf<F>>): URLSearchParams;
  /** Whether writing `changes` over `params` adds a history entry. */
  history(params: URLSearchParams, changes: Partial<UrlStateOf<F>>): UrlHistory;
  /** Every filter field at its default. */
  filterDefaults(): Partial<UrlStateOf<F>>;
  /** Every filter back to its default (and the first page). */
  resetFilters(params: URLSearchParams): URLSearchParams;
  /** Whether some filter in `state` differs from its default. */
  isFiltered(state: UrlStateOf<F>): boolean;
  /** The address parameters the fields own. */
  ownedParams(): string[];
}

function keysOf<F extends object>(fields: F): Array<keyof F & string> {
  return Object.keys(fields) as Array<keyof F & string>;
}

/** A page's address state from its fields (see the module's comment). */
export function defineUrlState<F extends UrlFields>(
  fields: F,
  options: UrlStateOptions = {},
): UrlStateSpec<F> {
  const pageParam = options.pageParam === undefined ? 'pageIndex' : options.pageParam;
  const keys = keysOf(fields);
  const field = (key: keyof F & string): UrlField<unknown> => fields[key] as UrlField<unknown>;
  const changedKeys = (params: URLSearchParams, changes: Partial<UrlStateOf<F>>) =>
    keysOf(changes).filter((key) => {
      const one = fields[key] ? field(key) : undefined;
      return one !== undefined && !one.equals(one.read(params, key), changes[key]);
    });

  const spec: UrlStateSpec<F> = {
    fields,
    pageParam,
    read(params) {
      const state = {} as Record<string, unknown>;
      for (const key of keys) state[key] = field(key).read(params, key);
      return state as UrlStateOf<F>;
    },
    write(params, changes) {
      const changed = changedKeys(params, changes);
      let next = new URLSearchParams(params);
      for (const key of keysOf(changes)) {
        const one = fields[key] ? field(key) : undefined;
        if (!one) continue;
        const value = changes[key];
        // Writing replaces the field's parameters where they stand, so the address keeps its order.
        next = one.equals(value, one.default) ? one.clear(next, key) : one.write(next, value, key);
      }
      if (pageParam && changed.some((key) => field(key).filter)) next.delete(pageParam);
      return next;
    },
    history(params, changes) {
      return changedKeys(params, changes).some(
        (key) => (field(key).history ?? options.history) === 'push',
      )
        ? 'push'
        : 'replace';
    },
    filterDefaults() {
      const defaults: Record<string, unknown> = {};
      for (const key of keys) if (field(key).filter) defaults[key] = field(key).default;
      return defaults as Partial<UrlStateOf<F>>;
    },
    resetFilters(params) {
      const next = spec.write(params, spec.filterDefaults());
      if (pageParam) next.delete(pageParam);
      return next;
    },
    isFiltered(state) {
      return keys.some((key) => {
        const one = field(key);
        return one.filter && !one.equals(state[key], one.default);
      });
    },
    ownedParams() {
      return keys.flatMap((key) => [...field(key).params(key)]);
    },
  };
  return spec;
}
