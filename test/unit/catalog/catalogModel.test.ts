import {
  configListRequest,
  configSummaryBody,
  labelCondition,
  summaryCost,
} from '../../../src/api/endpoints/catalog';
import {
  isListView,
  CATALOG_FILTERS,
  summaryTagKey,
} from '../../../src/features/catalog/model/catalogParams';
import { configClassOf } from '../../../src/lib/configType';
import { buildSummaryTree } from '../../../src/features/catalog/model/summaryTree';
import { configIconName } from '../../../src/widgets/ConfigIcon';
import { expectAnswers } from '../../support/answers';

const params = (url: string) => new URL(url, 'http://x').searchParams;
const query = (url: string) => new URL(url, 'http://x').searchParams;

describe('catalog address state', () => {
  it('reads every filter, the default grouping and the deleted override', () => {
    const filters = CATALOG_FILTERS.read(
      params(
        '/catalog?configType=AWS::EC2::Instance&search=web&status=Running:1&health=healthy:1,unknown:-1&labels=app____web:1&showDeleted=false',
      ),
    );
    expect(filters).toEqual({
      configType: 'AWS::EC2::Instance',
      search: 'web',
      status: { Running: 1 },
      health: { healthy: 1, unknown: -1 },
      labels: { 'app:web': 1 },
      showDeleted: false,
      groupBy: ['config_class', 'type'],
    });
    expect(CATALOG_FILTERS.read(params('/catalog')).showDeleted).toBeUndefined();
  });

  it('writes filters back to the first page, leaving other parameters and the default grouping out', () => {
    const next = CATALOG_FILTERS.write(
      params('/catalog?pageIndex=3&sortBy=name&groupBy=config_class,type,zone'),
      {
        health: { unhealthy: 1, unknown: -1 },
        labels: { 'app:web,api': 1 },
        groupBy: ['config_class', 'type'],
        showDeleted: true,
      },
    );
    expect(next.get('pageIndex')).toBeNull();
    expect(next.get('sortBy')).toBe('name');
    expect(next.get('groupBy')).toBeNull();
    expect(next.get('health')).toBe('unhealthy:1,unknown:-1');
    expect(next.get('labels')).toBe('app____web||||api:1');
    expect(next.get('showDeleted')).toBe('true');
    // Round trip.
    expect(CATALOG_FILTERS.read(next).labels).toEqual({ 'app:web,api': 1 });
  });

  it('shows the list for a type, a search or a label filter, else the summary', () => {
    expectAnswers(isListView, [
      [CATALOG_FILTERS.read(params('/catalog')), false],
      [CATALOG_FILTERS.read(params('/catalog?health=healthy:1')), false],
      [CATALOG_FILTERS.read(params('/catalog?configType=x')), true],
      [CATALOG_FILTERS.read(params('/catalog?search=x')), true],
      [CATALOG_FILTERS.read(params('/catalog?labels=a____b:1')), true],
    ]);
    expect(summaryTagKey(['config_class', 'type', 'namespace'])).toBe('namespace');
    expect(summaryTagKey(['config_class', 'type'])).toBeUndefined();
  });
});

describe('CAT-01 request', () => {
  const base = {
    sortBy: 'created_at',
    sortOrder: 'desc' as const,
    showDeleted: false,
    pageIndex: 2,
    pageSize: 50,
  };

  it('sends the parameters in the order api.md gives', () => {
    const request = configListRequest({
      ...base,
      configType: 'Kubernetes::Pod',
      status: { Running: 1 },
      health: { healthy: 1, unknown: -1 },
    });
    const q = query(request.url);
    expect([...q.keys()]).toEqual([
      'select',
      'select',
      'type',
      'status.filter',
      'health.filter',
      'order',
      'deleted_at',
      'limit',
      'offset',
    ]);
    expect(q.get('health.filter')).toBe('healthy,!unknown');
    expect(q.get('offset')).toBe('100');
    expect(request.prefer).toBe('count=exact');
  });

  it('prefers the search to the label filter, escapes the search, sorts type by type then name', () => {
    const q = query(
      configListRequest({
        ...base,
        search: '50%_off',
        labels: { 'app:web': 1 },
        sortBy: 'type',
        sortOrder: 'asc',
        showDeleted: true,
      }).url,
    );
    // SQL wildcards in the text match themselves; the quoted value keeps its backslashes.
    const pattern = '"*50\\\\%\\\\_off*"';
    expect(q.get('or')).toBe(
      `(name.ilike.${pattern},type.ilike.${pattern},description.ilike.${pattern},namespace.ilike.${pattern})`,
    );
    expect(q.get('order')).toBe('type,name.asc');
    expect(q.has('deleted_at')).toBe(false);
  });

  it('builds the label condition with eq for included and neq for excluded, values quoted', () => {
    expect(labelCondition({ 'app:web app': 1, 'env:prod': -1, 'tier:a:b': 1 })).toBe(
      'and(labels->>app.eq."web app",labels->>tier.eq."a:b",labels->>env.neq."prod")',
    );
    // Tags (`#key:value`) are read from the tags column; quotes and backslashes are escaped.
    expect(labelCondition({ '#cluster:prod,eu': 1, 'note:say "hi" \\o/': -1 })).toBe(
      'and(tags->>cluster.eq."prod,eu",labels->>note.neq."say \\"hi\\" \\\\o/")',
    );
    expect(labelCondition({})).toBeUndefined();
  });
});

