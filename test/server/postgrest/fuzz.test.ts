import fc from 'fast-check';
import { FILTER_OPERATORS } from '../../../server/demo/postgrest/parser/ast';
import type { Method, TestBackend, TestResponse } from './support/app';
import { TEST_BACKENDS, startTestBackend } from './support/app';
import { C, P } from './support/ids';

/**
 * Random and hostile requests must never crash the engine, hang, leak a 5xx or a non-PostgREST
 * error body, or reach the `sentinel` table (hidden from the API, so only injected SQL could
 * touch it).
 */

let backend: TestBackend;
let sentinelBefore: unknown[];
const REQUEST_BUDGET_MS = 5_000;

const sentinelRows = async (): Promise<unknown[]> =>
  (await backend.db.query('SELECT id, secret FROM sentinel ORDER BY id')).rows;

const RELATIONS = [
  'people',
  'teams',
  'team_members',
  'configs',
  'config_items',
  'config_relationships',
  'checks',
  'canaries',
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'notifications_summary',
  'people_roles',
  'job_histories',
  'check_statuses',
  'rpc/related_configs_recursive',
  'rpc/count_configs',
  'rpc/config_type_names',
  'rpc/get_parents_by_location',
  'sentinel',
  'properties',
];
const COLUMNS = [
  'id',
  'name',
  'email',
  'roles',
  'labels',
  'tags',
  'created_at',
  'deleted_at',
  'created_by',
  'config_id',
  'related_id',
  'type',
  'status',
  'title',
  'secret',
  'events',
  'duration',
  'person_id',
  'team_id',
  'canary_id',
];
const EMBEDS = [
  'created_by',
  'person_id',
  'team_id',
  'configs',
  'config_items',
  'agents',
  'hypotheses',
  'evidences',
  'comments',
  'people',
  'teams',
  'canaries',
  'checks',
  'sentinel',
  'properties',
  'config_relationships',
];
/** Every operator the parser knows, and two it does not. */
const OPERATORS = [...FILTER_OPERATORS, 'fts', 'zz'];
const HOSTILE = [
  "'",
  '"',
  ';',
  '--',
  '/*',
  '*/',
  '\u0000',
  '\\',
  '$1',
  '$$',
  '(',
  ')',
  ',',
  '.',
  '::',
  '->>',
  '->',
  '!inner',
  '*',
  '{',
  '}',
  '[',
  ']',
  ':',
  'null',
  'true',
  "'; DELETE FROM sentinel; --",
  '"; DROP TABLE sentinel; --',
  "') OR 1=1 --",
  '1); UPDATE sentinel SET secret = $$x$$; --',
  '$$; TRUNCATE sentinel; $$',
  'pg_sleep(30)',
  '\u202eüñï©ødé',
  '😀',
  '\ud800',
  '%',
  '%00',
  '%ZZ',
  '+',
  '&',
  '=',
  P.alice,
  C.node,
  'now()',
  '2024-01-01T00:00:00Z',
  '-1',
  '99999999999999999999999',
];

const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom(...HOSTILE), { maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(20_000), '('.repeat(500), "'".repeat(300)) },
);
const name = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...COLUMNS) },
  { weight: 1, arbitrary: hostile },
);
const embedName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EMBEDS) },
  { weight: 1, arbitrary: hostile },
);

const selectTree: fc.Arbitrary<string> = fc.letrec<{ list: string; item: string }>((tie) => ({
  list: fc.array(tie('item'), { minLength: 0, maxLength: 4 }).map((items) => items.join(',')),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant('*'),
    name,
    fc.tuple(name, name).map(([alias, column]) => `${alias}:${column}`),
    fc
      .tuple(name, fc.constantFrom('->', '->>'), hostile)
      .map(([c, arrow, key]) => `${c}${arrow}${key}`),
    fc
      .tuple(name, fc.constantFrom('text', 'jsonb', 'int', 'money', 'regclass'))
      .map(([c, t]) => `${c}::${t}`),
    fc
      .tuple(
        fc.option(name, { nil: null }),
        embedName,
        fc.constantFrom('', '!inner', '!left', '!checks_canary_id_fkey', '!x!y'),
        tie('list'),
      )
      .map(
        ([alias, rel, hint, inner]) =>
          `${alias === null ? '' : `${alias}:`}${rel}${hint}(${inner})`,
      ),
    hostile,
  ),
})).list;

