import { parseContentRange } from '../../../src/api/contentRange';
import type { PostgrestQuery } from '../../../src/api/postgrest';
import { pg, pgAnd, pgCondition } from '../../../src/api/postgrest';
import { server } from '../../support/msw';
import type { PostgrestTableOptions } from '../../support/postgrestTable';
import { createPostgrestTable, postgrestTable } from '../../support/postgrestTable';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ORIGIN = 'http://console.test';

interface Person {
  id: number;
  name: string;
  email: string | null;
  age: number | null;
  active: boolean;
  team_id: string | null;
  created_at: string;
}

const PEOPLE: Person[] = [
  {
    id: 1,
    name: 'Ada',
    email: 'ada@example.com',
    age: 36,
    active: true,
    team_id: 't1',
    created_at: '2026-01-01T08:00:00Z',
  },
  {
    id: 2,
    name: 'bob',
    email: null,
    age: null,
    active: false,
    team_id: null,
    created_at: '2026-03-01T08:00:00.000Z',
  },
  {
    id: 3,
    name: 'Carol, Jr.',
    email: 'carol@example.org',
    age: 28,
    active: true,
    team_id: 't2',
    created_at: '2026-02-01T08:00:00Z',
  },
  {
    id: 4,
    name: 'Dan',
    email: 'DAN@example.com',
    age: 51,
    active: false,
    team_id: 't1',
    created_at: '2025-12-01T08:00:00Z',
  },
];

const TEAMS: Record<string, { id: string; name: string; icon: string }> = {
  t1: { id: 't1', name: 'Checkout', icon: 'cart' },
  t2: { id: 't2', name: 'Data', icon: 'database' },
};

function people(options: PostgrestTableOptions<Person> = {}) {
  return postgrestTable('people', PEOPLE, options);
}

interface Answer {
  status: number;
  body: unknown;
  range: string | null;
}

async function send(
  url: string,
  init: { method?: string; prefer?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.prefer) headers.Prefer = init.prefer;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${ORIGIN}${url}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    body: text === '' ? null : type.includes('json') ? JSON.parse(text) : text,
    range: response.headers.get('content-range'),
  };
}

const get = (query: PostgrestQuery) => {
  const { url, prefer } = query.toRequest();
  return send(url, { prefer });
};

/** The ids a read answers, in order. */
async function ids(query: PostgrestQuery): Promise<number[]> {
  const { status, body } = await get(query);
  expect(status).toBeLessThan(300);
  return (body as Person[]).map((row) => row.id);
}

describe('select', () => {
  it('answers every column without select, and the listed ones with it', async () => {
    people();
    expect((await get(pg('people').eq('id', 1))).body).toEqual([PEOPLE[0]]);
    expect((await get(pg('people').eq('id', 1).select('id,name'))).body).toEqual([
      { id: 1, name: 'Ada' },
    ]);
    expect((await get(pg('people').eq('id', 1).select('nick:name', 'age::text'))).body).toEqual([
      { nick: 'Ada', age: 36 },
    ]);
  });

  it('resolves an embed through its lookup, by column, with an alias, picking its columns', async () => {
    people({ embed: { team_id: (id) => (typeof id === 'string' ? TEAMS[id] : null) } });
    const { body } = await get(pg('people').select('id', 'team:team_id(id,name)').order('id'));
    expect(body).toEqual([
      { id: 1, team: { id: 't1', name: 'Checkout' } },
      { id: 2, team: null },
      { id: 3, team: { id: 't2', name: 'Data' } },
      { id: 4, team: { id: 't1', name: 'Checkout' } },
    ]);
  });

  it('passes embedded objects the rows hold through, nested and with hints, missing as null', async () => {
    postgrestTable('checks', [
      {
        id: 'c1',
        canaries: { id: 'k1', name: 'web', source: 'UI', spec: {} },
        components: [{ components: { id: 'x', name: 'api', icon: 'server', type: 'Service' } }],
      },
      { id: 'c2', components: [] },
    ]);
    const query = pg('checks').select(
      'id',
      'canaries!checks_canary_id_fkey(id,name)',
      'components:check_component_relationships(components(id, name))',
    );
    expect((await get(query)).body).toEqual([
      {
        id: 'c1',
        canaries: { id: 'k1', name: 'web' },
        components: [{ components: { id: 'x', name: 'api' } }],
      },
      { id: 'c2', canaries: null, components: [] },
    ]);
  });

  it('answers 400 for an embed with neither a lookup nor an object in the row', async () => {
    people();
    const answer = await get(pg('people').select('*', 'team_id(id,name)'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: expect.stringContaining('team_id') });
  });
});

