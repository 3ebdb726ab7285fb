import { Classes } from '@blueprintjs/core';
import type { CSSProperties } from 'react';
import type { ViewPanel } from '../../api/schemas/views';
import { formatDecimal } from '../../lib/viewValues';
import type { HeatmapDay } from './panelValues';
import {
  calendarMonths,
  heatmapDayText,
  heatmapDays,
  heatmapLevel,
  heatmapScale,
  weekMonthLabels,
  weeksBetween,
} from './panelValues';
import { PanelEmpty } from './PanelEmpty';

const DAY_HEADERS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

interface Scale {
  byDate: Map<string, HeatmapDay>;
  max: number;
}

/** A day's cell: its colour step, a red edge when some of its runs failed, and its tooltip. */
function dayProps(date: string, { byDate, max }: Scale) {
  const day = byDate.get(date);
  const level = heatmapLevel(day?.value ?? 0, max);
  const failed = (day?.failed ?? 0) > 0;
  return {
    className: `mc-view-heat mc-view-heat--${level}${failed ? ' mc-view-heat--failed' : ''}`,
    title: heatmapDayText(date, day),
    'data-level': level,
  };
}

/** Each month as a calendar: a table of its weeks, Sunday first, each day coloured by value. */
function CalendarHeatmap({ days, scale }: { days: readonly HeatmapDay[]; scale: Scale }) {
  return (
    <div className="mc-view-heatmap-months">
      {calendarMonths(days).map((month) => (
        <table key={month.key} className="mc-view-heatmap-month">
          <caption>{month.label}</caption>
          <thead>
            <tr>
              {DAY_HEADERS.map(([short, long]) => (
                <th key={short} scope="col" abbr={long}>
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week, index) => (
              <tr key={index}>
                {week.map((date, day) =>
                  date ? (
                    <td key={date} {...dayProps(date, scale)}>
                      <span aria-hidden>{Number(date.slice(8))}</span>
                      <span className="mc-visually-hidden">
                        {heatmapDayText(date, scale.byDate.get(date))}
                      </span>
                    </td>
                  ) : (
                    <td key={`empty-${day}`} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** Weekday names beside the rows of a compact heatmap (Sunday first; every other one). */
const WEEKDAY_LABELS = ['', 'Mon', '', 'Wed', '', 'Fri', ''] as const;

/** Up to six weeks of days are one row of squares; a longer span is a column per week. */
export const DAY_STRIP_MAX_DAYS = 42;

/** Up to two weeks, each square says its day of the month under it. */
const DAY_NUMBERS_MAX_DAYS = 14;

/** A square per day, a column per week under the month that begins in it, weekdays beside. */
function WeekColumns({ weeks, scale }: { weeks: Array<Array<string | null>>; scale: Scale }) {
  const months = weekMonthLabels(weeks);
  return (
    <>
      <div className="mc-view-heatmap-week">
        <span />
        {WEEKDAY_LABELS.map((day, index) => (
          <span key={index} className="mc-view-heatmap-weekday">
            {day}
          </span>
        ))}
      </div>
      {weeks.map((week, index) => (
        <div key={index} className="mc-view-heatmap-week">
          <span className="mc-view-heatmap-week-month">{months[index]}</span>
          {week.map((date, day) =>
            date ? (
              <span key={date} {...dayProps(date, scale)} />
            ) : (
              <span key={`empty-${day}`} className="mc-view-heat mc-view-heat--outside" />
            ),
          )}
        </div>
      ))}
    </>
  );
}

/** A square per day in one row, each with its day of the month under it when they are few. */
function DayRow({ dates, scale }: { dates: readonly string[]; scale: Scale }) {
  const numbered = dates.length <= DAY_NUMBERS_MAX_DAYS;
  return (
    <>
      {dates.map((date) => (
        <span key={date} className="mc-view-heatmap-day">
          <span {...dayProps(date, scale)} />
          {numbered && (
            <span className="mc-view-heatmap-day-number" aria-hidden>
              {Number(date.slice(8))}
            </span>
          )}
        </span>
      ))}
    </>
  );
}

/**
 * Every day from the first to the last as a square sized from the panel's width and the
 * number of days: one row of days for a short span, else a column per week (squares of at
 * most 40 and 24 px; a span too long for the panel scrolls).
 */
function CompactHeatmap({
  days,
  scale,
  label,
}: {
  days: readonly HeatmapDay[];
  scale: Scale;
  label: string;
}) {
  const from = days[0]!.date;
  const to = days[days.length - 1]!.date;
  const total = days.reduce((sum, day) => sum + day.value, 0);
  const busiest = days.reduce((best, day) => (day.value > best.value ? day : best), days[0]!);
  const weeks = weeksBetween(from, to);
  const dates = weeks.flat().filter((date): date is string => date !== null);
  const strip = dates.length <= DAY_STRIP_MAX_DAYS;
  const columns = strip ? dates.length : weeks.length;
  return (
    <figure className="mc-view-heatmap-compact">
      <figcaption className={Classes.TEXT_MUTED}>
        {from} to {to}
      </figcaption>
      <div
        className={strip ? 'mc-view-heatmap-days' : 'mc-view-heatmap-weeks'}
        style={{ '--mc-view-heat-columns': columns } as CSSProperties}
        data-columns={columns}
        role="img"
        aria-label={`${label}: ${days.length} days with data from ${from} to ${to}, total ${formatDecimal(total)}, highest ${busiest.date} (${formatDecimal(busiest.value)})`}
      >
        {strip ? (
          <DayRow dates={dates} scale={scale} />
        ) : (
          <WeekColumns weeks={weeks} scale={scale} />
        )}
      </div>
    </figure>
  );
}

/**
 * Days coloured by their value (`count`, else `successful` + `failed`, else `value`) on a
 * scale of steps up to the highest day, as month calendars (`heatmap.mode: calendar`, the
 * default) or a compact strip of weeks (`compact`); each day's tooltip says its date and
 * value, and a legend the steps.
 */
export function HeatmapPanel({ panel }: { panel: ViewPanel }) {
  const days = heatmapDays(panel.rows);
  if (days.length === 0) return <PanelEmpty />;
  const max = Math.max(...days.map((day) => day.value));
  const scale: Scale = { byDate: new Map(days.map((day) => [day.date, day])), max };
  const anyFailed = days.some((day) => day.failed > 0);
  return (
    <div className="mc-view-heatmap">
      {panel.heatmap?.mode === 'compact' ? (
        <CompactHeatmap days={days} scale={scale} label={panel.name} />
      ) : (
        <CalendarHeatmap days={days} scale={scale} />
      )}
      <ul
        className="mc-view-legend mc-view-legend--horizontal mc-view-heatmap-legend"
        aria-label={`${panel.name} legend`}
      >
        {heatmapScale(max).map((step) => (
          <li key={step.level}>
            <span className={`mc-view-heat mc-view-heat--${step.level}`} aria-hidden />
            {step.label}
          </li>
        ))}
        {anyFailed && (
          <li>
            <span className="mc-view-heat mc-view-heat--0 mc-view-heat--failed" aria-hidden />
            With failures
          </li>
        )}
      </ul>
    </div>
  );
}
