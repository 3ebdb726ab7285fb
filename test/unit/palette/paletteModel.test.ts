import { createAuthorizer } from '../../../src/auth/authorizer';
import { ALL_ENABLED, createFeatureFlags } from '../../../src/auth/featureFlags';
import { PALETTE_ACTIONS, availableActions } from '../../../src/features/palette/model/actions';
import {
  foundToItem,
  recentToItem,
  searchableKinds,
  statusTag,
  toRecent,
  parentOf,
  historyItems,
  starterItems,
  tagPills,
} from '../../../src/features/palette/model/items';
import type { RecentItem } from '../../../src/shell/preferencesSlice';
import {
  PREFERENCES_STORAGE_KEY,
  RECENT_ITEMS_MAX,
  loadPreferences,
  preferencesSlice,
  recentItemOpened,
  withRecentItem,
  RECENT_SEARCHES_MAX,
  paletteKindToggled,
  searchHistoryCleared,
  searchRemembered,
  withRecentSearch,
} from '../../../src/shell/preferencesSlice';
import {
  paletteIncidentsRequest,
  paletteTeamsRequest,
  paletteViewsRequest,
} from '../../../src/api/endpoints/palette';
import { changesSummary, fromFound, groupChanges } from '../../../src/features/palette/model/found';
import { searchKindsBody } from '../../../src/api/endpoints/resources';
import { expectAnswers } from '../../support/answers';

const labels = (roles: string[], canSignOut = true, flags = ALL_ENABLED) =>
  availableActions(PALETTE_ACTIONS, {
    flags,
    authorizer: createAuthorizer({ roles }),
    canSignOut,
  }).map((action) => action.label);

describe('palette actions', () => {
  it('offers an admin every action', () => {
    expect(labels(['admin'])).toEqual([
      'Run playbook…',
      'Create incident',
      'Silence notifications for…',
      'Run check now',
      'Switch time zone',
      'Toggle dark theme',
      'Sign out',
      'Open flow inspector',
    ]);
  });

  it('offers a viewer no write action, a responder only what it may do', () => {
    expect(labels(['viewer'])).toEqual([
      'Switch time zone',
      'Toggle dark theme',
      'Sign out',
      'Open flow inspector',
    ]);
    expect(labels(['responder'])).toEqual([
      'Create incident',
      'Run check now',
      'Switch time zone',
      'Toggle dark theme',
      'Sign out',
      'Open flow inspector',
    ]);
  });

  it('hides the actions of disabled features, and Sign out without a sign-out', () => {
    const flags = createFeatureFlags([
      { name: 'playbooks.disable', value: 'true' },
      { name: 'health.disable', value: 'true' },
    ]);
    expect(labels(['admin'], false, flags)).toEqual([
      'Create incident',
      'Silence notifications for…',
      'Switch time zone',
      'Toggle dark theme',
      'Open flow inspector',
    ]);
  });
});

describe('palette kinds and items', () => {
  it('searches only the kinds the user may read with their feature on', () => {
    expect(searchableKinds(ALL_ENABLED, createAuthorizer({ roles: ['viewer'] }))).toEqual([
      'checks',
      'configs',
      'components',
      'incidents',
      'playbooks',
      'rules',
      'views',
      'canaries',
      'changes',
      'teams',
    ]);
    const flags = createFeatureFlags([{ name: 'config.disable', value: 'true' }]);
    expect(searchableKinds(flags, createAuthorizer({ roles: ['admin'] }))).not.toContain('configs');
  });

  it('opens each kind where its area shows it', () => {
    const href = (kind: Parameters<typeof foundToItem>[0]) =>
      foundToItem(kind, { id: 'x 1', name: 'n' }).href;
    expectAnswers(href, [
      ['checks', '/health?checkId=x+1&timeRange=1h'],
      ['configs', '/catalog/x%201'],
      ['components', '/topology/x%201'],
      ['incidents', '/incidents/x%201'],
      ['playbooks', '/playbooks?run=x+1'],
      ['connections', '/settings/connections?id=x+1'],
      ['rules', '/notifications/rules?id=x+1'],
      ['views', '/views/x%201'],
      ['canaries', '/settings/canaries/x%201'],
      ['changes', '/catalog/x%201/changes'],
      ['teams', '/settings/teams/x%201'],
    ]);
  });

  it('names where an item lives: its cluster tag and its namespace', () => {
    expect(
      parentOf({ namespace: 'billing', tags: { cluster: 'prod-eu', namespace: 'billing' } }),
    ).toBe('prod-eu / billing');
    expect(parentOf({ namespace: 'billing', tags: null })).toBe('billing');
    expect(parentOf({ tags: { cluster: 'dev' } })).toBe('dev');
    expect(parentOf({ namespace: null, tags: ['cluster'] })).toBeUndefined();
  });

  it("opens a playbook's run dialog for those who may run it, its page for the others", () => {
    const playbook = { id: 'p1', name: 'restart' };
    const as = (role: string) =>
      foundToItem('playbooks', playbook, createAuthorizer({ roles: [role] })).href;
    expect(as('admin')).toBe('/playbooks?run=p1');
    expect(as('viewer')).toBe('/playbooks/p1');
  });

  it('shows the type, health and namespace, and keeps them in the recent item', () => {
    const item = foundToItem('configs', {
      id: 'c1',
      name: 'web',
      type: 'Kubernetes::Pod',
      health: 'unhealthy',
      parent: 'prod',
    });
    expect(item).toMatchObject({
      typeLabel: 'Config · Kubernetes::Pod',
      status: { text: 'unhealthy', intent: 'danger' },
      parent: 'prod',
    });
    const recent = toRecent(item);
    expect(recent).toEqual({
      kind: 'config',
      id: 'c1',
      name: 'web',
      href: '/catalog/c1',
      type: 'Kubernetes::Pod',
      parent: 'prod',
    });
    expect(recentToItem(recent as RecentItem)).toMatchObject({
      key: 'config:c1',
      typeLabel: 'Config · Kubernetes::Pod',
      icon: 'database',
    });
    expect(statusTag('healthy').intent).toBe('success');
    expect(statusTag('warning').intent).toBe('warning');
    expect(statusTag('whatever').intent).toBe('none');
  });
});