describe('filters', () => {
  it.each<[string, PostgrestQuery, number[]]>([
    ['eq on text', pg('people').eq('name', 'Dan'), [4]],
    ['eq on a number', pg('people').eq('age', 28), [3]],
    ['eq on a boolean, as true and as 1', pg('people').eq('active', 1), [1, 3]],
    ['neq, never a null', pg('people').neq('age', 36), [3, 4]],
    ['gt', pg('people').gt('age', 36), [4]],
    ['gte', pg('people').gte('age', 36), [1, 4]],
    ['lt', pg('people').lt('age', 36), [3]],
    ['lte', pg('people').lte('age', 36), [1, 3]],
    [
      'gt on times in either ISO form',
      pg('people').gt('created_at', '2026-02-01T08:00:00.000Z'),
      [2],
    ],
    ['lte on times', pg('people').lte('created_at', '2026-01-01T08:00:00.000Z'), [1, 4]],
    ['like, * as the wildcard', pg('people').like('name', 'D*'), [4]],
    ['like is case-sensitive', pg('people').like('name', 'd*'), []],
    ['ilike, any case', pg('people').ilike('email', '*@EXAMPLE.com'), [1, 4]],
    ['ilike with % and _', pg('people').ilike('name', '_o%'), [2]],
    ['is.null', pg('people').is('email', null), [2]],
    ['is.true', pg('people').is('active', true), [1, 3]],
    ['is.false', pg('people').is('active', false), [2, 4]],
    ['in, with a quoted value', pg('people').in('name', ['Dan', 'Carol, Jr.']), [3, 4]],
    ['in on numbers', pg('people').in('id', [2, 4, 9]), [2, 4]],
    ['not.eq', pg('people').not('name', 'eq', 'Dan'), [1, 2, 3]],
    ['not.is.null', pg('people').not('email', 'is', null), [1, 3, 4]],
    ['not.in, never a null', pg('people').not('age', 'in', [36]), [3, 4]],
    ['not.ilike', pg('people').not('name', 'ilike', '*a*'), [2]],
    ['several filters, all of them', pg('people').eq('active', true).gt('age', 30), [1]],
    [
      'or of ilike searches (the pickers)',
      pg('people').or([
        pgCondition('name', 'ilike', '*ob*'),
        pgCondition('email', 'ilike', '*org*'),
      ]),
      [2, 3],
    ],
    [
      'or with a quoted operand',
      pg('people').or([pgCondition('name', 'eq', 'Carol, Jr.'), pgCondition('id', 'eq', 1)]),
      [1, 3],
    ],
    [
      'or with a nested and',
      pg('people').or([
        pgCondition('id', 'eq', 2),
        pgAnd(pgCondition('age', 'gte', 30), pgCondition('active', 'is', false)),
      ]),
      [2, 4],
    ],
    ['and', pg('people').and(['team_id.eq.t1', 'age.lt.40']), [1]],
    ['a tri-state .filter: included items', pg('people').filter('name', ['Ada', 'Dan']), [1, 4]],
    ['a tri-state .filter: excluded items', pg('people').filter('name', ['!Ada', '!bob']), [3, 4]],
    ['a tri-state .filter: a glob', pg('people').filter('email', ['*example.com']), [1, 4]],
    ['not inside a tree', pg('people').or(['name.not.ilike.*a*', 'id.eq.1']), [1, 2]],
  ])('%s', async (_, query, expected) => {
    people();
    expect(await ids(query.order('id'))).toEqual(expected);
  });

  it.each([
    ['an unknown operator', `/api/db/people?age=between.1.2`],
    ['an unsupported parameter', `/api/db/people?name%20x=eq.Ada`],
    ['a bad boolean', `/api/db/people?active=eq.maybe`],
    ['a bad limit', `/api/db/people?limit=ten`],
  ])('answers 400 for %s', async (_, url) => {
    people();
    const answer = await send(url);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'PGRST100' });
  });
});

