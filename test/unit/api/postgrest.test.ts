import {
  pg,
  pgAnd,
  pgArray,
  pgCondition,
  pgInsert,
  pgContains,
  pgList,
  pgOr,
} from '../../../src/api/postgrest';

const A = 'id,name,avatar,email';

/** A decoded query string from reference/api.md, split the way PostgREST reads it. */
function documented(pathAndQuery: string): { path: string; params: Array<[string, string]> } {
  const [path = '', query = ''] = pathAndQuery.split(/\?(.*)/s);
  const params = query
    .split('&')
    .filter((part) => part !== '')
    .map((part): [string, string] => {
      const eq = part.indexOf('=');
      return eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    });
  return { path, params };
}

/** What the builder sends, decoded with URLSearchParams as a server would. */
function sent(pathAndQuery: string): { path: string; params: Array<[string, string]> } {
  const [path = '', query = ''] = pathAndQuery.split(/\?(.*)/s);
  return { path, params: [...new URLSearchParams(query)] };
}

describe('real query strings of reference/api.md §22', () => {
  const id = '018f2a4e-7c1b-4f7e-9a3b-0c2d4e6f8a10';
  const id2 = '118f2a4e-7c1b-4f7e-9a3b-0c2d4e6f8a11';

  it.each([
    ['people?id=eq.{id}', pg('people').eq('id', id), `/people?id=eq.${id}`],
    [
      'views_summary?sidebar=eq.true&select=*',
      pg('views_summary').eq('sidebar', true).select('*'),
      '/views_summary?sidebar=eq.true&select=*',
    ],
    [
      'config_component_relationships?component_id=eq.{c}&config_id=eq.{id}&selector_id=eq.manual',
      pg('config_component_relationships')
        .eq('component_id', id2)
        .eq('config_id', id)
        .eq('selector_id', 'manual'),
      `/config_component_relationships?component_id=eq.${id2}&config_id=eq.${id}&selector_id=eq.manual`,
    ],
    [
      'check_statuses (HEALTH-05)',
      pg('check_statuses')
        .eq('check_id', id)
        .gt('time', '2024-05-01T10:00:00.000Z')
        .order('time', 'desc')
        .eq('status', 1)
        .gte('duration', 1000)
        .range(2, 50),
      `/check_statuses?check_id=eq.${id}&time=gt.2024-05-01T10:00:00.000Z&order=time.desc&status=eq.1&duration=gte.1000&limit=50&offset=100`,
    ],
    [
      'incidents search',
      pg('incidents')
        .order('created_at', 'desc')
        .ilike('title', '*disk*')
        .select('*,hypotheses(id, type)'),
      '/incidents?order=created_at.desc&title=ilike.*disk*&select=*,hypotheses(id, type)',
    ],
    [
      'configs of one type (CAT-09)',
      pg('configs')
        .select('id,name,config_class,type')
        .ilike('type', 'Kubernetes::Pod')
        .or([pgCondition('name', 'ilike', '*web*'), pgCondition('external_id', 'ilike', '*web*')]),
      '/configs?select=id,name,config_class,type&type=ilike.Kubernetes::Pod&or=(name.ilike.*web*,external_id.ilike.*web*)',
    ],
    [
      'people search of the person picker (typed text with % and _ escaped)',
      pg('people')
        .is('deleted_at', null)
        .or([
          pgCondition('name', 'ilike', pgContains('5%_a')),
          pgCondition('email', 'ilike', pgContains('x')),
        ])
        .limit(50),
      '/people?deleted_at=is.null&or=(name.ilike."*5\\\\%\\\\_a*",email.ilike.*x*)&limit=50',
    ],
    [
      'teams',
      pg('teams').is('deleted_at', null).order('name', 'asc'),
      '/teams?deleted_at=is.null&order=name.asc',
    ],
    [
      'people picker',
      pg('people').select('*').is('deleted_at', null).not('email', 'is', null).order('name', 'asc'),
      '/people?select=*&deleted_at=is.null&email=not.is.null&order=name.asc',
    ],
    [
      'people_roles by ids',
      pg('people_roles').in('id', [id, id2]),
      `/people_roles?id=in.(${id},${id2})`,
    ],
    [
      'component_names by types',
      pg('component_names').order('name', 'asc').in('type', ['KubernetesPod', 'Namespace']),
      '/component_names?order=name.asc&type=in.(KubernetesPod,Namespace)',
    ],
    [
      'hypotheses, quoted ids',
      pg('hypotheses').in('id', [id, id2], { quoted: true }),
      `/hypotheses?id=in.("${id}","${id2}")`,
    ],
    [
      'people_roles by roles',
      pg('people_roles').order('name', 'asc').cs('roles', ['admin', 'editor']),
      '/people_roles?order=name.asc&roles=cs.{admin,editor}',
    ],
    [
      'change_types not empty',
      pg('change_types').not('change_type', 'eq', ''),
      '/change_types?change_type=not.eq.',
    ],
    [
      'config_relationships with embed order',
      pg('config_relationships')
        .or(`related_id.eq.${id},config_id.eq.${id}`)
        .param('configs.order', 'name')
        .select('*,configs:configs!config_relationships_config_id_fkey(id,name,type)'),
      `/config_relationships?or=(related_id.eq.${id},config_id.eq.${id})&configs.order=name&select=*,configs:configs!config_relationships_config_id_fkey(id,name,type)`,
    ],
    [
      'config_changes in a window',
      pg('config_changes')
        .eq('config_id', id)
        .order('created_at', 'desc')
        .and([
          pgCondition('created_at', 'gte', '2024-05-01T00:00:00Z'),
          pgCondition('created_at', 'lte', '2024-05-02T00:00:00Z'),
        ]),
      `/config_changes?config_id=eq.${id}&order=created_at.desc&and=(created_at.gte.2024-05-01T00:00:00Z,created_at.lte.2024-05-02T00:00:00Z)`,
    ],
    [
      'playbook_runs nested and inside or',
      pg('playbook_runs')
        .select('*')
        .is('parent_id', null)
        .or([
          pgAnd('start_time.gte.2024-05-01', 'start_time.lte.2024-05-02'),
          pgAnd('created_at.gte.2024-05-01', 'created_at.lte.2024-05-02'),
        ]),
      '/playbook_runs?select=*&parent_id=is.null&or=(and(start_time.gte.2024-05-01,start_time.lte.2024-05-02),and(created_at.gte.2024-05-01,created_at.lte.2024-05-02))',
    ],
    [
      'view table page',
      pg('view_default_pods')
        .select('*')
        .range(1, 25)
        .order('cpu', 'desc', { nulls: 'last' })
        .eq('request_fingerprint', 'abc123'),
      '/view_default_pods?select=*&limit=25&offset=25&order=cpu.desc.nullslast&request_fingerprint=eq.abc123',
    ],
    [
      'scopes (SCOPE-01)',
      pg('scopes').select(`*,created_by(${A})`).is('deleted_at', null),
      `/scopes?select=*,created_by(${A})&deleted_at=is.null`,
    ],
    [
      'notifications_summary aliases',
      pg('notifications_summary').select(
        `*,person:person_id(${A}),team:team_id(id,name,icon),created_by(${A})`,
      ),
      `/notifications_summary?select=*,person:person_id(${A}),team:team_id(id,name,icon),created_by(${A})`,
    ],
    [
      'configs with the .filter extension',
      pg('configs').filter('status', ['Running', '!Pending']).filter('health', 'healthy'),
      '/configs?status.filter=Running,!Pending&health.filter=healthy',
    ],
    [
      'multi-column order',
      pg('incident_rules').order('ordinal', 'asc').order('title', 'asc'),
      '/incident_rules?order=ordinal.asc,title.asc',
    ],
    [
      'order by type then name (CAT-01)',
      pg('configs').order('type').order('name', 'asc'),
      '/configs?order=type,name.asc',
    ],
    [
      'rpc arguments',
      pg('rpc/related_configs_recursive')
        .param('config_id', id)
        .param('include_deleted_configs', false)
        .param('max_depth', 10)
        .param('type_filter', ''),
      `/rpc/related_configs_recursive?config_id=${id}&include_deleted_configs=false&max_depth=10&type_filter=`,
    ],
    [
      'team members',
      pg('team_members').eq('team_id', id).select('*,person_id(*)'),
      `/team_members?team_id=eq.${id}&select=*,person_id(*)`,
    ],
  ])('%s', (_name, query, expected) => {
    expect(sent(query.toString())).toEqual(documented(expected));
  });
});

