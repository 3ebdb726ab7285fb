import type { RelatedConfig } from '../../../../api/schemas/configItem';

/**
 * Above this many configs the graph groups configs of one type into a cluster node (spec:
 * "graph count 300"), so that it stays readable and pans smoothly.
 */
export const GRAPH_NODE_LIMIT = 300;

/** Every node is drawn at this size; the layout reserves it (graphLayout.ts). */
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

/** The worst health among a cluster's members: unhealthy, warning, unknown, else healthy. */
export function clusterHealth(health: Readonly<Record<string, number>>): string {
  for (const word of ['unhealthy', 'warning', 'unknown']) if (health[word]) return word;
  return 'healthy';
}
