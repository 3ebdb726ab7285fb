import {
  type ChangesRequest,
  type Parsed,
  type SummaryRequest,
  changesFieldsOfQuery,
  parseChangesRequest,
  parseLabelSelector,
  parseSummaryRequest,
  parseTriState,
} from '../../../server/demo/routes/catalog/request';
import { globToLike } from '../../../server/demo/search/compile';

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY = 86_400_000;
const CONFIG_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

function value<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new Error(`expected a value, got the error "${parsed.error}"`);
  return parsed.value;
}

function error<T>(parsed: Parsed<T>): string {
  if (parsed.ok) throw new Error(`expected an error, got ${JSON.stringify(parsed.value)}`);
  return parsed.error;
}

const summary = (body: unknown): SummaryRequest => value(parseSummaryRequest(body));
const changes = (body: unknown): ChangesRequest => value(parseChangesRequest(body, NOW));

describe('parseTriState', () => {
  it('splits included, excluded and glob items', () => {
    expect(parseTriState('a,!b,c*,!*d,*e*')).toEqual({
      include: ['a'],
      exclude: ['b'],
      includeGlobs: ['c*', '*e*'],
      excludeGlobs: ['*d'],
    });
  });

  it('ignores empty items and is null when nothing is left', () => {
    expect(parseTriState('')).toBeNull();
    expect(parseTriState(',!,')).toBeNull();
    expect(parseTriState(' a , ')).toEqual({
      include: ['a'],
      exclude: [],
      includeGlobs: [],
      excludeGlobs: [],
    });
  });

  it('decodes each item after the split when asked', () => {
    expect(parseTriState('a%2Cb,!c%20d', true)).toEqual({
      include: ['a,b'],
      exclude: ['c d'],
      includeGlobs: [],
      excludeGlobs: [],
    });
    expect(parseTriState('a%2Cb')?.include).toEqual(['a%2Cb']);
    expect(parseTriState('100%', true)?.include).toEqual(['100%']);
  });
});

describe('globToLike', () => {
  it('turns stars into % and keeps LIKE metacharacters literal', () => {
    expect(globToLike('*api*')).toBe('%api%');
    expect(globToLike('kube_*')).toBe('kube\\_%');
    expect(globToLike('100%*')).toBe('100\\%%');
  });
});

describe('parseLabelSelector', () => {
  it('reads every requirement form', () => {
    expect(
      value(
        parseLabelSelector(
          'app=web, tier!=db,env in (prod, staging),zone notin (a),team,!gone,x==y',
        ),
      ),
    ).toEqual([
      { key: 'app', op: 'eq', value: 'web' },
      { key: 'tier', op: 'neq', value: 'db' },
      { key: 'env', op: 'in', values: ['prod', 'staging'] },
      { key: 'zone', op: 'notin', values: ['a'] },
      { key: 'team', op: 'exists' },
      { key: 'gone', op: 'absent' },
      { key: 'x', op: 'eq', value: 'y' },
    ]);
  });

  it('accepts prefixed keys and an empty value', () => {
    expect(value(parseLabelSelector('app.kubernetes.io/name=api,empty='))).toEqual([
      { key: 'app.kubernetes.io/name', op: 'eq', value: 'api' },
      { key: 'empty', op: 'eq', value: '' },
    ]);
  });

  it.each([
    ['env in (prod', 'unbalanced parentheses'],
    ['env in ()', 'invalid values'],
    ['=value', 'invalid'],
    ['a=b=c', 'invalid value'],
    ['env in ((a))', 'unbalanced parentheses'],
    ['has space', 'invalid requirement'],
  ])('refuses %j', (text, message) => {
    expect(error(parseLabelSelector(text))).toContain(message);
  });
});

