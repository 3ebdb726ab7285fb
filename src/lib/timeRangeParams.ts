/*
 * Time ranges as the address writes them, and their labels: what every page's address needs,
 * apart from resolving a range to dates (`timeRange.ts`, with moment and its time zones).
 */

/**
 * A time range as the user chose it: relative to now (`now-5m`, `now+1d`, `indefinitely`),
 * one of the mapped quick ranges by name (`Yesterday`), or absolute from/to (ISO strings).
 */
export type TimeRangeValue =
  | { type: 'relative'; range: string }
  | { type: 'mapped'; name: string }
  | { type: 'absolute'; from: string; to: string };

/** The relative range without an end. */
export const INDEFINITELY = 'indefinitely';

const UNIT_NAMES: Record<string, string> = {
  s: 'second',
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  M: 'month',
  y: 'year',
};

const RELATIVE = /^now([+-])(\d+)([smhdwMy])$/;

interface ParsedRelative {
  sign: 1 | -1;
  amount: number;
  unit: string;
}

/** `now-5m` as its sign, amount and unit; undefined when it is not a relative range. */
export function parseRelative(range: string): ParsedRelative | undefined {
  const match = RELATIVE.exec(range.trim());
  if (!match) return undefined;
  const amount = Number(match[2]);
  if (!Number.isSafeInteger(amount) || amount <= 0) return undefined;
  return { sign: match[1] === '+' ? 1 : -1, amount, unit: match[3] ?? '' };
}

/** Whether `range` is a relative range this module understands. */
export function isValidRelativeRange(range: string): boolean {
  return range.trim() === INDEFINITELY || parseRelative(range) !== undefined;
}

/** `Last 5 minutes`, `Next 2 days`, `Indefinitely`; the range itself when it is not valid. */
export function relativeRangeLabel(range: string): string {
  if (range.trim() === INDEFINITELY) return 'Indefinitely';
  const parsed = parseRelative(range);
  if (!parsed) return range;
  const name = UNIT_NAMES[parsed.unit] ?? parsed.unit;
  const plural = parsed.amount === 1 ? '' : 's';
  return `${parsed.sign < 0 ? 'Last' : 'Next'} ${parsed.amount} ${name}${plural}`;
}

/** The names of the mapped quick ranges, in the order they are offered. */
export const MAPPED_RANGES = [
  'Yesterday',
  'Day before yesterday',
  'This day last week',
  'Previous week',
  'Previous month',
  'Previous year',
  'Today',
  'Today so far',
  'This week',
  'This week so far',
  'This month',
  'This month so far',
  'This year',
  'This year so far',
] as const;

export type MappedRangeName = (typeof MAPPED_RANGES)[number];

/** Whether `name` is one of the mapped quick ranges. */
export function isMappedRangeName(name: string): name is MappedRangeName {
  return (MAPPED_RANGES as readonly string[]).includes(name);
}

/** The URL parameters of a time range. */
export const TIME_RANGE_PARAMS = {
  type: 'rangeType',
  display: 'display',
  range: 'range',
  from: 'from',
  to: 'to',
} as const;

/** A parameter older links use for the name of a mapped range. */
const LEGACY_MAPPED_PARAM = 'timeRange';

/**
 * The time range written in URL parameters: `rangeType` (relative, mapped or absolute) with
 * `range` (relative), `display` (the mapped range's name; `timeRange` is read when it is
 * missing) or `from` and `to` (absolute). Missing or incomplete parameters give undefined.
 * Unknown mapped names and unreadable relative ranges are kept, so that resolving them
 * reports the error.
 */
export function timeRangeFromSearchParams(params: URLSearchParams): TimeRangeValue | undefined {
  const type = params.get(TIME_RANGE_PARAMS.type);
  if (type === 'relative') {
    const range = params.get(TIME_RANGE_PARAMS.range)?.trim();
    return range ? { type, range } : undefined;
  }
  if (type === 'mapped') {
    const name =
      params.get(TIME_RANGE_PARAMS.display)?.trim() || params.get(LEGACY_MAPPED_PARAM)?.trim();
    return name ? { type, name } : undefined;
  }
  if (type === 'absolute') {
    const from = params.get(TIME_RANGE_PARAMS.from)?.trim();
    const to = params.get(TIME_RANGE_PARAMS.to)?.trim();
    return from && to ? { type, from, to } : undefined;
  }
  return undefined;
}

/**
 * A copy of `params` with the time range written in (see `timeRangeFromSearchParams`), or
 * with every time-range parameter removed for undefined. `display` carries the label
 * (`Custom` for absolute ranges). A `timeRange` parameter is removed only when it names a
 * mapped range, so a page's own `timeRange=1h` stays.
 */
export function timeRangeToSearchParams(
  value: TimeRangeValue | undefined,
  params: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(TIME_RANGE_PARAMS)) next.delete(name);
  const legacy = next.get(LEGACY_MAPPED_PARAM);
  if (legacy !== null && isMappedRangeName(legacy)) next.delete(LEGACY_MAPPED_PARAM);
  if (!value) return next;
  next.set(TIME_RANGE_PARAMS.type, value.type);
  if (value.type === 'relative') {
    next.set(TIME_RANGE_PARAMS.range, value.range);
    next.set(TIME_RANGE_PARAMS.display, relativeRangeLabel(value.range));
  } else if (value.type === 'mapped') {
    next.set(TIME_RANGE_PARAMS.display, value.name);
  } else {
    next.set(TIME_RANGE_PARAMS.display, 'Custom');
    next.set(TIME_RANGE_PARAMS.from, value.from);
    next.set(TIME_RANGE_PARAMS.to, value.to);
  }
  return next;
}
