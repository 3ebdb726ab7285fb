import type { ChartEvent, ChartEventKind } from './chartEventModel';
import { CHART_EVENT_KINDS } from './chartEventModel';
import type { ChartLayout } from './chartLayout';

/** Markers of one kind closer than this (CSS pixels) are drawn as one. */
export const CLUSTER_GAP_PX = 12;

/**
 * The events of one kind drawn as one marker: one event, or several whose places on the x axis
 * lie within a few pixels of each other. `x` is the marker's place in the chart's container
 * (undefined before the chart is laid out).
 */
export interface ChartEventCluster {
  kind: ChartEventKind;
  /** Its events, oldest first (never empty). */
  events: ChartEvent[];
  /** The oldest and newest event's times (ms). */
  first: number;
  last: number;
  x: number | undefined;
}

/** Where a time (ms) lies along the plotting area, in the container's pixels. */
export function xOf(time: number, layout: ChartLayout): number {
  return layout.left + ((time / 1000 - layout.min) / (layout.max - layout.min)) * layout.width;
}

/** Whether the event's time is on the chart's x axis (every one, before the chart is laid out). */
const onAxis = (event: ChartEvent, layout: ChartLayout | undefined) =>
  !layout || (event.time / 1000 >= layout.min && event.time / 1000 <= layout.max);

interface Growing {
  events: ChartEvent[];
  /** The sum of the events' places, so that the marker stands at their mean. */
  sum: number;
}

const centre = (group: Growing) => group.sum / group.events.length;

/**
 * Places `xs` (ascending) in groups whose markers (the mean of their places) stand at least
 * `gap` apart: each place starts a group, which joins the one before while their markers are
 * closer than `gap` (joining moves the marker left, so it is checked again).
 */
function groupByPixels(events: ChartEvent[], xs: number[], gap: number): Growing[] {
  const groups: Growing[] = [];
  events.forEach((event, index) => {
    groups.push({ events: [event], sum: xs[index] ?? 0 });
    for (;;) {
      const top = groups[groups.length - 1];
      const before = groups[groups.length - 2];
      if (!top || !before || centre(top) - centre(before) >= gap) break;
      groups.splice(-2, 2, {
        events: [...before.events, ...top.events],
        sum: before.sum + top.sum,
      });
    }
  });
  return groups;
}

/**
 * The markers of `events` (oldest first) on a chart laid out as `layout`: per kind, events whose
 * places lie within `gap` pixels become one marker at their mean place, so the markers of a kind
 * stand at least `gap` apart. Events off the x axis are left out. Before the chart is laid out
 * (no pixels to go by) every event is a marker of its own. Kinds in the toggles' order.
 */
export function clusterChartEvents(
  events: readonly ChartEvent[],
  layout: ChartLayout | undefined,
  gap = CLUSTER_GAP_PX,
): ChartEventCluster[] {
  const laidOut = layout && layout.max > layout.min ? layout : undefined;
  return CHART_EVENT_KINDS.flatMap((kind): ChartEventCluster[] => {
    const ofKind = events.filter((event) => event.kind === kind && onAxis(event, layout));
    if (!laidOut) {
      return ofKind.map((event) => ({
        kind,
        events: [event],
        first: event.time,
        last: event.time,
        x: undefined,
      }));
    }
    const xs = ofKind.map((event) => xOf(event.time, laidOut));
    return groupByPixels(ofKind, xs, gap).map((group) => ({
      kind,
      events: group.events,
      first: group.events[0]?.time ?? 0,
      last: group.events[group.events.length - 1]?.time ?? 0,
      x: centre(group),
    }));
  });
}

const MINUTE = 60_000;

/**
 * The window a cluster's list is opened over: whole minutes from its oldest event's to past its
 * newest's, so rows stored with finer times than the chart reads are inside.
 */
export function clusterWindow(cluster: ChartEventCluster): { from: string; to: string } {
  const from = Math.floor(cluster.first / MINUTE) * MINUTE;
  const to = Math.floor(cluster.last / MINUTE) * MINUTE + MINUTE;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}
