import { PostgrestError } from '../../../server/demo/postgrest/errors';
import type { LogicNode } from '../../../server/demo/postgrest/parser/ast';
import { parseOperatorExpression } from '../../../server/demo/postgrest/parser/filter';
import { parseLogicTree } from '../../../server/demo/postgrest/parser/logic';
import { parseOrder } from '../../../server/demo/postgrest/parser/order';
import { parseQuery } from '../../../server/demo/postgrest/parser/query';
import { SyntaxFailure } from '../../../server/demo/postgrest/parser/scanner';
import { parseSelect } from '../../../server/demo/postgrest/parser/select';
import { expectAnswers } from '../../support/answers';

const col = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'column',
  alias: null,
  field: { name, path: [] },
  cast: null,
  ...extra,
});
const embed = (name: string, items: unknown[], extra: Record<string, unknown> = {}) => ({
  kind: 'embed',
  alias: null,
  name,
  hint: null,
  joinType: null,
  items,
  cast: null,
  ...extra,
});
const star = { kind: 'star' };

describe('select grammar', () => {
  it('reads plain column lists', () => {
    expect(parseSelect('id,name,config_class,type')).toEqual([
      col('id'),
      col('name'),
      col('config_class'),
      col('type'),
    ]);
  });

  it('reads star, FK-column embeds and spaces after commas', () => {
    expect(parseSelect('*,created_by(id,name, avatar,email)')).toEqual([
      star,
      embed('created_by', [col('id'), col('name'), col('avatar'), col('email')]),
    ]);
  });

  it('reads aliases of relations and of FK columns', () => {
    expect(parseSelect('*,person:person_id(id),createdBy:created_by(*)')).toEqual([
      star,
      embed('person_id', [col('id')], { alias: 'person' }),
      embed('created_by', [star], { alias: 'createdBy' }),
    ]);
  });

  it('separates constraint hints from !inner, in either order', () => {
    expect(
      parseSelect('canaries!checks_canary_id_fkey(id),x:configs!inner!fk(id),y!left(id)'),
    ).toEqual([
      embed('canaries', [col('id')], { hint: 'checks_canary_id_fkey' }),
      embed('configs', [col('id')], { alias: 'x', hint: 'fk', joinType: 'inner' }),
      embed('y', [col('id')], { joinType: 'left' }),
    ]);
  });

  it('nests embeds and keeps repeated columns', () => {
    expect(
      parseSelect('id,comments(id,*,created_by(id,id,name),responder_id(*,team_id(*)))'),
    ).toEqual([
      col('id'),
      embed('comments', [
        col('id'),
        star,
        embed('created_by', [col('id'), col('id'), col('name')]),
        embed('responder_id', [star, embed('team_id', [star])]),
      ]),
    ]);
  });

  it('reads casts on columns and on embeds, and JSON paths', () => {
    expect(
      parseSelect('*,artifacts:artifacts(*)::jsonb,size::text,labels->>app,x:spec->a->0'),
    ).toEqual([
      star,
      embed('artifacts', [star], { alias: 'artifacts', cast: 'jsonb' }),
      col('size', { cast: 'text' }),
      col('labels', {
        field: { name: 'labels', path: [{ arrow: '->>', key: 'app', index: false }] },
      }),
      col('spec', {
        alias: 'x',
        field: {
          name: 'spec',
          path: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->', key: '0', index: true },
          ],
        },
      }),
    ]);
  });

  it('reads empty embeds (filter-only) and quoted names', () => {
    expect(parseSelect('id,"odd name",teams!inner()')).toEqual([
      col('id'),
      col('odd name'),
      embed('teams', [], { joinType: 'inner' }),
    ]);
  });

  it.each([
    ['id,', 'trailing comma'],
    ['id,,name', 'empty item'],
    ['created_by(id', 'unclosed embed'],
    ['created_by(id)),name', 'unmatched parenthesis followed by more columns'],
    ['id)name', 'unmatched parenthesis inside the list'],
    [')', 'nothing but a closing parenthesis'],
    ['created_by(id)) x', 'text after the unmatched parenthesis'],
    ['a!b!c!d(id)', 'two hints'],
    ['...spread(id)', 'spread'],
    ['id;drop table x', 'semicolon'],
    ['count()', 'aggregate as embed is fine syntactically'],
  ])('rejects or accepts %s (%s)', (text, why) => {
    if (why.startsWith('aggregate')) {
      expect(parseSelect(text)).toEqual([embed('count', [])]);
    } else {
      expect(() => parseSelect(text)).toThrow(SyntaxFailure);
    }
  });

  it('ignores closing parentheses left over at the end of the list, as PostgREST does', () => {
    expect(parseSelect('id,created_by(id))')).toEqual([
      col('id'),
      embed('created_by', [col('id')]),
    ]);
    expect(parseSelect('*,comment:comments(id,comment),created_by(id,name)) ) ')).toEqual([
      star,
      embed('comments', [col('id'), col('comment')], { alias: 'comment' }),
      embed('created_by', [col('id'), col('name')]),
    ]);
  });

  it('refuses embeds nested deeper than the limit', () => {
    const deep = `${'a('.repeat(30)}id${')'.repeat(30)}`;
    expect(() => parseSelect(deep)).toThrow(/nested too deeply/);
  });
});