describe('encoding', () => {
  it('follows URLSearchParams rules', () => {
    expect(pg('teams').is('deleted_at', null).order('name', 'asc').toString()).toBe(
      '/teams?deleted_at=is.null&order=name.asc',
    );
    expect(pg('people').in('id', ['a', 'b']).toString()).toBe('/people?id=in.%28a%2Cb%29');
    expect(pg('configs').ilike('name', '*a b*').toString()).toBe('/configs?name=ilike.*a+b*');
  });

  it('keeps reserved URL characters inside a value', () => {
    const query = pg('configs').eq('name', 'a&b=c#d?e%f+g').toString();
    expect(sent(query).params).toEqual([['name', 'eq.a&b=c#d?e%f+g']]);
  });

  it('has no query string without parameters', () => {
    expect(pg('agents').toString()).toBe('/agents');
    expect(pg('/agents').select('').toString()).toBe('/agents');
  });
});

describe('value lists', () => {
  it('quotes in-values with commas, quotes, backslashes and parentheses', () => {
    expect(pgList(['plain', 'a,b', 'say "hi"', 'back\\slash', 'f(x)', ''])).toBe(
      '(plain,"a,b","say \\"hi\\"","back\\\\slash","f(x)","")',
    );
    expect(sent(pg('people').in('name', ['Hebdon,John', 'Mary']).toString()).params).toEqual([
      ['name', 'in.("Hebdon,John",Mary)'],
    ]);
  });

  it('formats numbers and booleans', () => {
    expect(pgList([1, 2.5, true])).toBe('(1,2.5,true)');
    expect(pg('check_statuses').eq('status', false).toString()).toBe(
      '/check_statuses?status=eq.false',
    );
  });

  it('quotes array elements for cs and cd', () => {
    expect(pgArray(['admin', 'a,b', 'x{y}', 'NULL', ''])).toBe('{admin,"a,b","x{y}","NULL",""}');
    expect(sent(pg('people_roles').cd('roles', ['viewer']).toString()).params).toEqual([
      ['roles', 'cd.{viewer}'],
    ]);
  });

  it('negates lists', () => {
    expect(sent(pg('configs').not('type', 'in', ['a', 'b']).toString()).params).toEqual([
      ['type', 'not.in.(a,b)'],
    ]);
  });

  it('quotes user text inside a logic tree', () => {
    expect(pgCondition('name', 'ilike', '*a,b)*')).toBe('name.ilike."*a,b)*"');
    expect(pgCondition('id', 'in', ['x', 'y'])).toBe('id.in.(x,y)');
    expect(pgCondition('deleted_at', 'is', null)).toBe('deleted_at.is.null');
    expect(pgOr('a.eq.1', pgAnd('b.eq.2', 'c.eq.3'))).toBe('or(a.eq.1,and(b.eq.2,c.eq.3))');
  });
});

