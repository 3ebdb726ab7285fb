/**
 * A playbook run as a workflow: its actions (PB-12, in execution order) and its child runs
 * (PB-11's `children`) as nodes, where each node sits in the graph (a left-to-right chain of
 * actions, the child runs in a lane below hanging off the run) and where its bars lie on the
 * timeline (waiting from its scheduled time to its start, running from its start to its end).
 */
import type { PlaybookRunAction, PlaybookRunDetail } from '../../../../api/schemas/playbooks';
import type { DateInput } from '../../../../lib/dates';
import { toDate } from '../../../../lib/dates';
import { runDuration } from '../../../../lib/durations';
import { isLiveStatus, runPlaybookTitle, runResource } from './runs';

export type RunNodeKind = 'run' | 'action' | 'child';

/** One node of the workflow: the run itself, one of its actions, or one of its child runs. */
export interface RunNode {
  /** `run`, `action:{id}` or `child:{id}`: unique among the nodes. */
  id: string;
  kind: RunNodeKind;
  /** The action's or the run's own id. */
  refId: string;
  name: string;
  status: string | null | undefined;
  scheduledTime: string | null | undefined;
  startTime: string | null | undefined;
  endTime: string | null | undefined;
}

export interface RunEdge {
  id: string;
  source: string;
  target: string;
}

export interface RunGraphModel {
  nodes: RunNode[];
  edges: RunEdge[];
}

/** The id of the run's own node. */
export const RUN_NODE_ID = 'run';
export const actionNodeId = (actionId: string) => `action:${actionId}`;
export const childNodeId = (runId: string) => `child:${runId}`;

type RunTimes = Pick<
  PlaybookRunDetail,
  'id' | 'status' | 'scheduled_time' | 'start_time' | 'end_time' | 'created_at'
>;

/**
 * The run's workflow: the run, then each action in the order given (PB-12's execution order)
 * chained one to the next, and each child run hanging off the run.
 */
export function runGraph(
  run: RunTimes & Pick<PlaybookRunDetail, 'playbooks' | 'playbook_id'>,
  actions: readonly PlaybookRunAction[],
  children: readonly PlaybookRunDetail[],
): RunGraphModel {
  const root: RunNode = {
    id: RUN_NODE_ID,
    kind: 'run',
    refId: run.id,
    name: runPlaybookTitle(run) || 'Run',
    status: run.status,
    scheduledTime: run.scheduled_time ?? run.created_at,
    startTime: run.start_time,
    endTime: run.end_time,
  };
  const nodes: RunNode[] = [root];
  const edges: RunEdge[] = [];
  let previous = RUN_NODE_ID;
  for (const action of actions) {
    const id = actionNodeId(action.id);
    nodes.push({
      id,
      kind: 'action',
      refId: action.id,
      name: action.name || '(no name)',
      status: action.status,
      scheduledTime: action.scheduled_time,
      startTime: action.start_time,
      endTime: action.end_time,
    });
    edges.push({ id: `${previous}->${id}`, source: previous, target: id });
    previous = id;
  }
  for (const child of children) {
    const id = childNodeId(child.id);
    nodes.push({
      id,
      kind: 'child',
      refId: child.id,
      name: runResource(child)?.name || runPlaybookTitle(child) || child.id,
      status: child.status,
      scheduledTime: child.scheduled_time ?? child.created_at,
      startTime: child.start_time,
      endTime: child.end_time,
    });
    edges.push({ id: `${RUN_NODE_ID}->${id}`, source: RUN_NODE_ID, target: id });
  }
  return { nodes, edges };
}

/** The size of a graph node and the space between nodes, in px. */
export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 72;
export const COLUMN_GAP = 48;
export const LANE_GAP = 40;

export interface NodePlace {
  x: number;
  y: number;
}

/**
 * Where each node sits: the run in the first column, the actions one column each after it in
 * their order (the chain, on the first lane), the child runs one column each on the lane
 * below, from the second column on.
 */
export function layoutRunGraph(nodes: readonly RunNode[]): Map<string, NodePlace> {
  const places = new Map<string, NodePlace>();
  let action = 0;
  let child = 0;
  const column = (index: number) => index * (NODE_WIDTH + COLUMN_GAP);
  for (const node of nodes) {
    if (node.kind === 'run') places.set(node.id, { x: 0, y: 0 });
    else if (node.kind === 'action') places.set(node.id, { x: column(++action), y: 0 });
    else places.set(node.id, { x: column(++child), y: NODE_HEIGHT + LANE_GAP });
  }
  return places;
}

/** The drawing's size: to the right and bottom edges of its farthest nodes (px). */
export function graphSize(places: ReadonlyMap<string, NodePlace>): {
  width: number;
  height: number;
} {
  let width = 0;
  let height = 0;
  for (const place of places.values()) {
    width = Math.max(width, place.x + NODE_WIDTH);
    height = Math.max(height, place.y + NODE_HEIGHT);
  }
  return { width, height };
}

/**
 * The SVG path of an edge between two placed nodes. Along the chain: from the right side of
 * one to the left side of the next (a curve when they are not level). Down to a child run: from
 * the bottom of the run, down halfway, across, and down to the top of the child.
 */
export function edgePath(from: NodePlace, to: NodePlace, down: boolean): string {
  if (down) {
    const x1 = from.x + NODE_WIDTH / 2;
    const y1 = from.y + NODE_HEIGHT;
    const x2 = to.x + NODE_WIDTH / 2;
    const middle = (y1 + to.y) / 2;
    return `M ${x1} ${y1} V ${middle} H ${x2} V ${to.y}`;
  }
  const x1 = from.x + NODE_WIDTH;
  const y1 = from.y + NODE_HEIGHT / 2;
  const x2 = to.x;
  const y2 = to.y + NODE_HEIGHT / 2;
  if (y1 === y2) return `M ${x1} ${y1} H ${x2}`;
  const middle = (x1 + x2) / 2;
  return `M ${x1} ${y1} C ${middle} ${y1} ${middle} ${y2} ${x2} ${y2}`;
}

