/**
 * Maintenance windows (recurring silences), as pure functions: the cron grammar the demo
 * backend applies (migration 320's `cron_field_values`, `cron_starts`), its durations
 * (`duration_interval`), the "Days and time" chooser's cron, the form's rules (superstruct) and
 * a schedule read as a sentence. A silence recurs when it has a schedule; each time the
 * schedule fires a window of `duration` opens, read in `timezone` (UTC when none).
 */
import { object, optional, refine, string, validate } from 'superstruct';
import { parseCron } from '../../../../lib/cron';

export { CRON_FIELDS, parseCron } from '../../../../lib/cron';

/** Why a cron schedule cannot be used, or undefined. */
export function cronError(text: string | undefined): string | undefined {
  if (!text || text.trim() === '') return 'Give a cron schedule, e.g. 0 22 * * 1-5';
  const parsed = parseCron(text);
  return parsed.ok ? undefined : parsed.error;
}

/** A duration as `duration_interval` reads it: `2h`, `90m`, `1h30m`, `45s`, `1d`, `1.5h`. */
const DURATION = /^([0-9]+(\.[0-9]+)?(d|h|m|s))+$/;
const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };

/** A window length in seconds, or undefined when it is not a duration. */
export function durationSeconds(text: string): number | undefined {
  const value = text.trim();
  if (!DURATION.test(value)) return undefined;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/([0-9]+(?:\.[0-9]+)?)(d|h|m|s)/g)) {
    total += Number(amount) * UNIT_SECONDS[unit!]!;
  }
  return total;
}

export const DURATION_REQUIRED = 'Give the window length, e.g. 2h, 90m or 1h30m';

/** Why a window length cannot be used, or undefined. */
export function durationError(text: string | undefined): string | undefined {
  if (!text || text.trim() === '') return DURATION_REQUIRED;
  const seconds = durationSeconds(text);
  if (seconds === undefined) {
    return `The window length "${text.trim()}" is not a duration: use e.g. 2h, 90m or 1h30m`;
  }
  if (seconds <= 0) return 'The window length must be longer than zero';
  return undefined;
}

/** Whether the browser knows the IANA zone (what the backend's database knows too). */
export function isKnownTimezone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- days and time

/** The days of the week as cron numbers them (0 Sunday), in the order the chooser shows them. */
export const WEEK_DAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 0, short: 'Sun', long: 'Sunday' },
] as const;

const TIME = /^([01]?[0-9]|2[0-3]):([0-5][0-9])$/;

/** `22:00` as hour and minute, or undefined. */
export function parseTime(text: string | undefined): { hour: number; minute: number } | undefined {
  const m = TIME.exec((text ?? '').trim());
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : undefined;
}

/**
 * The cron of days and a start time: `0 22 * * 1-5`. Every day is `*`; four or more days in a
 * row (Monday to Saturday, Sunday apart) read as a range, fewer as a list (`1,2,3`).
 */
export function daysCron(days: readonly number[], time: string): string | undefined {
  const at = parseTime(time);
  const set = [...new Set(days.map((day) => day % 7))].sort((a, b) => a - b);
  if (!at || set.length === 0) return undefined;
  const weekday =
    set.length === 7
      ? '*'
      : runs(set)
          .flatMap((run) =>
            run.length >= 4 ? [`${run[0]}-${run[run.length - 1]}`] : run.map(String),
          )
          .join(',');
  return `${at.minute} ${at.hour} * * ${weekday}`;
}

/** Sorted numbers as runs of consecutive ones. */
function runs(sorted: readonly number[]): number[][] {
  const out: number[][] = [];
  for (const value of sorted) {
    const run = out[out.length - 1];
    if (run && run[run.length - 1] === value - 1) run.push(value);
    else out.push([value]);
  }
  return out;
}

/**
 * The days and start time of a cron the chooser can show (`M H * * D` with one minute and one
 * hour), or undefined for any other schedule (it is then edited as cron).
 */
