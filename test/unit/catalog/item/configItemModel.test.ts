import {
  CHANGES_TAB_STATE,
  DEFAULT_CHANGES_RANGE,
  changeTypeQuery,
  changesTimeBounds,
  recursiveFrom,
} from '../../../../src/features/catalog/item/model/changesState';
import { configText, configValue } from '../../../../src/features/catalog/item/model/configText';
import {
  externalIds,
  runDuration,
  statusWord,
} from '../../../../src/features/catalog/item/model/format';
import {
  RELATIONSHIPS_STATE,
  insightTotal,
  relatedOthers,
} from '../../../../src/features/catalog/item/model/relationshipsState';
import { tabCount, tabFromSubPath } from '../../../../src/features/catalog/item/model/tabs';
import { paths } from '../../../../src/shell/paths';

describe('changes tab state', () => {
  it('turns the toggles into CAT-19 recursive', () => {
    expect(recursiveFrom(true, true)).toBe('all');
    expect(recursiveFrom(true, false)).toBe('upstream');
    expect(recursiveFrom(false, true)).toBe('downstream');
    expect(recursiveFrom(false, false)).toBe('none');
  });

  it('reads defaults from an empty query and its values from a full one', () => {
    expect(CHANGES_TAB_STATE.read(new URLSearchParams())).toEqual({
      upstream: false,
      downstream: false,
      timeRange: DEFAULT_CHANGES_RANGE,
      changeTypes: {},
      severity: '',
      soft: false,
      tags: {},
      follow: false,
    });
    expect(
      CHANGES_TAB_STATE.read(
        new URLSearchParams(
          'upstream=true&downstream=1&rangeType=mapped&display=Yesterday&changeType=diff:1,a____b:-1&severity=high&soft=true&tags=cluster=prod:1&follow=true',
        ),
      ),
    ).toEqual({
      upstream: true,
      downstream: true,
      timeRange: { type: 'mapped', name: 'Yesterday' },
      changeTypes: { diff: 1, 'a:b': -1 },
      severity: 'high',
      soft: true,
      tags: { 'cluster=prod': 1 },
      follow: true,
    });
  });

  it('writes changes back, keeps other parameters and goes back to the first page', () => {
    const start = new URLSearchParams('pageIndex=3&pageSize=25&sortBy=name&sortOrder=asc&x=1');
    const next = CHANGES_TAB_STATE.write(start, {
      upstream: true,
      changeTypes: { diff: 1, Pulled: -1 },
      severity: 'low',
      timeRange: { type: 'relative', range: 'now-7d' },
    });
    expect(Object.fromEntries(next)).toEqual({
      pageSize: '25',
      sortBy: 'name',
      sortOrder: 'asc',
      x: '1',
      upstream: 'true',
      changeType: 'diff:1,Pulled:-1',
      severity: 'low',
      rangeType: 'relative',
      range: 'now-7d',
      display: 'Last 7 days',
    });
    expect(CHANGES_TAB_STATE.read(next)).toMatchObject({ upstream: true, severity: 'low' });
    const cleared = CHANGES_TAB_STATE.write(next, {
      upstream: false,
      changeTypes: {},
      severity: '',
      timeRange: DEFAULT_CHANGES_RANGE,
    });
    expect(Object.fromEntries(cleared)).toEqual({
      pageSize: '25',
      sortBy: 'name',
      sortOrder: 'asc',
      x: '1',
    });
  });

  it('gives datemath for relative ranges and ISO times for the others', () => {
    expect(changesTimeBounds({ type: 'relative', range: 'now-2d' })).toEqual({
      from: 'now-2d',
      to: 'now',
    });
    expect(
      changesTimeBounds({
        type: 'absolute',
        from: '2026-01-01T00:00:00Z',
        to: '2026-01-02T12:00:00Z',
      }),
    ).toEqual({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T12:00:00.000Z' });
    const now = new Date('2026-01-15T10:00:00Z');
    expect(changesTimeBounds({ type: 'mapped', name: 'Yesterday' }, now, 'UTC')).toEqual({
      from: '2026-01-14T00:00:00.000Z',
      to: '2026-01-14T23:59:59.999Z',
    });
    // A range that ends now keeps ending now on the next fetch.
    expect(changesTimeBounds({ type: 'mapped', name: 'Today so far' }, now, 'UTC')).toEqual({
      from: '2026-01-15T00:00:00.000Z',
      to: 'now',
    });
    expect(changesTimeBounds({ type: 'mapped', name: 'Nonsense' }, now)).toEqual({
      from: 'now-2d',
      to: 'now',
    });
  });

  it('writes the change-type filter as a,!b', () => {
    expect(changeTypeQuery({})).toBeUndefined();
    expect(changeTypeQuery({ diff: 1, Pulled: -1 })).toBe('diff,!Pulled');
  });
});

describe('relationships tab state', () => {
  it('follows both directions, hard only, unless the query says otherwise', () => {
    const read = (query: string) => RELATIONSHIPS_STATE.read(new URLSearchParams(query));
    expect(read('')).toMatchObject({ incoming: true, outgoing: true, soft: false });
    expect(read('incoming=false&relation=soft')).toMatchObject({
      incoming: false,
      outgoing: true,
      soft: true,
    });
    expect(read('incoming=0&outgoing=1')).toMatchObject({ incoming: false, outgoing: true });
  });

  it('writes only what differs from the defaults', () => {
    const off = RELATIONSHIPS_STATE.write(new URLSearchParams('a=1'), {
      outgoing: false,
      soft: true,
    });
    expect(off.toString()).toBe('a=1&outgoing=false&relation=soft');
    expect(RELATIONSHIPS_STATE.write(off, { outgoing: true, soft: false }).toString()).toBe('a=1');
  });

  it('leaves the item out and sums insights by type', () => {
    expect(relatedOthers([{ id: 'a' }, { id: 'b' }], 'a')).toEqual([{ id: 'b' }]);
    expect(insightTotal({ security: 2, reliability: 1 })).toBe(3);
    expect(insightTotal({ odd: 'x', other: '4' })).toBe(4);
    expect(insightTotal(null)).toBe(0);
  });
});

describe('spec text', () => {
  const doc = { kind: 'Deployment', spec: { replicas: 3 } };

  it('shows objects as YAML or JSON, and JSON text as a document', () => {
    expect(configText(doc, 'yaml')).toBe('kind: Deployment\nspec:\n  replicas: 3\n');
    expect(configText(doc, 'json')).toBe(JSON.stringify(doc, null, 2));
    expect(configText(JSON.stringify(doc), 'yaml')).toBe(
      'kind: Deployment\nspec:\n  replicas: 3\n',
    );
    expect(configText('not json', 'json')).toBe('not json');
  });

  it('has nothing to show for missing, blank or empty documents', () => {
    for (const empty of [null, undefined, '', '  ', {}, [], 'null', '{}']) {
      expect(configValue(empty)).toBeUndefined();
      expect(configText(empty, 'yaml')).toBe('');
    }
  });
});

describe('formatting', () => {
  it('gives run durations in the two largest units', () => {
    const start = '2026-01-01T10:00:00Z';
    const after = (ms: number) => new Date(Date.parse(start) + ms).toISOString();
    expect(runDuration(start, after(850))).toBe('850ms');
    expect(runDuration(start, after(42_000))).toBe('42s');
    expect(runDuration(start, after(125_000))).toBe('2m 5s');
    expect(runDuration(start, after(180_000))).toBe('3m');
    expect(runDuration(start, after(2 * 3_600_000 + 600_000))).toBe('2h 10m');
    expect(runDuration(start, after(3 * 86_400_000 + 4 * 3_600_000))).toBe('3d 4h');
    expect(runDuration(start, null, new Date(after(5_000)))).toBe('5s');
    expect(runDuration(null, after(5_000))).toBe('');
    expect(runDuration(after(5_000), start)).toBe('');
  });

  it('writes status words for people and lists external ids', () => {
    expect(statusWord('healthy')).toBe('Healthy');
    expect(statusWord('pending_approval')).toBe('Pending approval');
    expect(statusWord(null)).toBe('');
    expect(externalIds(['a', '', 'b'])).toEqual(['a', 'b']);
    expect(externalIds('x')).toEqual(['x']);
    expect(externalIds(null)).toEqual([]);
  });
});

describe('tabs', () => {
  it('reads the tab from the path below the item', () => {
    expect(tabFromSubPath('changes')).toBe('changes');
    expect(tabFromSubPath('checks/extra')).toBe('checks');
    expect(tabFromSubPath('')).toBeUndefined();
    expect(tabFromSubPath(undefined)).toBeUndefined();
    // A view's tab: `view/{viewId}`; without an id there is none.
    expect(tabFromSubPath('view/v1')).toBe('view/v1');
    expect(tabFromSubPath('view')).toBeUndefined();
  });

  it('counts tabs from the summary', () => {
    const summary = { relationships: 4, analysis: 3, changes: 12, playbook_runs: 2, checks: 0 };
    expect(tabCount('spec', summary)).toBeUndefined();
    expect(tabCount('insights', summary)).toBe(3);
    expect(tabCount('playbooks', summary)).toBe(2);
    expect(tabCount('checks', summary)).toBe(0);
    expect(tabCount('changes', null)).toBeUndefined();
    // The incidents are counted from their own list, not the summary.
    expect(tabCount('incidents', summary)).toBeUndefined();
    expect(tabCount('incidents', summary, { incidents: 2 })).toBe(2);
    expect(tabCount('incidents', null, { incidents: 0 })).toBe(0);
  });

  it('links to a tab with its query', () => {
    expect(paths.catalogItemTab.getHref('a b', 'spec')).toBe('/catalog/a%20b/spec');
    expect(paths.catalogItemTab.getHref('c1', 'spec', '?x=1')).toBe('/catalog/c1/spec?x=1');
    expect(paths.catalogItemTab.getHref('c1', 'changes', 'x=1')).toBe('/catalog/c1/changes?x=1');
  });
});
