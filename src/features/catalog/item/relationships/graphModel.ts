import { Graph, layout } from '@dagrejs/dagre';
import type { RelatedConfig } from '../../../../api/schemas/configItem';

/**
 * Above this many configs the graph groups configs of one type into a cluster node (spec:
 * "graph count 300"), so that it stays readable and pans smoothly.
 */
export const GRAPH_NODE_LIMIT = 300;

/** Every node is drawn at this size; the layout reserves it. */
export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 64;

/** A related config drawn as itself. */
export interface ConfigGraphNode {
  kind: 'config';
  /** The config's id. */
  id: string;
  config: RelatedConfig;
  /** The item whose relationships these are. */
  selected: boolean;
}

/** The configs of one type drawn as one node ("Kubernetes::Pod · 69"). */
export interface ClusterGraphNode {
  kind: 'cluster';
  /** `cluster:{type}` */
  id: string;
  type: string;
  /** The ids of the configs it stands for, in the rows' order. */
  memberIds: string[];
  /** How many members have each health value (`healthy`, `unhealthy`, …; none: `unknown`). */
  health: Record<string, number>;
}

export type GraphNode = ConfigGraphNode | ClusterGraphNode;

/** A relationship: from a config to one it is related to (`related_ids`). */
export interface GraphEdge {
  /** `{source}->{target}` */
  id: string;
  source: string;
  target: string;
}

export interface RelationshipGraphModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** The graph after clustering: what is drawn, and which types were grouped. */
export interface ClusteredGraph extends RelationshipGraphModel {
  /** Types drawn as a cluster node, in order of first appearance. */
  clusteredTypes: string[];
  /** Whether the graph had more nodes than the limit (so clusters apply). */
  overLimit: boolean;
}

const edgeId = (source: string, target: string) => `${source}->${target}`;

/** The id of the cluster node of a type. */
export function clusterId(type: string): string {
  return `cluster:${type}`;
}

/**
 * The related configs as nodes, in the rows' order, without repeated ids, and an edge from
 * each row to every id in its `related_ids` that is among the rows: no self loops, no
 * duplicates. The item `selectedId` is flagged.
 */
export function graphFromRows(
  rows: readonly RelatedConfig[],
  selectedId: string,
): RelationshipGraphModel {
  const nodes: ConfigGraphNode[] = [];
  const present = new Set<string>();
  for (const config of rows) {
    if (present.has(config.id)) continue;
    present.add(config.id);
    nodes.push({ kind: 'config', id: config.id, config, selected: config.id === selectedId });
  }
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  for (const { config } of nodes) {
    for (const target of config.related_ids ?? []) {
      if (target === config.id || !present.has(target)) continue;
      const id = edgeId(config.id, target);
      if (seen.has(id)) continue;
      seen.add(id);
      edges.push({ id, source: config.id, target });
    }
  }
  return { nodes, edges };
}

export interface ClusterOptions {
  /** Types whose members are drawn instead of their cluster. */
  expanded?: Iterable<string>;
  /** Default `GRAPH_NODE_LIMIT`. */
  limit?: number;
}

/**
 * Within the limit, the graph as it is. Above it, the configs of each type with two or more
 * of them (the selected item and expanded types aside) become one cluster node per type, at
 * the place of the type's first member; edges are re-pointed to the clusters, and edges inside
 * a cluster and repeats are dropped.
 */
export function clusterGraph(
  graph: RelationshipGraphModel,
  { expanded = [], limit = GRAPH_NODE_LIMIT }: ClusterOptions = {},
): ClusteredGraph {
  if (graph.nodes.length <= limit) return { ...graph, clusteredTypes: [], overLimit: false };
  const open = new Set(expanded);
  const byType = new Map<string, ConfigGraphNode[]>();
  for (const node of graph.nodes) {
    if (node.kind !== 'config' || node.selected) continue;
    const type = node.config.type ?? '';
    if (open.has(type)) continue;
    const members = byType.get(type) ?? [];
    members.push(node);
    byType.set(type, members);
  }
  const clusterOf = new Map<string, string>();
  const clusters = new Map<string, ClusterGraphNode>();
  for (const [type, members] of byType) {
    if (members.length < 2) continue;
    const id = clusterId(type);
    const health: Record<string, number> = {};
    for (const { config } of members) {
      const word = config.health?.trim().toLowerCase() || 'unknown';
      health[word] = (health[word] ?? 0) + 1;
    }
    clusters.set(type, {
      kind: 'cluster',
      id,
      type,
      memberIds: members.map((member) => member.id),
      health,
    });
    for (const member of members) clusterOf.set(member.id, id);
  }

  const nodes: GraphNode[] = [];
  const placed = new Set<string>();
  for (const node of graph.nodes) {
    const cluster = clusterOf.get(node.id);
    if (cluster === undefined) {
      nodes.push(node);
    } else if (!placed.has(cluster)) {
      placed.add(cluster);
      nodes.push(clusters.get((node as ConfigGraphNode).config.type ?? '')!);
    }
  }
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  for (const edge of graph.edges) {
    const source = clusterOf.get(edge.source) ?? edge.source;
    const target = clusterOf.get(edge.target) ?? edge.target;
    if (source === target) continue;
    const id = edgeId(source, target);
    if (seen.has(id)) continue;
    seen.add(id);
    edges.push({ id, source, target });
  }
  return { nodes, edges, clusteredTypes: [...clusters.keys()], overLimit: true };
}