export function cronDays(
  text: string | null | undefined,
): { days: number[]; time: string } | undefined {
  if (!text) return undefined;
  const parts = text.trim().split(/\s+/);
  const parsed = parseCron(text);
  if (!parsed.ok || parts[2] !== '*' || parts[3] !== '*') return undefined;
  if (!/^[0-9]+$/.test(parts[0]!) || !/^[0-9]+$/.test(parts[1]!)) return undefined;
  const [[minute], [hour], , , weekdays] = parsed.fields as [
    number[],
    number[],
    number[],
    number[],
    number[],
  ];
  const days = [...new Set(weekdays.map((day) => day % 7))].sort((a, b) => a - b);
  return { days, time: `${pad(hour!)}:${pad(minute!)}` };
}

const pad = (value: number) => String(value).padStart(2, '0');

// ---------------------------------------------------------------- the sentence

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Days as they read: `Mon–Fri`, `Mon, Wed, Fri`, `Sat, Sun` (Monday first). */
export function daysText(days: readonly number[]): string {
  const order = [...new Set(days.map((day) => day % 7))]
    .map((day) => (day === 0 ? 7 : day))
    .sort((a, b) => a - b);
  return runs(order)
    .flatMap((run) =>
      run.length >= 3
        ? [`${DAY_NAMES[run[0]! % 7]}–${DAY_NAMES[run[run.length - 1]! % 7]}`]
        : run.map((day) => DAY_NAMES[day % 7]!),
    )
    .join(', ');
}

/**
 * A schedule as a sentence: "Every Mon–Fri at 22:00 Europe/Paris for 2h", "Every day at 03:30
 * UTC for 1h", "On day 1 of every month at 02:00 …"; any other schedule is quoted:
 * `Cron "*\/15 9-17 * * *" UTC for 5m`.
 */
export function scheduleSummary(
  schedule: string,
  timezone: string | null | undefined,
  duration: string | null | undefined,
): string {
  const zone = timezone && timezone.trim() !== '' ? timezone.trim() : 'UTC';
  const length = duration && duration.trim() !== '' ? ` for ${duration.trim()}` : '';
  return `${whenText(schedule)} ${zone}${length}`;
}

function whenText(schedule: string): string {
  const parts = schedule.trim().split(/\s+/);
  const parsed = parseCron(schedule);
  const single = (text: string | undefined) => text !== undefined && /^[0-9]+$/.test(text);
  if (!parsed.ok || !single(parts[0]) || !single(parts[1])) return `Cron "${schedule.trim()}"`;
  const [minute, hour, dom, month, dow] = parts as [string, string, string, string, string];
  const at = `at ${pad(Number(hour))}:${pad(Number(minute))}`;
  const weekdays = parsed.fields[4]!;
  const allDays = new Set(weekdays.map((day) => day % 7)).size === 7;
  const months =
    month === '*' ? '' : ` in ${parsed.fields[3]!.map((m) => MONTH_NAMES[m - 1]).join(', ')}`;
  if (dom === '*' && (dow === '*' || allDays)) return `Every day${months} ${at}`;
  if (dom === '*') return `Every ${daysText(weekdays)}${months} ${at}`;
  const daysOfMonth = parsed.fields[2]!.join(', ');
  const monthText = month === '*' ? 'every month' : months.slice(4);
  const onDays = `On day ${daysOfMonth} of ${monthText}`;
  // Both restricted: cron fires on either.
  return dow === '*' ? `${onDays} ${at}` : `${onDays} and every ${daysText(weekdays)} ${at}`;
}

/** A window as it reads: `start – end`, each as `formatDate` writes it (the user's format). */
export function windowText(
  window: { start: string; end: string },
  formatDate: (value: string) => string,
): string {
  return `${formatDate(window.start)} – ${formatDate(window.end)}`;
}

// ---------------------------------------------------------------- the form

/** How the schedule is chosen. */
export type ScheduleMode = 'days' | 'cron';

/** The recurrence's values in the silence forms. */
export interface RecurrenceValues {
  /** The silence recurs (the "Repeats" switch). */
  repeats?: boolean;
  scheduleMode?: ScheduleMode;
  /** The chosen days (0 Sunday … 6 Saturday) of "Days and time". */
  days?: number[];
  /** Its start time, `HH:MM`. */
  time?: string;
  /** The cron typed under "Cron". */
  cron?: string;
  /** An IANA zone. */
  timezone?: string;
  /** The length of each window, e.g. `2h`. */
  duration?: string;
}

