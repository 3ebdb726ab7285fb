import moment from 'moment-timezone';
import type { CalendarPeriod, CalendarUnit } from '../../../src/lib/zonedCalendar';
import { addCalendar, endOfPeriod, knownZone, startOfPeriod } from '../../../src/lib/zonedCalendar';

// Zones with the awkward cases: DST in both hemispheres, a change at midnight (Santiago),
// a half-hour change (Lord Howe), a 45-minute offset (Chatham), no DST (Kolkata).
const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/Berlin',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kolkata',
];

/** Instants every 17 hours 13 minutes through 2024–2026, and around each zone's changes. */
function instants(zone: string): number[] {
  const out: number[] = [];
  const start = Date.UTC(2024, 0, 1);
  const end = Date.UTC(2027, 0, 1);
  for (let t = start; t < end; t += 17 * 3_600_000 + 13 * 60_000 + 7_777) out.push(t);
  const zoneRules = moment.tz.zone(zone);
  for (const until of zoneRules?.untils ?? []) {
    if (until < start || until > end) continue;
    for (const delta of [-3_600_001, -1, 0, 1, 1_799_999, 3_600_000]) out.push(until + delta);
  }
  return out;
}

const PERIODS: CalendarPeriod[] = ['day', 'isoWeek', 'month', 'year'];
const UNITS: Array<[CalendarUnit, number]> = [
  ['days', 1],
  ['days', -2],
  ['weeks', -1],
  ['months', -1],
  ['months', 1],
  ['years', -1],
  ['days', 7],
];

describe('zoned calendar against moment-timezone', () => {
  it.each(ZONES)('finds the start and end of each period in %s', (zone) => {
    const mismatches: string[] = [];
    for (const t of instants(zone)) {
      for (const period of PERIODS) {
        const at = moment.tz(t, zone);
        const start = at.clone().startOf(period).valueOf();
        // The last millisecond before the next period starts. (moment's endOf stops at the
        // first 23:59:59.999 of a day whose last hour repeats, an hour early.)
        const next = period === 'isoWeek' ? 'week' : period;
        const end = at.clone().add(1, next).startOf(period).valueOf() - 1;
        if (startOfPeriod(t, period, zone) !== start || endOfPeriod(t, period, zone) !== end) {
          mismatches.push(`${new Date(t).toISOString()} ${period}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(ZONES)('adds calendar units in %s', (zone) => {
    const mismatches: string[] = [];
    for (const t of instants(zone)) {
      for (const [unit, amount] of UNITS) {
        const expected = moment.tz(t, zone).add(amount, unit).valueOf();
        if (addCalendar(t, amount, unit, zone) !== expected) {
          mismatches.push(`${new Date(t).toISOString()} ${amount} ${unit}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('zoned calendar', () => {
  it('keeps the time of day across a DST change and clamps to the month end', () => {
    // 9 March 2024 12:00 in New York (EST) plus a day is 10 March 12:00 EDT: 23 hours later.
    const saturday = Date.parse('2024-03-09T12:00:00-05:00');
    expect(addCalendar(saturday, 1, 'days', 'America/New_York')).toBe(
      Date.parse('2024-03-10T12:00:00-04:00'),
    );
    // 31 January plus a month is 29 February in a leap year.
    const january = Date.parse('2024-01-31T10:00:00+01:00');
    expect(addCalendar(january, 1, 'months', 'Europe/Berlin')).toBe(
      Date.parse('2024-02-29T10:00:00+01:00'),
    );
  });

  it('starts weeks on Monday, and a day where midnight does not exist at 01:00', () => {
    const wednesday = Date.parse('2024-05-15T15:00:00Z');
    expect(new Date(startOfPeriod(wednesday, 'isoWeek', 'UTC')).toISOString()).toBe(
      '2024-05-13T00:00:00.000Z',
    );
    // Santiago moved from -04 to -03 at midnight on 8 September 2024.
    const springDay = Date.parse('2024-09-08T12:00:00-03:00');
    expect(startOfPeriod(springDay, 'day', 'America/Santiago')).toBe(
      Date.parse('2024-09-08T01:00:00-03:00'),
    );
  });

  it('uses the browser zone for browser, no zone and unknown names', () => {
    expect(knownZone('browser')).toBe('');
    expect(knownZone(undefined)).toBe('');
    expect(knownZone('Mars/Olympus')).toBe('');
    expect(knownZone('Europe/Berlin')).toBe('Europe/Berlin');
    const t = Date.parse('2024-05-15T15:00:00Z');
    const local = new Date(t);
    local.setHours(0, 0, 0, 0);
    expect(startOfPeriod(t, 'day', 'Mars/Olympus')).toBe(local.getTime());
  });
});
