import {
  CLOSE_CHECK_CHANGES,
  labelsParam,
  nextSort,
  parseHealthParams,
  parseLabelsParam,
  sortParams,
  withHealthParams,
} from '../../../src/features/health/model/urlState';

const parse = (query: string, log = jest.fn()) =>
  parseHealthParams(new URLSearchParams(query), log);

describe('health URL state', () => {
  it('has defaults for an empty query string', () => {
    expect(parse('')).toEqual({
      checkId: undefined,
      timeRange: '1h',
      layout: 'table',
      query: '',
      sort: { column: 'name', desc: false },
      labels: {},
      groupBy: 'canary_name',
      tabBy: 'namespace',
      tab: null,
      hidePassing: true,
      refreshRate: 'none',
      pivotBy: undefined,
      pivotLabel: undefined,
      pivotCellType: undefined,
    });
  });

  it('reads every parameter', () => {
    const state = parse(
      'checkId=c1&timeRange=3d&layout=card&query=api&sortBy=latency&sortDesc=true' +
        '&labels=%7B%22canary%3Ateam%3Aweb%22%3A1%2C%22canary%3Aenv%3Adev%22%3A-1%7D' +
        '&groupBy=label%3Ateam&tabBy=agent&tab=a1&hidePassing=false&refreshRate=30s' +
        '&pivotBy=label&pivotLabel=team&pivotCellType=uptime',
    );
    expect(state).toEqual({
      checkId: 'c1',
      timeRange: '3d',
      layout: 'card',
      query: 'api',
      sort: { column: 'latency', desc: true },
      labels: { 'canary:team:web': 1, 'canary:env:dev': -1 },
      groupBy: 'label:team',
      tabBy: 'agent',
      tab: 'a1',
      hidePassing: false,
      refreshRate: '30s',
      pivotBy: 'label',
      pivotLabel: 'team',
      pivotCellType: 'uptime',
    });
  });

  it('falls back to defaults for values it does not know', () => {
    const state = parse(
      'timeRange=7x&layout=list&sortBy=owner&groupBy=owner&tabBy=x&refreshRate=5y',
    );
    expect(state.timeRange).toBe('1h');
    expect(state.layout).toBe('table');
    expect(state.sort).toEqual({ column: 'name', desc: false });
    expect(state.groupBy).toBe('canary_name');
    expect(state.tabBy).toBe('namespace');
    expect(state.refreshRate).toBe('none');
  });

  it('logs and ignores a labels filter that is not JSON', () => {
    const log = jest.fn();
    expect(parse('labels=%7Bteam', log).labels).toEqual({});
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/labels/);
  });

  it('logs and ignores JSON that is not an object, and drops states other than 1 and -1', () => {
    const log = jest.fn();
    expect(parseLabelsParam('[1,2]', log)).toEqual({});
    expect(log).toHaveBeenCalledTimes(1);
    expect(parseLabelsParam('{"a":1,"b":"-1","c":0,"d":"x","e":2}', log)).toEqual({ a: 1, b: -1 });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('reads labels that were encoded twice', () => {
    const twice = encodeURIComponent(JSON.stringify({ 'canary:team:web': 1 }));
    expect(parseLabelsParam(twice, jest.fn())).toEqual({ 'canary:team:web': 1 });
  });

  it('writes changes and keeps every other parameter', () => {
    const params = new URLSearchParams('checkId=c1&query=api&foo=bar');
    const next = withHealthParams(params, { query: undefined, groupBy: 'type', tab: '' });
    expect(next.toString()).toBe('checkId=c1&foo=bar&groupBy=type');
    expect(params.toString()).toBe('checkId=c1&query=api&foo=bar');
  });

  it('closes the check by removing checkId and setting the time range to 1h', () => {
    const next = withHealthParams(
      new URLSearchParams('checkId=c1&timeRange=3d&query=x'),
      CLOSE_CHECK_CHANGES,
    );
    expect(next.toString()).toBe('timeRange=1h&query=x');
  });

  it('flips the direction of the same column and starts a new one ascending', () => {
    expect(nextSort({ column: 'name', desc: false }, 'name')).toEqual({
      column: 'name',
      desc: true,
    });
    expect(nextSort({ column: 'name', desc: true }, 'name')).toEqual({
      column: 'name',
      desc: false,
    });
    expect(nextSort({ column: 'name', desc: true }, 'uptime')).toEqual({
      column: 'uptime',
      desc: false,
    });
    expect(sortParams({ column: 'uptime', desc: true })).toEqual({
      sortBy: 'uptime',
      sortDesc: 'true',
    });
  });

  it('writes a label selection as JSON, nothing when empty', () => {
    expect(labelsParam({})).toBeUndefined();
    expect(labelsParam({ 'canary:a:b': -1 })).toBe('{"canary:a:b":-1}');
  });
});