/** Which way the layers run: left to right (parents on the left) or top to bottom. */
export type LayoutDirection = 'LR' | 'TB';

/** A node's top-left corner. */
export interface NodePosition {
  x: number;
  y: number;
}

/**
 * Above this many nodes the layers are found with dagre's quicker `tight-tree` ranker: the
 * default network simplex takes seconds on several hundred nodes.
 */
export const QUICK_RANKING_ABOVE = 60;

/**
 * A layered layout (dagre) of the nodes, each `NODE_WIDTH` × `NODE_HEIGHT`: every edge points
 * along `direction`, parents before children. Gives each node's top-left corner.
 */
export function layoutGraph(
  graph: RelationshipGraphModel,
  direction: LayoutDirection = 'LR',
): Map<string, NodePosition> {
  const g = new Graph();
  g.setGraph({
    rankdir: direction,
    nodesep: 24,
    ranksep: 56,
    marginx: 16,
    marginy: 16,
    ranker: graph.nodes.length > QUICK_RANKING_ABOVE ? 'tight-tree' : 'network-simplex',
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of graph.edges) g.setEdge(edge.source, edge.target);
  layout(g);
  const positions = new Map<string, NodePosition>();
  for (const node of graph.nodes) {
    const { x, y } = g.node(node.id) as { x: number; y: number };
    positions.set(node.id, { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 });
  }
  return positions;
}

/**
 * How many layers a layered layout gives the graph and how many nodes its widest layer holds:
 * each node one layer below its deepest parent (longest path); nodes on a cycle stay in the
 * first layer.
 */
export function layerShape(graph: RelationshipGraphModel): { layers: number; widest: number } {
  const children = new Map<string, string[]>();
  const waiting = new Map<string, number>();
  for (const edge of graph.edges) {
    if (edge.source === edge.target) continue;
    children.set(edge.source, [...(children.get(edge.source) ?? []), edge.target]);
    waiting.set(edge.target, (waiting.get(edge.target) ?? 0) + 1);
  }
  const layer = new Map<string, number>();
  // Kahn's order: a node is placed once all its parents are.
  const ready = graph.nodes.filter((node) => !waiting.get(node.id)).map((node) => node.id);
  for (let i = 0; i < ready.length; i += 1) {
    const id = ready[i] as string;
    const below = (layer.get(id) ?? 0) + 1;
    for (const child of children.get(id) ?? []) {
      layer.set(child, Math.max(layer.get(child) ?? 0, below));
      const left = (waiting.get(child) ?? 0) - 1;
      waiting.set(child, left);
      if (left === 0) ready.push(child);
    }
  }
  const counts = new Map<number, number>();
  for (const node of graph.nodes) {
    const at = layer.get(node.id) ?? 0;
    counts.set(at, (counts.get(at) ?? 0) + 1);
  }
  return { layers: counts.size, widest: Math.max(0, ...counts.values()) };
}

/** How wide the graph's view is for its height, about (a wide panel under the toolbar). */
export const VIEW_ASPECT = 1.6;

/**
 * The direction that shows the nodes largest in a view `aspect` times as wide as it is high,
 * judged from the graph's layers before laying it out: a chain of wide nodes reads best top to
 * bottom, a wide fan-out left to right.
 */
export function fittestDirection(
  graph: RelationshipGraphModel,
  aspect: number = VIEW_ASPECT,
): LayoutDirection {
  const { layers, widest } = layerShape(graph);
  const scale = (width: number, height: number) => Math.min(aspect / width, 1 / height);
  const across = scale(layers * (NODE_WIDTH + 56), widest * (NODE_HEIGHT + 24));
  const down = scale(widest * (NODE_WIDTH + 24), layers * (NODE_HEIGHT + 56));
  return down > across ? 'TB' : 'LR';
}

/** The layout in the fittest direction (`fittestDirection`). */
export function fittestLayout(
  graph: RelationshipGraphModel,
  aspect: number = VIEW_ASPECT,
): { direction: LayoutDirection; positions: Map<string, NodePosition> } {
  const direction = fittestDirection(graph, aspect);
  return { direction, positions: layoutGraph(graph, direction) };
}

/** The worst health among a cluster's members: unhealthy, warning, unknown, else healthy. */
export function clusterHealth(health: Readonly<Record<string, number>>): string {
  for (const word of ['unhealthy', 'warning', 'unknown']) if (health[word]) return word;
  return 'healthy';
}