const filterValue = fc.oneof(
  fc
    .tuple(fc.boolean(), fc.constantFrom(...OPERATORS), hostile)
    .map(([not, op, v]) => `${not ? 'not.' : ''}${op}.${v}`),
  fc
    .tuple(fc.boolean(), fc.array(hostile, { maxLength: 4 }))
    .map(
      ([not, values]) =>
        `${not ? 'not.' : ''}in.(${values.map((v) => (v.includes(',') ? `"${v.replace(/"/g, '\\"')}"` : v)).join(',')})`,
    ),
  fc.constantFrom(
    'is.null',
    'not.is.null',
    'is.true',
    'is.unknown',
    'cs.{a,b}',
    'cs.{"k":"v"}',
    `eq.${P.alice}`,
  ),
  hostile,
);

const logicTree: fc.Arbitrary<string> = fc.letrec<{ tree: string; node: string }>((tie) => ({
  tree: fc
    .array(tie('node'), { minLength: 1, maxLength: 3 })
    .map((nodes) => `(${nodes.join(',')})`),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(name, filterValue).map(([c, v]) => `${c}.${v}`),
    fc
      .tuple(fc.constantFrom('and', 'or', 'not.and', 'not.or'), tie('tree'))
      .map(([op, t]) => `${op}${t}`),
    hostile,
  ),
})).tree;

const param: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constant('select'), selectTree),
  fc.tuple(
    fc.constantFrom('order', 'configs.order', 'hypotheses.order'),
    fc
      .tuple(name, fc.constantFrom('', '.asc', '.desc', '.desc.nullslast', '.up'))
      .map(([c, d]) => `${c}${d}`),
  ),
  fc.tuple(
    fc.constantFrom('limit', 'offset', 'hypotheses.limit'),
    fc.oneof(fc.nat().map(String), hostile),
  ),
  fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'hypotheses.or'), logicTree),
  fc.tuple(name, filterValue),
  fc.tuple(
    fc.tuple(embedName, name).map(([e, c]) => `${e}.${c}`),
    filterValue,
  ),
  fc.tuple(
    name.map((c) => `${c}.filter`),
    hostile,
  ),
  fc.tuple(
    fc.constantFrom('created_at.filter', 'deleted_at.filter'),
    fc.oneof(hostile, fc.constantFrom('now-1d', '>now-2h', '<now+5m', '=now/d')),
  ),
  fc.tuple(hostile, hostile),
  fc.tuple(
    fc.constantFrom(
      'config_id',
      'include_deleted_configs',
      'max_depth',
      'type_filter',
      'config_type',
      'columns',
      'on_conflict',
    ),
    hostile,
  ),
);

/** Replaces lone surrogates (which cannot be encoded) with U+FFFD. */
const wellFormed = (text: string): string =>
  text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu,
    '\ufffd',
  );

/** encodeURIComponent, except that lone surrogates go out as the (invalid) UTF-8 bytes of one. */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split(/([\ud800-\udfff])/u)
      .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
};

/** Encodes a parameter, or now and then sends it raw (with only what a URL cannot hold escaped). */
const encodeQuery = (params: Array<[string, string]>, raw: boolean[]): string =>
  params
    .map(([key, value], index) => {
      if (raw[index] === true) {
        const rawSafe = (text: string) =>
          text.replace(/[^\x21-\x7e]|[#&]/gu, (ch) => encode(ch).replace(/%25/g, '%'));
        return `${rawSafe(key)}=${rawSafe(value)}`;
      }
      return `${encode(key)}=${encode(value)}`;
    })
    .join('&');

const row = fc.dictionary(
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...COLUMNS) },
    { weight: 1, arbitrary: hostile },
  ),
  fc.oneof(
    hostile,
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(P.alice, 'now()', null, 1, true, ['a', 'b']),
  ),
  { maxKeys: 4 },
);
const requestBody = fc.oneof(
  fc.constant(undefined),
  row.map((value) => ({ json: value })),
  fc.array(row, { maxLength: 3 }).map((value) => ({ json: value })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ json: value })),
  hostile.map((text) => ({ raw: text })),
);