describe('parseSummaryRequest (CAT-02)', () => {
  it('has the backend defaults for an empty body', () => {
    for (const body of [undefined, null, '', {}]) {
      expect(summary(body)).toEqual({
        groupBy: ['type'],
        deleted: false,
        filter: [],
        health: null,
        status: null,
        changesSinceMs: 30 * DAY,
        analysisSinceMs: null,
        cost: null,
      });
    }
  });

  it('reads the body the console sends', () => {
    const parsed = summary({
      groupBy: ['namespace'],
      deleted: true,
      filter: { app: 'web', team: '!payments' },
      health: 'healthy,!unknown',
      status: 'Running',
      changes: { since: '7d' },
      analysis: { since: '30d' },
      cost: '30d',
      tags: ['cluster'],
    });
    expect(parsed.groupBy).toEqual(['namespace', 'cluster']);
    expect(parsed.deleted).toBe(true);
    expect(parsed.filter).toEqual([
      { key: 'app', match: { include: ['web'], exclude: [], includeGlobs: [], excludeGlobs: [] } },
      {
        key: 'team',
        match: { include: [], exclude: ['payments'], includeGlobs: [], excludeGlobs: [] },
      },
    ]);
    expect(parsed.health).toEqual({
      include: ['healthy'],
      exclude: ['unknown'],
      includeGlobs: [],
      excludeGlobs: [],
    });
    expect(parsed.status?.include).toEqual(['Running']);
    expect(parsed.changesSinceMs).toBe(7 * DAY);
    expect(parsed.analysisSinceMs).toBe(30 * DAY);
    expect(parsed.cost).toBe('30d');
  });

  it('defaults an empty groupBy to type and drops duplicates', () => {
    expect(summary({ groupBy: [] }).groupBy).toEqual(['type']);
    expect(summary({ groupBy: ['type', 'type'], tags: ['type'] }).groupBy).toEqual(['type']);
  });

  it.each(['1h', '1d', '7d', '30d'])('accepts cost %s', (cost) => {
    expect(summary({ cost }).cost).toBe(cost);
  });

  it('treats an empty cost and empty since as not given', () => {
    const parsed = summary({ cost: '', changes: { since: '' }, analysis: {} });
    expect(parsed.cost).toBeNull();
    expect(parsed.changesSinceMs).toBe(30 * DAY);
    expect(parsed.analysisSinceMs).toBeNull();
  });

  it.each([
    [[], 'the request body must be a JSON object'],
    ['text', 'the request body must be a JSON object'],
    [42, 'the request body must be a JSON object'],
    [{ groupBy: 'type' }, 'groupBy must be an array of strings'],
    [{ groupBy: ['type', 3] }, 'groupBy must be an array of strings'],
    [{ groupBy: [' '] }, 'groupBy must be an array of strings'],
    [{ tags: 'cluster' }, 'tags must be an array of strings'],
    [{ deleted: 'yes' }, 'deleted must be a boolean'],
    [{ filter: ['a'] }, 'filter must be an object'],
    [{ filter: { app: 1 } }, 'filter.app must be a string'],
    [{ health: ['healthy'] }, 'health must be a string'],
    [{ status: 1 }, 'status must be a string'],
    [{ changes: '30d' }, 'changes must be an object'],
    [{ changes: { since: 30 } }, 'changes.since must be a string'],
    [{ changes: { since: 'a month' } }, 'changes.since: invalid duration "a month"'],
    [{ analysis: { since: 'x' } }, 'analysis.since: invalid duration "x"'],
    [{ cost: '2d' }, 'cost must be one of 1h, 1d, 7d, 30d'],
    [{ cost: 30 }, 'cost must be a string'],
  ])('refuses %j', (body, message) => {
    expect(error(parseSummaryRequest(body))).toBe(message);
  });
});

