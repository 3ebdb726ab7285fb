import type { HealthFields } from '../../../src/features/health/model/urlState';
import {
  CLOSE_CHECK_CHANGES,
  HEALTH_STATE,
  listSortOf,
  nextSort,
  sortStateOf,
} from '../../../src/features/health/model/urlState';

const parse = (query: string) => HEALTH_STATE.read(new URLSearchParams(query));
const write = (query: string, changes: Partial<HealthFields>) =>
  HEALTH_STATE.write(new URLSearchParams(query), changes).toString();

describe('health URL state', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('has defaults for an empty query string', () => {
    expect(parse('')).toEqual({
      checkId: undefined,
      timeRange: undefined,
      historyPage: 0,
      layout: 'table',
      query: '',
      sort: { sortBy: 'name', sortOrder: 'asc' },
      labels: {},
      groupBy: 'canary_name',
      tabBy: 'namespace',
      tab: undefined,
      hidePassing: true,
      refreshRate: 'none',
      pivotBy: 'none',
      pivotLabel: undefined,
      pivotCellType: 'checkStatuses',
    });
  });

  it('reads every parameter', () => {
    const state = parse(
      'checkId=c1&timeRange=3d&historyPage=2&layout=card&query=api&sortBy=latency&sortDesc=true' +
        '&labels=%7B%22canary%3Ateam%3Aweb%22%3A1%2C%22canary%3Aenv%3Adev%22%3A-1%7D' +
        '&groupBy=label%3Ateam&tabBy=agent&tab=a1&hidePassing=false&refreshRate=30s' +
        '&pivotBy=label&pivotLabel=team&pivotCellType=uptime',
    );
    expect(state).toEqual({
      checkId: 'c1',
      timeRange: '3d',
      historyPage: 2,
      layout: 'card',
      query: 'api',
      sort: { sortBy: 'latency', sortOrder: 'desc' },
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
      'timeRange=7x&layout=list&sortBy=owner&groupBy=owner&tabBy=x&refreshRate=5y' +
        '&pivotBy=owner&pivotCellType=size',
    );
    expect(state.timeRange).toBeUndefined();
    expect(state.layout).toBe('table');
    expect(state.sort).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(state.groupBy).toBe('canary_name');
    expect(state.tabBy).toBe('namespace');
    expect(state.refreshRate).toBe('none');
    expect(state.pivotBy).toBe('none');
    expect(state.pivotCellType).toBe('checkStatuses');
  });

  it('leaves the pivot out of the address when it is off', () => {
    expect(
      write('pivotBy=labels&pivotLabel=team&pivotCellType=uptime&query=x', {
        pivotBy: 'none',
        pivotLabel: undefined,
        pivotCellType: 'checkStatuses',
      }),
    ).toBe('query=x');
  });

  it('logs and ignores a labels filter that is not JSON', () => {
    expect(parse('labels=%7Bteam').labels).toEqual({});
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/labels/);
  });

  it('writes changes and keeps every other parameter', () => {
    expect(write('checkId=c1&query=api&foo=bar', { query: '', groupBy: 'type', tab: '' })).toBe(
      'checkId=c1&foo=bar&groupBy=type',
    );
  });

  it('closes the check: no checkId or history page, and the time range 1h', () => {
    expect(write('checkId=c1&timeRange=3d&historyPage=2&query=x', CLOSE_CHECK_CHANGES)).toBe(
      'timeRange=1h&query=x',
    );
  });

  it('adds a history entry for every change', () => {
    expect(HEALTH_STATE.history(new URLSearchParams(), { query: 'x' })).toBe('push');
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
    expect(write('', { sort: listSortOf({ column: 'uptime', desc: true }) })).toBe(
      'sortBy=uptime&sortDesc=true',
    );
    expect(sortStateOf(parse('sortBy=uptime&sortDesc=true').sort)).toEqual({
      column: 'uptime',
      desc: true,
    });
  });

  it('writes a label selection as JSON, nothing when empty', () => {
    expect(write('labels=x', { labels: {} })).toBe('');
    expect(write('', { labels: { 'canary:a:b': -1 } })).toBe(
      `labels=${encodeURIComponent('{"canary:a:b":-1}')}`,
    );
  });
});