const METHODS: Method[] = [
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PATCH',
  'DELETE',
  'PUT',
  'OPTIONS',
];

interface Sent {
  method: Method;
  path: string;
  response: TestResponse;
  elapsedMs: number;
}

async function send(method: Method, path: string, bodyChoice: unknown): Promise<Sent> {
  const options: { rawBody?: string; headers: Record<string, string> } = {
    headers: { Prefer: 'return=representation,count=exact' },
  };
  if (method !== 'GET' && method !== 'HEAD' && bodyChoice !== undefined) {
    const choice = bodyChoice as { json?: unknown; raw?: string };
    options.rawBody =
      'raw' in choice ? (choice.raw ?? '') : (JSON.stringify(choice.json) ?? 'null');
    options.headers['content-type'] = 'application/json';
  }
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`no answer within ${REQUEST_BUDGET_MS} ms: ${method} ${path.slice(0, 300)}`),
        ),
      REQUEST_BUDGET_MS,
    );
  });
  const response = await Promise.race([backend.request(method, path, options), timeout]).finally(
    () => clearTimeout(timer),
  );
  return { method, path, response, elapsedMs: Date.now() - started };
}

/**
 * A hostile relation name, encoded for the path. `.` and `..` are dot segments, not names: the
 * URL is normalised before routing (`/api/db/..` is `/api/`), so no relation is asked for.
 */
const hostileRelation = hostile
  .map((text) => encodeURIComponent(wellFormed(text)))
  .filter((name) => name !== '.' && name !== '..');

const statuses = new Map<number, number>();

function checkAnswer({ method, path, response, elapsedMs }: Sent): void {
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const context = `${method} ${path.slice(0, 300)} -> ${response.status} ${response.text.slice(0, 300)}`;
  if (response.status >= 500) throw new Error(`server error: ${context}`);
  if (elapsedMs > REQUEST_BUDGET_MS) throw new Error(`too slow (${elapsedMs} ms): ${context}`);
  if (response.status >= 300 && response.status !== 304) {
    const body = response.body as Record<string, unknown> | undefined;
    if (method === 'HEAD') return;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new Error(`error body is not a JSON object: ${context}`);
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof body.code).toBe('string');
    expect(typeof body.message).toBe('string');
    return;
  }
  if (response.text !== '' && typeof response.body === 'string') {
    throw new Error(`success body is not JSON: ${context}`);
  }
}

