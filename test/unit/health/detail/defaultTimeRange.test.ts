import {
  defaultCheckTimeRange,
  effectiveCheckTimeRange,
} from '../../../../src/features/health/detail/defaultTimeRange';

const NOW = new Date('2024-06-15T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const HOUR = 60;
const DAY = 24 * HOUR;

describe('defaultCheckTimeRange', () => {
  it.each([
    [0.5, '1h'],
    [5, '1h'],
    [60, '1h'],
    [61, '2h'],
    [2.5 * HOUR, '3h'],
    [5 * HOUR, '6h'],
    [11 * HOUR, '12h'],
    [13 * HOUR, '1d'],
    [1.5 * DAY, '2d'],
    [3 * DAY, '3d'],
    [4 * DAY, '1w'],
    [10 * DAY, '2w'],
    [20 * DAY, '3w'],
    [25 * DAY, '1mo'],
    [45 * DAY, '2mo'],
    [80 * DAY, '3mo'],
    [120 * DAY, '6mo'],
    [200 * DAY, '1y'],
    [500 * DAY, '2y'],
    [900 * DAY, '3y'],
    [1500 * DAY, '5y'],
    [4000 * DAY, '5y'],
  ])('a last run %d minutes ago opens on %s', (minutes, range) => {
    expect(defaultCheckTimeRange(ago(minutes), NOW)).toBe(range);
  });

  it.each([
    ['never ran', null],
    ['no value', undefined],
    ['an empty value', ''],
    ['the zero time of the backend', '0001-01-01T00:00:00Z'],
    ['an unreadable value', 'yesterday-ish'],
    ['a run in the future', '2024-06-15T12:30:00Z'],
  ])('%s opens on 1h', (_name, value) => {
    expect(defaultCheckTimeRange(value, NOW)).toBe('1h');
  });

  it('never offers 15m by default, though a user may choose it', () => {
    expect(defaultCheckTimeRange(ago(1), NOW)).toBe('1h');
    expect(effectiveCheckTimeRange('15m', ago(1), NOW)).toBe('15m');
  });
});

describe('effectiveCheckTimeRange', () => {
  it('takes the range of the address when it is a check range', () => {
    expect(effectiveCheckTimeRange('2w', ago(5), NOW)).toBe('2w');
  });

  it.each([null, '', '7x', 'now-1h', '1M'])(
    'falls back to the default for %p in the address',
    (fromUrl) => {
      expect(effectiveCheckTimeRange(fromUrl, ago(3 * DAY), NOW)).toBe('3d');
    },
  );
});