describe('order', () => {
  it.each<[string, PostgrestQuery, number[]]>([
    ['ascending by default', pg('people').order('name'), [1, 3, 4, 2]],
    ['descending', pg('people').order('created_at', 'desc'), [2, 3, 1, 4]],
    ['nulls last when ascending', pg('people').order('age', 'asc'), [3, 1, 4, 2]],
    ['nulls first when descending', pg('people').order('age', 'desc'), [2, 4, 1, 3]],
    ['nullsfirst', pg('people').order('age', 'asc', { nulls: 'first' }), [2, 3, 1, 4]],
    ['nullslast', pg('people').order('age', 'desc', { nulls: 'last' }), [4, 1, 3, 2]],
    ['by several columns', pg('people').order('active', 'desc').order('id', 'desc'), [3, 1, 4, 2]],
  ])('%s', async (_, query, expected) => {
    people();
    expect(await ids(query)).toEqual(expected);
  });
});

describe('paging and Content-Range', () => {
  it('answers a page with its range and, with count=exact, the total and 206', async () => {
    people();
    const answer = await get(pg('people').order('id').range(1, 2).count());
    expect(answer.status).toBe(206);
    expect((answer.body as Person[]).map((row) => row.id)).toEqual([3, 4]);
    expect(answer.range).toBe('2-3/4');
    expect(parseContentRange(answer.range)).toBe(4);
  });

  it('counts the filtered rows, and a whole answer is a 200', async () => {
    people();
    const answer = await get(pg('people').eq('active', true).count());
    expect(answer.status).toBe(200);
    expect(answer.range).toBe('0-1/2');
  });

  it('sends a * range for an empty page, with the total when counted', async () => {
    people();
    expect((await get(pg('people').range(5, 2).count())).range).toBe('*/4');
    expect((await get(pg('people').eq('id', 9))).range).toBe('*/*');
  });

  it('leaves the total unknown without count=exact', async () => {
    people();
    const answer = await get(pg('people').limit(1).offset(1));
    expect(answer.status).toBe(200);
    expect(answer.range).toBe('1-1/*');
    expect(parseContentRange(answer.range)).toBeUndefined();
  });
});