describe('recent items in the preferences', () => {
  const recent = (id: string): RecentItem => ({
    kind: 'check',
    id,
    name: id,
    href: `/health?checkId=${id}`,
  });

  it('puts the opened item first, once, and keeps 10', () => {
    let items: RecentItem[] = [];
    for (let i = 0; i < 12; i += 1) items = withRecentItem(items, recent(`c${i}`));
    expect(items).toHaveLength(RECENT_ITEMS_MAX);
    expect(items[0]?.id).toBe('c11');
    items = withRecentItem(items, recent('c5'));
    expect(items.map((i) => i.id)).toEqual([
      'c5',
      'c11',
      'c10',
      'c9',
      'c8',
      'c7',
      'c6',
      'c4',
      'c3',
      'c2',
    ]);
  });

  it('ignores an item that is not valid', () => {
    const state = preferencesSlice.reducer(
      undefined,
      recentItemOpened({ kind: 'check', id: 'x', name: 'x', href: 'https://elsewhere.example' }),
    );
    expect(state.recentItems).toEqual([]);
  });

  it('are validated on load: bad ones dropped, duplicates merged, at most 10', () => {
    const stored = [
      recent('a'),
      { kind: 'nope', id: 'b', name: 'b', href: '/x' },
      { kind: 'check', id: 'c', name: 'c', href: '//evil.example' },
      recent('a'),
      ...Array.from({ length: 12 }, (_, i) => recent(`n${i}`)),
    ];
    const storage = new Map<string, string>([
      [PREFERENCES_STORAGE_KEY, JSON.stringify({ recentItems: stored })],
    ]);
    const loaded = loadPreferences({
      getItem: (key: string) => storage.get(key) ?? null,
    } as Storage);
    expect(loaded.recentItems.map((i) => i.id)).toEqual([
      'a',
      'n0',
      'n1',
      'n2',
      'n3',
      'n4',
      'n5',
      'n6',
      'n7',
      'n8',
    ]);
    const broken = loadPreferences({
      getItem: () => JSON.stringify({ recentItems: 'nope' }),
    } as unknown as Storage);
    expect(broken.recentItems).toEqual([]);
  });
});

describe('palette requests', () => {
  it('asks MISC-03 for several kinds in one body, as the pickers do', () => {
    expect(searchKindsBody({ kinds: ['configs', 'playbooks'], search: 'web', limit: 8 })).toEqual({
      configs: [{ limit: 8, search: 'web', agent: 'all' }],
      playbooks: [{ limit: 8, search: 'web', name: '*' }],
    });
  });

  it('asks for config changes by agent, more of them than the limit, leniently across kinds', () => {
    expect(
      searchKindsBody({
        kinds: ['configs', 'config_changes'],
        search: 'health=unhealthy',
        limit: 8,
        limits: { config_changes: 32 },
        lenient: true,
      }),
    ).toEqual({
      configs: [{ limit: 8, search: 'health=unhealthy', agent: 'all' }],
      config_changes: [{ limit: 32, search: 'health=unhealthy', agent: 'all' }],
      lenient: true,
    });
  });

  it('finds live teams by their name', () => {
    expect(decodeURIComponent(paletteTeamsRequest({ search: 'pay', limit: 8 }).url)).toBe(
      '/api/db/teams?select=id,name,icon&name=ilike.*pay*&deleted_at=is.null&order=name.asc&limit=8',
    );
  });

  it('escapes the typed text in the PostgREST searches', () => {
    expect(paletteIncidentsRequest({ search: '50%_off', limit: 8 }).url).toBe(
      '/api/db/incidents?select=id%2Ctitle%2Cincident_id%2Cstatus%2Cseverity&title=ilike.*50%5C%25%5C_off*&order=created_at.desc&limit=8',
    );
    expect(decodeURIComponent(paletteViewsRequest({ search: 'a(b)', limit: 8 }).url)).toBe(
      '/api/db/views?select=id,name,namespace&deleted_at=is.null&or=(name.ilike."*a(b)*",namespace.ilike."*a(b)*")&order=name.asc&limit=8',
    );
  });
});

