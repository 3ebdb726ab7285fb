import { formatDate, isDisplayableDate, isIsoTimestamp, toDate } from '../../../src/lib/dates';
import { loadTimezones } from '../../../src/lib/zoneRules';

// Dates in a chosen zone need moment's time zones, which load on demand.
beforeAll(() => loadTimezones());

const berlin = { timezone: 'Europe/Berlin' } as const;

describe('formatDate', () => {
  it.each([
    ['short', 'Jul 1, 14:05'],
    ['medium', 'Jul 1, 2024 14:05:09'],
    ['full', 'Monday, July 1, 2024 14:05:09 CEST'],
    ['timestamp', '2024-07-01T14:05:09.250+02:00'],
  ] as const)('writes the %s format in the chosen zone', (format, expected) => {
    expect(formatDate('2024-07-01T12:05:09.250Z', { format, ...berlin })).toBe(expected);
  });

  it('converts to another zone, across the date line', () => {
    expect(formatDate('2024-01-01T23:30:00Z', { format: 'medium', timezone: 'Asia/Kolkata' })).toBe(
      'Jan 2, 2024 05:00:00',
    );
    expect(
      formatDate('2024-01-01T02:00:00Z', { format: 'medium', timezone: 'America/New_York' }),
    ).toBe('Dec 31, 2023 21:00:00');
  });

  it('reads PostgreSQL timestamps, epoch milliseconds and Date objects', () => {
    const options = { format: 'timestamp', timezone: 'UTC' } as const;
    expect(formatDate('2024-05-01 10:00:00.123456+02', options)).toBe(
      '2024-05-01T08:00:00.123+00:00',
    );
    expect(formatDate(Date.UTC(2024, 4, 1, 8), options)).toBe('2024-05-01T08:00:00.000+00:00');
    expect(formatDate(new Date(Date.UTC(2024, 4, 1, 8)), options)).toBe(
      '2024-05-01T08:00:00.000+00:00',
    );
  });

  it('reads offsets with minutes, dates alone and a comma before the fraction', () => {
    const options = { format: 'timestamp', timezone: 'UTC' } as const;
    expect(formatDate('2024-05-01T10:00:00+05:30', options)).toBe('2024-05-01T04:30:00.000+00:00');
    expect(formatDate('2024-05-01T10:00:00-0330', options)).toBe('2024-05-01T13:30:00.000+00:00');
    expect(formatDate('2024-05-01', options)).toBe('2024-05-01T00:00:00.000+00:00');
    expect(formatDate('2024-05-01 10:00:00,5Z', options)).toBe('2024-05-01T10:00:00.500+00:00');
  });

  it('writes the offset of the zone at that date, and pads the clock', () => {
    expect(
      formatDate('2024-01-15T09:03:04Z', { format: 'timestamp', timezone: 'Asia/Kolkata' }),
    ).toBe('2024-01-15T14:33:04.000+05:30');
    expect(
      formatDate('2024-01-15T09:03:04Z', { format: 'timestamp', timezone: 'Europe/Berlin' }),
    ).toBe('2024-01-15T10:03:04.000+01:00');
    expect(formatDate('2024-01-15T00:00:00Z', { format: 'short', timezone: 'UTC' })).toBe(
      'Jan 15, 00:00',
    );
  });

  it('writes no zone abbreviation in the browser zone', () => {
    expect(formatDate('2024-07-01T12:05:09Z', { format: 'full', timezone: 'browser' })).toMatch(
      /^\w+day, July \d, 2024 \d{2}:\d{2}:09 $/,
    );
  });

  it('uses the browser zone for "browser"', () => {
    const value = '2024-07-01T12:05:09Z';
    const local = new Date(value);
    const hh = String(local.getHours()).padStart(2, '0');
    const mm = String(local.getMinutes()).padStart(2, '0');
    expect(formatDate(value, { format: 'short', timezone: 'browser' })).toMatch(
      new RegExp(`${hh}:${mm}$`),
    );
  });

  it.each([
    ['the zero time of the backend', '0001-01-01T00:00:00Z'],
    ['a year-0001 date', '0001-06-15 12:00:00+00'],
    ['an empty string', ''],
    ['null', null],
    ['undefined', undefined],
    ['text', 'not a date'],
    ['NaN', Number.NaN],
    ['an invalid Date', new Date('nope')],
  ])('gives an empty string for %s', (_name, value) => {
    expect(formatDate(value, { format: 'full', timezone: 'UTC' })).toBe('');
    expect(isDisplayableDate(value)).toBe(false);
  });

  it('falls back to the browser zone for an unknown zone name', () => {
    const value = '2024-07-01T12:05:09Z';
    expect(formatDate(value, { format: 'medium', timezone: 'Mars/Olympus' })).toBe(
      formatDate(value, { format: 'medium', timezone: 'browser' }),
    );
  });
});

describe('toDate', () => {
  it('reads ISO strings, PostgreSQL timestamps, epoch milliseconds and Dates', () => {
    const expected = Date.UTC(2024, 4, 1, 8);
    expect(toDate('2024-05-01T08:00:00Z')?.getTime()).toBe(expected);
    expect(toDate('2024-05-01 10:00:00+02')?.getTime()).toBe(expected);
    expect(toDate(expected)?.getTime()).toBe(expected);
    expect(toDate(new Date(expected))?.getTime()).toBe(expected);
  });

  it.each([
    ['the zero time of the backend', '0001-01-01T00:00:00Z'],
    ['an empty string', ''],
    ['null', null],
    ['text', 'not a date'],
  ])('gives undefined for %s', (_name, value) => {
    expect(toDate(value)).toBeUndefined();
  });
});

describe('isIsoTimestamp', () => {
  it.each(['2026-03-24T20:00:00Z', '2026-03-24T20:00:00.123+02:00', '2026-03-24 20:00:00.5+00'])(
    'reads %s as a timestamp',
    (text) => expect(isIsoTimestamp(text)).toBe(true),
  );

  it.each([
    ['a date alone', '2026-03-24'],
    ['a number', 1774382400000],
    ['free text', 'since 2026-03-24T20:00:00Z'],
    ["the backend's zero time", '0001-01-01T00:00:00Z'],
    ['nothing', null],
  ])('does not read %s as one', (_what, value) => expect(isIsoTimestamp(value)).toBe(false));
});
