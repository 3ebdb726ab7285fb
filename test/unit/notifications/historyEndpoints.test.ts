import {
  SUMMARY_MAX_PAGE_SIZE,
  failedSendCountRequest,
  notificationHistoryRequest,
  notificationSendRequest,
  notificationSummaryRequest,
  sendDetailRequest,
  sendHistoryTagsRequest,
  sendHistoryTypesRequest,
  sendRulesRequest,
  tagSelectorOf,
} from '../../../src/api/endpoints/notificationHistory';
import { decodedUrl as decoded } from '../support/requests';

describe('NOTIF-06: the summary per resource', () => {
  it('posts JSON with only the page when nothing is filtered', () => {
    const request = notificationSummaryRequest({ pageIndex: 0, pageSize: 25 });
    expect(request).toMatchObject({
      url: '/api/notification/summary',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(request.body).toEqual({ pageIndex: 0, pageSize: 25 });
  });

  it('sends the search, the switch and the tri-states as a,!b', () => {
    const request = notificationSummaryRequest({
      search: '  checkout ',
      includeDeletedResources: true,
      pageIndex: 2,
      pageSize: 10,
      status: { error: 1, silenced: -1 },
      resourceType: { config: 1 },
    });
    expect(request.body).toEqual({
      search: 'checkout',
      includeDeletedResources: true,
      pageIndex: 2,
      pageSize: 10,
      status: 'error,!silenced',
      resourceType: 'config',
    });
    expect(Object.keys(request.body as object)).toEqual([
      'search',
      'includeDeletedResources',
      'pageIndex',
      'pageSize',
      'status',
      'resourceType',
    ]);
  });

  it('leaves out the switch when off and empty filters, and caps the page size at 50', () => {
    const request = notificationSummaryRequest({
      search: ' ',
      includeDeletedResources: false,
      pageIndex: 0,
      pageSize: 500,
      status: {},
      resourceType: {},
    });
    expect(request.body).toEqual({ pageIndex: 0, pageSize: SUMMARY_MAX_PAGE_SIZE });
    expect(SUMMARY_MAX_PAGE_SIZE).toBe(50);
  });
});

describe('NOTIF-07: the flat history', () => {
  it('asks for everything newest first, with a count, when given no filter', () => {
    const request = notificationHistoryRequest({});
    expect(decoded(request.url)).toBe(
      '/api/db/notification_send_history_summary?select=*&order=created_at.desc',
    );
    expect(request.prefer).toBe('count=exact');
  });

  it('sends the page, the three .filter keys and the resource in api.md order', () => {
    const request = notificationHistoryRequest({
      resourceId: 'r-1',
      status: { error: 1, sent: -1 },
      resourceType: { config: 1, check: -1 },
      search: 'web*',
      pageIndex: 2,
      pageSize: 25,
    });
    expect(decoded(request.url)).toBe(
      '/api/db/notification_send_history_summary?select=*&order=created_at.desc' +
        '&limit=25&offset=50&resource_type.filter=config,!check&status.filter=error,!sent' +
        '&resource->>name.filter=web*&resource_id=eq.r-1',
    );
    expect(request.prefer).toBe('count=exact');
  });

  it('counts the failed sends of the last 24 hours for the bell', () => {
    const request = failedSendCountRequest();
    expect(decoded(request.url)).toBe(
      '/api/db/notification_send_history_summary?select=*&order=created_at.desc&limit=1' +
        '&status.filter=error&created_at.filter=>now-24h',
    );
    expect(request.prefer).toBe('count=exact');
    // The same request on every poll: the window is datemath, not a time.
    expect(failedSendCountRequest().url).toBe(request.url);
  });
});

describe('NOTIF-08 and the rules', () => {
  it('reads one send by id', () => {
    expect(decoded(notificationSendRequest('s-1').url)).toBe(
      '/api/db/notification_send_history_summary?id=eq.s-1&select=*',
    );
  });

  it('reads the rules as NOTIF-01 picker does', () => {
    const request = sendRulesRequest();
    expect(decoded(request.url)).toBe(
      '/api/db/notifications_summary?select=*,person:person_id(id,name,avatar,email),' +
        'team:team_id(id,name,icon),created_by(id,name,avatar,email)&order=name.asc' +
        '&limit=1000&offset=0',
    );
    expect(request.prefer).toBe('count=exact');
  });
});

describe('the newest history filters and the send detail', () => {
  it('sends resource kinds as a tri-state and tags as a label selector', () => {
    const request = notificationSummaryRequest({
      pageIndex: 0,
      pageSize: 50,
      resourceKind: { check: -1 },
      resourceType: { 'Kubernetes::Pod': 1 },
      tags: { 'namespace=prod': 1, 'team=web': -1 },
    });
    expect(request.body).toEqual({
      pageIndex: 0,
      pageSize: 50,
      resourceType: 'Kubernetes::Pod',
      resourceKind: '!check',
      tags: 'namespace=prod,team!=web',
    });
    expect(tagSelectorOf({ 'a=b=c': 1, broken: 1 })).toBe('a=b=c');
  });

  it('reads the sends a send inhibited by parent_id', () => {
    const url = decoded(
      notificationHistoryRequest({ parentId: 's-1', pageIndex: 0, pageSize: 50 }).url,
    );
    expect(url).toContain('parent_id=eq.s-1');
  });

  it('reads the rendered send, and the tags and types notified about', () => {
    expect(sendDetailRequest('a b').url).toBe('/api/notification/send_history/a%20b');
    expect(decoded(sendHistoryTagsRequest().url)).toBe(
      '/api/db/notification_send_history_resource_tags?select=key,value&order=key.asc,value.asc',
    );
    expect(decoded(sendHistoryTypesRequest().url)).toBe(
      '/api/db/notification_send_history_resource_types?select=resource_type&order=resource_type.asc',
    );
  });
});
