/**
 * Lays a machine chart out with ELK (layered, nested states as compound nodes). Each arrow's
 * label is a node of its own that the arrow runs through, so ELK keeps arrows and other boxes
 * off it. ELK's bundled build is loaded on first use, into the chunk that draws the chart, and
 * runs in the page without a web worker: nothing is fetched from anywhere but the bundle. The
 * console's own machines are laid out in the build (`layoutCharts`), so their pages load no ELK.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartState, ChartTransition, MachineChart } from './machineGraph';

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  state: ChartState;
  depth: number;
}

/** One event on an arrow: the transitions on it, their guards once each. */
export interface EdgeLabelBlock {
  event: string;
  /** The distinct guards, `else` for an unguarded one beside guarded ones. */
  guards: string[];
  transitions: ChartTransition[];
  /** The block's first line, from the top of the label. */
  offset: number;
}

/** The transitions from one state to the same target(s): one arrow, one label. */
export interface ChartEdge {
  id: string;
  sourceId: string;
  targetIds: string[];
  transitions: ChartTransition[];
  blocks: EdgeLabelBlock[];
}

export interface LaidOutEdge {
  edge: ChartEdge;
  /** Into the label, then out of it to each target (the arrow's head at the end). */
  into: Point[];
  out: Point[][];
  label: Box;
}

export interface ChartLayout {
  width: number;
  height: number;
  states: LaidOutState[];
  /** The initial markers: a dot per compound state, keyed by the state's id. */
  initials: Array<Box & { parentId: string }>;
  /** The arrows from each initial marker to its state's initial child. */
  initialArrows: Array<{ parentId: string; points: Point[] }>;
  edges: LaidOutEdge[];
}

/** Sizes of text in the chart's SVG font (12px sans-serif), estimated: no layout is measured. */
const CHAR_WIDTH = 7;
const GUARD_CHAR_WIDTH = 6.2;
export const LINE_HEIGHT = 15;
const LABEL_PADDING = 6;
const STATE_HEIGHT = 36;
const INITIAL_SIZE = 10;
const INITIAL = '\u0000initial';
const LABEL = '\u0000label';
const INTO = '\u0000into';
const OUT = '\u0000out';

export const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);
const guardWidth = (text: string) => Math.ceil(text.length * GUARD_CHAR_WIDTH);

/**
 * The chart's arrows: transitions from one state to the same targets share one, and its label
 * names each event once, with the distinct guards of the transitions on it below.
 */
export function chartEdges(chart: MachineChart): ChartEdge[] {
  const edges = new Map<string, ChartEdge>();
  for (const transition of chart.transitions) {
    const id = `${transition.sourceId}\u0002${transition.targetIds.join('\u0003')}`;
    const edge = edges.get(id) ?? {
      id,
      sourceId: transition.sourceId,
      targetIds: transition.targetIds,
      transitions: [],
      blocks: [],
    };
    edge.transitions.push(transition);
    edges.set(id, edge);
  }
  for (const edge of edges.values()) {
    const events = new Map<string, ChartTransition[]>();
    for (const transition of edge.transitions) {
      events.set(transition.event, [...(events.get(transition.event) ?? []), transition]);
    }
    let offset = 0;
    edge.blocks = [...events].map(([event, transitions]) => {
      const named = [...new Set(transitions.flatMap((t) => (t.guard ? [t.guard] : [])))];
      const guards =
        named.length > 0 && transitions.some((t) => !t.guard) ? [...named, 'else'] : named;
      const block = { event, guards, transitions, offset };
      offset += (1 + guards.length) * LINE_HEIGHT;
      return block;
    });
  }
  return [...edges.values()];
}

/** The label of an arrow as it reads: each event, its guards in brackets. */
export function blockText(block: Pick<EdgeLabelBlock, 'event' | 'guards'>): string {
  return block.guards.length > 0 ? `${block.event} [${block.guards.join(' | ')}]` : block.event;
}

function labelSize(edge: ChartEdge): { width: number; height: number } {
  const widths = edge.blocks.flatMap((block) => [
    textWidth(block.event),
    ...block.guards.map((guard) => guardWidth(`[${guard}]`)),
  ]);
  const lines = edge.blocks.reduce((sum, block) => sum + 1 + block.guards.length, 0);
  return {
    width: Math.max(...widths) + 2 * LABEL_PADDING,
    height: lines * LINE_HEIGHT + LABEL_PADDING,
  };
}

