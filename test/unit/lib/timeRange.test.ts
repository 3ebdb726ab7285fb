import type { TimeRangeValue } from '../../../src/lib/timeRange';
import {
  CHECK_TIME_RANGES,
  DEFAULT_CHECK_TIME_RANGE,
  FUTURE_RELATIVE_RANGES,
  MAPPED_RANGES,
  PAST_RELATIVE_RANGES,
  checkTimeRangeForAge,
  isValidRelativeRange,
  relativeRangeLabel,
  resolveTimeRange,
  timeRangeFromSearchParams,
  timeRangeKeyToMinutes,
  timeRangeLabel,
  timeRangeToSearchParams,
} from '../../../src/lib/timeRange';
import { expectAnswers } from '../../support/answers';
// Tuesday 2024-03-12 23:30 in New York (EDT, two days after the switch to summer time);
// already Wednesday in UTC.
const now = new Date('2024-03-13T03:30:00.000Z');
const NY = 'America/New_York';

const iso = (range: { from: Date; to: Date | null }) => ({
  from: range.from.toISOString(),
  to: range.to ? range.to.toISOString() : null,
});

describe('range lists', () => {
  it('offers the past relative ranges of the spec', () => {
    expect(PAST_RELATIVE_RANGES.map((o) => o.range)).toEqual(
      ['5m', '15m', '30m', '1h', '3h', '6h', '12h', '24h', '2d', '7d', '30d', '90d']
        .concat(['6M', '1y', '2y', '5y'])
        .map((s) => `now-${s}`),
    );
    expect(PAST_RELATIVE_RANGES[0]?.label).toBe('Last 5 minutes');
    expect(PAST_RELATIVE_RANGES[3]?.label).toBe('Last 1 hour');
    expect(PAST_RELATIVE_RANGES[12]?.label).toBe('Last 6 months');
  });

  it('offers Indefinitely and the future steps', () => {
    expect(FUTURE_RELATIVE_RANGES[0]).toEqual({ range: 'indefinitely', label: 'Indefinitely' });
    expect(FUTURE_RELATIVE_RANGES.slice(1).map((o) => o.range)).toEqual(
      PAST_RELATIVE_RANGES.map((o) => o.range.replace('-', '+')),
    );
    expect(FUTURE_RELATIVE_RANGES[1]?.label).toBe('Next 5 minutes');
  });

  it('lists the 14 mapped ranges in order', () => {
    const periods = ['week', 'month', 'year'];
    expect(MAPPED_RANGES).toEqual([
      'Yesterday',
      'Day before yesterday',
      'This day last week',
      ...periods.map((period) => `Previous ${period}`),
      ...['Today', ...periods.map((period) => `This ${period}`)].flatMap((current) => [
        current,
        `${current} so far`,
      ]),
    ]);
  });

  it('labels relative ranges', () => {
    expectAnswers(relativeRangeLabel, [
      ['now-2d', 'Last 2 days'],
      ['now+1y', 'Next 1 year'],
      ['indefinitely', 'Indefinitely'],
      ['junk', 'junk'],
    ]);
    expect(isValidRelativeRange('now-90d')).toBe(true);
    expect(isValidRelativeRange('now-0d')).toBe(false);
    expect(isValidRelativeRange('now-5x')).toBe(false);
  });
});

