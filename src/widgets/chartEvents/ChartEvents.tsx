import { Callout, Checkbox, Classes, Popover } from '@blueprintjs/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { toErrorMessage } from '../../api/errors';
import { CHART_EVENTS_LIMIT } from '../../api/endpoints/chartEvents';
import type { FormatDateFn } from '../../shell/useFormatDate';
import { useFormatDate } from '../../shell/useFormatDate';
import type { ChartEvent } from './chartEventModel';
import {
  CHART_EVENT_COLORS,
  CHART_EVENT_KINDS,
  CHART_EVENT_NOUNS,
  CHART_EVENT_TOGGLE_LABELS,
} from './chartEventModel';
import type { ChartLayout } from './chartLayout';
import type { ChartEventsState } from './useChartEvents';
import './chartEvents.css';

/** The toggles of the kinds drawn on a chart, and why events could not be read. */
export function ChartEventToggles({ kinds, setKinds, error }: ChartEventsState) {
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

/** Where a marker stands: its time along the plotting area (none before the chart is laid out). */
function markerStyle(event: ChartEvent, layout: ChartLayout | undefined): CSSProperties {
  const color = CHART_EVENT_COLORS[event.kind];
  if (!layout || layout.max <= layout.min) return { color };
  const share = (event.time / 1000 - layout.min) / (layout.max - layout.min);
  return {
    color,
    left: layout.left + share * layout.width,
    top: layout.top,
    height: layout.height,
  };
}

/** Whether the event's time is on the chart's x axis (every one, before the chart is laid out). */
const onAxis = (event: ChartEvent, layout: ChartLayout | undefined) =>
  !layout || (event.time / 1000 >= layout.min && event.time / 1000 <= layout.max);

/**
 * The events over a chart: per event a thin line across the plotting area in its kind's colour,
 * ending on the x axis in a marker that is a link to the change, run or incident; hovering or
 * focusing it shows what, who and when. The markers are a list named after the chart, so
 * keyboard and screen reader users meet each event's words and link in turn.
 */
export function ChartEventMarkers({
  chart,
  events,
  layout,
}: Pick<ChartEventsState, 'events' | 'layout'> & { chart: string }) {
  const formatDate = useFormatDate();
  const shown = events.filter((event) => onAxis(event, layout));
  if (shown.length === 0) return null;
  return (
    <ul
      className="mc-chart-events"
      aria-label={`Events on ${chart}`}
      title={`At most ${CHART_EVENTS_LIMIT} of each kind, the newest`}
    >
      {shown.map((event) => (
        <li
          key={`${event.kind}:${event.id}`}
          className="mc-chart-event"
          data-kind={event.kind}
          style={markerStyle(event, layout)}
        >
          <Popover
            interactionKind="hover"
            placement="top"
            hoverOpenDelay={100}
            content={<EventTip event={event} formatDate={formatDate} />}
          >
            <Link
              to={event.href}
              className="mc-chart-event-marker"
              aria-label={eventLabel(event, formatDate)}
            />
          </Popover>
        </li>
      ))}
    </ul>
  );
}
