import type { DateInput } from '../../../src/lib/dates';
import { relativeOrDate, shortAge, shortDuration } from '../../../src/lib/relativeTime';

const now = new Date('2024-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('shortAge', () => {
  it.each([
    [0, '<1m'],
    [59_999, '<1m'],
    [MIN, '1m'],
    [59 * MIN + 59_000, '59m'],
    [HOUR, '1h'],
    [5 * HOUR + 30 * MIN, '5h'],
    [23 * HOUR + 59 * MIN, '23h'],
    [DAY, '1d'],
    [3 * DAY, '3d'],
    [29 * DAY, '29d'],
    [30 * DAY, '1mo'],
    [65 * DAY, '2mo'],
    [364 * DAY, '12mo'],
    [365 * DAY, '1y'],
    [3 * 365 * DAY + DAY, '3y'],
  ])('%i ms ago is %s', (ms, label) => {
    expect(shortAge(ago(ms), now)).toBe(label);
  });

  it('reads Dates, epoch milliseconds and PostgreSQL timestamps', () => {
    expect(shortAge(new Date(now.getTime() - 2 * HOUR), now)).toBe('2h');
    expect(shortAge(now.getTime() - 2 * DAY, now)).toBe('2d');
    expect(shortAge('2024-06-15 13:00:00+02', now)).toBe('1h');
  });

  it('gives the distance of a date in the future', () => {
    expect(shortAge(ago(-3 * HOUR), now)).toBe('3h');
  });

  it.each([
    ['the zero time', '0001-01-01T00:00:00Z'],
    ['an empty value', ''],
    ['null', null],
    ['junk', 'yesterday-ish'],
  ])('is empty for %s', (_name, value) => {
    expect(shortAge(value, now)).toBe('');
  });

  it('uses the current time by default', () => {
    expect(shortAge(new Date(Date.now() - 10 * MIN))).toBe('10m');
  });

  it('shortDuration works on plain milliseconds', () => {
    expect(shortDuration(90 * MIN)).toBe('1h');
    expect(shortDuration(-90 * MIN)).toBe('1h');
  });
});

describe('relativeOrDate', () => {
  const format = jest.fn((d: DateInput) => `formatted ${String(d)}`);
  beforeEach(() => format.mockClear());

  it('shows dates within 7 days as an age', () => {
    expect(relativeOrDate(ago(30_000), format, now)).toBe('just now');
    expect(relativeOrDate(ago(5 * MIN), format, now)).toBe('5m ago');
    expect(relativeOrDate(ago(3 * HOUR), format, now)).toBe('3h ago');
    expect(relativeOrDate(ago(7 * DAY - 1), format, now)).toBe('6d ago');
    expect(relativeOrDate(ago(-2 * HOUR), format, now)).toBe('in 2h');
    expect(format).not.toHaveBeenCalled();
  });

  it('shows dates 7 days away or more with the formatter', () => {
    const old = ago(7 * DAY);
    expect(relativeOrDate(old, format, now)).toBe(`formatted ${old}`);
    const later = ago(-30 * DAY);
    expect(relativeOrDate(later, format, now)).toBe(`formatted ${later}`);
    expect(format).toHaveBeenCalledTimes(2);
  });

  it('is empty for year-0001 and missing dates without calling the formatter', () => {
    expect(relativeOrDate('0001-01-01T00:00:00Z', format, now)).toBe('');
    expect(relativeOrDate(undefined, format, now)).toBe('');
    expect(format).not.toHaveBeenCalled();
  });
});