describe('filter values', () => {
  it('reads operators and values, with not.', () => {
    expect(parseOperatorExpression('eq.5')).toEqual({
      negate: false,
      operator: 'eq',
      operand: { kind: 'scalar', value: '5' },
    });
    expect(parseOperatorExpression('not.is.null')).toEqual({
      negate: true,
      operator: 'is',
      operand: { kind: 'is', value: 'null' },
    });
    expect(parseOperatorExpression('not.eq.')).toEqual({
      negate: true,
      operator: 'eq',
      operand: { kind: 'scalar', value: '' },
    });
    expect(parseOperatorExpression('gt.2024-01-01T00:00:00.000Z').operand).toEqual({
      kind: 'scalar',
      value: '2024-01-01T00:00:00.000Z',
    });
  });

  it('turns * into % for like and ilike only', () => {
    expect(parseOperatorExpression('ilike.*api*').operand).toEqual({
      kind: 'scalar',
      value: '%api%',
    });
    expect(parseOperatorExpression('like.pod*').operand).toEqual({ kind: 'scalar', value: 'pod%' });
    expect(parseOperatorExpression('eq.*x*').operand).toEqual({ kind: 'scalar', value: '*x*' });
  });

  it('reads in lists, quoted values keeping commas, parentheses and escaped quotes', () => {
    expect(parseOperatorExpression('in.(a,b, c)').operand).toEqual({
      kind: 'list',
      values: ['a', 'b', 'c'],
    });
    expect(parseOperatorExpression('in.("a,b","c)d","e\\"f")').operand).toEqual({
      kind: 'list',
      values: ['a,b', 'c)d', 'e"f'],
    });
    expect(parseOperatorExpression('not.in.()').operand).toEqual({ kind: 'list', values: [] });
  });

  it('reads is values case-insensitively and cs literals as they are', () => {
    for (const value of ['null', 'true', 'false', 'unknown', 'NULL']) {
      expect(parseOperatorExpression(`is.${value}`).operand).toEqual({
        kind: 'is',
        value: value.toLowerCase(),
      });
    }
    expect(parseOperatorExpression('cs.{admin,editor}').operand).toEqual({
      kind: 'scalar',
      value: '{admin,editor}',
    });
    expect(parseOperatorExpression('cs.{"k":"v"}').operand).toEqual({
      kind: 'scalar',
      value: '{"k":"v"}',
    });
  });

  it.each([
    'eq',
    'equals.5',
    'is.maybe',
    'in.a,b',
    'in.(a',
    'in.(a)x',
    'fts.word',
    'not.not.eq.1',
    '',
  ])('rejects %j', (text) => {
    expect(() => parseOperatorExpression(text)).toThrow(SyntaxFailure);
  });
});

