import {
  catalogInsightsRequest,
  componentAnalysisRequest,
  configByIdRequest,
  configsByIdsRequest,
  insightFilterOptionsRequest,
  insightOptions,
  insightOrder,
} from '../../../src/api/endpoints/catalogInsights';
import type { CatalogInsightsArgs } from '../../../src/api/endpoints/catalogInsights';
import type { ComponentAnalysis, ConfigRef } from '../../../src/api/schemas/catalogInsights';
import {
  componentInsightsPage,
  configIdsOf,
  filterInsightItems,
  pageOfItems,
  severityRank,
  sortInsightItems,
  toInsightItems,
} from '../../../src/features/catalog/insights/model/componentInsights';
import { INSIGHT_FILTERS } from '../../../src/features/catalog/insights/model/insightsParams';
import { expectAnswers } from '../../support/answers';

/** The parameters of a request's URL, decoded, in order. */
const paramsOf = (url: string) => [...new URL(url, 'http://x').searchParams];
const pathOf = (url: string) => new URL(url, 'http://x').pathname;

const SELECT =
  'id,analysis_type,analyzer,severity,summary,status,first_observed,last_observed,config:configs(id,name,config_class,type)';

const FIRST_PAGE: CatalogInsightsArgs = { pageIndex: 0, pageSize: 50 };

describe('insights list request (CAT-27)', () => {
  it('asks for the first page newest first, counting the rows, without filters', () => {
    const request = catalogInsightsRequest(FIRST_PAGE);
    expect(pathOf(request.url)).toBe('/api/db/config_analysis_items');
    expect(request).toMatchObject({ prefer: 'count=exact' });
    expect(paramsOf(request.url)).toEqual([
      ['select', SELECT],
      ['limit', '50'],
      ['offset', '0'],
      ['order', 'first_observed.desc'],
    ]);
  });

  it.each<[keyof CatalogInsightsArgs, string, string, string]>([
    ['status', 'resolved', 'status', 'eq.resolved'],
    ['type', 'security', 'analysis_type', 'eq.security'],
    ['severity', 'critical', 'severity', 'eq.critical'],
    ['analyzer', 'CVE-2025-0001', 'analyzer', 'eq.CVE-2025-0001'],
    ['configId', '018f-1', 'config_id', 'eq.018f-1'],
    ['configType', 'Kubernetes::Pod', 'config_type', 'eq.Kubernetes::Pod'],
  ])('sends the %s filter %s as %s=%s', (filter, value, column, expected) => {
    const request = catalogInsightsRequest({ ...FIRST_PAGE, [filter]: value });
    const params = paramsOf(request.url);
    expect(params).toContainEqual([column, expected]);
    // Filters come between the page and the order.
    expect(params.map(([key]) => key)).toEqual(['select', 'limit', 'offset', column, 'order']);
  });

  it('lower-cases the severity', () => {
    const request = catalogInsightsRequest({ ...FIRST_PAGE, severity: 'High' });
    expect(new URL(request.url, 'http://x').searchParams.get('severity')).toBe('eq.high');
  });

  it("puts every filter in the reference's order", () => {
    const request = catalogInsightsRequest({
      ...FIRST_PAGE,
      configType: 'Kubernetes::Pod',
      configId: 'c1',
      analyzer: 'a1',
      severity: 'low',
      type: 'cost',
      status: 'open',
    });
    expect(paramsOf(request.url).map(([key]) => key)).toEqual([
      'select',
      'limit',
      'offset',
      'status',
      'analysis_type',
      'severity',
      'analyzer',
      'config_id',
      'config_type',
      'order',
    ]);
  });

  it('leaves empty filters out', () => {
    const request = catalogInsightsRequest({ ...FIRST_PAGE, status: '', severity: undefined });
    expect(paramsOf(request.url).map(([key]) => key)).toEqual([
      'select',
      'limit',
      'offset',
      'order',
    ]);
  });

  it('pages with limit and offset', () => {
    const request = catalogInsightsRequest({ pageIndex: 3, pageSize: 25 });
    const params = new URL(request.url, 'http://x').searchParams;
    expect(params.get('limit')).toBe('25');
    expect(params.get('offset')).toBe('75');
  });

  it('orders by the sorted column, and by the default for a column it cannot sort by', () => {
    const order = (args: Partial<CatalogInsightsArgs>) =>
      new URL(catalogInsightsRequest({ ...FIRST_PAGE, ...args }).url, 'http://x').searchParams.get(
        'order',
      );
    expectAnswers(order, [
      [{ sortBy: 'severity', sortOrder: 'asc' }, 'severity.asc'],
      [{ sortBy: 'last_observed', sortOrder: 'desc' }, 'last_observed.desc'],
      [{ sortBy: 'analysis_type' }, 'analysis_type.asc'],
      [{ sortBy: 'message', sortOrder: 'asc' }, 'first_observed.desc'],
    ]);
    expect(insightOrder(undefined, 'asc')).toEqual({ sortBy: 'first_observed', sortOrder: 'desc' });
  });
});

