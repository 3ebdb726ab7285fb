import { Graph, layout } from '@dagrejs/dagre';
import { NODE_HEIGHT, NODE_WIDTH } from './graphModel';

/**
 * The layered layout of the relationship graph (dagre). Pure and free of the DOM: the graph's
 * layout worker (layout.worker.ts) runs it off the main thread, and where there is no Worker
 * (jsdom) the page runs it itself (layoutClient.ts).
 */

/** What the layout needs of a graph: node ids and edges (no configs, cheap to post). */
export interface LayoutGraph {
  nodes: ReadonlyArray<{ id: string }>;
  edges: ReadonlyArray<{ source: string; target: string }>;
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
  graph: LayoutGraph,
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
export function layerShape(graph: LayoutGraph): { layers: number; widest: number } {
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
  graph: LayoutGraph,
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
  graph: LayoutGraph,
  aspect: number = VIEW_ASPECT,
): { direction: LayoutDirection; positions: Map<string, NodePosition> } {
  const direction = fittestDirection(graph, aspect);
  return { direction, positions: layoutGraph(graph, direction) };
}

/** A layout asked of the worker: the graph, and a direction or none for the fittest. */
export interface LayoutRequest {
  /** Increases with every request of a page: an answer names the request it is for. */
  id: number;
  graph: LayoutGraph;
  direction?: LayoutDirection;
}

/** A layout done: the direction used and each node's top-left corner, in the nodes' order. */
export interface LayoutAnswer {
  id: number;
  direction: LayoutDirection;
  /** `[node id, x, y]`, one per node of the request. */
  positions: Array<[string, number, number]>;
  /** How long the layout itself took where it ran (ms). */
  layoutMs: number;
}

/** A layout that failed: the error's message. */
export interface LayoutFailure {
  id: number;
  error: string;
}

/** Lays out a request's graph in its direction, or in the fittest one when none is given. */
export function computeLayout(
  { id, graph, direction }: LayoutRequest,
  now: () => number = () => performance.now(),
): LayoutAnswer {
  const started = now();
  const chosen = direction ?? fittestDirection(graph);
  const positions = layoutGraph(graph, chosen);
  return {
    id,
    direction: chosen,
    positions: [...positions].map(([node, { x, y }]) => [node, x, y]),
    layoutMs: now() - started,
  };
}

/** An answer's positions by node id. */
export function positionsOf(answer: Pick<LayoutAnswer, 'positions'>): Map<string, NodePosition> {
  return new Map(answer.positions.map(([node, x, y]) => [node, { x, y }]));
}