describe('parseChangesRequest (CAT-19)', () => {
  it('has the backend defaults for an empty body', () => {
    expect(changes({})).toEqual({
      ids: [],
      selector: null,
      recursive: 'downstream',
      depth: 5,
      soft: false,
      includeDeletedConfigs: false,
      configType: null,
      changeType: null,
      severity: null,
      createdBy: null,
      summary: null,
      source: null,
      tags: [],
      agentId: null,
      from: new Date(NOW.getTime() - 2 * DAY),
      to: null,
      fromInsertedAt: null,
      toInsertedAt: null,
      page: 1,
      pageSize: 50,
      sortBy: 'created_at',
      sortDesc: true,
    });
  });

  it('reads the body of a config tab', () => {
    const parsed = changes({
      id: CONFIG_ID.toUpperCase(),
      config_type: 'Kubernetes::Pod,!Kubernetes::Node',
      type: 'diff,!BackOff',
      created_by: 'kubelet',
      summary: 'Back-off%20restarting*',
      source: 'Kubernetes',
      from: 'now-7d',
      to: 'now',
      severity: 'medium',
      page: 2,
      page_size: 20,
      sort_by: 'name',
      tags: 'namespace=payments',
      recursive: 'all',
      depth: 3,
      include_deleted_configs: true,
    });
    expect(parsed.ids).toEqual([CONFIG_ID]);
    expect(parsed.recursive).toBe('all');
    expect(parsed.depth).toBe(3);
    expect(parsed.includeDeletedConfigs).toBe(true);
    expect(parsed.configType?.include).toEqual(['Kubernetes::Pod']);
    expect(parsed.configType?.exclude).toEqual(['Kubernetes::Node']);
    expect(parsed.changeType?.exclude).toEqual(['BackOff']);
    expect(parsed.createdBy?.include).toEqual(['kubelet']);
    expect(parsed.summary?.includeGlobs).toEqual(['Back-off restarting*']);
    expect(parsed.severity?.include).toEqual(['critical', 'high', 'medium']);
    expect(parsed.from).toEqual(new Date(NOW.getTime() - 7 * DAY));
    expect(parsed.to).toEqual(NOW);
    expect(parsed.page).toBe(2);
    expect(parsed.pageSize).toBe(20);
    expect(parsed).toMatchObject({ sortBy: 'name', sortDesc: false });
    expect(parsed.tags).toEqual([{ key: 'namespace', op: 'eq', value: 'payments' }]);
  });

  it('reads ISO times and leaves `from` open when only `to` is given', () => {
    const parsed = changes({ to: '2026-03-01T00:00:00Z' });
    expect(parsed.from).toBeNull();
    expect(parsed.to).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(changes({ from: '2026-03-01T10:30:00.000Z' }).from).toEqual(
      new Date('2026-03-01T10:30:00Z'),
    );
  });

  it('reads severity exclusions as they are', () => {
    expect(changes({ severity: '!info,!low' }).severity?.exclude).toEqual(['info', 'low']);
    expect(changes({ severity: 'info' }).severity?.include).toEqual([
      'critical',
      'high',
      'medium',
      'low',
      'info',
    ]);
  });

  it('reads several ids, `local` as the local agent, and the backend-only keys', () => {
    const other = '0b5a3b8e-2f0d-4bb2-9d5e-1a0c9b7f2e11';
    const parsed = changes({
      id: `${CONFIG_ID},${other}`,
      agent_id: 'local',
      from_inserted_at: 'now-1d',
      to_inserted_at: 'now',
      soft: true,
    });
    expect(parsed.ids).toEqual([CONFIG_ID, other]);
    expect(parsed.agentId).toBe('00000000-0000-0000-0000-000000000000');
    expect(parsed.fromInsertedAt).toEqual(new Date(NOW.getTime() - DAY));
    expect(parsed.toInsertedAt).toEqual(NOW);
    expect(parsed.soft).toBe(true);
  });

  it('reads an id that is not a list of config ids as a selector of configs', () => {
    const parsed = changes({ id: 'labels.owner=Payments,Platform' });
    expect(parsed.ids).toEqual([]);
    expect(parsed.selector).toEqual({
      now: NOW,
      ast: {
        terms: [
          {
            kind: 'field',
            key: 'labels',
            path: 'owner',
            op: '=',
            values: [
              { text: 'Payments', negated: false },
              { text: 'Platform', negated: false },
            ],
          },
        ],
      },
    });
    expect(changes({ id: CONFIG_ID }).selector).toBeNull();
  });

  it('ignores unknown recursive, sort_by and severity values when lenient', () => {
    const parsed = changes({ lenient: true, recursive: 'sideways', sort_by: 'foo', severity: 'x' });
    expect(parsed).toMatchObject({ recursive: 'downstream', sortBy: 'created_at', severity: null });
  });

  it.each([
    [[], 'the request body must be a JSON object'],
    ['page=1', 'the request body must be a JSON object'],
    [{ id: 'name=' }, 'id: expected a value after "name=" (at column 6)'],
    [{ id: 'colour=red' }, 'id: "colour" is not a field of configs'],
    [{ id: 5 }, 'id must be a string'],
    [{ recursive: 'sideways' }, 'recursive must be one of upstream, downstream, none, all'],
    [{ depth: 0 }, 'depth must be a positive integer'],
    [{ depth: '5' }, 'depth must be a positive integer'],
    [{ page: 0 }, 'page must be a positive integer'],
    [{ page: 1.5 }, 'page must be a positive integer'],
    [{ page_size: -1 }, 'page_size must be a positive integer'],
    [{ page_size: '50' }, 'page_size must be a positive integer'],
    [{ include_deleted_configs: 'false' }, 'include_deleted_configs must be a boolean'],
    [{ sort_by: 'foo' }, 'sort_by: unknown column "foo"'],
    [{ sort_by: '-id' }, 'sort_by: unknown column "id"'],
    [{ from: 'xyz' }, 'from: invalid time "xyz"'],
    [{ to: 'now-' }, 'to: invalid time "now-"'],
    [{ from: 'now', to: 'now-1d' }, 'from must be before to'],
    [{ from_inserted_at: 'later' }, 'from_inserted_at: invalid time "later"'],
    [
      { from_inserted_at: 'now', to_inserted_at: 'now-1h' },
      'from_inserted_at must be before to_inserted_at',
    ],
    [{ severity: 'urgent' }, 'severity: unknown severity "urgent"'],
    [{ tags: 'env in (prod' }, 'tags: unbalanced parentheses'],
    [{ tags: 5 }, 'tags must be a string'],
    [{ type: ['diff'] }, 'type must be a string'],
    [{ agent_id: 'mine' }, 'agent_id must be an agent id (uuid) or "local"'],
  ])('refuses %j', (body, message) => {
    expect(error(parseChangesRequest(body, NOW))).toContain(message);
  });
});

describe('changesFieldsOfQuery', () => {
  it('reads numbers and booleans of the deprecated GET and keeps the first of repeated keys', () => {
    expect(
      changesFieldsOfQuery({
        page: '2',
        page_size: '10',
        depth: 'x',
        include_deleted_configs: 'true',
        soft: 'false',
        type: ['diff', 'BackOff'],
        sort_by: '-count',
      }),
    ).toEqual({
      page: 2,
      page_size: 10,
      depth: 'x',
      include_deleted_configs: true,
      soft: false,
      type: 'diff',
      sort_by: '-count',
    });
  });

  it('feeds the same validation as the body', () => {
    expect(error(parseChangesRequest(changesFieldsOfQuery({ page_size: 'ten' }), NOW))).toBe(
      'page_size must be a positive integer',
    );
    expect(changes(changesFieldsOfQuery({ page_size: '10' })).pageSize).toBe(10);
  });
});