describe('look-ups of the insights page', () => {
  it('asks for every filter option in one call, each list present in the answer', () => {
    expect(insightFilterOptionsRequest()).toEqual({
      url: '/api/db/rpc/config_analysis_filter_options',
    });
    expect(insightOptions({ types: ['cost'], catalogs: [{ id: 'c1', name: 'db' }] })).toEqual({
      types: ['cost'],
      analyzers: [],
      sources: [],
      configTypes: [],
      configs: [{ id: 'c1', name: 'db' }],
    });
  });

  it("asks for a component's insights (CAT-29) and the configs by id (CAT-05)", () => {
    const analysis = componentAnalysisRequest('comp-1');
    expect(pathOf(analysis.url)).toBe('/api/db/rpc/lookup_analysis_by_component');
    expect(paramsOf(analysis.url)).toEqual([['id', 'comp-1']]);
    const configs = configsByIdsRequest(['a1', 'b2']);
    expect(pathOf(configs.url)).toBe('/api/db/configs');
    expect(paramsOf(configs.url)).toEqual([
      ['id', 'in.(a1,b2)'],
      ['select', 'id,name,config_class,type'],
    ]);
  });

  it('asks for one config by id (CAT-06)', () => {
    const config = configByIdRequest('c1');
    expect(pathOf(config.url)).toBe('/api/db/configs');
    expect(paramsOf(config.url)).toEqual([
      ['id', 'eq.c1'],
      ['select', 'id,name,config_class,type'],
    ]);
  });
});

describe('insights address state', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('reads every filter, leaving out empty ones', () => {
    expect(
      INSIGHT_FILTERS.read(
        params(
          'status=open&type=security&severity=high&analyzer=trivy&configType=Kubernetes::Pod&component=c1&configId=x1&pageIndex=2&severity=',
        ),
      ),
    ).toEqual({
      status: 'open',
      type: 'security',
      severity: 'high',
      analyzer: 'trivy',
      configType: 'Kubernetes::Pod',
      component: 'c1',
      configId: 'x1',
    });
    expect(INSIGHT_FILTERS.read(params('status=&sortBy=severity'))).toEqual({});
  });

  it('writes a filter back to the first page, keeping the size, the sort and the dialog', () => {
    const next = INSIGHT_FILTERS.write(
      params('pageIndex=3&pageSize=25&sortBy=severity&sortOrder=desc&status=open&insightId=i1'),
      { severity: 'critical', status: undefined },
    );
    expect(next.toString()).toBe(
      'pageSize=25&sortBy=severity&sortOrder=desc&insightId=i1&severity=critical',
    );
  });

  it('clears every filter and says whether any is set', () => {
    const current = params('status=open&component=c1&configId=x1&pageIndex=1&pageSize=25');
    expect(INSIGHT_FILTERS.isFiltered(INSIGHT_FILTERS.read(current))).toBe(true);
    const cleared = INSIGHT_FILTERS.resetFilters(current);
    expect(cleared.toString()).toBe('pageSize=25');
    expect(INSIGHT_FILTERS.isFiltered(INSIGHT_FILTERS.read(cleared))).toBe(false);
  });
});

