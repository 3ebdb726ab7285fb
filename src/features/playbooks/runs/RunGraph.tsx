import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NodePlace, RunGraphModel, RunNodeKind } from './model/runGraph';
import {
  NODE_HEIGHT,
  NODE_WIDTH,
  actionNodeId,
  graphSize,
  layoutRunGraph,
  edgePath,
  nodeSummary,
  ranFor,
  waitedFor,
} from './model/runGraph';
import { isLiveStatus, statusLabel, statusTone } from './model/runs';
import { RunStatusTag } from './RunStatusTag';

interface RunNodeBoxProps {
  kind: RunNodeKind;
  /** The action's or the run's id. */
  refId: string;
  name: string;
  status: string | null | undefined;
  ran: string;
  waited: string;
  /** What the node reads as (`restart, Completed, ran 1m, waited 5s`). */
  summary: string;
  selected: boolean;
  x: number;
  y: number;
  /** A child run's page. */
  href: string | undefined;
  onSelectAction: (actionId: string) => void;
}

/**
 * One node: its name (a link for a child run), status, how long it ran and waited. An action is
 * a button that shows it in detail. Props are plain values, so that a new reading of the run
 * draws again only the nodes whose words changed.
 */
const RunNodeBox = memo(function RunNodeBox({
  kind,
  refId,
  name,
  status,
  ran,
  waited,
  summary,
  selected,
  x,
  y,
  href,
  onSelectAction,
}: RunNodeBoxProps) {
  const className = [
    'mc-run-node',
    `mc-run-node--${kind}`,
    `mc-run-node--${statusTone(status)}`,
    isLiveStatus(status) && 'mc-run-node--live',
    selected && 'mc-run-node--selected',
  ]
    .filter(Boolean)
    .join(' ');
  const style = {
    left: `${x}px`,
    top: `${y}px`,
    width: `${NODE_WIDTH}px`,
    height: `${NODE_HEIGHT}px`,
  };
  const content = (
    <>
      <span className="mc-run-node-head">
        {href ? (
          <Link to={href} className="mc-run-node-name" title={name}>
            {name}
          </Link>
        ) : (
          <span className="mc-run-node-name" title={name}>
            {name}
          </span>
        )}
        <RunStatusTag status={status} />
      </span>
      <span className="mc-run-node-times">
        <span>{ran ? `ran ${ran}` : 'not started'}</span>
        {waited && <span>waited {waited}</span>}
      </span>
    </>
  );
  if (kind === 'action') {
    return (
      <button
        type="button"
        className={className}
        style={style}
        data-node={refId}
        aria-label={summary}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelectAction(refId)}
      >
        {content}
      </button>
    );
  }
  return (
    <div className={className} style={style} data-node={refId} role="group" aria-label={summary}>
      {content}
    </div>
  );
});

/** The space around the drawing, in px. */
const MARGIN = 16;
const ARROW = 'mc-run-graph-arrow';

export interface RunGraphProps {
  model: RunGraphModel;
  /** The action shown in detail. */
  selectedActionId: string | undefined;
  /** Shows an action in detail (its node clicked, or Enter on it). */
  onSelectAction: (actionId: string) => void;
  /** A child run's page. */
  childHref: (runId: string) => string;
  /** The time running nodes have run to (the run's last reading). */
  now: Date;
}

/**
 * The run as a workflow graph: the run, its actions chained left to right in execution order,
 * and its child runs on the lane below, hanging off the run; the frame scrolls along a long
 * chain. Each node shows its name, status, how long it ran and how long it waited to start.
 * An action's node is a button that shows it in detail (click, Enter or Space); a child run's
 * name links to its page. The action selected when the graph opens is scrolled into view.
 */
export function RunGraph({
  model,
  selectedActionId,
  onSelectAction,
  childHref,
  now,
}: RunGraphProps) {
  const places = useMemo(() => layoutRunGraph(model.nodes), [model.nodes]);
  const size = useMemo(() => graphSize(places), [places]);
  const paths = useMemo(() => {
    const kinds = new Map(model.nodes.map((node) => [node.id, node.kind]));
    return model.edges.flatMap((edge) => {
      const from = places.get(edge.source);
      const to = places.get(edge.target);
      if (!from || !to) return [];
      return [{ id: edge.id, d: edgePath(from, to, kinds.get(edge.target) === 'child') }];
    });
  }, [model, places]);
  // The action shown when the graph opens is scrolled into view (a link to a late action).
  const frame = useRef<HTMLDivElement>(null);
  const [opened] = useState(() =>
    selectedActionId ? places.get(actionNodeId(selectedActionId)) : undefined,
  );
  useEffect(() => {
    const element = frame.current;
    if (!element || !opened) return;
    const left = opened.x + MARGIN;
    if (left + NODE_WIDTH <= element.clientWidth) return;
    element.scrollLeft = Math.max(0, left - (element.clientWidth - NODE_WIDTH) / 2);
  }, [opened]);
  const origin: NodePlace = { x: 0, y: 0 };
  const width = size.width + 2 * MARGIN;
  const height = size.height + 2 * MARGIN;

  return (
    <div
      ref={frame}
      className="mc-run-graph"
      role="region"
      aria-label="Run graph"
      data-nodes={model.nodes.length}
    >
      <div className="mc-run-graph-canvas" style={{ width: `${width}px`, height: `${height}px` }}>
        <svg className="mc-run-graph-edges" width={width} height={height} aria-hidden="true">
          <defs>
            <marker
              id={ARROW}
              viewBox="0 0 10 10"
              refX="10"
              refY="5"
              markerWidth="8"
              markerHeight="8"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" />
            </marker>
          </defs>
          <g transform={`translate(${MARGIN} ${MARGIN})`}>
            {paths.map((path) => (
              <path key={path.id} d={path.d} markerEnd={`url(#${ARROW})`} />
            ))}
          </g>
        </svg>
        {model.nodes.map((node) => {
          const place = places.get(node.id) ?? origin;
          return (
            <RunNodeBox
              key={node.id}
              kind={node.kind}
              refId={node.refId}
              name={node.name}
              status={node.status}
              ran={ranFor(node, now)}
              waited={waitedFor(node, now)}
              summary={nodeSummary(node, statusLabel(node.status), now)}
              selected={node.kind === 'action' && node.refId === selectedActionId}
              x={place.x + MARGIN}
              y={place.y + MARGIN}
              href={node.kind === 'child' ? childHref(node.refId) : undefined}
              onSelectAction={onSelectAction}
            />
          );
        })}
      </div>
    </div>
  );
}