/** Where an arrow's label goes: the innermost state holding both ends, outside either end. */
function labelParent(chart: MachineChart, edge: ChartEdge): string | undefined {
  const parents = new Map<string, string>();
  for (const state of chart.states) {
    for (const child of state.children) parents.set(child.id, state.id);
  }
  const chain = (id: string): string[] => {
    const parent = parents.get(id);
    return parent === undefined ? [id] : [...chain(parent), id];
  };
  const ends = [edge.sourceId, ...edge.targetIds];
  const chains = ends.map(chain);
  const [first = []] = chains;
  let common: string | undefined;
  for (const [i, id] of first.entries()) {
    if (chains.every((c) => c[i] === id)) common = id;
    else break;
  }
  // A state holds the label of an arrow from it into its own states; of any other arrow it
  // ends, one level up holds it.
  const inward = common === edge.sourceId && !edge.targetIds.includes(common);
  while (!inward && common !== undefined && ends.includes(common)) common = parents.get(common);
  return common;
}

/** What ELK reads per compound node (its options are not inherited): the graph's and each state's. */
function nestedOptions(direction: ChartDirection): Record<string, string> {
  return {
    'elk.direction': direction,
    'elk.edgeRouting': 'ORTHOGONAL',
    // Cycles are broken along a depth-first walk from the initial marker: the initial state
    // comes first and the flow runs on from it, arrows back to it go back.
    'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
    'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
    'elk.layered.spacing.nodeNodeBetweenLayers': '20',
    'elk.layered.spacing.edgeNodeBetweenLayers': '10',
    'elk.spacing.nodeNode': '20',
    'elk.spacing.edgeNode': '12',
    'elk.spacing.edgeEdge': '8',
  };
}

function elkNode(
  state: ChartState,
  labels: Map<string | undefined, ElkNode[]>,
  direction: ChartDirection,
): ElkNode {
  const initial =
    state.initialId === undefined
      ? []
      : [{ id: `${state.id}${INITIAL}`, width: INITIAL_SIZE, height: INITIAL_SIZE }];
  const inner = labels.get(state.id) ?? [];
  if (state.children.length === 0 && inner.length === 0) {
    return { id: state.id, width: Math.max(72, textWidth(state.label) + 28), height: STATE_HEIGHT };
  }
  return {
    id: state.id,
    layoutOptions: {
      ...nestedOptions(direction),
      'elk.padding': `[top=${LINE_HEIGHT + 21},left=16,bottom=16,right=16]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${textWidth(state.label) + 32}, ${STATE_HEIGHT})`,
    },
    children: [
      ...initial,
      ...state.children.map((child) => elkNode(child, labels, direction)),
      ...inner,
    ],
  };
}

export type ChartDirection = 'RIGHT' | 'DOWN';

/** The ELK graph of a chart: the root state is the one top-level node. */
export function elkGraph(chart: MachineChart, direction: ChartDirection = 'RIGHT'): ElkNode {
  const edges = chartEdges(chart);
  const labels = new Map<string | undefined, ElkNode[]>();
  const elkEdges: ElkExtendedEdge[] = [];
  for (const edge of edges) {
    const parent = labelParent(chart, edge);
    const label = `${edge.id}${LABEL}`;
    labels.set(parent, [...(labels.get(parent) ?? []), { id: label, ...labelSize(edge) }]);
    elkEdges.push({ id: `${edge.id}${INTO}`, sources: [edge.sourceId], targets: [label] });
    edge.targetIds.forEach((target, i) =>
      elkEdges.push({ id: `${edge.id}${OUT}${i}`, sources: [label], targets: [target] }),
    );
  }
  for (const state of chart.states) {
    if (state.initialId === undefined) continue;
    const id = `${state.id}${INITIAL}`;
    elkEdges.push({ id, sources: [id], targets: [state.initialId] });
  }
  return {
    id: '\u0000graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      ...nestedOptions(direction),
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [elkNode(chart.root, labels, direction), ...(labels.get(undefined) ?? [])],
    edges: elkEdges,
  };
}

type Elk = { layout(graph: ElkNode): Promise<ElkNode> };
let elkInstance: Promise<Elk> | undefined;

/** ELK, loaded once; the bundled build runs in the page (no worker, nothing fetched). */
function loadElk(): Promise<Elk> {
  elkInstance ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
  return elkInstance;
}

function box(node: { x?: number; y?: number; width?: number; height?: number }): Box {
  return { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 };
}