describe('builder', () => {
  it('is immutable', () => {
    const base = pg('configs').select('id');
    const a = base.eq('type', 'a');
    const b = base.eq('type', 'b').count();
    expect(base.toString()).toBe('/configs?select=id');
    expect(a.toString()).toBe('/configs?select=id&type=eq.a');
    expect(b.toString()).toBe('/configs?select=id&type=eq.b');
    expect(base.wantsCount).toBe(false);
    expect(b.wantsCount).toBe(true);
  });

  it('merges select calls into one parameter where it first appeared', () => {
    const query = pg('configs')
      .select('id,name', 'agent:agents(id,name)')
      .eq('type', 'x')
      .select('tags');
    expect(sent(query.toString()).params).toEqual([
      ['select', 'id,name,agent:agents(id,name),tags'],
      ['type', 'eq.x'],
    ]);
  });

  it('gives base query arguments, with Prefer only when counting', () => {
    expect(pg('agents').eq('id', 'a').toRequest()).toEqual({ url: '/api/db/agents?id=eq.a' });
    expect(pg('permissions_summary').range(0, 50).count().toRequest()).toEqual({
      url: '/api/db/permissions_summary?limit=50&offset=0',
      prefer: 'count=exact',
    });
  });

  it('orders nulls first', () => {
    expect(pg('x').order('a', 'asc', { nulls: 'first' }).toString()).toBe(
      '/x?order=a.asc.nullsfirst',
    );
  });

  it('rejects impossible pages', () => {
    expect(() => pg('x').range(-1, 10)).toThrow(RangeError);
    expect(() => pg('x').range(0, 0)).toThrow(RangeError);
    expect(() => pg('x').limit(1.5)).toThrow(RangeError);
    expect(pg('x').limit(0).toString()).toBe('/x?limit=0');
  });
});

describe('pgInsert', () => {
  it('POSTs the body to the table, stamped with the signed-in user as created_by', () => {
    expect(pgInsert('scopes', { name: 'prod' })).toEqual({
      url: '/api/db/scopes',
      method: 'POST',
      body: { name: 'prod' },
      stamp: 'created_by',
    });
  });
});
