import type { MomentTimezone } from 'moment-timezone';
import { loadTimezones } from '../../../src/lib/zoneRules';
import { formatOffset, timezoneOptions } from '../../../src/lib/timezones';

const JAN = Date.UTC(2024, 0, 15);
const JUL = Date.UTC(2024, 6, 15);

describe('timezoneOptions', () => {
  let tz: MomentTimezone;
  let options: ReturnType<typeof timezoneOptions>;
  beforeAll(async () => {
    tz = await loadTimezones();
    options = timezoneOptions(tz, JAN, 'Europe/Berlin');
  });

  it('starts with the browser zone', () => {
    expect(options[0]).toEqual({ value: 'browser', label: 'Browser (Europe/Berlin)', offset: 60 });
    expect(options.filter((o) => o.value === 'browser')).toHaveLength(1);
  });

  it('lists the zones once each, sorted by offset and then name', () => {
    const zones = options.slice(1);
    expect(zones.length).toBeGreaterThan(300);
    expect(new Set(zones.map((z) => z.value)).size).toBe(zones.length);
    for (let i = 1; i < zones.length; i++) {
      const a = zones[i - 1]!;
      const b = zones[i]!;
      expect(
        a.offset < b.offset || (a.offset === b.offset && a.value.localeCompare(b.value) < 0),
      ).toBe(true);
    }
    expect(zones[0]!.offset).toBe(-12 * 60);
  });

  it('labels each zone with its offset at the given time', () => {
    const find = (list: typeof options, value: string) => list.find((o) => o.value === value);
    expect(find(options, 'Asia/Kolkata')?.label).toBe('(UTC+05:30) Asia/Kolkata');
    expect(find(options, 'America/New_York')?.label).toBe('(UTC-05:00) America/New_York');
    const summer = timezoneOptions(tz, JUL, 'UTC');
    expect(find(summer, 'America/New_York')?.label).toBe('(UTC-04:00) America/New_York');
    expect(summer[0]?.label).toBe('Browser (UTC)');
  });

  it('only offers zones the browser can format', () => {
    for (const option of options.slice(1)) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: option.value })).not.toThrow();
    }
  });
});

describe('formatOffset', () => {
  it.each([
    [0, '+00:00'],
    [330, '+05:30'],
    [-180, '-03:00'],
    [-570, '-09:30'],
  ])('%i minutes → %s', (minutes, text) => {
    expect(formatOffset(minutes)).toBe(text);
  });
});
