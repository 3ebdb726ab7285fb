import { moment, timezones } from './moment';

/** How dates are written (a preference of the user). */
export type DateFormat = 'short' | 'medium' | 'full' | 'timestamp';

/** `browser` (the browser's own zone) or an IANA zone name such as `Europe/Berlin`. */
export type TimezoneSetting = string;

export interface FormatDateOptions {
  format: DateFormat;
  timezone: TimezoneSetting;
}

/** moment patterns per format. */
export const DATE_FORMAT_PATTERNS: Record<DateFormat, string> = {
  short: 'MMM D, HH:mm',
  medium: 'MMM D, YYYY HH:mm:ss',
  full: 'dddd, MMMM D, YYYY HH:mm:ss z',
  timestamp: 'YYYY-MM-DDTHH:mm:ss.SSSZ',
};

export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  short: 'Short',
  medium: 'Medium',
  full: 'Full',
  timestamp: 'Timestamp',
};

export type DateInput = string | number | Date | null | undefined;

function parse(value: DateInput): moment.Moment | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let parsed: moment.Moment;
  if (typeof value === 'string') {
    parsed = moment.utc(value, moment.ISO_8601);
    if (!parsed.isValid()) parsed = moment.utc(new Date(value));
  } else {
    parsed = moment.utc(value);
  }
  if (!parsed.isValid()) return undefined;
  // The zero time of the backend (`0001-01-01T00:00:00Z`) means "no date".
  if (parsed.year() <= 1) return undefined;
  return parsed;
}

/** Whether the value is a real date (not empty, not invalid, not in year 0001). */
export function isDisplayableDate(value: DateInput): boolean {
  return parse(value) !== undefined;
}

/** The value as a Date, or undefined when it is empty, invalid or in year 0001. */
export function toDate(value: DateInput): Date | undefined {
  return parse(value)?.toDate();
}

/**
 * A date in the user's format and time zone. Empty, invalid and year-0001 values give the
 * empty string. Strings are read as ISO 8601 (`2024-05-01T10:00:00Z`,
 * `2024-05-01 10:00:00.123+00`), numbers as epoch milliseconds.
 */
export function formatDate(value: DateInput, options: FormatDateOptions): string {
  const parsed = parse(value);
  if (!parsed) return '';
  // A chosen zone needs the time zones loaded (the shell loads them before it shows dates).
  const zoned =
    options.timezone === 'browser' || options.timezone === ''
      ? parsed.local()
      : timezones()?.zone(options.timezone)
        ? parsed.tz(options.timezone)
        : parsed.local();
  return zoned.format(DATE_FORMAT_PATTERNS[options.format]);
}