/** Relations with real columns and embeds, for requests that mostly make sense. */
const SHAPES: Record<string, { columns: string[]; embeds: string[] }> = {
  people: {
    columns: ['id', 'name', 'email', 'roles', 'created_at', 'deleted_at'],
    embeds: ['team_members', 'notifications!person_id', 'hypotheses', 'responders!person_id'],
  },
  incidents: {
    columns: ['id', 'title', 'severity', 'status', 'created_at', 'commander_id', 'created_by'],
    embeds: [
      'hypotheses',
      'commander_id',
      'created_by',
      'responders',
      'comments',
      'communicator:communicator_id',
    ],
  },
  hypotheses: {
    columns: ['id', 'title', 'type', 'status', 'created_at', 'incident_id'],
    embeds: ['evidences', 'comments', 'created_by', 'incidents', 'incident_id'],
  },
  configs: {
    columns: [
      'id',
      'name',
      'type',
      'status',
      'health',
      'labels',
      'tags',
      'created_at',
      'deleted_at',
      'cost_per_minute',
    ],
    embeds: [
      'agents',
      'config_analysis',
      'config_changes',
      'config_relationships!config_id',
      'evidences',
      'agent:agents',
    ],
  },
  config_relationships: {
    columns: ['config_id', 'related_id', 'relation', 'deleted_at', 'created_at'],
    embeds: [
      'configs!config_relationships_config_id_fkey',
      'related:configs!related_id',
      'config_items!config_id',
      'config_names!inner',
    ],
  },
  checks: {
    columns: ['id', 'name', 'type', 'status', 'labels', 'canary_id', 'created_at'],
    embeds: [
      'canaries',
      'agents',
      'check_statuses',
      'check_component_relationships',
      'canaries!checks_canary_id_fkey',
    ],
  },
  notifications_summary: {
    columns: ['id', 'name', 'events', 'person_id', 'team_id', 'created_at'],
    embeds: ['person:person_id', 'team_id', 'created_by', 'teams'],
  },
};
const VALUES = [
  '1',
  P.alice,
  C.node,
  'Alice',
  'prod',
  '2024-01-01T00:00:00Z',
  'true',
  '{admin}',
  '{"env":"prod"}',
  '',
  '*a*',
  'now()',
];