describe('CAT-02', () => {
  it('sends the grouping without config_class, the tri-states and the 30-day periods', () => {
    expect(
      configSummaryBody({
        groupBy: ['config_class', 'type', 'namespace'],
        deleted: true,
        health: { unhealthy: 1, healthy: -1 },
        status: {},
      }),
    ).toEqual({
      groupBy: ['type', 'namespace'],
      deleted: true,
      health: 'unhealthy,!healthy',
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
  });

  it('reads the cost from cost_30d, else cost_total_30d', () => {
    expect(summaryCost({ cost_30d: '12.5' })).toBe(12.5);
    expect(summaryCost({ cost_total_30d: 3 })).toBe(3);
    expect(summaryCost({})).toBe(0);
  });

  it('builds classes holding types holding tag values, each adding up what is under it', () => {
    const tree = buildSummaryTree(
      [
        {
          type: 'Kubernetes::Pod',
          namespace: 'shop',
          count: 3,
          health: { healthy: 2, unknown: 1 },
          changes: 4,
          analysis: { security: 1 },
          cost_30d: 1,
          updated_at: '2026-11-01T00:00:00Z',
        },
        {
          type: 'Kubernetes::Pod',
          namespace: 'ops',
          count: 5,
          health: { healthy: 5 },
          changes: 1,
          analysis: {},
          cost_30d: 2,
          updated_at: '2026-11-03T00:00:00Z',
        },
        {
          type: 'Kubernetes::Node',
          namespace: null,
          count: 2,
          health: { warning: 2 },
          changes: 0,
          analysis: { security: 2 },
          cost_30d: 0,
          updated_at: '2026-11-02T00:00:00Z',
        },
        {
          type: 'AWS::EC2::Instance',
          namespace: null,
          count: 1,
          health: {},
          changes: 0,
          analysis: {},
          cost_30d: 9,
        },
      ],
      'namespace',
    );
    expect(tree.map((n) => n.label)).toEqual(['AWS', 'Kubernetes']);
    const k8s = tree[1]!;
    expect(k8s).toMatchObject({
      count: 10,
      health: { healthy: 7, unknown: 1, warning: 2 },
      changes: 5,
      analysis: { security: 3 },
      cost: 3,
      updatedAt: '2026-11-03T00:00:00Z',
    });
    expect(k8s.children?.map((n) => n.label)).toEqual(['Kubernetes::Node', 'Kubernetes::Pod']);
    const pods = k8s.children![1]!;
    expect(pods.configType).toBe('Kubernetes::Pod');
    // Tag values, largest first; each opens its type.
    expect(pods.children?.map((n) => [n.label, n.count, n.configType])).toEqual([
      ['namespace: ops', 5, 'Kubernetes::Pod'],
      ['namespace: shop', 3, 'Kubernetes::Pod'],
    ]);
    expect(k8s.children![0]!.children?.map((n) => n.label)).toEqual(['namespace: (none)']);
    // Without a tag key, types are the leaves.
    expect(
      buildSummaryTree([{ type: 'Kubernetes::Pod', count: 1 }])[0]!.children![0]!.children,
    ).toBeUndefined();
  });
});

describe('config types', () => {
  it('takes the class from the part before ::', () => {
    expect(configClassOf('AWS::EC2::Instance')).toBe('AWS');
    expect(configClassOf('MSSQL')).toBe('MSSQL');
    expect(configClassOf(null)).toBe('');
  });

  it('picks an icon by kind, then by class', () => {
    expectAnswers(configIconName, [
      ['Kubernetes::Pod', 'cube'],
      ['Kubernetes::Deployment', 'layers'],
      ['AWS::EC2::Instance', 'desktop'],
      ['AWS::Unknown', 'cloud'],
      ['Something', 'cube'],
    ]);
  });
});
