import {
  type PastRun,
  drawRun,
  learnProfile,
  runRng,
} from '../../../server/demo/routes/canary/runModel';
import {
  DEFAULT_INTERVAL_SECONDS,
  intervalSeconds,
} from '../../../server/demo/routes/canary/schedule';
import {
  bucketOf,
  graphWindow,
  parseDuration,
  parseTimestamp,
} from '../../../server/demo/routes/canary/timeRange';
import { createRng } from '../../../server/demo/seed/random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('parseDuration', () => {
  it.each([
    ['15m', 15 * MINUTE],
    ['1h', HOUR],
    ['12h', 12 * HOUR],
    ['1d', DAY],
    ['3d', 3 * DAY],
    ['1w', 7 * DAY],
    ['3w', 21 * DAY],
    ['1mo', 30 * DAY],
    ['6mo', 180 * DAY],
    ['1y', 365 * DAY],
    ['5y', 5 * 365 * DAY],
    ['90m', 90 * MINUTE],
    ['1h30m', 90 * MINUTE],
    ['1.5h', 90 * MINUTE],
    ['250ms', 250],
    ['10s', 10_000],
    ['0s', 0],
    ['0', 0],
  ])('%s is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', 'abc', '1x', '-1h', 'h', '1h-', '1 h', '2024-01-01'])(
    '%s is not a duration',
    (t) => {
      expect(parseDuration(t)).toBeNull();
    },
  );
});

