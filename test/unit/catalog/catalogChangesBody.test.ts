import {
  catalogChangesBody,
  catalogChangesRequest,
  changePeopleRequest,
  configChangeRequest,
  configTagsRequest,
  tagSelector,
} from '../../../src/api/endpoints/catalogChanges';
import type { CatalogChangesArgs } from '../../../src/api/endpoints/catalogChanges';
import {
  CHANGES_STATE,
  changesArgs,
  configTypeSelection,
  creatorSelection,
  splitCreatorSelection,
  toggleIncluded,
} from '../../../src/features/catalog/changes/model/changesFilters';
import { nextNewRows } from '../../../src/features/catalog/changes/model/newRows';
import { changesTimeBounds } from '../../../src/features/catalog/item/model/changesState';
import { DEFAULT_CHANGES_BODY } from '../../support/catalogChanges';
import { requestOf } from '../support/requests';
import { expectEqualInOrder } from '../../support/answers';

const PAGE = { pageIndex: 0, pageSize: 50 };
const base: CatalogChangesArgs = { ...PAGE, includeDeletedConfigs: false };

/** The body for the filters in a URL query, on the first page of 50, newest first. */
function bodyFor(query: string, list: Partial<CatalogChangesArgs> = {}) {
  const filters = CHANGES_STATE.read(new URLSearchParams(query));
  const bounds = changesTimeBounds(filters.timeRange, new Date('2026-03-10T12:00:00Z'), 'UTC');
  return catalogChangesBody(
    changesArgs(filters, bounds, { ...PAGE, ...list }, filters.showDeletedConfigs ?? false),
  );
}

describe('CAT-19 body of the global changes page', () => {
  it('sends the page size, the default sort, recursive none and deleted configs, nothing else', () => {
    expect(catalogChangesBody(base)).toEqual({
      page_size: 50,
      sort_by: '-created_at',
      recursive: 'none',
      include_deleted_configs: false,
    });
    expect(catalogChangesBody({ ...base, includeDeletedConfigs: true })).toMatchObject({
      include_deleted_configs: true,
    });
  });

  it('sends every key the reference lists, in its order', () => {
    const body = catalogChangesBody({
      id: 'c1',
      configTypes: { Kubernetes__Pod: 1, AWS__EC2__Instance: -1 },
      changeTypes: { diff: 1, Pulled: -1 },
      createdBy: { 'p-1': 1 },
      externalCreatedBy: { kubectl: -1 },
      summary: { 'replicas 2 → 3': 1, 'a,b': -1 },
      source: { 'kubernetes/events': 1 },
      from: 'now-7d',
      to: 'now',
      severity: 'high',
      pageIndex: 2,
      pageSize: 25,
      sortBy: 'count',
      sortOrder: 'asc',
      tags: { 'cluster=prod': 1 },
      includeDeletedConfigs: true,
    });
    expectEqualInOrder(body, {
      id: 'c1',
      config_type: 'Kubernetes::Pod,!AWS::EC2::Instance',
      type: 'diff,!Pulled',
      created_by: 'p-1,!kubectl',
      summary: 'replicas%202%20%E2%86%92%203,!a%2Cb',
      source: 'kubernetes%2Fevents',
      from: 'now-7d',
      to: 'now',
      severity: 'high',
      page: 3,
      page_size: 25,
      sort_by: 'count',
      tags: 'cluster=prod',
      recursive: 'none',
      include_deleted_configs: true,
    });
  });

  it('sends the page only after the first and sorts descending with a leading -', () => {
    expect(catalogChangesBody({ ...base, pageIndex: 0 })).not.toHaveProperty('page');
    expect(catalogChangesBody({ ...base, pageIndex: 1 })).toMatchObject({ page: 2 });
    expect(catalogChangesBody({ ...base, sortBy: 'name', sortOrder: 'desc' })).toMatchObject({
      sort_by: '-name',
    });
    expect(catalogChangesBody({ ...base, sortBy: 'source', sortOrder: 'asc' })).toMatchObject({
      sort_by: 'source',
    });
  });

  it('uses the single config type when the tri-state chooses none', () => {
    expect(catalogChangesBody({ ...base, configType: 'Kubernetes::Node' })).toMatchObject({
      config_type: 'Kubernetes::Node',
    });
    expect(
      catalogChangesBody({ ...base, configType: 'Kubernetes::Node', configTypes: { X__Y: 1 } }),
    ).toMatchObject({ config_type: 'X::Y' });
  });

  it('leaves out empty selections and empty texts', () => {
    expect(
      catalogChangesBody({
        ...base,
        id: '',
        configTypes: {},
        changeTypes: {},
        createdBy: {},
        externalCreatedBy: {},
        summary: {},
        source: {},
        severity: '',
        tags: {},
      }),
    ).toEqual(catalogChangesBody(base));
  });

  it('goes to POST /api/catalog/changes', () => {
    expect(catalogChangesRequest(base)).toEqual(
      requestOf('POST', '/api/catalog/changes', catalogChangesBody(base)),
    );
  });
});

