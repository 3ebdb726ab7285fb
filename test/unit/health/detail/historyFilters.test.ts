import {
  DURATION_ALL,
  HISTORY_DURATION_PRESETS,
  HISTORY_STATUS_OPTIONS,
  durationFilter,
  statusFilterValue,
} from '../../../../src/features/health/detail/historyFilters';

describe('history status filter', () => {
  it('offers All, Healthy and Unhealthy, sending nothing, 1 and 0', () => {
    expect(HISTORY_STATUS_OPTIONS).toEqual(['All', 'Healthy', 'Unhealthy']);
    expect(HISTORY_STATUS_OPTIONS.map(statusFilterValue)).toEqual([undefined, 1, 0]);
  });
});

describe('history duration filter', () => {
  it('offers the presets of the spec', () => {
    expect(HISTORY_DURATION_PRESETS).toEqual(['100ms', '500ms', '1s', '5s', '10s', '30s']);
  });

  it('sends nothing for All', () => {
    expect(durationFilter(DURATION_ALL)).toEqual({ ok: true, minDurationMs: undefined });
  });

  it.each([
    ['100ms', 100],
    ['500ms', 500],
    ['1s', 1000],
    ['5s', 5000],
    ['10s', 10_000],
    ['30s', 30_000],
    ['2s', 2000],
    ['250ms', 250],
    ['1.5s', 1500],
  ])('%s is %d ms', (text, ms) => {
    expect(durationFilter(text)).toEqual({ ok: true, minDurationMs: ms });
  });

  it.each(['2m', '1h', 'abc', '', 'ms', '-1s', '5'])('rejects %p', (text) => {
    expect(durationFilter(text)).toEqual({ ok: false });
  });
});
