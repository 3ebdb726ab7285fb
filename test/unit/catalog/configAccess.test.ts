import {
  accessByConfigRequest,
  accessByGroupRequest,
  accessByUserRequest,
  accessFilterOptionsRequest,
  accessOrder,
  accessSummaryRequest,
  addAliasRequest,
  configAccessLogsRequest,
  configRowCountRequest,
  externalUserRequest,
  externalUserSearchRequest,
  mergeUsersRequest,
} from '../../../src/api/endpoints/configAccess';
import type { AccessFilterOptions } from '../../../src/api/schemas/configAccess';
import {
  ACCESS_VIEW,
  MAX_NARROWING_IDS,
  groupNarrowing,
} from '../../../src/features/catalog/access/model/accessParams';
import { STALE_AFTER_DAYS, isStale } from '../../../src/features/catalog/access/model/stale';
import { decodedUrl } from '../support/requests';

const PAGE = { pageIndex: 0, pageSize: 50 };
const USER = '018f4b8e-7777-7000-8000-000000000001';
const GROUP = '018f4b8e-8888-7000-8000-000000000001';
const CONFIG = '018f4b8e-1111-7000-8000-00000000a001';

describe('access review requests', () => {
  it('reads the flat list with every filter as a column of config_access_summary', () => {
    const request = accessSummaryRequest({
      ...PAGE,
      configType: 'AWS::IAM::Role',
      userId: USER,
      role: 'admin',
      userType: 'user',
      configId: CONFIG,
      groupId: GROUP,
      sortBy: 'last_signed_in_at',
      sortOrder: 'desc',
    });
    expect(request.prefer).toBe('count=exact');
    expect(decodedUrl(request.url)).toBe(
      '/api/db/config_access_summary?select=config_id,config_name,config_type,external_group_id,external_user_id,role,user,email,user_type,created_at,last_signed_in_at,last_reviewed_at' +
        `&config_type=eq.AWS::IAM::Role&external_user_id=eq.${USER}&role=eq.admin&user_type=eq.user` +
        `&config_id=eq.${CONFIG}&external_group_id=eq.${GROUP}` +
        '&order=last_signed_in_at.desc.nullslast,config_id.asc,user.asc,role.asc&limit=50&offset=0',
    );
  });

  it('narrows the grouped views by their own columns and by ids', () => {
    expect(
      decodedUrl(
        accessByUserRequest({ ...PAGE, configType: 'AWS::IAM::Role', userId: USER, ids: [USER] })
          .url,
      ),
    ).toBe(
      '/api/db/config_access_summary_by_user?select=external_user_id,user,email,access_count,distinct_roles,distinct_configs,last_signed_in_at,latest_grant,config_types' +
        `&external_user_id=eq.${USER}&config_types=cs.{AWS::IAM::Role}&external_user_id=in.(${USER})` +
        '&order=user.asc.nullslast,external_user_id.asc&limit=50&offset=0',
    );
    expect(
      decodedUrl(
        accessByGroupRequest({ ...PAGE, configType: 'Kubernetes::Cluster', ids: [GROUP] }).url,
      ),
    ).toBe(
      '/api/db/config_access_summary_by_group?select=external_group_id,group,access_count,distinct_users,distinct_roles,distinct_configs,last_signed_in_at,latest_grant,config_types' +
        `&config_types=cs.{Kubernetes::Cluster}&external_group_id=in.(${GROUP})` +
        '&order=group.asc.nullslast,external_group_id.asc&limit=50&offset=0',
    );
    expect(
      decodedUrl(
        accessByConfigRequest({
          ...PAGE,
          configType: 'AWS::S3::Bucket',
          ids: [CONFIG],
          sortBy: 'access_count',
          sortOrder: 'desc',
        }).url,
      ),
    ).toBe(
      '/api/db/config_access_summary_by_config?select=config_id,config_name,config_type,access_count,distinct_users,distinct_roles,last_signed_in_at,latest_grant' +
        `&config_type=eq.AWS::S3::Bucket&config_id=in.(${CONFIG})` +
        '&order=access_count.desc.nullslast,config_id.asc&limit=50&offset=0',
    );
  });

  it('sorts a list by its default when asked for a column it does not have', () => {
    expect(accessOrder('groups', 'user', 'desc')).toEqual({ sortBy: 'group', sortOrder: 'asc' });
    expect(accessOrder('users', 'distinct_configs', undefined)).toEqual({
      sortBy: 'distinct_configs',
      sortOrder: 'asc',
    });
  });

  it('reads the filter options RPC with GET, passing only the filters that are set', () => {
    const only = accessFilterOptionsRequest({ role: 'admin', userType: '', userId: undefined });
    expect(only.method ?? 'GET').toBe('GET');
    expect(only.url).toBe('/api/db/rpc/config_access_filter_options?p_role=admin');
    const every = new URL(
      accessFilterOptionsRequest({ configType: 'T', userId: USER, role: 'r', userType: 'u' }).url,
      'http://x',
    );
    expect(Object.fromEntries(every.searchParams)).toEqual({
      p_config_type: 'T',
      p_user_id: USER,
      p_role: 'r',
      p_user_type: 'u',
    });
  });

  it('adds an alias trimmed and merges two users through their RPCs', () => {
    expect(addAliasRequest({ externalUserId: USER, alias: '  alice@corp.io ' })).toEqual({
      url: '/api/db/rpc/add_external_user_alias',
      method: 'POST',
      body: { p_external_user_id: USER, p_alias: 'alice@corp.io' },
      prefer: false,
    });
    expect(mergeUsersRequest({ primaryId: USER, duplicateId: GROUP })).toEqual({
      url: '/api/db/rpc/merge_external_users',
      method: 'POST',
      body: { p_primary_id: USER, p_duplicate_id: GROUP },
      prefer: false,
    });
  });

  it('reads one external user with its aliases, and searches the others by name or email', () => {
    expect(decodedUrl(externalUserRequest(USER).url)).toBe(
      `/api/db/external_users?select=id,name,email,aliases&id=eq.${USER}`,
    );
    expect(decodedUrl(externalUserSearchRequest({ search: 'ali', exceptId: USER }).url)).toBe(
      '/api/db/external_users?select=id,name,email,aliases&deleted_at=is.null' +
        `&id=neq.${USER}&or=(name.ilike.*ali*,email.ilike.*ali*)&order=name.asc&limit=50`,
    );
  });

  it("reads an item's sign-ins newest first with the external user, and counts its rows", () => {
    const logs = configAccessLogsRequest({ configId: CONFIG, pageIndex: 2, pageSize: 25 });
    expect(decodedUrl(logs.url)).toBe(
      '/api/db/config_access_logs?select=config_id,external_user_id,scraper_id,mfa,properties,count,created_at,external_user:external_users(name,email,user_type)' +
        `&config_id=eq.${CONFIG}&order=created_at.desc,external_user_id.asc&limit=25&offset=50`,
    );
    const count = configRowCountRequest('config_access_summary', CONFIG);
    expect(count).toEqual({
      url: `/api/db/config_access_summary?select=config_id&config_id=eq.${CONFIG}&limit=1`,
      prefer: 'count=exact',
    });
  });
});

