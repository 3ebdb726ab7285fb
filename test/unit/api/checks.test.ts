import {
  canarySpecRequest,
  checkDetailRequest,
  checkGraphStart,
  checkGraphUrl,
  checkStatusesRequest,
  historySince,
  runCheckInvalidates,
  runCheckRequest,
} from '../../../src/api/endpoints/checks';
import { queryPairs as query } from '../support/requests';

const NOW = new Date('2024-06-15T12:34:56.000Z');

describe('HEALTH-02 check detail', () => {
  it('selects the check with its canary, agent, components and configs', () => {
    const request = checkDetailRequest('check-1');
    expect(request.url.split('?')[0]).toBe('/api/db/checks');
    expect(query(request.url)).toEqual([
      ['id', 'eq.check-1'],
      [
        'select',
        '*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id, name),' +
          'components:check_component_relationships(components(id,name,icon)),' +
          'configs:check_config_relationships(configs(id,name,type,deleted_at))',
      ],
    ]);
    expect(request.prefer).toBeUndefined();
  });
});

describe('HEALTH-05 check history', () => {
  it('asks for a page of runs after the start of the range, newest first, with a count', () => {
    const request = checkStatusesRequest(
      { checkId: 'check-1', timeRange: '1h', pageIndex: 0 },
      NOW,
    );
    expect(request.url.split('?')[0]).toBe('/api/db/check_statuses');
    expect(query(request.url)).toEqual([
      ['check_id', 'eq.check-1'],
      ['time', 'gt.2024-06-15T11:34:56.000Z'],
      ['order', 'time.desc'],
      ['limit', '50'],
      ['offset', '0'],
    ]);
    expect(request.prefer).toBe('count=exact');
  });

  it('filters by status and minimum duration, and pages', () => {
    const request = checkStatusesRequest(
      {
        checkId: 'check-1',
        timeRange: '3d',
        status: 0,
        minDurationMs: 2000,
        pageIndex: 2,
        pageSize: 50,
      },
      NOW,
    );
    expect(query(request.url)).toEqual([
      ['check_id', 'eq.check-1'],
      ['time', 'gt.2024-06-12T12:34:56.000Z'],
      ['order', 'time.desc'],
      ['status', 'eq.0'],
      ['duration', 'gte.2000'],
      ['limit', '50'],
      ['offset', '100'],
    ]);
  });

  it.each([
    ['15m', '2024-06-15T12:19:56.000Z'],
    ['1w', '2024-06-08T12:34:56.000Z'],
    ['1mo', '2024-05-16T12:34:56.000Z'],
    ['not a key', '2024-06-15T11:34:56.000Z'],
  ])('the window of %s starts at %s', (key, since) => {
    expect(historySince(key, NOW)).toBe(since);
  });
});

describe('HEALTH-06 check graph', () => {
  it.each([
    ['15m', '15m'],
    ['1h', '1h'],
    ['1d', '1d'],
    ['3w', '3w'],
    ['1y', '1y'],
    ['5y', '5y'],
  ])('sends %s as it is', (key, start) => {
    expect(checkGraphStart(key, NOW)).toBe(start);
  });

  it.each([
    ['1mo', '2024-05-15T12:34:56.000Z'],
    ['2mo', '2024-04-15T12:34:56.000Z'],
    ['3mo', '2024-03-15T12:34:56.000Z'],
    ['6mo', '2023-12-15T12:34:56.000Z'],
  ])('sends %s as the time that many months back', (key, start) => {
    expect(checkGraphStart(key, NOW)).toBe(start);
  });

  it('asks for 300 points of one check', () => {
    const url = checkGraphUrl({ checkId: 'check-1', timeRange: '2mo' }, NOW);
    expect(url.split('?')[0]).toBe('/api/canary/api/graph');
    expect(query(url)).toEqual([
      ['check', 'check-1'],
      ['count', '300'],
      ['start', '2024-04-15T12:34:56.000Z'],
    ]);
  });
});

describe('HEALTH-08 and HEALTH-09', () => {
  it('runs a check with a POST without a body', () => {
    expect(runCheckRequest('check-1')).toEqual({
      url: '/api/canary/run/check/check-1',
      method: 'POST',
    });
  });

  it('makes the check, its graph, its history and the health list stale after a run', () => {
    expect(runCheckInvalidates('check-1')).toEqual([
      { type: 'Checks', id: 'check-1' },
      { type: 'CheckStatuses', id: 'check-1' },
      { type: 'Checks', id: 'LIST' },
    ]);
  });

  it('reads the canary spec by canary id', () => {
    const request = canarySpecRequest('canary-1');
    expect(request.url.split('?')[0]).toBe('/api/db/canaries');
    expect(query(request.url)).toEqual([
      ['id', 'eq.canary-1'],
      ['select', 'id,source,spec,name,namespace'],
    ]);
  });
});
