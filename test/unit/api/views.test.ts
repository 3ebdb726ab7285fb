import {
  evaluateViewRequest,
  viewError,
  viewIdRequest,
  viewTableName,
  viewTableRequest,
} from '../../../src/api/endpoints/views';

describe('view requests', () => {
  it('VIEW-02 posts the variables, with cache-control only when forced', () => {
    expect(evaluateViewRequest({ id: 'a/b', variables: {} })).toEqual({
      url: '/api/view/a%2Fb',
      method: 'POST',
      body: { variables: {} },
      prefer: false,
    });
    expect(evaluateViewRequest({ id: 'v', variables: { x: '1' }, refresh: 2 }).headers).toEqual({
      'cache-control': 'max-age=1',
    });
  });

  it("VIEW-02's errors are the body's error, else the status line", () => {
    const meta = { request: { method: 'POST' as const, url: '/api/view/v' }, headers: {} };
    expect(
      viewError(
        { status: 404, message: 'x', data: { error: 'view not found', message: 'm' } },
        { ...meta, statusText: 'Not Found' },
      ).message,
    ).toBe('view not found');
    expect(
      viewError(
        { status: 502, message: 'x', data: '<html>' },
        { ...meta, statusText: 'Bad Gateway' },
      ).message,
    ).toBe('HTTP 502: Bad Gateway');
    expect(viewError({ status: 'TIMEOUT', message: 'Request timed out.' }, meta).message).toBe(
      'Request timed out.',
    );
  });

  it('VIEW-05 names the table after the view and writes the parameters in order', () => {
    expect(viewTableName('mission-control', 'pod-list')).toBe('view_mission_control_pod_list');
    const request = viewTableRequest({
      namespace: 'mission-control',
      name: 'pods',
      fingerprint: 'abc=',
      pageIndex: 2,
      pageSize: 25,
      sortBy: 'age',
      sortOrder: 'desc',
      filters: { health: 'healthy,!unknown', status: '' },
      refresh: 3,
    });
    expect(request.prefer).toBe('count=exact');
    const url = new URL(request.url, 'http://x');
    expect(url.pathname).toBe('/api/db/view_mission_control_pods');
    expect([...url.searchParams]).toEqual([
      ['select', '*'],
      ['limit', '25'],
      ['offset', '50'],
      ['order', 'age.desc.nullslast'],
      ['health.filter', 'healthy,!unknown'],
      ['request_fingerprint', 'eq.abc='],
    ]);
    const ascending = viewTableRequest({
      name: 'pods',
      namespace: 'default',
      fingerprint: 'f',
      pageIndex: 0,
      pageSize: 50,
      sortBy: 'age',
      sortOrder: 'asc',
    });
    expect(new URL(ascending.url, 'http://x').searchParams.get('order')).toBe('age.asc');
  });

  it('VIEW-07/08 look the id up by namespace and name, or name', () => {
    expect(viewIdRequest({ namespace: 'mission-control', name: 'pods' }).url).toBe(
      '/api/db/views_summary?namespace=eq.mission-control&name=eq.pods&select=id',
    );
    expect(viewIdRequest({ name: 'a b' }).url).toBe('/api/db/views_summary?name=eq.a+b&select=id');
  });
});
