import type { MomentTimezone } from 'moment-timezone';

export interface TimezoneOption {
  /** `browser`, or an IANA zone name. */
  value: string;
  /** `Browser (Europe/Berlin)`, `(UTC+05:30) Asia/Kolkata`. */
  label: string;
  /** Minutes east of UTC at the time the list was made. */
  offset: number;
}

/** `+05:30`, `-03:00`, `+00:00`. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const rest = String(abs % 60).padStart(2, '0');
  return `${sign}${hours}:${rest}`;
}

function intlKnows(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone the browser runs in, as Intl reports it. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The time zone choices: Browser first (the default), then every zone that both moment and the
 * browser know, sorted by their UTC offset at `now` and then by name.
 */
export function timezoneOptions(
  tz: MomentTimezone,
  now: number = Date.now(),
  browserZone: string = browserTimezone(),
): TimezoneOption[] {
  const zones = tz
    .names()
    .filter(intlKnows)
    .map((name) => {
      const offset = tz(now, name).utcOffset();
      return { value: name, offset, label: `(UTC${formatOffset(offset)}) ${name}` };
    })
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value));
  const browserOffset = tz.zone(browserZone)
    ? tz(now, browserZone).utcOffset()
    : -new Date(now).getTimezoneOffset();
  return [{ value: 'browser', label: `Browser (${browserZone})`, offset: browserOffset }, ...zones];
}