describe('tags as a label selector', () => {
  it.each([
    [{ 'cluster=prod': 1 }, 'cluster=prod'],
    [{ 'cluster=prod': -1 }, 'cluster!=prod'],
    [{ 'cluster=prod': 1, 'cluster=dev': 1 }, 'cluster in (prod,dev)'],
    [{ 'cluster=prod': -1, 'cluster=dev': -1 }, 'cluster notin (prod,dev)'],
    [
      { 'cluster=prod': 1, 'namespace=shop': -1, 'cluster=dev': 1, 'namespace=kube-system': -1 },
      'cluster in (prod,dev),namespace notin (shop,kube-system)',
    ],
    [{ 'team=a': 1, 'team=b': -1 }, 'team=a,team!=b'],
    [{ 'url=a=b': 1 }, 'url=a=b'],
    [{ team: 1, owner: -1 }, 'team,!owner'],
    [{}, ''],
  ] as const)('%j is %s', (tags, selector) => {
    expect(tagSelector(tags)).toBe(selector);
  });
});

describe('from the address to the body', () => {
  it('asks for the last 2 days of every config without filters', () => {
    expect(bodyFor('')).toEqual(DEFAULT_CHANGES_BODY);
  });

  it('reads every filter parameter', () => {
    const query = new URLSearchParams({
      id: 'c1',
      configTypes: 'Kubernetes__Pod:1',
      changeType: 'diff:1,Pulled:-1',
      severity: 'high',
      source: 'kubernetes:1',
      summary: 'Image pulled:-1',
      created_by: 'p-1:1',
      external_created_by: 'kubectl:1',
      tags: 'cluster=prod:1,cluster=dev:1',
      showDeletedConfigs: 'true',
      rangeType: 'relative',
      range: 'now-7d',
    });
    expect(bodyFor(query.toString(), { sortBy: 'name', sortOrder: 'asc' })).toEqual({
      id: 'c1',
      config_type: 'Kubernetes::Pod',
      type: 'diff,!Pulled',
      created_by: 'p-1,kubectl',
      summary: '!Image%20pulled',
      source: 'kubernetes',
      from: 'now-7d',
      to: 'now',
      severity: 'high',
      page_size: 50,
      sort_by: 'name',
      tags: 'cluster in (prod,dev)',
      recursive: 'none',
      include_deleted_configs: true,
    });
  });

  it('sends an absolute range as ISO times', () => {
    const query = 'rangeType=absolute&from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z';
    expect(bodyFor(query)).toMatchObject({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T00:00:00.000Z',
    });
  });

  it('writes filters back so that reading them gives the same, and goes to the first page', () => {
    const start = new URLSearchParams('pageIndex=3&sortBy=name&follow=true&changeId=x');
    const written = CHANGES_STATE.write(start, {
      configTypes: { Kubernetes__Pod: 1 },
      source: { 'a,b:c': -1 },
      severity: 'low',
      showDeletedConfigs: false,
      timeRange: { type: 'relative', range: 'now-30d' },
    });
    expect(written.get('pageIndex')).toBeNull();
    expect(written.get('sortBy')).toBe('name');
    expect(written.get('follow')).toBe('true');
    expect(written.get('changeId')).toBe('x');
    expect(written.get('configTypes')).toBe('Kubernetes__Pod:1');
    const filters = CHANGES_STATE.read(written);
    expect(filters).toMatchObject({
      configTypes: { Kubernetes__Pod: 1 },
      source: { 'a,b:c': -1 },
      severity: 'low',
      showDeletedConfigs: false,
      timeRange: { type: 'relative', range: 'now-30d' },
    });
    expect(CHANGES_STATE.isFiltered(filters)).toBe(true);

    const cleared = CHANGES_STATE.resetFilters(written);
    expect([...cleared]).toEqual([
      ['sortBy', 'name'],
      ['follow', 'true'],
      ['changeId', 'x'],
    ]);
    expect(CHANGES_STATE.isFiltered(CHANGES_STATE.read(cleared))).toBe(false);
  });

  it('removes a filter written empty', () => {
    const written = CHANGES_STATE.write(new URLSearchParams('severity=high&changeType=diff:1'), {
      severity: '',
      changeTypes: {},
    });
    expect(written.toString()).toBe('');
  });

  it('keeps people and outside authors apart in the one "Created by" selection', () => {
    const selection = creatorSelection({
      createdBy: { 'p-1': 1 },
      externalCreatedBy: { kubectl: -1 },
    });
    expect(selection).toEqual({ 'person:p-1': 1, 'external:kubectl': -1 });
    expect(splitCreatorSelection({ ...selection, 'external:argo:cd': 1 })).toEqual({
      createdBy: { 'p-1': 1 },
      externalCreatedBy: { kubectl: -1, 'argo:cd': 1 },
    });
  });

  it('shows the single config type of an older link as the chosen type', () => {
    const filters = CHANGES_STATE.read(new URLSearchParams('configType=Kubernetes::Node'));
    expect(configTypeSelection(filters)).toEqual({ Kubernetes__Node: 1 });
    expect(bodyFor('configType=Kubernetes::Node')).toMatchObject({
      config_type: 'Kubernetes::Node',
    });
    const both = CHANGES_STATE.read(
      new URLSearchParams('configType=Kubernetes::Node&configTypes=Kubernetes__Pod:-1'),
    );
    expect(configTypeSelection(both)).toEqual({ Kubernetes__Pod: -1 });
  });

  it('toggles a summary chip in the change-type filter', () => {
    expect(toggleIncluded({ Pulled: -1 }, 'diff')).toEqual({ Pulled: -1, diff: 1 });
    expect(toggleIncluded({ diff: 1, Pulled: 1 }, 'diff')).toEqual({ Pulled: 1 });
    expect(toggleIncluded({ diff: -1 }, 'diff')).toEqual({ diff: 1 });
  });
});