describe('logic trees', () => {
  const logic = (operator: string, negate: boolean, children: unknown[]) => ({
    kind: 'logic',
    operator,
    negate,
    children,
  });
  const filter = (
    name: string,
    operator: string,
    operand: unknown,
    negate = false,
    path: unknown[] = [],
  ) => ({
    kind: 'filter',
    filter: { field: { name, path }, negate, operator, operand },
  });

  it('reads or with filters', () => {
    expect(parseLogicTree('or', false, '(related_id.eq.abc,config_id.eq.abc)')).toEqual(
      logic('or', false, [
        filter('related_id', 'eq', { kind: 'scalar', value: 'abc' }),
        filter('config_id', 'eq', { kind: 'scalar', value: 'abc' }),
      ]),
    );
  });

  it('reads and nested in or, JSON paths, ilike and not', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(and(start_time.gte.2024-01-01,start_time.lte.2024-02-01),and(labels->>env.eq.prod,labels->>app.neq.web),name.not.ilike.*api*)',
    );
    const [first, second, third] = tree.children as [LogicNode, LogicNode, unknown];
    expect(first.operator).toBe('and');
    expect(first.children).toEqual([
      filter('start_time', 'gte', { kind: 'scalar', value: '2024-01-01' }),
      filter('start_time', 'lte', { kind: 'scalar', value: '2024-02-01' }),
    ]);
    expect(second.children[1]).toEqual(
      filter('labels', 'neq', { kind: 'scalar', value: 'web' }, false, [
        { arrow: '->>', key: 'app', index: false },
      ]),
    );
    expect(third).toEqual(filter('name', 'ilike', { kind: 'scalar', value: '%api%' }, true));
  });

  it('reads quoted values, in lists, braces and negated subtrees', () => {
    const tree = parseLogicTree(
      'and',
      true,
      '(name.eq."a,b)",id.in.(1,"2,3"),roles.cs.{admin,editor},not.or(x.is.null,y.eq.))',
    );
    expect(tree.negate).toBe(true);
    expect(tree.children).toEqual([
      filter('name', 'eq', { kind: 'scalar', value: 'a,b)' }),
      filter('id', 'in', { kind: 'list', values: ['1', '2,3'] }),
      filter('roles', 'cs', { kind: 'scalar', value: '{admin,editor}' }),
      logic('or', true, [
        filter('x', 'is', { kind: 'is', value: 'null' }),
        filter('y', 'eq', { kind: 'scalar', value: '' }),
      ]),
    ]);
  });

  it('lets unquoted JSON keys take dots until an operator follows', () => {
    expect(
      parseLogicTree('or', false, '(labels->>app.kubernetes.io/name.eq.web,labels->>env.neq.a.b)')
        .children,
    ).toEqual([
      filter('labels', 'eq', { kind: 'scalar', value: 'web' }, false, [
        { arrow: '->>', key: 'app.kubernetes.io/name', index: false },
      ]),
      filter('labels', 'neq', { kind: 'scalar', value: 'a.b' }, false, [
        { arrow: '->>', key: 'env', index: false },
      ]),
    ]);
    expect(() => parseLogicTree('or', false, '(labels->>a.b.c)')).toThrow(SyntaxFailure);
    expect(() => parseLogicTree('or', false, '(name.kubernetes.eq.x)')).toThrow(SyntaxFailure);
  });

  it.each(['', '()', '(a.eq.1', 'a.eq.1', '(a.eq.1))', '(a.zz.1)', '(and())', '(a.eq.1,)', '(a)'])(
    'rejects %j',
    (text) => {
      expect(() => parseLogicTree('or', false, text)).toThrow(SyntaxFailure);
    },
  );

  it('accepts 60-deep nesting and refuses 200-deep nesting', () => {
    const nest = (depth: number) => `(${'and('.repeat(depth)}a.eq.1${')'.repeat(depth)})`;
    expect(() => parseLogicTree('or', false, nest(60))).not.toThrow();
    expect(() => parseLogicTree('or', false, nest(200))).toThrow(/nested too deeply/);
  });
});