const validRequest = fc.constantFrom(...Object.keys(SHAPES)).chain((relation) => {
  const shape = SHAPES[relation] ?? { columns: ['id'], embeds: [] };
  const column = fc.constantFrom(...shape.columns);
  const inner = fc.constantFrom(
    '*',
    'id',
    'id,name',
    '*,created_by(name)',
    'name,created_by(id,name)',
    '',
  );
  const embed = fc
    .tuple(fc.constantFrom(...shape.embeds), fc.constantFrom('', '!inner'), inner)
    .map(([e, join, cols]) => `${e}${e.includes('!') ? '' : join}(${cols})`);
  const select = fc
    .array(
      fc.oneof(
        fc.constant('*'),
        column,
        embed,
        column.map((c) => `${c}::text`),
        column.map((c) => `x:${c}`),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((items) => items.join(','));
  const value = fc.constantFrom(...VALUES);
  const filter = fc
    .tuple(
      column,
      fc.boolean(),
      fc.constantFrom('eq', 'neq', 'gt', 'lte', 'like', 'ilike', 'is', 'in', 'cs'),
      value,
    )
    .map(([c, not, op, v]): [string, string] => {
      const rhs = op === 'is' ? 'null' : op === 'in' ? `(${v},"${v}")` : v;
      return [c, `${not ? 'not.' : ''}${op}.${rhs}`];
    });
  const logic = fc
    .array(fc.tuple(column, fc.constantFrom('eq', 'ilike', 'is'), value), {
      minLength: 1,
      maxLength: 3,
    })
    .map((parts): [string, string] => [
      'or',
      `(${parts.map(([c, op, v]) => `${c}.${op}.${op === 'is' ? 'null' : v}`).join(',')})`,
    ]);
  const order = fc
    .tuple(column, fc.constantFrom('', '.asc', '.desc', '.desc.nullslast'))
    .map(([c, d]): [string, string] => ['order', `${c}${d}`]);
  const range = fc
    .tuple(fc.constantFrom('limit', 'offset'), fc.nat(5))
    .map(([k, n]): [string, string] => [k, String(n)]);
  const params = fc.array(fc.oneof(filter, logic, order, range), { maxLength: 4 });
  return fc.tuple(fc.constant(relation), select, params);
});

describe.each(TEST_BACKENDS)('fuzzing /api/db on %s', (kind) => {
  beforeAll(async () => {
    backend = await startTestBackend(kind, { hiddenRelations: ['sentinel', 'properties'] });
    sentinelBefore = await sentinelRows();
    statuses.clear();
  }, 60_000);

  afterAll(async () => {
    await backend.close();
  });

  it('answers random and hostile reads without 5xx, with PostgREST error bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...RELATIONS) },
          { weight: 1, arbitrary: hostileRelation },
        ),
        fc.array(param, { maxLength: 6 }),
        fc.array(fc.boolean(), { maxLength: 6 }),
        async (relation, params, raw) => {
          checkAnswer(await send('GET', `/${relation}?${encodeQuery(params, raw)}`, undefined));
        },
      ),
      { numRuns: 900 },
    );
  }, 120_000);

  it('answers random methods with random bodies the same way', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        fc.constantFrom(...RELATIONS),
        fc.array(param, { maxLength: 3 }),
        requestBody,
        async (method, relation, params, bodyChoice) => {
          checkAnswer(await send(method, `/${relation}?${encodeQuery(params, [])}`, bodyChoice));
        },
      ),
      { numRuns: 700 },
    );
  }, 120_000);

  it('answers grammar-valid requests over real relationships without 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(validRequest, async ([relation, select, params]) => {
        const sent = await send(
          'GET',
          `/${relation}?${encodeQuery([['select', select], ...params], [])}`,
          undefined,
        );
        checkAnswer(sent);
        if (sent.response.status < 300) expect(Array.isArray(sent.response.body)).toBe(true);
      }),
      { numRuns: 500 },
    );
  }, 120_000);

  it('refuses 200-deep nesting of logic trees and embeds with 400, quickly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 65, max: 220 }),
        fc.constantFrom('and', 'or', 'not.and'),
        fc.constantFrom('people', 'configs', 'teams'),
        async (depth, op, relation) => {
          const tree = `(${`${op}(`.repeat(depth)}id.eq.1${')'.repeat(depth)})`;
          const logic = await send('GET', `/${relation}?or=${encodeURIComponent(tree)}`, undefined);
          checkAnswer(logic);
          expect([
            logic.response.status,
            (logic.response.body as Record<string, unknown>).code,
          ]).toEqual([400, 'PGRST100']);
          const embeds = `${'created_by(teams('.repeat(depth)}id${'))'.repeat(depth)}`;
          const embedded = await send(
            'GET',
            `/${relation}?select=${encodeURIComponent(embeds)}`,
            undefined,
          );
          checkAnswer(embedded);
          expect(embedded.response.status).toBe(400);
        },
      ),
      { numRuns: 60 },
    );
    const shallow = await send(
      'GET',
      `/people?or=${encodeURIComponent(`(${'and('.repeat(60)}id.is.null${')'.repeat(60)})`)}`,
      undefined,
    );
    expect([shallow.response.status, shallow.response.body]).toEqual([200, []]);
  }, 120_000);

  it('answers a value that is not a boolean, in a list or alone, with 400 22P02', async () => {
    for (const path of [
      `/check_statuses?status=in.(${'x'.repeat(300)})`,
      '/check_statuses?status=eq.maybe',
      '/check_statuses?status=in.(true,perhaps)',
    ]) {
      const sent = await send('GET', path, undefined);
      checkAnswer(sent);
      expect([sent.response.status, (sent.response.body as Record<string, unknown>).code]).toEqual([
        400,
        '22P02',
      ]);
    }
  });

  it('keeps hidden relations unreachable and the sentinel table unchanged', async () => {
    const direct = await backend.request('GET', '/sentinel');
    expect([direct.status, (direct.body as Record<string, unknown>).code]).toEqual([
      404,
      'PGRST205',
    ]);
    const removal = await backend.request('DELETE', '/sentinel?id=gt.0');
    expect([removal.status, (removal.body as Record<string, unknown>).code]).toEqual([
      404,
      'PGRST205',
    ]);
    const embed = await backend.request('GET', '/people?select=id,properties(name)');
    expect([embed.status, (embed.body as Record<string, unknown>).code]).toEqual([400, 'PGRST200']);
    expect(await sentinelRows()).toEqual(sentinelBefore);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(150);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(150);
    expect(sentinelBefore).toEqual([
      { id: 1, secret: 'alpha' },
      { id: 2, secret: 'beta' },
      { id: 3, secret: 'gamma' },
    ]);
  });
});