describe('new rows while following', () => {
  it('marks nothing at first, then the ids an answer adds, and starts again for another query', () => {
    const first = nextNewRows(undefined, 'q1', ['a', 'b']);
    expect([...first.fresh]).toEqual([]);
    const second = nextNewRows(first, 'q1', ['c', 'a', 'b']);
    expect([...second.fresh]).toEqual(['c']);
    const third = nextNewRows(second, 'q1', ['c', 'a']);
    expect([...third.fresh]).toEqual([]);
    expect([...third.seen].sort()).toEqual(['a', 'b', 'c']);
    const other = nextNewRows(third, 'q2', ['d']);
    expect([...other.fresh]).toEqual([]);
    expect([...other.seen]).toEqual(['d']);
  });
});

describe('CAT-21, CAT-11 and AUTH-03', () => {
  const query = (url: string) => {
    const parsed = new URL(url, 'http://console');
    return { path: parsed.pathname, params: [...parsed.searchParams] };
  };

  it('reads one change of one config with its config embedded', () => {
    expect(query(configChangeRequest({ configId: 'c1', id: 'ch1' }).url)).toEqual({
      path: '/api/db/config_changes',
      params: [
        ['config_id', 'eq.c1'],
        ['id', 'eq.ch1'],
        [
          'select',
          'id,config_id,change_type,created_at,external_created_by,source,diff,details,patches,created_by,config:configs(id,name,type,config_class)',
        ],
      ],
    });
  });

  it('reads the tags and the people with an email', () => {
    expect(query(configTagsRequest().url)).toEqual({ path: '/api/db/config_tags', params: [] });
    expect(query(changePeopleRequest().url)).toEqual({
      path: '/api/db/people',
      params: [
        ['select', '*'],
        ['deleted_at', 'is.null'],
        ['email', 'not.is.null'],
        ['order', 'name.asc'],
      ],
    });
  });
});