describe('check time ranges', () => {
  it('lists the keys with 1h as default', () => {
    expect(CHECK_TIME_RANGES).toEqual(
      '15m 1h 2h 3h 6h 12h 1d 2d 3d 1w 2w 3w 1mo 2mo 3mo 6mo 1y 2y 3y 5y'.split(' '),
    );
    expect(DEFAULT_CHECK_TIME_RANGE).toBe('1h');
  });

  it.each([
    ['15m', 15],
    ['1h', 60],
    ['12h', 720],
    ['1d', 1440],
    ['3d', 4320],
    ['1w', 10_080],
    ['3w', 30_240],
    ['1mo', 43_200],
    ['6mo', 259_200],
    ['1y', 518_400],
    ['5y', 2_592_000],
  ])('%s is %d minutes', (key, minutes) => {
    expect(timeRangeKeyToMinutes(key)).toBe(minutes);
  });

  it('gives a minute count for every listed key, growing', () => {
    const minutes = CHECK_TIME_RANGES.map(timeRangeKeyToMinutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(new Set(minutes).size).toBe(minutes.length);
  });

  it.each(['', 'h', '1x', '1 h', 'one hour', '1M'])('refuses %p', (key) => {
    expect(() => timeRangeKeyToMinutes(key)).toThrow('Invalid time range key');
  });

  it('picks the shortest range covering an age, from 1h to 5y', () => {
    expectAnswers(checkTimeRangeForAge, [
      [0, '1h'],
      [10, '1h'],
      [61, '2h'],
      [1440, '1d'],
      [1441, '2d'],
      [50_000, '2mo'],
      [10_000_000, '5y'],
    ]);
  });
});

describe('resolveTimeRange: mapped ranges in a time zone', () => {
  it.each([
    ['Yesterday', '2024-03-11T04:00:00.000Z', '2024-03-12T03:59:59.999Z'],
    // The day of the switch to summer time is 23 hours long.
    ['Day before yesterday', '2024-03-10T05:00:00.000Z', '2024-03-11T03:59:59.999Z'],
    ['This day last week', '2024-03-05T05:00:00.000Z', '2024-03-06T04:59:59.999Z'],
    ['Previous week', '2024-03-04T05:00:00.000Z', '2024-03-11T03:59:59.999Z'],
    ['Previous month', '2024-02-01T05:00:00.000Z', '2024-03-01T04:59:59.999Z'],
    ['Previous year', '2023-01-01T05:00:00.000Z', '2024-01-01T04:59:59.999Z'],
    ['Today', '2024-03-12T04:00:00.000Z', '2024-03-13T03:59:59.999Z'],
    ['Today so far', '2024-03-12T04:00:00.000Z', '2024-03-13T03:30:00.000Z'],
    ['This week', '2024-03-11T04:00:00.000Z', '2024-03-18T03:59:59.999Z'],
    ['This week so far', '2024-03-11T04:00:00.000Z', '2024-03-13T03:30:00.000Z'],
    ['This month', '2024-03-01T05:00:00.000Z', '2024-04-01T03:59:59.999Z'],
    ['This month so far', '2024-03-01T05:00:00.000Z', '2024-03-13T03:30:00.000Z'],
    ['This year', '2024-01-01T05:00:00.000Z', '2025-01-01T04:59:59.999Z'],
    ['This year so far', '2024-01-01T05:00:00.000Z', '2024-03-13T03:30:00.000Z'],
  ])('%s in New York', (name, from, to) => {
    expect(iso(resolveTimeRange({ type: 'mapped', name }, now, NY))).toEqual({ from, to });
  });

  it('covers every mapped name', () => {
    for (const name of MAPPED_RANGES) {
      expect(() => resolveTimeRange({ type: 'mapped', name }, now, NY)).not.toThrow();
    }
  });

  it('depends on the zone: in UTC it is already Wednesday', () => {
    expect(iso(resolveTimeRange({ type: 'mapped', name: 'Today' }, now, 'UTC'))).toEqual({
      from: '2024-03-13T00:00:00.000Z',
      to: '2024-03-13T23:59:59.999Z',
    });
    expect(iso(resolveTimeRange({ type: 'mapped', name: 'Yesterday' }, now, 'UTC'))).toEqual({
      from: '2024-03-12T00:00:00.000Z',
      to: '2024-03-12T23:59:59.999Z',
    });
    expect(iso(resolveTimeRange({ type: 'mapped', name: 'This week' }, now, 'Asia/Tokyo'))).toEqual(
      { from: '2024-03-10T15:00:00.000Z', to: '2024-03-17T14:59:59.999Z' },
    );
  });

  it('uses the browser zone for browser, no zone and unknown zones', () => {
    const value: TimeRangeValue = { type: 'mapped', name: 'Today' };
    const local = new Date(now);
    local.setHours(0, 0, 0, 0);
    for (const zone of [undefined, 'browser', 'Mars/Olympus']) {
      expect(resolveTimeRange(value, now, zone).from.getTime()).toBe(local.getTime());
    }
  });

  it('rejects an unknown mapped name', () => {
    expect(() => resolveTimeRange({ type: 'mapped', name: 'Last Tuesday' }, now, NY)).toThrow(
      new Error('Invalid mapped time range'),
    );
  });
});

describe('resolveTimeRange: relative and absolute ranges', () => {
  it('runs past ranges up to now', () => {
    expect(iso(resolveTimeRange({ type: 'relative', range: 'now-5m' }, now))).toEqual({
      from: '2024-03-13T03:25:00.000Z',
      to: '2024-03-13T03:30:00.000Z',
    });
    expect(iso(resolveTimeRange({ type: 'relative', range: 'now-24h' }, now)).from).toBe(
      '2024-03-12T03:30:00.000Z',
    );
  });

  it('counts calendar units in the zone', () => {
    // One calendar day back in New York crosses the switch to summer time: 23 hours.
    expect(iso(resolveTimeRange({ type: 'relative', range: 'now-2d' }, now, NY)).from).toBe(
      '2024-03-11T03:30:00.000Z',
    );
    expect(iso(resolveTimeRange({ type: 'relative', range: 'now-3d' }, now, NY)).from).toBe(
      '2024-03-10T04:30:00.000Z',
    );
    expect(iso(resolveTimeRange({ type: 'relative', range: 'now-6M' }, now, 'UTC')).from).toBe(
      '2023-09-13T03:30:00.000Z',
    );
  });

  it('runs future ranges from now', () => {
    expect(iso(resolveTimeRange({ type: 'relative', range: 'now+1h' }, now))).toEqual({
      from: '2024-03-13T03:30:00.000Z',
      to: '2024-03-13T04:30:00.000Z',
    });
    expect(iso(resolveTimeRange({ type: 'relative', range: 'indefinitely' }, now))).toEqual({
      from: '2024-03-13T03:30:00.000Z',
      to: null,
    });
  });

  it.each(['now-5x', 'yesterday', 'now-', 'now-0m', ''])('rejects relative %p', (range) => {
    expect(() => resolveTimeRange({ type: 'relative', range }, now)).toThrow(
      'Invalid relative time range',
    );
  });

  it('reads absolute ranges', () => {
    const value: TimeRangeValue = {
      type: 'absolute',
      from: '2024-03-01T10:00:00+01:00',
      to: '2024-03-02T10:00:00Z',
    };
    expect(iso(resolveTimeRange(value, now))).toEqual({
      from: '2024-03-01T09:00:00.000Z',
      to: '2024-03-02T10:00:00.000Z',
    });
    expect(() => resolveTimeRange({ type: 'absolute', from: 'x', to: '' }, now)).toThrow(
      'Invalid absolute time range',
    );
  });
});

describe('labels', () => {
  it('names each kind of range', () => {
    expect(timeRangeLabel(undefined)).toBe('Time range');
    expect(timeRangeLabel(undefined, undefined, 'All time')).toBe('All time');
    expect(timeRangeLabel({ type: 'relative', range: 'now-1h' })).toBe('Last 1 hour');
    expect(timeRangeLabel({ type: 'mapped', name: 'Yesterday' })).toBe('Yesterday');
    const abs: TimeRangeValue = { type: 'absolute', from: 'a', to: 'b' };
    expect(timeRangeLabel(abs)).toBe('Custom');
    expect(timeRangeLabel(abs, (f, t) => `${f} to ${t}`)).toBe('a to b');
  });
});

describe('URL parameters', () => {
  const read = (query: string) => timeRangeFromSearchParams(new URLSearchParams(query));
  const write = (value: TimeRangeValue | undefined, query = '') =>
    timeRangeToSearchParams(value, new URLSearchParams(query)).toString();

  it('writes each kind and reads it back', () => {
    const values: TimeRangeValue[] = [
      { type: 'relative', range: 'now-15m' },
      { type: 'mapped', name: 'This week so far' },
      { type: 'absolute', from: '2024-03-01T10:00:00.000Z', to: '2024-03-02T10:00:00.000Z' },
    ];
    for (const value of values) {
      expect(
        timeRangeFromSearchParams(timeRangeToSearchParams(value, new URLSearchParams())),
      ).toEqual(value);
    }
  });

  it('uses rangeType, display, range, from and to', () => {
    expect(write({ type: 'relative', range: 'now-15m' })).toBe(
      'rangeType=relative&range=now-15m&display=Last+15+minutes',
    );
    expect(write({ type: 'mapped', name: 'Yesterday' })).toBe('rangeType=mapped&display=Yesterday');
    expect(write({ type: 'absolute', from: 'A', to: 'B' })).toBe(
      'rangeType=absolute&display=Custom&from=A&to=B',
    );
  });

  it('replaces the previous range and keeps other parameters', () => {
    expect(
      write({ type: 'mapped', name: 'Today' }, 'q=x&rangeType=absolute&from=A&to=B&display=Custom'),
    ).toBe('q=x&rangeType=mapped&display=Today');
  });

  it('clears every time-range parameter', () => {
    expect(write(undefined, 'rangeType=relative&range=now-1h&display=Last+1+hour&page=2')).toBe(
      'page=2',
    );
    expect(write(undefined, 'rangeType=absolute&from=A&to=B')).toBe('');
    // A mapped name in timeRange is a time-range parameter; a check range key is not.
    expect(write(undefined, 'rangeType=mapped&timeRange=Yesterday')).toBe('');
    expect(write(undefined, 'timeRange=1h&checkId=c1')).toBe('timeRange=1h&checkId=c1');
  });

  it('reads the mapped name from timeRange when display is missing', () => {
    expect(read('rangeType=mapped&timeRange=Previous+month')).toEqual({
      type: 'mapped',
      name: 'Previous month',
    });
  });

  it('keeps names and ranges it cannot resolve, so resolving reports them', () => {
    const mapped = read('rangeType=mapped&display=Someday');
    expect(mapped).toEqual({ type: 'mapped', name: 'Someday' });
    expect(() => resolveTimeRange(mapped as TimeRangeValue, now)).toThrow(
      'Invalid mapped time range',
    );
    expect(read('rangeType=relative&range=later')).toEqual({ type: 'relative', range: 'later' });
  });

  it.each([
    '',
    'rangeType=relative',
    'rangeType=mapped',
    'rangeType=absolute&from=A',
    'rangeType=absolute&to=B',
    'rangeType=weird&range=now-1h',
    'range=now-1h',
  ])('gives undefined for %p', (query) => {
    expect(read(query)).toBeUndefined();
  });
});
