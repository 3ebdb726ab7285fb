import type { PaletteItem } from '../../../src/features/palette/model/items';
import {
  ITEMS_PER_GROUP,
  MATCH_TIERS,
  byVisits,
  itemScore,
  matchTier,
  matchingLocally,
  rankGroups,
  rankItems,
} from '../../../src/features/palette/model/ranking';

function item(name: string, kind: PaletteItem['kind'] = 'check', id = name): PaletteItem {
  return { key: `${kind}:${id}`, kind, id, name, typeLabel: 'Health check', icon: 'heart' };
}

const names = (items: readonly PaletteItem[]) => items.map((i) => i.name);

describe('matchTier', () => {
  it.each([
    ['API', 'api', MATCH_TIERS.exact],
    ['api-latency', 'API', MATCH_TIERS.prefix],
    ['payments-api', 'api', MATCH_TIERS.wordPrefix],
    ['Settings › API Tokens', 'api', MATCH_TIERS.wordPrefix],
    ['paymentsApi', 'api', MATCH_TIERS.wordPrefix],
    ['rapid', 'api', MATCH_TIERS.substring],
    ['billing', 'api', MATCH_TIERS.other],
    ['anything', '  ', MATCH_TIERS.other],
    [' api ', 'api', MATCH_TIERS.wordPrefix],
  ])('%j for %j is %i', (name, query, tier) => {
    expect(matchTier(name, query)).toBe(tier);
  });
});

describe('rankItems', () => {
  it('puts the exact name, then prefixes, word prefixes, substrings and the rest; ties by name', () => {
    const items = [
      item('rapid'),
      item('zeta'),
      item('payments-api'),
      item('Api-b'),
      item('api-a'),
      item('alpha'),
      item('api'),
    ];
    expect(names(rankItems(items, 'api', new Set()))).toEqual([
      'api',
      'api-a',
      'Api-b',
      'payments-api',
      'rapid',
      'alpha',
      'zeta',
    ]);
  });

  it('ranks a recently opened item first within its tier, never above a better match', () => {
    const items = [item('api'), item('api-a'), item('api-b'), item('payments-api')];
    const recent = new Set(['check:api-b', 'check:payments-api']);
    expect(names(rankItems(items, 'api', recent))).toEqual([
      'api',
      'api-b',
      'api-a',
      'payments-api',
    ]);
    expect(itemScore(items[2] as PaletteItem, 'api', recent)).toBe(MATCH_TIERS.prefix * 2 + 1);
  });

  it('keeps equal names apart by id', () => {
    expect(
      rankItems([item('web', 'check', 'b'), item('web', 'check', 'a')], 'w', new Set()).map(
        (i) => i.id,
      ),
    ).toEqual(['a', 'b']);
  });
});

describe('matchingLocally', () => {
  it('keeps the items whose name holds the text, all of them for no text', () => {
    const items = [item('Health', 'page'), item('Settings › Users', 'page')];
    expect(names(matchingLocally(items, 'user'))).toEqual(['Settings › Users']);
    expect(names(matchingLocally(items, ''))).toEqual(['Health', 'Settings › Users']);
  });
});

describe('rankGroups', () => {
  const checks = ['api-1', 'api-2', 'api-3', 'api-4', 'api-5', 'api-6', 'api-7'].map((n) =>
    item(n),
  );

  it('shows at most five per group and counts the rest', () => {
    const [group] = rankGroups([{ key: 'checks', items: checks }], 'api', new Set());
    expect(group?.items).toHaveLength(ITEMS_PER_GROUP);
    expect(group?.hidden).toBe(2);
    expect(group?.title).toBe('Health checks');
  });

  it('orders groups by their best item, ties in the fixed order', () => {
    const groups = rankGroups(
      [
        { key: 'views', items: [item('api', 'view')] },
        { key: 'pages', items: [item('Settings › API Tokens', 'page')] },
        { key: 'incidents', items: [item('api outage', 'incident')] },
        { key: 'configs', items: [item('api-gateway', 'config')] },
        { key: 'checks', items: [item('api', 'check')] },
      ],
      'api',
      new Set(),
    );
    expect(groups.map((g) => g.title)).toEqual([
      'Health checks',
      'Views',
      'Catalog',
      'Incidents',
      'Pages',
    ]);
  });

  it('leaves out empty groups, keeps one with an error, and keeps the fixed order for no text', () => {
    const groups = rankGroups(
      [
        { key: 'pages', items: [item('Health', 'page')] },
        { key: 'actions', items: [item('Toggle dark theme', 'action')], keepOrder: true },
        { key: 'recent', items: [item('b', 'config'), item('a', 'config')], keepOrder: true },
        { key: 'configs', items: [] },
        { key: 'incidents', items: [], error: 'incidents are down' },
      ],
      '',
      new Set(),
    );
    expect(groups.map((g) => [g.title, names(g.items), g.error])).toEqual([
      ['Recent', ['b', 'a'], undefined],
      ['Actions', ['Toggle dark theme'], undefined],
      ['Pages', ['Health'], undefined],
      ['Incidents', [], 'incidents are down'],
    ]);
  });
});

describe('byVisits', () => {
  const page = (name: string, href: string): PaletteItem => ({
    ...item(name, 'page', href),
    href,
  });
  const visit = (key: string, count: number) => ({ key, count });
  const PAGES = [
    page('Dashboard', '/topology'),
    page('Health', '/health'),
    page('Incidents', '/incidents'),
    page('Settings › Plugins', '/settings/plugins'),
  ];

  it('puts the most visited pages first, by their visit keys', () => {
    expect(
      names(byVisits(PAGES, [visit('page:/settings/plugins', 3), visit('health.view', 5)])),
    ).toEqual(['Health', 'Settings › Plugins', 'Dashboard', 'Incidents']);
  });

  it('keeps the given order for equal counts and without visits', () => {
    expect(
      names(byVisits(PAGES, [visit('page:/incidents', 1), visit('page:/topology', 1)])),
    ).toEqual(['Dashboard', 'Incidents', 'Health', 'Settings › Plugins']);
    expect(names(byVisits(PAGES, []))).toEqual(names(PAGES));
  });
});