describe('order', () => {
  it('reads directions, nulls and several columns', () => {
    expect(parseOrder('created_at.desc')).toEqual([
      { field: { name: 'created_at', path: [] }, direction: 'desc', nulls: null },
    ]);
    expect(parseOrder('ordinal.asc,title.asc')).toEqual([
      { field: { name: 'ordinal', path: [] }, direction: 'asc', nulls: null },
      { field: { name: 'title', path: [] }, direction: 'asc', nulls: null },
    ]);
    expect(parseOrder('type,name.asc')).toEqual([
      { field: { name: 'type', path: [] }, direction: null, nulls: null },
      { field: { name: 'name', path: [] }, direction: 'asc', nulls: null },
    ]);
    expect(parseOrder('cpu.desc.nullslast,labels->>app.nullsfirst')).toEqual([
      { field: { name: 'cpu', path: [] }, direction: 'desc', nulls: 'last' },
      {
        field: { name: 'labels', path: [{ arrow: '->>', key: 'app', index: false }] },
        direction: null,
        nulls: 'first',
      },
    ]);
    expect(parseOrder('')).toEqual([]);
  });

  it.each(['name.up', 'name.desc.asc', 'name.nullslast.desc', 'name,', 'rel(name).desc', 'a;b'])(
    'rejects %j',
    (text) => {
      expect(() => parseOrder(text)).toThrow(SyntaxFailure);
    },
  );
});

describe('query parameters', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('merges select parameters and keeps the last order, limit and offset', () => {
    const parsed = parseQuery(
      params(
        'select=id,name&select=agent:agents(id,name)&order=created_at.desc&limit=5&offset=10&order=name.asc&limit=50',
      ),
    );
    expect(parsed.select).toEqual([
      col('id'),
      col('name'),
      embed('agents', [col('id'), col('name')], { alias: 'agent' }),
    ]);
    expect([...parsed.order.values()]).toEqual([
      { path: [], terms: [{ field: { name: 'name', path: [] }, direction: 'asc', nulls: null }] },
    ]);
    expect(parsed.limit.get('')).toEqual({ path: [], value: 50 });
    expect(parsed.offset.get('')).toEqual({ path: [], value: 10 });
  });

  it('sorts filters, logic trees and embed paths', () => {
    const parsed = parseQuery(
      params(
        'id=eq.1&hypotheses.evidences.component_id=eq.c&configs.order=name&configs.limit=2&not.or=(a.eq.1)&hypotheses.and=(b.eq.2)&resource->>name=like.foo*',
      ),
    );
    expect(parsed.filters.map((f) => [f.path, f.filter.field.name, f.filter.operator])).toEqual([
      [[], 'id', 'eq'],
      [['hypotheses', 'evidences'], 'component_id', 'eq'],
      [[], 'resource', 'like'],
    ]);
    expect(parsed.filters[2]?.filter.field.path).toEqual([
      { arrow: '->>', key: 'name', index: false },
    ]);
    const dotted = parseQuery(params('hypotheses.labels->>app.kubernetes.io/name=eq.x'));
    expect(dotted.filters.map((f) => [f.path, f.filter.field])).toEqual([
      [
        ['hypotheses'],
        { name: 'labels', path: [{ arrow: '->>', key: 'app.kubernetes.io/name', index: false }] },
      ],
    ]);
    expect(parsed.order.get('configs')?.path).toEqual(['configs']);
    expect(parsed.limit.get('configs')?.value).toBe(2);
    expect(parsed.logic.map((l) => [l.path, l.tree.operator, l.tree.negate])).toEqual([
      [[], 'or', true],
      [['hypotheses'], 'and', false],
    ]);
  });

  it('answers PGRST100 for malformed parameters', () => {
    const codeOf = (query: string): string | null => {
      try {
        parseQuery(params(query));
        return null;
      } catch (error) {
        return error instanceof PostgrestError ? `${error.status} ${error.code}` : 'other';
      }
    };
    expectAnswers(codeOf, [
      ['select=id,', '400 PGRST100'],
      ['id=equals.1', '400 PGRST100'],
      ['id', '400 PGRST100'],
      ['limit=-1', '400 PGRST100'],
      ['limit=ten', '400 PGRST100'],
      ['offset=99999999999999999999', '400 PGRST100'],
      ['or=(a.eq.1', '400 PGRST100'],
      ['select(*,comments(id))', '400 PGRST100'],
    ]);
    expect(codeOf("name=eq.x'; drop table sentinel; --")).toBeNull();
  });
});