const time = (value: DateInput): number | undefined => toDate(value)?.getTime();

/** When a node waited and ran, in ms since the epoch (undefined for what did not happen). */
export interface NodeTimes {
  /** Its scheduled time, when it was scheduled before it started (or has not started). */
  waitFrom: number | undefined;
  /** Its start, or `now` while it waits. */
  waitTo: number | undefined;
  runFrom: number | undefined;
  /** Its end, or `now` while it runs. */
  runTo: number | undefined;
}

/**
 * When the node waited (scheduled time to start, or to `now` while it waits) and ran (start to
 * end, or to `now` while it runs). A node that stopped without an end ran until its start.
 */
export function nodeTimes(node: RunNode, now: Date): NodeTimes {
  const scheduled = time(node.scheduledTime);
  const start = time(node.startTime);
  const end = time(node.endTime);
  const live = isLiveStatus(node.status);
  const nowMs = now.getTime();
  let waitFrom: number | undefined;
  let waitTo: number | undefined;
  if (scheduled !== undefined) {
    if (start !== undefined) {
      if (scheduled < start) [waitFrom, waitTo] = [scheduled, start];
    } else if (live) {
      [waitFrom, waitTo] = [scheduled, Math.max(scheduled, nowMs)];
    }
  }
  let runFrom: number | undefined;
  let runTo: number | undefined;
  if (start !== undefined) {
    runFrom = start;
    runTo = end ?? (live ? Math.max(start, nowMs) : start);
    if (runTo < runFrom) runTo = runFrom;
  }
  return { waitFrom, waitTo, runFrom, runTo };
}

/** How long the node waited before it started (or has waited so far); empty if it did not. */
export function waitedFor(node: RunNode, now: Date): string {
  const { waitFrom, waitTo } = nodeTimes(node, now);
  if (waitFrom === undefined || waitTo === undefined) return '';
  return runDuration(new Date(waitFrom), new Date(waitTo), now);
}

/** How long the node ran (or has run so far); empty before it started. */
export function ranFor(node: RunNode, now: Date): string {
  return runDuration(node.startTime, node.endTime, now);
}

/** The node in words, as read with it: `restart, Completed, ran 1m, waited 5s`. */
export function nodeSummary(node: RunNode, statusText: string, now: Date): string {
  const ran = ranFor(node, now);
  const waited = waitedFor(node, now);
  return [node.name, statusText, ran && `ran ${ran}`, waited && `waited ${waited}`]
    .filter(Boolean)
    .join(', ');
}

/** The timeline's span: from the earliest time of any node to the latest (ms). */
export interface TimeSpan {
  from: number;
  to: number;
}

/**
 * The span every node's bars fit in. Without any time, a span of one second at `now`; a span
 * shorter than a second is widened to one.
 */
export function timelineSpan(times: readonly NodeTimes[], now: Date): TimeSpan {
  let from = Infinity;
  let to = -Infinity;
  for (const t of times) {
    for (const value of [t.waitFrom, t.waitTo, t.runFrom, t.runTo]) {
      if (value === undefined) continue;
      if (value < from) from = value;
      if (value > to) to = value;
    }
  }
  if (!Number.isFinite(from)) return { from: now.getTime() - 1000, to: now.getTime() };
  return { from, to: Math.max(to, from + 1000) };
}

/** A bar on the timeline, in percent of the span: where it starts and how wide it is. */
export interface BarPlace {
  left: number;
  width: number;
}

/** Where the time from `start` to `end` lies on the span, in percent (clamped to it). */
export function barPlace(span: TimeSpan, start: number, end: number): BarPlace {
  const length = span.to - span.from;
  const at = (value: number) => Math.min(100, Math.max(0, ((value - span.from) / length) * 100));
  const left = at(start);
  return { left, width: Math.max(0, at(end) - left) };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Steps the axis counts in, shortest first. */
const TICK_STEPS = [
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];

/** A tick of the axis: its offset from the span's start (ms), its place (percent) and label. */
export interface AxisTick {
  offset: number;
  left: number;
  label: string;
}

/** An offset as the axis writes it: `0`, `30s`, `2m`, `1m 30s`, `2h`, `1d 12h`. */
export function offsetLabel(offset: number): string {
  if (offset === 0) return '0';
  const parts: string[] = [];
  let rest = offset;
  for (const [unit, size] of [
    ['d', DAY],
    ['h', HOUR],
    ['m', MINUTE],
    ['s', SECOND],
  ] as const) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count}${unit}`);
    rest -= count * size;
  }
  return parts.slice(0, 2).join(' ') || `${offset}ms`;
}

/**
 * The axis's ticks: every multiple of the shortest step that gives at most `most` ticks over
 * the span (its start included), each labelled by its offset from the start.
 */
export function axisTicks(span: TimeSpan, most = 6): AxisTick[] {
  const length = span.to - span.from;
  const step =
    TICK_STEPS.find((candidate) => Math.floor(length / candidate) + 1 <= most) ??
    Math.ceil(length / (most - 1) / DAY) * DAY;
  const ticks: AxisTick[] = [];
  for (let offset = 0; offset <= length; offset += step) {
    ticks.push({ offset, left: (offset / length) * 100, label: offsetLabel(offset) });
  }
  return ticks;
}
