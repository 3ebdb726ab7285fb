import { timezones } from './zoneRules';

/** How dates are written (a preference of the user). */
export type DateFormat = 'short' | 'medium' | 'full' | 'timestamp';

/** `browser` (the browser's own zone) or an IANA zone name such as `Europe/Berlin`. */
export type TimezoneSetting = string;

export interface FormatDateOptions {
  format: DateFormat;
  timezone: TimezoneSetting;
}

export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  short: 'Short',
  medium: 'Medium',
  full: 'Full',
  timestamp: 'Timestamp',
};

export type DateInput = string | number | Date | null | undefined;

/**
 * ISO 8601 and PostgreSQL timestamps: `2024-05-01T10:00:00Z`, `2024-05-01 10:00:00.123456+02`,
 * `2024-05-01`; without an offset, UTC.
 */
const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Minutes east of UTC of an offset written `Z`, `+02`, `+0530` or `-03:00`. */
function offsetMinutes(offset: string | undefined): number {
  if (!offset || offset.toUpperCase() === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return offset.startsWith('-') ? -minutes : minutes;
}

/** Epoch milliseconds of an ISO or PostgreSQL timestamp, or undefined when it is not one. */
function parseTimestamp(text: string): number | undefined {
  const match = ISO_TIMESTAMP.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', offset] = match;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(
    Number(hour),
    Number(minute),
    Number(second),
    Number(fraction.slice(0, 3).padEnd(3, '0')),
  );
  const time = date.getTime() - offsetMinutes(offset) * 60_000;
  return Number.isNaN(time) ? undefined : time;
}

/** Epoch milliseconds of a value, or undefined when it is empty, invalid or in year 0001. */
function parse(value: DateInput): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let time: number | undefined;
  if (typeof value === 'string') {
    time = parseTimestamp(value) ?? new Date(value).getTime();
  } else {
    time = typeof value === 'number' ? value : value.getTime();
  }
  if (time === undefined || !Number.isFinite(time)) return undefined;
  // The zero time of the backend (`0001-01-01T00:00:00Z`) means "no date".
  if (new Date(time).getUTCFullYear() <= 1) return undefined;
  return time;
}

/** Whether the value is a real date (not empty, not invalid, not in year 0001). */
export function isDisplayableDate(value: DateInput): boolean {
  return parse(value) !== undefined;
}

/** The value as a Date, or undefined when it is empty, invalid or in year 0001. */
export function toDate(value: DateInput): Date | undefined {
  const time = parse(value);
  return time === undefined ? undefined : new Date(time);
}

/** The wall clock of one instant in one zone, as the formats need it. */
interface WallClock {
  year: string;
  month: string;
  monthShort: string;
  monthLong: string;
  day: string;
  weekday: string;
  hour: string;
  minute: string;
  second: string;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** The platform's formatter of a zone (undefined: the browser's), null for a zone it does not know. */
function formatterOf(zone: string | undefined): Intl.DateTimeFormat | null {
  const key = zone ?? '';
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

function wallClock(time: number, formatter: Intl.DateTimeFormat): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(time)) parts[part.type] = part.value;
  const monthLong = parts.month ?? '';
  const monthIndex = MONTHS.indexOf(monthLong);
  return {
    year: (parts.year ?? '').padStart(4, '0'),
    month: String(monthIndex + 1).padStart(2, '0'),
    monthShort: monthLong.slice(0, 3),
    monthLong,
    day: parts.day ?? '',
    weekday: parts.weekday ?? '',
    hour: (parts.hour ?? '').padStart(2, '0'),
    minute: (parts.minute ?? '').padStart(2, '0'),
    second: (parts.second ?? '').padStart(2, '0'),
  };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Minutes east of UTC of the wall clock at `time`. */
function zoneOffset(time: number, clock: WallClock): number {
  const wall = Date.UTC(
    Number(clock.year),
    Number(clock.month) - 1,
    Number(clock.day),
    Number(clock.hour),
    Number(clock.minute),
    Number(clock.second),
  );
  return Math.round((wall - (time - (time % 1000))) / 60_000);
}

/** `+02:00`, `-05:30`, `+00:00`. */
function writeOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A date in the user's format and time zone. Empty, invalid and year-0001 values give the
 * empty string. Strings are read as ISO 8601 (`2024-05-01T10:00:00Z`,
 * `2024-05-01 10:00:00.123+00`), numbers as epoch milliseconds. Written with the platform's
 * calendar and zone rules; a zone's abbreviation (the full format) comes from moment's time
 * zones, which the shell loads when a zone is chosen. An unknown zone reads as the browser's.
 */
export function formatDate(value: DateInput, options: FormatDateOptions): string {
  const time = parse(value);
  if (time === undefined) return '';
  const chosen =
    options.timezone === 'browser' || options.timezone === '' ? undefined : options.timezone;
  const zoned = chosen !== undefined ? formatterOf(chosen) : null;
  const formatter = zoned ?? formatterOf(undefined);
  const zone = zoned ? chosen : undefined;
  if (!formatter) return new Date(time).toISOString();
  const clock = wallClock(time, formatter);
  const { year, monthShort, monthLong, day, weekday, hour, minute, second } = clock;
  switch (options.format) {
    case 'short':
      return `${monthShort} ${day}, ${hour}:${minute}`;
    case 'medium':
      return `${monthShort} ${day}, ${year} ${hour}:${minute}:${second}`;
    case 'full': {
      // Without a chosen zone there is no abbreviation, as moment writes local times.
      const abbreviation = zone ? (timezones()?.zone(zone)?.abbr(time) ?? '') : '';
      return `${weekday}, ${monthLong} ${day}, ${year} ${hour}:${minute}:${second} ${abbreviation}`;
    }
    case 'timestamp': {
      const millis = String(((time % 1000) + 1000) % 1000).padStart(3, '0');
      return `${year}-${clock.month}-${day.padStart(2, '0')}T${hour}:${minute}:${second}.${millis}${writeOffset(zoneOffset(time, clock))}`;
    }
  }
}

/**
 * Whether a value is a timestamp string as ISO 8601 and PostgreSQL write one: a date with a
 * time of day (`2026-03-24T20:00:00Z`, `2026-03-24 20:00:00.5+00`) that reads as a date. A
 * date alone, a number or free text is not one.
 */
export function isIsoTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_TIMESTAMP.exec(value.trim());
  return match?.[4] !== undefined && isDisplayableDate(value);
}
