import { Callout, Checkbox, Classes, Popover } from '@blueprintjs/core';
import type { CSSProperties } from 'react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { toErrorMessage } from '../../api/errors';
import { CHART_EVENTS_LIMIT } from '../../api/endpoints/chartEvents';
import type { FormatDateFn } from '../../shell/useFormatDate';
import { useFormatDate } from '../../shell/useFormatDate';
import type { ChartEventCluster } from './chartEventClusters';
import { clusterChartEvents, clusterWindow } from './chartEventClusters';
import type { ChartEvent, ChartEventKind } from './chartEventModel';
import {
  CHART_EVENT_COLORS,
  CHART_EVENT_KINDS,
  CHART_EVENT_LISTS,
  CHART_EVENT_NOUNS,
  CHART_EVENT_PLURALS,
  CHART_EVENT_TOGGLE_LABELS,
} from './chartEventModel';
import type { ChartLayout } from './chartLayout';
import type { ChartEventsState } from './useChartEvents';
import './chartEvents.css';

/** "Newest 200 changes and 200 playbook runs shown": the kinds whose answer came back full. */
function capNote(capped: readonly ChartEventKind[]): string | undefined {
  const parts = capped.map((kind) => `${CHART_EVENTS_LIMIT} ${CHART_EVENT_PLURALS[kind]}`);
  const last = parts.pop();
  if (last === undefined) return undefined;
  return `Newest ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last} shown`;
}

/**
 * The toggles of the kinds drawn on a chart, a note when a kind's answer came back full (its
 * older events of the window are not drawn), and why events could not be read.
 */
