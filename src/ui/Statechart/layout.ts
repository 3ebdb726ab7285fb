/**
 * Lays a machine chart out with ELK (layered, nested states as compound nodes). ELK's bundled
 * build is loaded on first use, into the chunk that draws the chart, and runs in the page
 * without a web worker: nothing is fetched from anywhere but the console's own bundle.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartState, ChartTransition, MachineChart } from './machineGraph';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  state: ChartState;
  depth: number;
}

export interface LaidOutEdge {
  /** `transitionKey` of the transition it draws. */
  key: string;
  /**
   * Unique per transition and target: a transition to several targets has one entry each.
   * Transitions between the same two states share one arrow, drawn by the first of them.
   */
  id: string;
  transition: ChartTransition | undefined;
  /** The initial marker's arrow into a compound state's initial child. */
  initialOf: string | undefined;
  /** The arrow's points; empty for a transition whose arrow another one draws. */
  points: Array<{ x: number; y: number }>;
  label: (Box & { text: string }) | undefined;
}

export interface ChartLayout {
  width: number;
  height: number;
  states: LaidOutState[];
  /** The initial markers: a dot per compound state, keyed by the state's id. */
  initials: Array<Box & { parentId: string }>;
  edges: LaidOutEdge[];
}

/** Sizes of text in the chart's SVG font (12px sans-serif), estimated: no layout is measured. */
const CHAR_WIDTH = 7;
const LINE_HEIGHT = 16;
const STATE_HEIGHT = 36;
const INITIAL_SIZE = 10;
const INITIAL_SUFFIX = '\u0000initial';

export const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);

function elkNode(state: ChartState): ElkNode {
  const initial =
    state.initialId === undefined
      ? []
      : [{ id: `${state.id}${INITIAL_SUFFIX}`, width: INITIAL_SIZE, height: INITIAL_SIZE }];
  if (state.children.length === 0) {
    return {
      id: state.id,
      width: Math.max(72, textWidth(state.label) + 28),
      height: STATE_HEIGHT,
    };
  }
  return {
    id: state.id,
    layoutOptions: {
      'elk.padding': `[top=${LINE_HEIGHT + 18},left=16,bottom=16,right=16]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${textWidth(state.label) + 32}, ${STATE_HEIGHT})`,
    },
    children: [...initial, ...state.children.map(elkNode)],
  };
}

/** Joins the ids of the transitions one arrow draws. */
const MEMBER_SEPARATOR = '\u0001';

/**
 * One arrow per source and target: transitions between the same two states (an actor's done
 * and error, guarded alternatives) share it, each with a label of its own, stacked.
 */
function elkEdges(chart: MachineChart): ElkExtendedEdge[] {
  const groups = new Map<string, Array<{ id: string; label: string }>>();
  for (const transition of chart.transitions) {
    transition.targetIds.forEach((target, i) => {
      const pair = `${transition.sourceId}\u0002${target}`;
      const members = groups.get(pair) ?? [];
      members.push({ id: `${transition.key}\u0000${i}`, label: transition.label });
      groups.set(pair, members);
    });
  }
  const transitions = [...groups.entries()].map(([pair, members]): ElkExtendedEdge => {
    const [source = '', target = ''] = pair.split('\u0002');
    return {
      id: members.map((member) => member.id).join(MEMBER_SEPARATOR),
      sources: [source],
      targets: [target],
      labels: members.map((member) => ({
        text: member.label,
        width: textWidth(member.label),
        height: 14,
      })),
    };
  });
  const initials = chart.states.flatMap((state) =>
    state.initialId === undefined
      ? []
      : [
          {
            id: `${state.id}${INITIAL_SUFFIX}`,
            sources: [`${state.id}${INITIAL_SUFFIX}`],
            targets: [state.initialId],
          },
        ],
  );
  return [...initials, ...transitions];
}

/** The ELK graph of a chart: the root state is the one top-level node. */
export function elkGraph(chart: MachineChart): ElkNode {
  return {
    id: '\u0000graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.edgeRouting': 'POLYLINE',
      'elk.edgeLabels.inline': 'false',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [elkNode(chart.root)],
    edges: elkEdges(chart),
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
  const transitions = new Map(chart.transitions.map((t) => [t.key, t]));
  const states: LaidOutState[] = [];
  const initials: ChartLayout['initials'] = [];
  const visit = (node: ElkNode, depth: number) => {
    if (node.id.endsWith(INITIAL_SUFFIX)) {
      initials.push({ ...box(node), parentId: node.id.slice(0, -INITIAL_SUFFIX.length) });
      return;
    }
    const state = byId.get(node.id);
    if (state) states.push({ ...box(node), state, depth });
    for (const child of node.children ?? []) visit(child, depth + 1);
  };
  for (const child of laidOut.children ?? []) visit(child, 0);
  const edges = (laidOut.edges ?? []).flatMap((edge): LaidOutEdge[] => {
    const points = (edge.sections ?? []).flatMap((section) => [
      section.startPoint,
      ...(section.bendPoints ?? []),
      section.endPoint,
    ]);
    if (edge.id.endsWith(INITIAL_SUFFIX)) {
      const initialOf = edge.id.slice(0, -INITIAL_SUFFIX.length);
      return [
        { key: edge.id, id: edge.id, transition: undefined, initialOf, points, label: undefined },
      ];
    }
    // The transitions sharing the arrow: the first draws it, each draws its label.
    return edge.id.split(MEMBER_SEPARATOR).map((id, i): LaidOutEdge => {
      const [key = id] = id.split('\u0000');
      const label = edge.labels?.[i];
      return {
        key,
        id,
        transition: transitions.get(key),
        initialOf: undefined,
        points: i === 0 ? points : [],
        label: label ? { ...box(label), text: label.text ?? '' } : undefined,
      };
    });
  });
  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, states, initials, edges };
}

/** Lays the chart out. */
export async function layoutChart(chart: MachineChart): Promise<ChartLayout> {
  const elk = await loadElk();
  return readLayout(chart, await elk.layout(elkGraph(chart)));
}