describe('writes', () => {
  const RR = 'return=representation';

  it('inserts an object, filled by onInsert, and answers the rows with 201', async () => {
    const table = people({
      onInsert: (body, rows) => ({
        id: rows.length + 1,
        email: null,
        age: null,
        active: true,
        team_id: null,
        created_at: '2026-04-01T00:00:00Z',
        name: String(body.name),
      }),
    });
    const answer = await send('/api/db/people?select=id,name,active', {
      method: 'POST',
      prefer: RR,
      body: { name: 'Eve' },
    });
    expect(answer).toEqual({
      status: 201,
      body: [{ id: 5, name: 'Eve', active: true }],
      range: null,
    });
    expect(table.rows).toHaveLength(5);
    expect(table.writes).toEqual([
      { method: 'POST', filters: {}, prefer: RR, body: { name: 'Eve' } },
    ]);
    expect(PEOPLE).toHaveLength(4);
  });

  it('inserts an array, answering nothing without return=representation', async () => {
    const table = postgrestTable<{ name: string }>('tags', []);
    const answer = await send('/api/db/tags', {
      method: 'POST',
      body: [{ name: 'a' }, { name: 'b' }],
    });
    expect(answer).toMatchObject({ status: 201, body: null });
    expect(table.rows).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('refuses a duplicate key with 409 23505, keeping the rows', async () => {
    const table = postgrestTable('properties', [{ name: 'a', value: '1' }], { key: ['name'] });
    const answer = await send('/api/db/properties', {
      method: 'POST',
      prefer: RR,
      body: [
        { name: 'b', value: '2' },
        { name: 'a', value: '3' },
      ],
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "properties_pkey"',
      details: 'Key (name)=(a) already exists.',
      hint: null,
    });
    expect(table.rows).toEqual([{ name: 'a', value: '1' }]);
    expect(table.writes).toHaveLength(1);
  });

  it('updates the matched rows and answers them; no match answers []', async () => {
    const table = people();
    const answer = await send(pg('people').eq('team_id', 't1').toRequest().url, {
      method: 'PATCH',
      prefer: RR,
      body: { active: true },
    });
    expect(answer.status).toBe(200);
    expect((answer.body as Person[]).map((row) => [row.id, row.active])).toEqual([
      [1, true],
      [4, true],
    ]);
    expect(table.rows.map((row) => row.active)).toEqual([true, false, true, true]);
    expect(PEOPLE[3]!.active).toBe(false);

    const none = await send('/api/db/people?id=eq.9', {
      method: 'PATCH',
      prefer: RR,
      body: { name: 'x' },
    });
    expect(none).toMatchObject({ status: 200, body: [] });
    expect(table.writes).toEqual([
      { method: 'PATCH', filters: { team_id: 'eq.t1' }, prefer: RR, body: { active: true } },
      { method: 'PATCH', filters: { id: 'eq.9' }, prefer: RR, body: { name: 'x' } },
    ]);
  });

  it('deletes the matched rows, answering them or 204', async () => {
    const table = people();
    const answer = await send('/api/db/people?age=lt.40&select=id', {
      method: 'DELETE',
      prefer: RR,
    });
    expect(answer).toMatchObject({ status: 200, body: [{ id: 1 }, { id: 3 }] });
    expect(table.rows.map((row) => row.id)).toEqual([2, 4]);
    expect(await send('/api/db/people?id=eq.2', { method: 'DELETE' })).toMatchObject({
      status: 204,
      body: null,
    });
    expect(table.rows.map((row) => row.id)).toEqual([4]);
    expect(table.writes).toEqual([
      { method: 'DELETE', filters: { age: 'lt.40' }, prefer: RR },
      { method: 'DELETE', filters: { id: 'eq.2' }, prefer: null },
    ]);
  });
});

describe('records and failures', () => {
  it('records each read with its Prefer header', async () => {
    const table = people();
    await get(pg('people').eq('id', 1).count());
    expect(table.reads).toHaveLength(1);
    expect(table.reads[0]!.url.searchParams.get('id')).toBe('eq.1');
    expect(table.reads[0]!.prefer).toBe('count=exact');
  });

  it('fails the next request of a method only, unrecorded', async () => {
    const table = people();
    table.fail('GET', 503, { message: 'db down' }, { times: 1 });
    expect(await get(pg('people'))).toMatchObject({ status: 503, body: { message: 'db down' } });
    expect((await get(pg('people'))).status).toBe(200);
    expect(table.reads).toHaveLength(1);
  });

  it('fails every request of the methods until recover, a string as text', async () => {
    const table = people();
    table.fail(['POST', 'PATCH'], 403, 'unauthorized. Access Denied');
    for (const method of ['POST', 'PATCH', 'POST']) {
      expect(await send('/api/db/people?id=eq.1', { method, body: { name: 'x' } })).toEqual({
        status: 403,
        body: 'unauthorized. Access Denied',
        range: null,
      });
    }
    expect((await get(pg('people'))).status).toBe(200);
    expect(table.writes).toEqual([]);
    table.recover();
    expect((await send('/api/db/people?id=eq.1', { method: 'PATCH', body: {} })).status).toBe(204);
  });

  it('fails every method with *, with a default body or a network error', async () => {
    const table = people();
    table.fail('*', 500);
    expect(await send('/api/db/people', { method: 'DELETE' })).toMatchObject({
      status: 500,
      body: { message: 'people failed' },
    });
    table.recover();
    table.fail('GET', 'network');
    await expect(get(pg('people'))).rejects.toThrow();
  });

  it('leaves the registering to the caller with createPostgrestTable, at any base', async () => {
    const table = createPostgrestTable('views', [{ id: 'v1' }], { base: `${ORIGIN}/db` });
    server.use(...table.handlers);
    expect(await (await fetch(`${ORIGIN}/db/views`)).json()).toEqual([{ id: 'v1' }]);
    expect(table.reads).toHaveLength(1);
  });
});