describe('palette results', () => {
  const AGENT = '5b1f0e0a-0000-4000-8000-000000000001';

  it('keeps text tags and a remote agent of a found resource', () => {
    expect(
      fromFound({
        id: 'c1',
        name: 'api',
        type: 'Kubernetes::Deployment',
        namespace: 'shop',
        tags: { cluster: 'prod', team: 'payments', replicas: 3 },
        agent: AGENT,
      }),
    ).toEqual({
      id: 'c1',
      name: 'api',
      type: 'Kubernetes::Deployment',
      parent: 'prod / shop',
      tags: { cluster: 'prod', team: 'payments' },
      agent: AGENT,
    });
    expect(
      fromFound({
        id: 'c2',
        name: 'db',
        tags: null,
        agent: '00000000-0000-0000-0000-000000000000',
      }),
    ).toEqual({ id: 'c2', name: 'db' });
  });

  it('shows tags as pills, leaving out those the parent shows, at most three', () => {
    expect(tagPills({ cluster: 'prod', namespace: 'x', a: '1', b: '2', c: '3', d: '4' })).toEqual([
      'a=1',
      'b=2',
      'c=3',
    ]);
    expect(tagPills(undefined)).toEqual([]);
  });

  it('groups config changes by config, newest first, with their count and latest summary', () => {
    const change = (id: string, config: string, summary?: string) => ({
      id,
      config_id: config,
      name: `item-${config}`,
      type: 'Kubernetes::Deployment',
      severity: 'high',
      change_type: 'diff',
      tags: null,
      ...(summary ? { summary } : {}),
    });
    const grouped = groupChanges([
      change('1', 'a', 'scaled to 4'),
      change('2', 'b'),
      change('3', 'a', 'image bumped'),
    ]);
    expect(grouped).toEqual([
      {
        id: 'a',
        name: 'item-a',
        type: 'Kubernetes::Deployment',
        status: 'high',
        parent: '2 changes, latest: scaled to 4',
      },
      {
        id: 'b',
        name: 'item-b',
        type: 'Kubernetes::Deployment',
        status: 'high',
        parent: '1 change, latest: diff',
      },
    ]);
    expect(changesSummary(1, { id: 'x', config_id: 'y', tags: null })).toBe('1 change');
  });

  it('suggests searches of the kinds the user may search, and lists recent ones', () => {
    expect(starterItems(['checks']).map((item) => item.name)).toEqual(['#check health=unhealthy']);
    expect(starterItems(['configs', 'changes']).map((item) => item.name)).toEqual([
      '#config health=unhealthy',
      '#config type=Kubernetes::Deployment',
      '#change created_at>now-24h',
    ]);
    expect(historyItems(['a', 'b']).map((item) => [item.kind, item.id])).toEqual([
      ['search', 'a'],
      ['search', 'b'],
    ]);
  });
});

describe('palette preferences', () => {
  const reduce = preferencesSlice.reducer;

  it('keeps recent searches trimmed, once each, newest first, at most ten', () => {
    let searches: string[] = [];
    for (let i = 0; i < 12; i += 1) searches = withRecentSearch(searches, ` s${i} `);
    searches = withRecentSearch(searches, 's5');
    expect(searches).toHaveLength(RECENT_SEARCHES_MAX);
    expect(searches.slice(0, 3)).toEqual(['s5', 's11', 's10']);
    expect(withRecentSearch(['a'], '   ')).toEqual(['a']);
    let state = reduce(undefined, searchRemembered('#config health=unhealthy'));
    expect(state.recentSearches).toEqual(['#config health=unhealthy']);
    state = reduce(state, searchHistoryCleared());
    expect(state.recentSearches).toEqual([]);
  });

  it('switches a kind off and on again', () => {
    let state = reduce(undefined, paletteKindToggled('incidents'));
    expect(state.paletteKindsOff).toEqual(['incidents']);
    state = reduce(state, paletteKindToggled('incidents'));
    expect(state.paletteKindsOff).toEqual([]);
  });

  it('reads the kinds switched off and the searches from storage, dropping what is not text', () => {
    const loaded = loadPreferences({
      getItem: () =>
        JSON.stringify({ paletteKindsOff: ['views'], recentSearches: ['a', 3, 'b', 'a'] }),
    } as unknown as Storage);
    expect(loaded.paletteKindsOff).toEqual(['views']);
    expect(loaded.recentSearches).toEqual(['a', 'b']);
    const broken = loadPreferences({
      getItem: () => JSON.stringify({ paletteKindsOff: 'views', recentSearches: null }),
    } as unknown as Storage);
    expect(broken.paletteKindsOff).toEqual([]);
    expect(broken.recentSearches).toEqual([]);
  });
});