/** Reads ELK's answer back into boxes and arrows (coordinates all relative to the chart). */
export function readLayout(chart: MachineChart, laidOut: ElkNode): ChartLayout {
  const byId = new Map(chart.states.map((state) => [state.id, state]));
  const states: LaidOutState[] = [];
  const initials: ChartLayout['initials'] = [];
  const labelBoxes = new Map<string, Box>();
  const visit = (node: ElkNode, depth: number) => {
    if (node.id.endsWith(INITIAL)) {
      initials.push({ ...box(node), parentId: node.id.slice(0, -INITIAL.length) });
      return;
    }
    if (node.id.endsWith(LABEL)) {
      labelBoxes.set(node.id.slice(0, -LABEL.length), box(node));
      return;
    }
    const state = byId.get(node.id);
    if (state) states.push({ ...box(node), state, depth });
    for (const child of node.children ?? []) visit(child, depth + 1);
  };
  for (const child of laidOut.children ?? []) visit(child, 0);

  const sections = new Map<string, Point[]>();
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const points = (edge.sections ?? []).flatMap((section) => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      sections.set(edge.id, points);
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laidOut);

  const initialArrows = chart.states.flatMap((state) =>
    state.initialId === undefined
      ? []
      : [{ parentId: state.id, points: sections.get(`${state.id}${INITIAL}`) ?? [] }],
  );
  const edges = chartEdges(chart).map((edge): LaidOutEdge => ({
    edge,
    into: sections.get(`${edge.id}${INTO}`) ?? [],
    out: edge.targetIds.map((_, i) => sections.get(`${edge.id}${OUT}${i}`) ?? []),
    label: labelBoxes.get(edge.id) ?? { x: 0, y: 0, width: 0, height: 0 },
  }));
  return {
    width: laidOut.width ?? 0,
    height: laidOut.height ?? 0,
    states,
    initials,
    initialArrows,
    edges,
  };
}

/** The directions a chart is drawn in. */
export const CHART_DIRECTIONS: readonly ChartDirection[] = ['RIGHT', 'DOWN'];

/**
 * A short key of an ELK graph: FNV-1a over its JSON, in base 36. A chart's graph is made the
 * same way in the build and in the page, so equal keys mean the same layout problem.
 */
export function layoutKey(graph: ElkNode): string {
  const text = JSON.stringify(graph);
  // Two 32-bit FNV-1a hashes with different offsets: 64 bits, no collision among a few dozen.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x01000193 + 2) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}`;
}

/** ELK's answers for some charts, by the key of their graph (`layoutKey`). */
export type BuiltLayouts = Record<string, ElkNode>;

/**
 * What `readLayout` reads of ELK's answer: each node's id and box, its children, and each
 * edge's id and sections. The build keeps only this (ELK's options and ids on every node
 * would be most of the page's script).
 */
export function slimLayout(node: ElkNode): ElkNode {
  const slim: ElkNode = {
    id: node.id,
    x: node.x,
    y: node.y,
    width: node.width,
    height: node.height,
  };
  if (node.children?.length) slim.children = node.children.map(slimLayout);
  if (node.edges?.length) {
    slim.edges = node.edges.map((edge) => ({
      id: edge.id,
      sources: [],
      targets: [],
      sections: (edge.sections ?? []).map((section) => ({
        id: section.id,
        startPoint: section.startPoint,
        endPoint: section.endPoint,
        ...(section.bendPoints?.length ? { bendPoints: section.bendPoints } : {}),
      })),
    }));
  }
  return slim;
}

/**
 * Lays out the given charts in both directions with ELK, by the key of each graph: the build
 * does this for every machine of the console, so that drawing them needs no ELK in the page.
 */
export async function layoutCharts(charts: readonly MachineChart[]): Promise<BuiltLayouts> {
  const elk = await loadElk();
  const built: BuiltLayouts = {};
  for (const chart of charts) {
    for (const direction of CHART_DIRECTIONS) {
      const graph = elkGraph(chart, direction);
      built[layoutKey(graph)] = slimLayout(await elk.layout(graph));
    }
  }
  return built;
}

/** The layouts the build made of the console's machines (none in tests and development). */
declare const __STATECHART_LAYOUTS__: BuiltLayouts | undefined;

const builtLayouts: BuiltLayouts =
  typeof __STATECHART_LAYOUTS__ === 'undefined' ? {} : __STATECHART_LAYOUTS__;

/**
 * Lays the chart out, its arrows running the given way: from the layouts made in the build
 * when it is one of them (the console's machines), else with ELK, loaded then.
 */
export async function layoutChart(
  chart: MachineChart,
  direction: ChartDirection = 'RIGHT',
  built: BuiltLayouts = builtLayouts,
): Promise<ChartLayout> {
  const graph = elkGraph(chart, direction);
  const made = built[layoutKey(graph)];
  if (made) return readLayout(chart, made);
  const elk = await loadElk();
  return readLayout(chart, await elk.layout(graph));
}
