import type { LogSearchState } from '../../../src/features/logs/model/search';
import {
  DEFAULT_LOG_TIME_RANGE,
  LOG_SEARCH,
  labelsOf,
  logSearchChanges,
  parseLabelFilter,
} from '../../../src/features/logs/model/search';

const readLogSearch = (params: URLSearchParams) => LOG_SEARCH.read(params);
/** What the page writes for `changes` over the address `params`. */
const writeLogSearch = (params: URLSearchParams, changes: Partial<LogSearchState>) =>
  LOG_SEARCH.write(params, logSearchChanges(LOG_SEARCH.read(params), changes));

describe('parseLabelFilter', () => {
  it('reads key=value, trimming, with = allowed in the value', () => {
    expect(parseLabelFilter(' pod = api-1 ')).toEqual({ key: 'pod', value: 'api-1' });
    expect(parseLabelFilter('query=a=b')).toEqual({ key: 'query', value: 'a=b' });
    expect(parseLabelFilter('empty=')).toEqual({ key: 'empty', value: '' });
  });

  it('refuses text without a key or =', () => {
    expect(parseLabelFilter('pod')).toBeUndefined();
    expect(parseLabelFilter('=x')).toBeUndefined();
    expect(parseLabelFilter('  =x')).toBeUndefined();
  });
});

describe('readLogSearch', () => {
  it('has defaults for an empty address', () => {
    expect(readLogSearch(new URLSearchParams())).toEqual({
      componentId: undefined,
      selector: undefined,
      timeRange: DEFAULT_LOG_TIME_RANGE,
      labels: [],
      query: '',
      wrap: false,
    });
  });

  it('reads every choice, skipping unreadable and repeated label filters', () => {
    const params = new URLSearchParams(
      'component=c1&selector=api-logs&rangeType=relative&range=now-2h&label=pod=a&label=bad&label=pod=b&label=level=error&q=timeout&wrap=1',
    );
    expect(readLogSearch(params)).toEqual({
      componentId: 'c1',
      selector: 'api-logs',
      timeRange: { type: 'relative', range: 'now-2h' },
      labels: [
        { key: 'pod', value: 'a' },
        { key: 'level', value: 'error' },
      ],
      query: 'timeout',
      wrap: true,
    });
  });
});

describe('writeLogSearch', () => {
  const start = new URLSearchParams('component=c1&selector=api-logs&q=x');

  it('forgets the selector when the component changes, not when it stays', () => {
    expect(writeLogSearch(start, { componentId: 'c2' }).toString()).toBe('component=c2&q=x');
    expect(writeLogSearch(start, { componentId: 'c1' }).get('selector')).toBe('api-logs');
  });

  it('writes the range, labels, search and wrap, and leaves out empty values', () => {
    const next = writeLogSearch(start, {
      timeRange: { type: 'absolute', from: '2024-05-01T00:00:00Z', to: '2024-05-02T00:00:00Z' },
      labels: [
        { key: 'pod', value: 'a' },
        { key: 'level', value: 'warn' },
      ],
      query: '',
      wrap: true,
    });
    expect(next.getAll('label')).toEqual(['pod=a', 'level=warn']);
    expect(next.get('q')).toBeNull();
    expect(next.get('wrap')).toBe('1');
    expect(next.get('rangeType')).toBe('absolute');
    expect(readLogSearch(next).timeRange).toEqual({
      type: 'absolute',
      from: '2024-05-01T00:00:00Z',
      to: '2024-05-02T00:00:00Z',
    });
    expect(writeLogSearch(next, { wrap: false, labels: [] }).toString()).not.toMatch(/wrap|label/);
  });

  it('round-trips through the address', () => {
    const state: Parameters<typeof writeLogSearch>[1] = {
      componentId: 'c9',
      selector: 's',
      timeRange: { type: 'relative', range: 'now-3d' },
      labels: [{ key: 'pod', value: 'p' }],
      query: 'boom',
      wrap: true,
    };
    expect(readLogSearch(writeLogSearch(new URLSearchParams(), state))).toEqual(state);
  });
});

describe('labelsOf', () => {
  it('makes the labels map of LOG-01', () => {
    expect(
      labelsOf([
        { key: 'pod', value: 'a' },
        { key: 'level', value: 'error' },
      ]),
    ).toEqual({
      pod: 'a',
      level: 'error',
    });
  });
});
