import {
  changeTypesRequest,
  changesSortBy,
  configChangesBody,
  configChangesRequest,
  configChecksRequest,
  configComponentsRequest,
  configDetailRequest,
  configIncidentsRequest,
  configInsightRequest,
  configInsightsRequest,
  configParentsRequest,
  configPlaybookRunsRequest,
  relatedConfigsRequest,
  relationshipDirection,
} from '../../../../src/api/endpoints/configItem';
import type { ConfigChangesArgs } from '../../../../src/api/endpoints/configItem';
import { queryPairs as query, requestOf } from '../../support/requests';
import { expectEqualInOrder } from '../../../support/answers';

const ID = 'c1';

const baseArgs: ConfigChangesArgs = {
  id: ID,
  recursive: 'none',
  pageIndex: 0,
  pageSize: 50,
  includeDeletedConfigs: false,
};

describe('CAT-19 body', () => {
  it('sends only the keys with values, page from the second page, depth when recursive', () => {
    expect(configChangesBody(baseArgs)).toEqual({
      id: ID,
      page_size: 50,
      sort_by: '-created_at',
      recursive: 'none',
      include_deleted_configs: false,
    });
    const body = configChangesBody({
      ...baseArgs,
      recursive: 'all',
      from: 'now-2d',
      to: 'now',
      type: 'diff,!Pulled',
      severity: 'high',
      pageIndex: 2,
      pageSize: 25,
      sortBy: 'change_type',
      sortOrder: 'asc',
      includeDeletedConfigs: true,
    });
    expectEqualInOrder(body, {
      id: ID,
      type: 'diff,!Pulled',
      from: 'now-2d',
      to: 'now',
      severity: 'high',
      page: 3,
      page_size: 25,
      sort_by: 'change_type',
      recursive: 'all',
      depth: 5,
      include_deleted_configs: true,
    });
  });

  it.each(['upstream', 'downstream', 'all'] as const)('adds depth 5 for %s', (recursive) => {
    expect(configChangesBody({ ...baseArgs, recursive })).toMatchObject({ recursive, depth: 5 });
  });

  it('sends the tag selector when some are chosen, and soft only when on', () => {
    expect(configChangesBody({ ...baseArgs, tags: 'cluster=prod', soft: true })).toEqual({
      ...configChangesBody(baseArgs),
      tags: 'cluster=prod',
      soft: true,
    });
    const off = configChangesBody({ ...baseArgs, tags: '', soft: false });
    expect(off).not.toHaveProperty('soft');
    expect(off).not.toHaveProperty('tags');
  });

  it('writes the sort with a minus for descending', () => {
    expect(changesSortBy(undefined)).toBe('-created_at');
    expect(changesSortBy('created_at', 'desc')).toBe('-created_at');
    expect(changesSortBy('summary', 'asc')).toBe('summary');
    expect(changesSortBy('name')).toBe('name');
  });

  it('posts the body to /api/catalog/changes', () => {
    expect(configChangesRequest(baseArgs)).toEqual(
      requestOf('POST', '/api/catalog/changes', configChangesBody(baseArgs)),
    );
  });
});

describe('CAT-30 request', () => {
  it('follows both directions, one, or the backend default when neither is on', () => {
    expect(relationshipDirection(true, true)).toBe('all');
    expect(relationshipDirection(true, false)).toBe('incoming');
    expect(relationshipDirection(false, true)).toBe('outgoing');
    expect(relationshipDirection(false, false)).toBe('outgoing');
  });

  it('sends the relation of each direction followed, both with soft relationships', () => {
    const args = {
      configId: ID,
      incoming: true,
      outgoing: true,
      soft: false,
      includeDeletedConfigs: false,
    };
    expect(query(relatedConfigsRequest(args).url, '/api/db/rpc/related_configs_recursive')).toEqual(
      [
        ['config_id', ID],
        ['include_deleted_configs', 'false'],
        ['max_depth', '10'],
        ['type_filter', 'all'],
        ['incoming_relation', 'hard'],
        ['outgoing_relation', 'hard'],
      ],
    );
    expect(
      query(
        relatedConfigsRequest({ ...args, outgoing: false, soft: true, includeDeletedConfigs: true })
          .url,
        '/api/db/rpc/related_configs_recursive',
      ),
    ).toEqual([
      ['config_id', ID],
      ['include_deleted_configs', 'true'],
      ['max_depth', '10'],
      ['type_filter', 'incoming'],
      ['incoming_relation', 'both'],
    ]);
    expect(
      query(
        relatedConfigsRequest({ ...args, incoming: false, outgoing: false }).url,
        '/api/db/rpc/related_configs_recursive',
      ).slice(3),
    ).toEqual([
      ['type_filter', 'outgoing'],
      ['outgoing_relation', 'hard'],
    ]);
  });
});

describe('PostgREST reads of the item page', () => {
  it('CAT-03, CAT-36, CAT-33, CAT-18, CAT-37', () => {
    expect(configDetailRequest(ID)).toEqual({ url: '/api/db/config_detail?id=eq.c1&select=*' });
    expect(configParentsRequest(ID)).toEqual({
      url: '/api/db/rpc/get_parents_by_location?config_id=c1',
    });
    expect(
      query(configComponentsRequest(ID).url, '/api/db/config_component_relationships'),
    ).toEqual([
      ['config_id', 'eq.c1'],
      ['select', 'components!config_component_relationships_component_id_fkey(id, icon, name)'],
    ]);
    expect(changeTypesRequest()).toEqual({ url: '/api/db/change_types?change_type=not.eq.' });
    expect(configChecksRequest(ID)).toEqual({
      url: '/api/db/check_summary_for_config?config_id=eq.c1',
    });
  });

  it('INC-04 asks incidents_by_config for the item, newest first', () => {
    expect(configIncidentsRequest(ID)).toEqual({
      url: '/api/db/incidents_by_config?order=created_at.desc&config_id=eq.c1',
    });
  });

  it('CAT-24 and CAT-25 ask for the count', () => {
    const list = configInsightsRequest({ configId: ID, pageIndex: 1, pageSize: 25 });
    expect(list.prefer).toBe('count=exact');
    expect(query(list.url, '/api/db/config_analysis')).toEqual([
      [
        'select',
        'id,analyzer,analysis_type,message,severity,analysis,first_observed,config:configs(id,name,config_class,type)',
      ],
      ['config_id', 'eq.c1'],
      ['limit', '25'],
      ['offset', '25'],
    ]);
    const one = configInsightRequest('i1');
    expect(one.prefer).toBe('count=exact');
    expect(query(one.url, '/api/db/config_analysis')).toEqual([
      [
        'select',
        'id,source,analyzer,analysis_type,message,summary,severity,status,analysis,properties,first_observed,config:configs(id,name,config_class,type)',
      ],
      ['id', 'eq.i1'],
    ]);
  });

  it('PB-10 keeps the reference order of its parameters', () => {
    const request = configPlaybookRunsRequest({ configId: ID, pageIndex: 2, pageSize: 10 });
    expect(request.prefer).toBe('count=exact');
    expect(query(request.url, '/api/db/playbook_runs')).toEqual([
      ['config_id', 'eq.c1'],
      ['parent_id', 'is.null'],
      ['limit', '10'],
      ['offset', '20'],
      ['order', 'created_at.desc'],
      [
        'select',
        '*,created_by(id,name,avatar),playbooks(id,name,title,spec,icon),component:components(id,name,icon),check:checks(id,name,icon),config:config_items(id,name,type,config_class)',
      ],
    ]);
  });
});