describe("a component's insights in the browser", () => {
  const POD: ConfigRef = {
    id: 'cfg-pod',
    name: 'web-1',
    config_class: 'Pod',
    type: 'Kubernetes::Pod',
  };
  const DEPLOY: ConfigRef = {
    id: 'cfg-deploy',
    name: 'web',
    config_class: 'Deployment',
    type: 'Kubernetes::Deployment',
  };
  const analysis = (
    id: string,
    config_id: string,
    fields: Partial<ComponentAnalysis> = {},
  ): ComponentAnalysis => ({
    id,
    config_id,
    analyzer: 'trivy',
    analysis_type: 'security',
    severity: 'low',
    status: 'open',
    message: `message ${id}`,
    first_observed: '2026-01-01T00:00:00Z',
    last_observed: '2026-01-02T00:00:00Z',
    ...fields,
  });
  const ANALYSES = [
    analysis('i1', 'cfg-pod', { severity: 'critical', first_observed: '2026-01-03T00:00:00Z' }),
    analysis('i2', 'cfg-deploy', {
      severity: 'Medium',
      analyzer: 'no-limits',
      analysis_type: 'reliability',
      first_observed: '2026-01-05T00:00:00Z',
    }),
    analysis('i3', 'cfg-pod', { status: 'resolved', severity: 'info' }),
    analysis('i4', 'cfg-gone', { severity: null, first_observed: '2026-01-04T00:00:00Z' }),
  ];
  const ids = (rows: ReadonlyArray<{ id: string }>) => rows.map((row) => row.id);

  it('names the distinct configs once each, sorted', () => {
    expect(configIdsOf(ANALYSES)).toEqual(['cfg-deploy', 'cfg-gone', 'cfg-pod']);
    expect(configIdsOf([])).toEqual([]);
  });

  it('embeds each config as CAT-27 does, keeping the id of one CAT-05 did not return', () => {
    const rows = toInsightItems(ANALYSES, [POD, DEPLOY]);
    expect(rows[0]).toEqual({
      id: 'i1',
      analysis_type: 'security',
      analyzer: 'trivy',
      severity: 'critical',
      status: 'open',
      first_observed: '2026-01-03T00:00:00Z',
      last_observed: '2026-01-02T00:00:00Z',
      config: POD,
    });
    expect(rows[3]!.config).toEqual({ id: 'cfg-gone' });
  });

  it('filters by each filter; severity whatever its case', () => {
    const rows = toInsightItems(ANALYSES, [POD, DEPLOY]);
    expectAnswers(ids, [
      [filterInsightItems(rows, {}), ['i1', 'i2', 'i3', 'i4']],
      [filterInsightItems(rows, { status: 'resolved' }), ['i3']],
      [filterInsightItems(rows, { type: 'reliability' }), ['i2']],
      [filterInsightItems(rows, { severity: 'medium' }), ['i2']],
      [filterInsightItems(rows, { severity: 'CRITICAL' }), ['i1']],
      [filterInsightItems(rows, { analyzer: 'no-limits' }), ['i2']],
      [filterInsightItems(rows, { configId: 'cfg-pod' }), ['i1', 'i3']],
      [filterInsightItems(rows, { configType: 'Kubernetes::Pod' }), ['i1', 'i3']],
    ]);
    expect(
      ids(filterInsightItems(rows, { configType: 'Kubernetes::Pod', status: 'open' })),
    ).toEqual(['i1']);
  });

  it('sorts by time, by severity rank and by text, empty values last', () => {
    const rows = toInsightItems(ANALYSES, [POD, DEPLOY]);
    expectAnswers(ids, [
      [sortInsightItems(rows, undefined, undefined), ['i2', 'i4', 'i1', 'i3']],
      [sortInsightItems(rows, 'first_observed', 'asc'), ['i3', 'i1', 'i4', 'i2']],
      [sortInsightItems(rows, 'severity', 'desc'), ['i1', 'i2', 'i3', 'i4']],
      [sortInsightItems(rows, 'severity', 'asc'), ['i3', 'i2', 'i1', 'i4']],
      [sortInsightItems(rows, 'analyzer', 'asc'), ['i2', 'i1', 'i3', 'i4']],
      [sortInsightItems(rows, 'status', 'desc'), ['i3', 'i1', 'i2', 'i4']],
    ]);
    expect(severityRank('High')).toBe(4);
    expect(severityRank('blocker')).toBe(0);
    expect(severityRank(null)).toBeUndefined();
  });

  it('pages the sorted rows and counts every match', () => {
    expect(pageOfItems([1, 2, 3, 4, 5], { pageIndex: 1, pageSize: 2 })).toEqual([3, 4]);
    const page = componentInsightsPage(ANALYSES, [POD, DEPLOY], {
      status: 'open',
      pageIndex: 1,
      pageSize: 2,
      sortBy: 'severity',
      sortOrder: 'desc',
    });
    expect(page.totalEntries).toBe(3);
    expect(ids(page.rows)).toEqual(['i4']);
    const first = componentInsightsPage(ANALYSES, [POD, DEPLOY], {
      configType: 'Kubernetes::Pod',
      pageIndex: 0,
      pageSize: 50,
    });
    expect(first).toEqual({ rows: expect.any(Array), totalEntries: 2 });
    expect(ids(first.rows)).toEqual(['i1', 'i3']);
    expect(first.rows[0]!.config?.name).toBe('web-1');
  });
});
