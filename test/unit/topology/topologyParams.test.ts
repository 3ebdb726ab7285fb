import {
  componentByIdRequest,
  topologyQuery,
  topologyRequest,
  toTopology,
} from '../../../src/api/endpoints/topology';
import {
  ancestorIds,
  everyStatusArgs,
  keepComponent,
  narrowToStatus,
  TOPOLOGY_STATE,
  topologyArgs,
} from '../../../src/features/topology/model/topologyParams';
import {
  checkCounts,
  healthColor,
  healthCounts,
  incidentCount,
  insightCount,
} from '../../../src/features/topology/model/component';

describe('topology address and request', () => {
  it('reads defaults from a bare address and leaves them out when writing', () => {
    const filters = TOPOLOGY_STATE.read(new URLSearchParams(''));
    expect(filters).toEqual({ sortBy: 'status', sortOrder: 'desc' });
    const written = TOPOLOGY_STATE.write(new URLSearchParams('keep=1'), {
      sortBy: 'status',
      sortOrder: 'desc',
      status: undefined,
    });
    expect(written.toString()).toBe('keep=1');
    expect(TOPOLOGY_STATE.read(new URLSearchParams('status=All&team=')).status).toBeUndefined();
  });

  it('round-trips every filter through the address', () => {
    const filters: Parameters<typeof TOPOLOGY_STATE.write>[1] = {
      status: 'unhealthy',
      type: 'Deployment',
      team: 'Payments',
      labels: 'env=prod',
      agent: 'a1',
      sortBy: 'name',
      sortOrder: 'asc',
      showHidden: false,
    };
    const params = TOPOLOGY_STATE.write(new URLSearchParams(), filters);
    expect(params.get('showHiddenComponents')).toBe('no');
    expect(TOPOLOGY_STATE.read(params)).toEqual(filters);
  });

  it('builds TOPO-01 as qs would: encoded, All left out, flatten with a type, hidden=false', () => {
    expect(topologyQuery({ status: 'All', team: 'All' })).toBe('sortBy=status&sortOrder=desc');
    const filters = TOPOLOGY_STATE.read(
      new URLSearchParams(
        'type=Deployment&labels=env%3Dprod&team=Payments&agent=a1&showHiddenComponents=no',
      ),
    );
    expect(topologyQuery(topologyArgs('c1', filters, false))).toBe(
      'id=c1&type=Deployment&team=Payments&labels=env%3Dprod&agent_id=a1&sortBy=status&sortOrder=desc&flatten=true&hidden=false',
    );
    expect(
      topologyQuery(topologyArgs(undefined, TOPOLOGY_STATE.read(new URLSearchParams()), true)),
    ).toBe('sortBy=status&sortOrder=desc');
  });

  it('defaults a null body to empty lists', () => {
    expect(toTopology(null)).toEqual({
      cards: [],
      healthStatuses: [],
      teams: [],
      tags: {},
      types: [],
    });
    expect(toTopology({ tags: { env: ['prod', 'dev'], solo: 'x' } }).tags).toEqual({
      env: ['prod', 'dev'],
      solo: ['x'],
    });
  });

  it('reads the cards from the roots, or from the children of the page component', () => {
    const tree = {
      components: [
        {
          id: 'a',
          components: [{ id: 'b', components: [{ id: 'c', components: [{ id: 'd' }] }] }],
        },
      ],
    };
    expect(toTopology(tree).cards).toEqual([{ id: 'a', components: [{ id: 'b' }] }]);
    const page = toTopology(tree, 'a');
    expect(page.component).toEqual({ id: 'a' });
    expect(page.cards).toEqual([{ id: 'b', components: [{ id: 'c' }] }]);
    expect(toTopology({ components: 'nonsense' }, 'a')).toMatchObject({ cards: [] });
  });

  it("keeps of a card's children only what its list reads", () => {
    const child = {
      id: 'b',
      name: 'payments',
      title: 'Payments',
      icon: 'namespace',
      type: 'KubernetesNamespace',
      status: 'healthy',
      health: 'healthy',
      hidden: false,
      properties: [{ name: 'cpu', value: 1 }],
      summary: { healthy: 1 },
      labels: { env: 'prod' },
      components: [{ id: 'c' }],
    };
    const [card] = toTopology({
      components: [{ id: 'a', labels: { env: 'prod' }, components: [child, 'x'] }],
    }).cards;
    expect(card).toEqual({
      id: 'a',
      labels: { env: 'prod' },
      components: [
        {
          id: 'b',
          name: 'payments',
          title: 'Payments',
          icon: 'namespace',
          type: 'KubernetesNamespace',
          status: 'healthy',
          health: 'healthy',
          hidden: false,
        },
        'x',
      ],
    });
  });

  it('filters what the backend ignores: hidden, team (owner) and agent', () => {
    const c = { id: 'x', hidden: true, owner: 'Payments', agent_id: 'a1' };
    expect(keepComponent(c, {}, true)).toBe(true);
    expect(keepComponent(c, {}, false)).toBe(false);
    expect(keepComponent({ ...c, hidden: false }, { team: 'payments' }, false)).toBe(true);
    expect(keepComponent({ ...c, hidden: false }, { team: 'Identity' }, false)).toBe(false);
    expect(keepComponent({ ...c, hidden: false }, { agent: 'a2' }, false)).toBe(false);
  });

  it('finds ancestors from parents, else the path', () => {
    expect(ancestorIds({ id: 'c', parents: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(ancestorIds({ id: 'c', path: 'a.b' })).toEqual(['a', 'b']);
    expect(ancestorIds({ id: 'c', path: '' })).toEqual([]);
  });
});

describe('topology summaries', () => {
  it('rolls children up by health with their colours, leaving empty states out', () => {
    expect(healthCounts({ healthy: 3, unhealthy: 1, warning: 0, unknown: 2 })).toEqual([
      { key: 'healthy', color: 'green', count: 3 },
      { key: 'unhealthy', color: 'red', count: 1 },
      { key: 'unknown', color: 'grey', count: 2 },
    ]);
    expect(healthColor('warning')).toBe('orange');
    expect(healthColor(undefined)).toBe('grey');
  });

  it('counts checks, incidents and insights', () => {
    const summary = {
      checks: { healthy: 4, unhealthy: 1 },
      incidents: { availability: { High: 1, Low: 2 } },
      insights: { security: { critical: 1 }, cost: { low: 3 } },
    };
    expect(checkCounts(summary)).toEqual({ healthy: 4, warning: 0, unhealthy: 1 });
    expect(incidentCount(summary)).toBe(3);
    expect(insightCount(summary)).toBe(4);
  });
});

describe('TOPO-02', () => {
  it('asks for one component row by id', () => {
    expect(componentByIdRequest('a b')).toEqual({ url: '/api/db/components?id=eq.a+b' });
  });
});

describe('a status drawn from the answer for every status', () => {
  it('is the same request without its status, and none without a status', () => {
    const args = topologyArgs(
      'c1',
      { ...TOPOLOGY_STATE.read(new URLSearchParams('')), status: 'warning' },
      false,
    );
    expect(everyStatusArgs(args)).toEqual({
      id: 'c1',
      sortBy: 'status',
      sortOrder: 'desc',
      showHidden: false,
    });
    expect(
      everyStatusArgs(topologyArgs(undefined, TOPOLOGY_STATE.read(new URLSearchParams('')), true)),
    ).toBeUndefined();
  });

  it('keeps the cards of the statuses named, in order, with their children and the choices', () => {
    const child = { id: 'n1', status: 'unhealthy' };
    const everyStatus = {
      cards: [
        { id: 'a', status: 'unhealthy', components: [child] },
        { id: 'b', status: 'warning' },
        { id: 'c', status: 'healthy' },
        { id: 'd' },
      ],
      healthStatuses: ['healthy', 'unhealthy', 'warning'],
      teams: ['t'],
      tags: { env: ['prod'] },
      types: ['Cluster'],
    };
    expect(narrowToStatus(everyStatus, 'warning').cards.map((card) => card.id)).toEqual(['b']);
    const two = narrowToStatus(everyStatus, 'unhealthy, healthy');
    expect(two.cards).toEqual([everyStatus.cards[0], everyStatus.cards[2]]);
    expect(two.healthStatuses).toBe(everyStatus.healthStatuses);
    expect(two.tags).toBe(everyStatus.tags);
  });
});

describe('TOPO-01 answer', () => {
  const text = JSON.stringify({
    components: [{ id: 'a', components: [{ id: 'b', components: [{ id: 'c', components: [] }] }] }],
    healthStatuses: ['healthy'],
  });

  /** The answer as the request reads it, arriving in parts of 7 characters. */
  function read(args: Parameters<typeof topologyRequest>[0]): unknown {
    const reader = topologyRequest(args).readJson?.();
    if (!reader) throw new Error('TOPO-01 has no reader of its own');
    for (let at = 0; at < text.length; at += 7) reader.push(text.slice(at, at + 7));
    return reader.end();
  }

  it('is read down to the cards and their children on the dashboard', () => {
    expect(read({})).toEqual({
      components: [{ id: 'a', components: [{ id: 'b', components: null }] }],
      healthStatuses: ['healthy'],
    });
  });

  it("is read one level deeper on a component's page, whose children are the cards", () => {
    expect(read({ id: 'a' })).toEqual({
      components: [
        { id: 'a', components: [{ id: 'b', components: [{ id: 'c', components: null }] }] },
      ],
      healthStatuses: ['healthy'],
    });
  });
});
