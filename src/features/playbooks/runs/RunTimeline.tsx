import { Link } from 'react-router-dom';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import type { RunNode } from './model/runGraph';
import { axisTicks, barPlace, nodeTimes, ranFor, timelineSpan, waitedFor } from './model/runGraph';
import { isLiveStatus, statusTone } from './model/runs';
import { RunStatusTag } from './RunStatusTag';

export interface RunTimelineProps {
  /** The run, its actions in execution order and its child runs (`runGraph`'s nodes). */
  nodes: readonly RunNode[];
  /** The action shown in detail. */
  selectedActionId: string | undefined;
  onSelectAction: (actionId: string) => void;
  /** A child run's page. */
  childHref: (runId: string) => string;
  formatDate: FormatDateFn;
  /** The time running bars grow to (the run's last reading). */
  now: Date;
}

const percent = (value: number) => `${value.toFixed(3)}%`;

/** How a node's track reads: `waited 5s, ran 1m`, or `not started`. */
function trackLabel(node: RunNode, now: Date): string {
  const waited = waitedFor(node, now);
  const ran = ranFor(node, now);
  const parts = [waited && `waited ${waited}`, ran && `ran ${ran}`].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'not started';
}

/**
 * The run as a Gantt chart: a row per node (the run, each action, each child run), each with a
 * bar from its scheduled time to its start (waiting, hatched) and one from its start to its end
 * (running, in its status's colour), on an axis of the time since the earliest of them. Bars of
 * what still runs or waits grow to `now`. An action's name shows it in detail; a child run's
 * name links to its page.
 */
export function RunTimeline({
  nodes,
  selectedActionId,
  onSelectAction,
  childHref,
  formatDate,
  now,
}: RunTimelineProps) {
  const times = nodes.map((node) => nodeTimes(node, now));
  const span = timelineSpan(times, now);
  const ticks = axisTicks(span);
  return (
    <div className="mc-run-gantt" role="region" aria-label="Run timeline">
      <div className="mc-run-gantt-row mc-run-gantt-head">
        <span className="mc-run-muted">From {formatDate(new Date(span.from))}</span>
        <div className="mc-run-gantt-axis" aria-label="Time since the first start" role="group">
          {ticks.map((tick) => (
            <span
              key={tick.offset}
              className="mc-run-gantt-tick"
              style={{ left: percent(tick.left) }}
            >
              {tick.label}
            </span>
          ))}
        </div>
      </div>
      <ol className="mc-run-gantt-rows" aria-label="Timeline">
        {nodes.map((node, index) => {
          const t = times[index]!;
          const selected = node.kind === 'action' && node.refId === selectedActionId;
          const tone = statusTone(node.status);
          const live = isLiveStatus(node.status);
          const wait =
            t.waitFrom !== undefined && t.waitTo !== undefined
              ? barPlace(span, t.waitFrom, t.waitTo)
              : undefined;
          const run =
            t.runFrom !== undefined && t.runTo !== undefined
              ? barPlace(span, t.runFrom, t.runTo)
              : undefined;
          return (
            <li
              key={node.id}
              className={`mc-run-gantt-row mc-run-gantt-row--${node.kind}${selected ? ' mc-run-gantt-row--selected' : ''}`}
            >
              <div className="mc-run-gantt-label">
                {node.kind === 'action' ? (
                  <button
                    type="button"
                    className="mc-run-gantt-name"
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => onSelectAction(node.refId)}
                  >
                    {node.name}
                  </button>
                ) : node.kind === 'child' ? (
                  <Link to={childHref(node.refId)} className="mc-run-gantt-name">
                    {node.name}
                  </Link>
                ) : (
                  <span className="mc-run-gantt-name">{node.name}</span>
                )}
                <RunStatusTag status={node.status} />
              </div>
              <div
                className="mc-run-gantt-track"
                role="img"
                aria-label={`${node.name}: ${trackLabel(node, now)}`}
              >
                {ticks.map((tick) => (
                  <span
                    key={tick.offset}
                    className="mc-run-gantt-grid"
                    style={{ left: percent(tick.left) }}
                  />
                ))}
                {wait && (
                  <span
                    className="mc-run-gantt-bar mc-run-gantt-bar--wait"
                    data-bar="wait"
                    style={{ left: percent(wait.left), width: percent(wait.width) }}
                  />
                )}
                {run && (
                  <span
                    className={`mc-run-gantt-bar mc-run-gantt-bar--${tone}${live ? ' mc-run-gantt-bar--live' : ''}`}
                    data-bar="run"
                    style={{ left: percent(run.left), width: percent(run.width) }}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