export function ChartEventToggles({ kinds, setKinds, capped, error }: ChartEventsState) {
  const note = capNote(capped);
  return (
    <div className="mc-chart-events-bar">
      <div className="mc-chart-events-toggles" role="group" aria-label="Events on the chart">
        <span className={Classes.TEXT_MUTED}>Events</span>
        {CHART_EVENT_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            inline
            checked={kinds.includes(kind)}
            onChange={(event) =>
              setKinds(
                event.currentTarget.checked
                  ? [...kinds, kind]
                  : kinds.filter((item) => item !== kind),
              )
            }
            labelElement={
              <>
                <span
                  className="mc-chart-event-swatch"
                  style={{ background: CHART_EVENT_COLORS[kind] }}
                  aria-hidden
                />
                {CHART_EVENT_TOGGLE_LABELS[kind]}
              </>
            }
          />
        ))}
      </div>
      {note && (
        <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL} mc-chart-events-cap`}>
          {note}
        </span>
      )}
      {error !== undefined && (
        <Callout intent="warning" compact className="mc-chart-events-error">
          The events could not be loaded: {toErrorMessage(error)}
        </Callout>
      )}
    </div>
  );
}

/** An event's words: "Change: diff on payments, by Ada, 2 Mar 2026 10:00". */
function eventLabel(event: ChartEvent, formatDate: FormatDateFn): string {
  const who = event.who ? `, by ${event.who}` : '';
  return `${CHART_EVENT_NOUNS[event.kind]}: ${event.what}${who}, ${formatDate(event.time)}`;
}

function EventTip({ event, formatDate }: { event: ChartEvent; formatDate: FormatDateFn }) {
  return (
    <div className="mc-chart-event-tip" data-testid="chart-event-tip">
      <div className={Classes.TEXT_MUTED}>{CHART_EVENT_NOUNS[event.kind]}</div>
      <Link to={event.href}>{event.what}</Link>
      {event.who && <div>By {event.who}</div>}
      <div>{formatDate(event.time)}</div>
    </div>
  );
}

/** A cluster's words: "37 changes from 2 Mar 2026 10:00 to 2 Mar 2026 11:30". */
function clusterLabel(cluster: ChartEventCluster, formatDate: FormatDateFn): string {
  const count = `${cluster.events.length} ${CHART_EVENT_PLURALS[cluster.kind]}`;
  return `${count} from ${formatDate(cluster.first)} to ${formatDate(cluster.last)}`;
}

/** How many of a cluster's events its tooltip names; the rest are counted. */
const CLUSTER_TIP_EVENTS = 5;

/** The page listing a cluster's events over its window, where the console has one. */
function clusterList(cluster: ChartEventCluster) {
  const list = CHART_EVENT_LISTS[cluster.kind];
  if (!list) return undefined;
  const { from, to } = clusterWindow(cluster);
  return { label: list.label, href: list.href(from, to) };
}

function ClusterTip({
  cluster,
  formatDate,
}: {
  cluster: ChartEventCluster;
  formatDate: FormatDateFn;
}) {
  const named = cluster.events.slice(0, CLUSTER_TIP_EVENTS);
  const more = cluster.events.length - named.length;
  const list = clusterList(cluster);
  return (
    <div className="mc-chart-event-tip" data-testid="chart-event-tip">
      <div className={Classes.TEXT_MUTED}>{clusterLabel(cluster, formatDate)}</div>
      <ul className="mc-chart-event-tip-list">
        {named.map((event) => (
          <li key={event.id}>
            <Link to={event.href}>{event.what}</Link>
            <div className={Classes.TEXT_MUTED}>
              {event.who ? `By ${event.who}, ` : ''}
              {formatDate(event.time)}
            </div>
          </li>
        ))}
      </ul>
      {more > 0 && <div>and {more} more</div>}
      {list && <Link to={list.href}>{list.label}</Link>}
    </div>
  );
}

/** Where a marker stands: its place along the plotting area (none before the chart is laid out). */
function markerStyle(cluster: ChartEventCluster, layout: ChartLayout | undefined): CSSProperties {
  const color = CHART_EVENT_COLORS[cluster.kind];
  if (!layout || cluster.x === undefined) return { color };
  return { color, left: cluster.x, top: layout.top, height: layout.height };
}

/** A cluster's marker: a count that links to the list of its events, where there is one. */
function CountMarker({ cluster, label }: { cluster: ChartEventCluster; label: string }) {
  const list = clusterList(cluster);
  const className = 'mc-chart-event-marker mc-chart-event-count';
  const count = cluster.events.length;
  return list ? (
    <Link to={list.href} className={className} aria-label={label}>
      <span aria-hidden>{count}</span>
    </Link>
  ) : (
    <button type="button" className={className} aria-label={label}>
      <span aria-hidden>{count}</span>
    </button>
  );
}

/**
 * The events over a chart, per kind in its colour: events whose places on the x axis lie within
 * a few pixels are one marker (see `clusterChartEvents`, again whenever the chart's width or
 * range changes). A marker is a thin dashed line across the plotting area ending on the x axis
 * in a dot that links to the change, run or incident, or for several a count that links to
 * their list (changes, playbook runs); hovering or focusing it shows what, who and when (for
 * several, the first few and how many more). The markers are a list named after the chart, so
 * keyboard and screen reader users meet each marker's words and link in turn.
 */
export function ChartEventMarkers({
  chart,
  events,
  layout,
}: Pick<ChartEventsState, 'events' | 'layout'> & { chart: string }) {
  const formatDate = useFormatDate();
  const clusters = useMemo(() => clusterChartEvents(events, layout), [events, layout]);
  if (clusters.length === 0) return null;
  return (
    <ul className="mc-chart-events" aria-label={`Events on ${chart}`}>
      {clusters.map((cluster) => {
        const [only] = cluster.events;
        const single = cluster.events.length === 1 && only;
        return (
          <li
            key={`${cluster.kind}:${cluster.events[0]?.id ?? ''}`}
            className="mc-chart-event"
            data-kind={cluster.kind}
            data-count={cluster.events.length}
            style={markerStyle(cluster, layout)}
          >
            <Popover
              interactionKind="hover"
              placement="top"
              hoverOpenDelay={100}
              content={
                single ? (
                  <EventTip event={single} formatDate={formatDate} />
                ) : (
                  <ClusterTip cluster={cluster} formatDate={formatDate} />
                )
              }
            >
              {single ? (
                <Link
                  to={single.href}
                  className="mc-chart-event-marker"
                  aria-label={eventLabel(single, formatDate)}
                />
              ) : (
                <CountMarker cluster={cluster} label={clusterLabel(cluster, formatDate)} />
              )}
            </Popover>
          </li>
        );
      })}
    </ul>
  );
}
