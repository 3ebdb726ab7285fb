import type { RelatedConfig } from '../../../src/api/schemas/configItem';
import type {
  ClusterGraphNode,
  GraphNode,
} from '../../../src/features/catalog/item/relationships/graphModel';
import {
  fittestLayout,
  layerShape,
  layoutGraph,
} from '../../../src/features/catalog/item/relationships/graphLayout';
import {
  GRAPH_NODE_LIMIT,
  NODE_HEIGHT,
  NODE_WIDTH,
  clusterGraph,
  clusterHealth,
  clusterId,
  graphFromRows,
} from '../../../src/features/catalog/item/relationships/graphModel';

const config = (id: string, type: string, related: string[] = [], health = 'healthy') =>
  ({ id, name: id, type, related_ids: related, health }) satisfies RelatedConfig;

const ids = (nodes: GraphNode[]) => nodes.map((node) => node.id);
const pairs = (edges: Array<{ source: string; target: string }>) =>
  edges.map((edge) => `${edge.source}>${edge.target}`);

describe('graph from rows', () => {
  it('draws an edge to each related id present, without self loops or repeats', () => {
    const graph = graphFromRows(
      [
        config('ns', 'Namespace', ['dep', 'dep', 'ns', 'gone']),
        config('dep', 'Deployment', ['rs']),
        config('rs', 'ReplicaSet', ['dep']),
        config('rs', 'ReplicaSet', ['elsewhere']),
      ],
      'dep',
    );
    expect(ids(graph.nodes)).toEqual(['ns', 'dep', 'rs']);
    expect(pairs(graph.edges)).toEqual(['ns>dep', 'dep>rs', 'rs>dep']);
    expect(graph.edges[0]!.id).toBe('ns->dep');
    expect(graph.nodes.map((node) => node.kind === 'config' && node.selected)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('takes rows without related ids', () => {
    const graph = graphFromRows([{ id: 'a', related_ids: null }, { id: 'b' }], 'a');
    expect(ids(graph.nodes)).toEqual(['a', 'b']);
    expect(graph.edges).toEqual([]);
  });
});

/** The item, a namespace holding it, and `pods` pods and `services` services under it. */
function bigGraph(pods: number, services = 2) {
  const podIds = Array.from({ length: pods }, (_, i) => `pod-${i}`);
  const serviceIds = Array.from({ length: services }, (_, i) => `svc-${i}`);
  const rows: RelatedConfig[] = [
    config('item', 'Kubernetes::Deployment', [...podIds, ...serviceIds]),
    config('ns', 'Kubernetes::Namespace', ['item']),
    ...podIds.map((id, i) =>
      config(id, 'Kubernetes::Pod', i === 0 ? ['pod-1'] : [], i < 3 ? 'unhealthy' : 'healthy'),
    ),
    ...serviceIds.map((id) => config(id, 'Kubernetes::Service', ['pod-0'])),
  ];
  return graphFromRows(rows, 'item');
}

describe('clusters', () => {
  it('leaves a graph within the limit as it is', () => {
    const graph = bigGraph(GRAPH_NODE_LIMIT - 4);
    expect(graph.nodes).toHaveLength(GRAPH_NODE_LIMIT);
    const clustered = clusterGraph(graph);
    expect(clustered.overLimit).toBe(false);
    expect(clustered.nodes).toBe(graph.nodes);
    expect(clustered.clusteredTypes).toEqual([]);
  });

  it('groups each type of two or more above the limit, re-pointing edges once', () => {
    const graph = bigGraph(GRAPH_NODE_LIMIT);
    expect(graph.nodes).toHaveLength(GRAPH_NODE_LIMIT + 4);
    const clustered = clusterGraph(graph);
    expect(clustered.overLimit).toBe(true);
    expect(clustered.clusteredTypes).toEqual(['Kubernetes::Pod', 'Kubernetes::Service']);
    // The item and the lone namespace stay themselves.
    expect(ids(clustered.nodes)).toEqual([
      'item',
      'ns',
      clusterId('Kubernetes::Pod'),
      clusterId('Kubernetes::Service'),
    ]);
    const pods = clustered.nodes[2] as ClusterGraphNode;
    expect(pods.kind).toBe('cluster');
    expect(pods.memberIds).toHaveLength(GRAPH_NODE_LIMIT);
    expect(pods.memberIds[0]).toBe('pod-0');
    expect(pods.health).toEqual({ unhealthy: 3, healthy: GRAPH_NODE_LIMIT - 3 });
    // 300 edges to pods become one; the pod-to-pod edge inside the cluster is gone.
    expect(pairs(clustered.edges)).toEqual([
      'item>cluster:Kubernetes::Pod',
      'item>cluster:Kubernetes::Service',
      'ns>item',
      'cluster:Kubernetes::Service>cluster:Kubernetes::Pod',
    ]);
  });

  it('draws the members of expanded types', () => {
    const clustered = clusterGraph(bigGraph(GRAPH_NODE_LIMIT), {
      expanded: ['Kubernetes::Service'],
    });
    expect(clustered.clusteredTypes).toEqual(['Kubernetes::Pod']);
    expect(ids(clustered.nodes)).toEqual([
      'item',
      'ns',
      clusterId('Kubernetes::Pod'),
      'svc-0',
      'svc-1',
    ]);
    expect(pairs(clustered.edges)).toContain('svc-0>cluster:Kubernetes::Pod');
    expect(pairs(clustered.edges)).toContain('item>svc-1');
  });

  it('never puts the selected item in a cluster', () => {
    const rows = [
      config('item', 'Pod'),
      config('a', 'Pod', ['item']),
      config('b', 'Pod', ['item']),
    ];
    const clustered = clusterGraph(graphFromRows(rows, 'item'), { limit: 2 });
    expect(ids(clustered.nodes)).toEqual(['item', clusterId('Pod')]);
    expect(pairs(clustered.edges)).toEqual(['cluster:Pod>item']);
  });

  it('names the worst health of a cluster', () => {
    expect(clusterHealth({ healthy: 3, warning: 1 })).toBe('warning');
    expect(clusterHealth({ healthy: 3, warning: 1, unhealthy: 1 })).toBe('unhealthy');
    expect(clusterHealth({ healthy: 3 })).toBe('healthy');
  });
});

describe('layout', () => {
  it('places parents before children, left to right or top to bottom, without overlaps', () => {
    const graph = graphFromRows(
      [
        config('ns', 'Namespace', ['dep']),
        config('dep', 'Deployment', ['rs-1', 'rs-2']),
        config('rs-1', 'ReplicaSet'),
        config('rs-2', 'ReplicaSet'),
      ],
      'dep',
    );
    const lr = layoutGraph(graph);
    expect(lr.size).toBe(4);
    expect(lr.get('ns')!.x).toBeLessThan(lr.get('dep')!.x);
    expect(lr.get('dep')!.x + NODE_WIDTH).toBeLessThan(lr.get('rs-1')!.x);
    expect(lr.get('rs-1')!.x).toBe(lr.get('rs-2')!.x);
    expect(Math.abs(lr.get('rs-1')!.y - lr.get('rs-2')!.y)).toBeGreaterThanOrEqual(NODE_HEIGHT);

    const tb = layoutGraph(graph, 'TB');
    expect(tb.get('ns')!.y + NODE_HEIGHT).toBeLessThan(tb.get('dep')!.y);
    expect(tb.get('dep')!.y).toBeLessThan(tb.get('rs-1')!.y);
    expect(Math.abs(tb.get('rs-1')!.x - tb.get('rs-2')!.x)).toBeGreaterThanOrEqual(NODE_WIDTH);
  });

  it('gives the same places for the same graph', () => {
    const graph = bigGraph(20);
    expect([...layoutGraph(graph)]).toEqual([...layoutGraph(graph)]);
  });
});

describe('fittestLayout', () => {
  const row = (id: string, related: string[] = []) =>
    ({ id, name: id, type: 'Kubernetes::Pod', related_ids: related }) as RelatedConfig;
  const children = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];

  it('stacks a chain of wide nodes top to bottom and lays a fan-out left to right', () => {
    const chain = graphFromRows([row('a', ['b']), row('b', ['c']), row('c', ['d']), row('d')], 'a');
    const down = fittestLayout(chain);
    expect(down.direction).toBe('TB');
    expect(down.positions.get('a')!.y).toBeLessThan(down.positions.get('b')!.y);

    const fan = graphFromRows([row('root', children), ...children.map((id) => row(id))], 'root');
    const across = fittestLayout(fan);
    expect(across.direction).toBe('LR');
    // Left to right: the children share a column right of the root.
    const xs = new Set(children.map((id) => across.positions.get(id)?.x));
    expect(xs.size).toBe(1);
    expect(across.positions.get('root')!.x).toBeLessThan([...xs][0]!);
  });
});

describe('layerShape', () => {
  const row = (id: string, related: string[] = []) =>
    ({ id, name: id, type: 'Kubernetes::Pod', related_ids: related }) as RelatedConfig;

  it('counts the layers by longest path and the widest layer, cycles included', () => {
    const graph = graphFromRows(
      [
        row('a', ['b', 'c', 'd']),
        row('b', ['e']),
        row('c', ['e']),
        row('d'),
        row('e'),
        // A cycle off to the side does not hang the count.
        row('x', ['y']),
        row('y', ['x']),
      ],
      'a',
    );
    expect(layerShape(graph)).toEqual({ layers: 3, widest: 3 });
  });
});