describe('stale access', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it(`is access never used, or not used for more than ${STALE_AFTER_DAYS} days`, () => {
    expect(STALE_AFTER_DAYS).toBe(90);
    expect(isStale(null, now)).toBe(true);
    expect(isStale(undefined, now)).toBe(true);
    expect(isStale('not a date', now)).toBe(true);
    expect(isStale(daysBefore(91), now)).toBe(true);
    expect(isStale(daysBefore(90), now)).toBe(false);
    expect(isStale(daysBefore(1), now)).toBe(false);
  });
});

describe('grouped lists narrowed by the filter options', () => {
  const options: AccessFilterOptions = {
    users: [{ external_user_id: USER, user: 'alice', email: null }],
    groups: [{ external_group_id: GROUP, group: 'admins' }],
    catalogs: [{ config_id: CONFIG, config_name: 'prod', config_type: 'AWS::Account' }],
    roles: [],
    user_types: [],
  };

  it('are not narrowed when their view has a column for every filter set', () => {
    expect(groupNarrowing('users', { configType: 'T', userId: USER }, options)).toEqual({
      kind: 'none',
    });
    expect(groupNarrowing('catalog', { configType: 'T' }, undefined)).toEqual({ kind: 'none' });
  });

  it('wait for the options, then take their ids for role, user type or another list’s user', () => {
    expect(groupNarrowing('users', { role: 'admin' }, undefined)).toEqual({ kind: 'waiting' });
    expect(groupNarrowing('users', { role: 'admin' }, options)).toEqual({
      kind: 'ids',
      ids: [USER],
    });
    expect(groupNarrowing('groups', { userType: 'user' }, options)).toEqual({
      kind: 'ids',
      ids: [GROUP],
    });
    expect(groupNarrowing('catalog', { userId: USER }, options)).toEqual({
      kind: 'ids',
      ids: [CONFIG],
    });
  });

  it(`say so instead of naming more than ${MAX_NARROWING_IDS} ids`, () => {
    const many = Array.from({ length: MAX_NARROWING_IDS + 1 }, (_, index) => ({
      config_id: `id-${index}`,
      config_name: null,
      config_type: null,
    }));
    expect(groupNarrowing('catalog', { role: 'admin' }, { ...options, catalogs: many })).toEqual({
      kind: 'tooMany',
      count: MAX_NARROWING_IDS + 1,
    });
  });

  it('reads the grouping, drill-down and sort from the address, users by default', () => {
    expect(ACCESS_VIEW.read(new URLSearchParams(''))).toEqual({
      groupBy: 'users',
      drill: undefined,
      sort: {},
    });
    const params = ACCESS_VIEW.write(new URLSearchParams('pageIndex=3&sortBy=user'), {
      groupBy: 'groups',
      sort: {},
    });
    expect(params.toString()).toBe('groupBy=groups');
  });
});
