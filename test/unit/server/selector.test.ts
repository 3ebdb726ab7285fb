import fc from 'fast-check';
import { compileSelector, SEARCH_MODELS } from '../../../server/demo/search/compile';
import { selectorOf } from '../../../server/demo/search/query';
import type {
  SelectorAst,
  SelectorOp,
  SelectorTerm,
  SelectorValue,
} from '../../../server/demo/search/selector';
import { parseSelector, printSelector } from '../../../server/demo/search/selector';

function terms(text: string): SelectorTerm[] {
  const parsed = parseSelector(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value.terms;
}

function errorOf(text: string): string {
  const parsed = parseSelector(text);
  if (parsed.ok) throw new Error(`"${text}" parsed`);
  return parsed.error;
}

const value = (text: string, negated = false): SelectorValue => ({ text, negated });

describe('parseSelector', () => {
  it('reads fields with =, != and lists of values, keys in lower case', () => {
    expect(terms('Type=Kubernetes::Pod health!=healthy status=a,b')).toEqual([
      { kind: 'field', key: 'type', path: null, op: '=', values: [value('Kubernetes::Pod')] },
      { kind: 'field', key: 'health', path: null, op: '!=', values: [value('healthy')] },
      { kind: 'field', key: 'status', path: null, op: '=', values: [value('a'), value('b')] },
    ]);
  });

  it('reads negated values and globs as written', () => {
    expect(terms('namespace=!kube-*,default name=*api*')).toEqual([
      {
        kind: 'field',
        key: 'namespace',
        path: null,
        op: '=',
        values: [value('kube-*', true), value('default')],
      },
      { kind: 'field', key: 'name', path: null, op: '=', values: [value('*api*')] },
    ]);
  });

  it('reads map keys, quoted keys and their presence', () => {
    expect(
      terms('tags.cluster=prod labels."topic/mc"=x labels.app.kubernetes.io/name=web'),
    ).toEqual([
      { kind: 'field', key: 'tags', path: 'cluster', op: '=', values: [value('prod')] },
      { kind: 'field', key: 'labels', path: 'topic/mc', op: '=', values: [value('x')] },
      {
        kind: 'field',
        key: 'labels',
        path: 'app.kubernetes.io/name',
        op: '=',
        values: [value('web')],
      },
    ]);
    expect(terms('tags.team !labels.owner')).toEqual([
      { kind: 'exists', key: 'tags', path: 'team', negated: false },
      { kind: 'exists', key: 'labels', path: 'owner', negated: true },
    ]);
  });

  it('reads date comparisons', () => {
    expect(terms('created_at>now-24h updated<=2024-01-01')).toEqual([
      { kind: 'field', key: 'created_at', path: null, op: '>', values: [value('now-24h')] },
      { kind: 'field', key: 'updated', path: null, op: '<=', values: [value('2024-01-01')] },
    ]);
  });

  it('reads other words as name text, "-" excluding them and quotes keeping them whole', () => {
    expect(terms('api.example.com -test "a b=c" !old')).toEqual([
      { kind: 'text', text: 'api.example.com', negated: false },
      { kind: 'text', text: 'test', negated: true },
      { kind: 'text', text: 'a b=c', negated: false },
      { kind: 'text', text: 'old', negated: true },
    ]);
    expect(terms('  ')).toEqual([]);
  });

  it('reads escapes in quoted values', () => {
    expect(terms('summary="say \\"hi\\" \\\\ now"')).toEqual([
      { kind: 'field', key: 'summary', path: null, op: '=', values: [value('say "hi" \\ now')] },
    ]);
  });

  it('names the problem and its column', () => {
    expect(errorOf('type=')).toBe('expected a value after "type=" (at column 6)');
    expect(errorOf('type=a,')).toBe('expected a value in the list of "type" (at column 8)');
    expect(errorOf('name="open')).toBe('unterminated quote (at column 6)');
    expect(errorOf('=x')).toBe('unexpected "=": expected a key before it (at column 1)');
    expect(errorOf('tags.=x')).toBe('expected a key after "tags." (at column 6)');
    expect(errorOf('health!=!ok')).toBe('"!" cannot negate a value of "health!=" (at column 9)');
    expect(errorOf('created>a,b')).toBe('"created>" takes a single value (at column 12)');
    expect(errorOf('!name=x')).toBe('"!" before "name=": negate the value instead (at column 1)');
    expect(errorOf('name="a"b')).toBe('unexpected "b" after the value of "name" (at column 9)');
  });
});

// Generated selectors: keys of every form, values and text with the characters the grammar
// gives a meaning to, so that printing must quote them.
const tricky = fc.string({
  unit: fc.constantFrom(...'aZ09 _-.*!=<>,"\\()|:/@é'.split('')),
  maxLength: 8,
});
const nonEmpty = tricky.filter((text) => text.length > 0);
const plainKey = fc.constantFrom('name', 'type', 'namespace', 'agent', 'health', 'status', 'x_1');
const valueArb = fc.record({ text: tricky, negated: fc.boolean() });

const fieldArb: fc.Arbitrary<SelectorTerm> = fc
  .record({
    map: fc.option(fc.constantFrom('tags', 'labels'), { nil: null }),
    key: plainKey,
    path: nonEmpty,
    op: fc.constantFrom<SelectorOp>('=', '!=', '>', '<', '>=', '<='),
    values: fc.array(valueArb, { minLength: 1, maxLength: 3 }),
  })
  .map(({ map, key, path, op, values }) => {
    const single = op !== '=' && op !== '!=';
    const list = single ? values.slice(0, 1) : values;
    return {
      kind: 'field' as const,
      key: map ?? key,
      path: map === null ? null : path,
      op,
      values: list.map((v) => ({ text: v.text, negated: op === '=' ? v.negated : false })),
    };
  });

const conditionArb: fc.Arbitrary<SelectorTerm> = fc.oneof(
  fieldArb,
  fc.record({
    kind: fc.constant('exists' as const),
    key: fc.constantFrom('tags', 'labels'),
    path: nonEmpty,
    negated: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('text' as const), text: tricky, negated: fc.boolean() }),
);

/** Terms with groups (never empty), nested up to three deep. */
const { term: termArb } = fc.letrec<{ term: SelectorTerm; group: SelectorTerm }>((tie) => ({
  term: fc.oneof({ depthSize: 'small', maxDepth: 3 }, conditionArb, tie('group')),
  group: fc.record({
    kind: fc.constant('group' as const),
    terms: fc.array(tie('term'), { minLength: 1, maxLength: 3 }),
  }),
}));

describe('groups and "|"', () => {
  const text = (t: string): SelectorTerm => ({ kind: 'text', text: t, negated: false });
  const field = (key: string, v: string): SelectorTerm => ({
    kind: 'field',
    key,
    path: null,
    op: '=',
    values: [value(v)],
  });

  it('reads groups, nested, as the backend grammar does: a term ends at a parenthesis', () => {
    expect(terms('(type=pod health=ok) a((b) "c d")')).toEqual([
      { kind: 'group', terms: [field('type', 'pod'), field('health', 'ok')] },
      text('a'),
      {
        kind: 'group',
        terms: [{ kind: 'group', terms: [text('b')] }, text('c d')],
      },
    ]);
    expect(terms('name=x(1)')).toEqual([field('name', 'x'), { kind: 'group', terms: [text('1')] }]);
    expect(terms('name="x(1)" -")"')).toEqual([
      field('name', 'x(1)'),
      { kind: 'text', text: ')', negated: true },
    ]);
  });

  it('names unbalanced parentheses, an empty group and a negated group with their column', () => {
    expect(errorOf('(type=pod')).toBe('unbalanced "(": no ")" closes it (at column 1)');
    expect(errorOf('a ((b) c')).toBe('unbalanced "(": no ")" closes it (at column 3)');
    expect(errorOf('a b)')).toBe('unbalanced ")": no "(" opens it (at column 4)');
    expect(errorOf('(a))')).toBe('unbalanced ")": no "(" opens it (at column 4)');
    expect(errorOf('a ( )')).toBe('empty group: expected a term in "( )" (at column 3)');
    expect(errorOf('-(a b)')).toBe(
      '"-" cannot negate a group: negate its terms instead (at column 1)',
    );
    expect(errorOf('(type=)')).toBe('expected a value after "type=" (at column 7)');
  });

  it('refuses "|" wherever it is, saying the backend applies both sides, with its column', () => {
    const refusal =
      '"|" is not supported: Mission Control reads it but applies both sides (AND), not either; ' +
      'list the values (key=a,b) or write one selector per alternative';
    expect(errorOf('type=a | type=b')).toBe(`${refusal} (at column 8)`);
    expect(errorOf('(a|b) c')).toBe(`${refusal} (at column 3)`);
    expect(errorOf('a |')).toBe(`${refusal} (at column 3)`);
    expect(errorOf('| a')).toBe(`${refusal} (at column 1)`);
    expect(terms('"a|b" name="x | y"')).toEqual([text('a|b'), field('name', 'x | y')]);
  });
});

describe('printSelector', () => {
  it('prints what parses back to the same terms', () => {
    fc.assert(
      fc.property(fc.array(termArb, { maxLength: 5 }), (generated) => {
        const ast: SelectorAst = { terms: generated };
        const printed = printSelector(ast);
        const parsed = parseSelector(printed);
        expect(parsed).toEqual({ ok: true, value: ast });
      }),
      { seed: 43, numRuns: 2000 },
    );
  });

  it('prints plain selectors as written', () => {
    for (const text of [
      'type=Kubernetes::Pod tags.cluster=prod,!dev',
      '-api !tags.team',
      '(type=pod (health=ok -api)) "a|b"',
    ]) {
      const parsed = parseSelector(text);
      expect(parsed.ok && printSelector(parsed.value)).toBe(text);
    }
  });
});

describe('compileSelector', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  function compile(kind: keyof typeof SEARCH_MODELS, text: string) {
    const params: unknown[] = [];
    const add = (v: unknown, cast = '') => `$${params.push(v)}${cast}`;
    const parsed = selectorOf({ search: text });
    if (!parsed.ok) throw new Error(parsed.error);
    return { compiled: compileSelector(SEARCH_MODELS[kind], parsed.value, add, now), params };
  }

  it('matches text case-insensitively, free text anywhere in the name', () => {
    const { compiled, params } = compile('configs', 'Web name=API*');
    expect(compiled).toEqual({
      ok: true,
      value: {
        where: ['lower(t.name) LIKE $1', 'lower(t.name) LIKE $2'],
        limit: null,
        order: null,
      },
    });
    expect(params).toEqual(['%web%', 'api%']);
  });

  it('matches a config type in the list of types, by its end or as a glob', () => {
    const { compiled, params } = compile('configs', 'type=Pod,Kubernetes::*');
    const among = (n: number) =>
      `t.type = ANY(ARRAY(SELECT k.type FROM (SELECT type FROM config_types) k(type) WHERE lower(k.type) LIKE $${n}))`;
    expect(compiled.ok && compiled.value.where).toEqual([`(${among(1)} OR ${among(2)})`]);
    expect(params).toEqual(['%pod', 'kubernetes::%']);
    const checks = compile('checks', 'type=HTTP');
    expect(checks.compiled.ok && checks.compiled.value.where).toEqual(['lower(t.type) LIKE $1']);
    expect(checks.params).toEqual(['%http']);
  });

  it('evaluates date math against now', () => {
    const { compiled, params } = compile('configs', 'created_at>now-24h');
    expect(compiled.ok && compiled.value.where).toEqual(['t.created_at > $1::timestamptz']);
    expect(params).toEqual(['2026-01-01T00:00:00.000Z']);
  });

  it("compiles a group's terms as conditions that all apply, as the others", () => {
    const { compiled, params } = compile('configs', '(web (health=ok)) name!=x');
    expect(compiled.ok && compiled.value.where).toEqual([
      'lower(t.name) LIKE $1',
      'lower(t.health) = $2',
      'coalesce(NOT lower(t.name) = $3, true)',
    ]);
    expect(params).toEqual(['%web%', 'ok', 'x']);
    expect(compile('playbooks', 'a (b tags.x=1)').compiled).toMatchObject({
      error: '"tags" is not a field of playbooks',
    });
  });

  it('reads limit and sort', () => {
    const { compiled } = compile('checks', 'limit=5 sort=-updated_at');
    expect(compiled).toEqual({
      ok: true,
      value: { where: [], limit: 5, order: 't.updated_at DESC NULLS LAST' },
    });
  });

  it('names a key the kind does not have, and the kind', () => {
    expect(compile('playbooks', 'tags.team=x').compiled).toEqual({
      ok: false,
      error: '"tags" is not a field of playbooks',
      unknownKey: true,
    });
    expect(compile('connections', 'health=ok').compiled).toMatchObject({
      error: '"health" is not a field of connections',
    });
    for (const key of ['constructor', '__proto__', 'toString']) {
      expect(compile('configs', `${key}=x`).compiled).toMatchObject({ unknownKey: true });
      expect(compile('playbooks', `${key}.x=1`).compiled).toMatchObject({ unknownKey: true });
    }
    expect(compile('configs', 'sort=constructor').compiled).toMatchObject({
      error: 'sort: "constructor" is not a field of configs',
    });
  });

  it('refuses values that cannot apply', () => {
    const cases: Array<[string, string]> = [
      ['created_at>yesterday', 'created_at: invalid date math "yesterday"'],
      ['created_at=now', 'created_at takes >, <, >= or <= and a date'],
      ['name>a', '">" applies to dates, not to name'],
      ['limit=0', 'limit must be a positive number'],
      ['sort=colour', 'sort: "colour" is not a field of configs'],
    ];
    for (const [text, error] of cases) {
      const { compiled } = compile('configs', text);
      expect(compiled.ok).toBe(false);
      if (!compiled.ok) {
        expect(compiled.error.startsWith(error)).toBe(true);
        expect(compiled.unknownKey).toBe(false);
      }
    }
  });

  it('reads label and field selectors as terms', () => {
    expect(selectorOf({ labelSelector: 'team in (a,b),!gone', fieldSelector: 'type!=x' })).toEqual({
      ok: true,
      value: {
        terms: [
          { kind: 'field', key: 'labels', path: 'team', op: '=', values: [value('a'), value('b')] },
          { kind: 'exists', key: 'labels', path: 'gone', negated: true },
          { kind: 'field', key: 'type', path: null, op: '!=', values: [value('x')] },
        ],
      },
    });
    expect(selectorOf({ search: 'a=' })).toEqual({
      ok: false,
      error: 'search: expected a value after "a=" (at column 3)',
    });
  });
});