export type RecurrenceErrors = Partial<
  Record<'days' | 'time' | 'cron' | 'timezone' | 'duration', string>
>;

export const NO_DAYS = 'Choose at least one day';
export const BAD_TIME = 'Give the start time as hours and minutes, e.g. 22:00';

const rule = (check: (value: string) => string | undefined, name: string) =>
  refine(string(), name, (value) => check(value) ?? true);

/** The rules of a recurrence, one struct per way of choosing the schedule. */
const DaysStruct = object({
  days: refine(string(), 'days', (value) => value !== '' || NO_DAYS),
  time: rule((value) => (parseTime(value) ? undefined : BAD_TIME), 'time'),
  timezone: rule(timezoneError, 'timezone'),
  duration: rule(durationError, 'duration'),
});

const CronStruct = object({
  cron: rule(cronError, 'cron'),
  timezone: rule(timezoneError, 'timezone'),
  duration: rule(durationError, 'duration'),
  days: optional(string()),
  time: optional(string()),
});

/** Why a time zone cannot be used, or undefined. */
export function timezoneError(zone: string | undefined): string | undefined {
  if (!zone || zone.trim() === '') return 'Choose a time zone';
  return isKnownTimezone(zone.trim()) ? undefined : `Unknown time zone: ${zone.trim()}`;
}

/** The form's messages for its recurrence, by field (none when it does not recur). */
export function recurrenceErrors(values: RecurrenceValues): RecurrenceErrors {
  if (!values.repeats) return {};
  const fields = {
    days: (values.days ?? []).join(','),
    time: values.time ?? '',
    timezone: values.timezone ?? '',
    duration: values.duration ?? '',
  };
  const [error] =
    values.scheduleMode === 'cron'
      ? validate({ ...fields, cron: values.cron ?? '' }, CronStruct)
      : validate(fields, DaysStruct);
  if (!error) return {};
  const errors: RecurrenceErrors = {};
  for (const failure of error.failures()) {
    const key = failure.key as keyof RecurrenceErrors;
    if (errors[key] === undefined) errors[key] = failure.message;
  }
  return errors;
}

/** The schedule the values give: the chooser's cron or the typed one (trimmed). */
export function recurrenceSchedule(values: RecurrenceValues): string | undefined {
  if (!values.repeats) return undefined;
  if (values.scheduleMode === 'cron') return values.cron?.trim() || undefined;
  return daysCron(values.days ?? [], values.time ?? '');
}

/** A valid recurrence of the values as the backend takes it, or undefined. */
export interface Recurrence {
  schedule: string;
  timezone: string;
  duration: string;
}

/** The recurrence of valid values; undefined when they do not recur or are not valid. */
export function recurrenceOf(values: RecurrenceValues): Recurrence | undefined {
  if (!values.repeats || Object.keys(recurrenceErrors(values)).length > 0) return undefined;
  const schedule = recurrenceSchedule(values);
  if (!schedule) return undefined;
  return {
    schedule,
    timezone: (values.timezone ?? '').trim(),
    duration: (values.duration ?? '').trim(),
  };
}

/** The values of a stored recurrence (the edit dialog), or of none with the defaults. */
export function recurrenceValues(
  stored: { schedule?: string | null; timezone?: string | null; duration?: string | null },
  defaultZone: string,
): RecurrenceValues {
  const days = cronDays(stored.schedule);
  const defaults: RecurrenceValues = {
    repeats: false,
    scheduleMode: 'days',
    days: [1, 2, 3, 4, 5],
    time: '22:00',
    timezone: defaultZone,
    duration: '',
  };
  if (!stored.schedule) return defaults;
  return {
    ...defaults,
    repeats: true,
    scheduleMode: days ? 'days' : 'cron',
    ...(days ?? {}),
    cron: stored.schedule,
    timezone: stored.timezone || 'UTC',
    duration: stored.duration ?? '',
  };
}