describe('parseTimestamp', () => {
  it('reads RFC 3339 and ISO forms, with a space standing for a decoded +', () => {
    expect(parseTimestamp('2026-01-02T03:04:05Z')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseTimestamp('2026-01-02T03:04:05.123+02:00')?.toISOString()).toBe(
      '2026-01-02T01:04:05.123Z',
    );
    expect(parseTimestamp('2026-01-02T03:04:05 02:00')?.toISOString()).toBe(
      '2026-01-02T01:04:05.000Z',
    );
    expect(parseTimestamp('2026-01-02 03:04Z')?.toISOString()).toBe('2026-01-02T03:04:00.000Z');
    expect(parseTimestamp('2026-01-02')?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  it.each(['yesterday', '2026-13-45T00:00:00Z', '1h', '12345'])('refuses %s', (text) => {
    expect(parseTimestamp(text)).toBeNull();
  });
});

describe('graphWindow', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('defaults to the last hour up to now', () => {
    expect(graphWindow(undefined, undefined, now)).toEqual({
      start: new Date('2026-03-01T11:00:00Z'),
      end: now,
    });
  });

  it('takes durations before now and timestamps', () => {
    expect(graphWindow('1d', '1h', now)).toEqual({
      start: new Date('2026-02-28T12:00:00Z'),
      end: new Date('2026-03-01T11:00:00Z'),
    });
    expect(graphWindow('2026-02-01T00:00:00Z', '', now)).toEqual({
      start: new Date('2026-02-01T00:00:00Z'),
      end: now,
    });
  });

  it('explains an unreadable value or an empty window', () => {
    expect(graphWindow('soon', undefined, now)).toEqual({
      error: expect.stringContaining('invalid start "soon"'),
    });
    expect(graphWindow('1h', 'later', now)).toEqual({
      error: expect.stringContaining('invalid end "later"'),
    });
    expect(graphWindow('1h', '2h', now)).toEqual({
      error: expect.stringContaining('must be before end'),
    });
  });
});

describe('bucketOf', () => {
  it.each([
    [HOUR, null],
    [3 * HOUR, null],
    [6 * HOUR, '5 minutes'],
    [DAY, '5 minutes'],
    [2 * DAY, '15 minutes'],
    [7 * DAY, '1 hour'],
    [30 * DAY, '3 hours'],
    [90 * DAY, '12 hours'],
    [365 * DAY, '1 day'],
    [5 * 365 * DAY, '7 days'],
  ])('a window of %d ms is %s', (range, interval) => {
    expect(bucketOf(range)?.interval ?? null).toBe(interval);
  });
});

describe('intervalSeconds', () => {
  it.each([
    [{ interval: 30 }, 30],
    [{ interval: '120' }, 120],
    [{ schedule: '@every 30s' }, 30],
    [{ schedule: '@every 5m' }, 300],
    [{ schedule: '@every 1h30m' }, 5400],
    [{ schedule: '@hourly' }, 3600],
    [{ schedule: '@daily' }, 86_400],
    [{ schedule: '*/10 * * * *' }, 600],
    [{ schedule: '* * * * *' }, 60],
    [{ schedule: '15 * * * *' }, 3600],
    [{ schedule: '0 */6 * * *' }, 21_600],
    [{ schedule: '30 2 * * *' }, 86_400],
    [{ schedule: '0 9 * * 1-5' }, DEFAULT_INTERVAL_SECONDS],
    [{ interval: 0, schedule: 'whenever' }, DEFAULT_INTERVAL_SECONDS],
    [{}, DEFAULT_INTERVAL_SECONDS],
    [null, DEFAULT_INTERVAL_SECONDS],
  ])('%j runs every %d s', (spec, seconds) => {
    expect(intervalSeconds(spec)).toBe(seconds);
  });
});

function runs(pattern: string, duration = 100): PastRun[] {
  // Newest first: the first character is the newest run.
  return [...pattern].map((c, i) => ({
    status: c === 'P',
    duration: c === 'P' ? duration + (i % 5) * 10 : 20_000,
    message: c === 'P' ? 'HTTP 200 OK' : null,
    error: c === 'P' ? null : 'expected status 200, got 503 Service Unavailable',
  }));
}

function passRate(history: PastRun[], draws = 2000): number {
  const profile = learnProfile('http', 'cart', history);
  const rng = createRng(7);
  let passed = 0;
  for (let i = 0; i < draws; i++) if (drawRun(rng, profile).status) passed++;
  return passed / draws;
}

describe('learnProfile and drawRun', () => {
  it('keeps a stable check passing, with the latency of its passing runs', () => {
    const history = runs('P'.repeat(60));
    const profile = learnProfile('http', 'cart', history);
    expect(profile.lastPassed).toBe(true);
    expect(profile.passAfterPass).toBeGreaterThan(0.99);
    expect(profile.latencyMean).toBeCloseTo(120, 5);
    expect(profile.message).toBe('HTTP 200 OK');
    expect(passRate(history)).toBeGreaterThan(0.98);
    const rng = createRng(3);
    for (let i = 0; i < 500; i++) {
      const run = drawRun(rng, profile);
      if (!run.status) continue;
      expect(run.duration).toBeGreaterThanOrEqual(1);
      expect(run.duration).toBeLessThanOrEqual(6 * profile.latencyMean);
      expect(run.error).toBeNull();
    }
  });

  it('keeps a failing check failing, with an error seen in its history', () => {
    const history = runs('F'.repeat(50) + 'P'.repeat(10));
    const profile = learnProfile('http', 'cart', history);
    expect(profile.lastPassed).toBe(false);
    expect(profile.errors).toEqual(['expected status 200, got 503 Service Unavailable']);
    expect(passRate(history)).toBeLessThan(0.1);
    const failure = drawRun(createRng(1), { ...profile, passAfterFail: 0 });
    expect(failure).toMatchObject({ status: false, message: null });
    expect(failure.error).toBe('expected status 200, got 503 Service Unavailable');
    expect(
      (failure.duration >= 1 && failure.duration <= 15) ||
        (failure.duration >= 5000 && failure.duration <= 30000),
    ).toBe(true);
  });

  it('keeps a flapping check flipping', () => {
    const history = runs('PF'.repeat(30));
    const profile = learnProfile('http', 'cart', history);
    expect(profile.passAfterPass).toBeLessThan(0.4);
    expect(profile.passAfterFail).toBeGreaterThan(0.6);
  });

  it('falls back to the check type without history', () => {
    const profile = learnProfile('tcp', 'orders', []);
    expect(profile.lastPassed).toBeNull();
    expect(profile.latencyMean).toBe(6);
    expect(profile.message).toBe('connected');
    expect(profile.errors).toContain('dial tcp orders: connect: connection refused');
  });

  it('draws the same run for the same check and moment', () => {
    const at = new Date('2026-03-01T12:00:00.123Z');
    const profile = learnProfile('http', 'cart', runs('PFPPFPFFPP'));
    const a = drawRun(runRng('c1', at), profile);
    expect(drawRun(runRng('c1', at), profile)).toEqual(a);
    const others = Array.from({ length: 20 }, (_, i) =>
      drawRun(runRng('c1', new Date(at.getTime() + i + 1)), profile),
    );
    expect(others.some((run) => JSON.stringify(run) !== JSON.stringify(a))).toBe(true);
  });
});
