import type { Edge, Node, NodeMouseHandler, NodeProps, NodeTypes } from '@xyflow/react';
import { Controls, Handle, MarkerType, Position, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { KeyboardEvent } from 'react';
import { memo, useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../shell/hooks';
import { selectPreferences } from '../../../shell/preferencesSlice';
import type { RunGraphModel, RunNode, RunNodeKind } from './model/runGraph';
import {
  LANE_GAP,
  NODE_HEIGHT,
  NODE_WIDTH,
  firstViewNodes,
  layoutRunGraph,
  nodeSummary,
  ranFor,
  waitedFor,
} from './model/runGraph';
import { isLiveStatus, statusLabel, statusTone } from './model/runs';
import { RunStatusTag } from './RunStatusTag';

/** What a node draws: words only, so that a node whose words did not change is not drawn again. */
interface RunNodeView {
  kind: RunNodeKind;
  name: string;
  status: string | null | undefined;
  ran: string;
  waited: string;
  selected: boolean;
  /** A child run's page. */
  href: string | undefined;
  /** The run's node has children below it. */
  hasChildren: boolean;
}

type RunFlowNode = Node<{ view: RunNodeView }, 'run'>;

/** What a keyboard user hears with a node that can be chosen. */
export const NODE_HELP = 'Press Enter to show the action.';

const sameView = (a: RunNodeView, b: RunNodeView) =>
  a.kind === b.kind &&
  a.name === b.name &&
  a.status === b.status &&
  a.ran === b.ran &&
  a.waited === b.waited &&
  a.selected === b.selected &&
  a.href === b.href &&
  a.hasChildren === b.hasChildren;

/**
 * One node: its name (a link for a child run), status, how long it ran and waited. Drawn again
 * only when its words change (a new reading of the run redraws the nodes that changed).
 */
const RunNodeBox = memo(
  function RunNodeBox({ data }: NodeProps<RunFlowNode>) {
    const { view } = data;
    const classes = [
      'mc-run-node',
      `mc-run-node--${view.kind}`,
      `mc-run-node--${statusTone(view.status)}`,
      isLiveStatus(view.status) && 'mc-run-node--live',
      view.selected && 'mc-run-node--selected',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={classes}>
        {view.kind === 'child' ? (
          <Handle type="target" position={Position.Top} isConnectable={false} />
        ) : (
          view.kind === 'action' && (
            <Handle type="target" position={Position.Left} isConnectable={false} />
          )
        )}
        <div className="mc-run-node-head">
          {view.href ? (
            <Link to={view.href} className="mc-run-node-name" title={view.name}>
              {view.name}
            </Link>
          ) : (
            <span className="mc-run-node-name" title={view.name}>
              {view.name}
            </span>
          )}
          <RunStatusTag status={view.status} />
        </div>
        <div className="mc-run-node-times">
          <span>{view.ran ? `ran ${view.ran}` : 'not started'}</span>
          {view.waited && <span>waited {view.waited}</span>}
        </div>
        {view.kind !== 'child' && (
          <Handle id="next" type="source" position={Position.Right} isConnectable={false} />
        )}
        {view.hasChildren && (
          <Handle id="children" type="source" position={Position.Bottom} isConnectable={false} />
        )}
      </div>
    );
  },
  (before, after) => sameView(before.data.view, after.data.view),
);

const NODE_TYPES: NodeTypes = { run: RunNodeBox };
const ARIA_LABELS = {
  'node.a11yDescription.default': NODE_HELP,
  'node.a11yDescription.keyboardDisabled': NODE_HELP,
};
const EDGE_MARKER = { type: MarkerType.ArrowClosed, width: 16, height: 16 };
const PADDING = 24;
/** The controls' fit shows the whole graph. */
const FIT_ALL = { padding: 0.1, maxZoom: 1 };

export interface RunGraphProps {
  model: RunGraphModel;
  /** The action shown in detail. */
  selectedActionId: string | undefined;
  /** Shows an action in detail (a node clicked, or Enter on it). */
  onSelectAction: (actionId: string) => void;
  /** A child run's page. */
  childHref: (runId: string) => string;
  /** The time running nodes have run to (the run's last reading). */
  now: Date;
}

/**
 * The run as a workflow graph: the run, its actions chained left to right in execution order,
 * and its child runs below, hanging off the run. Each node shows its name, status, how long it
 * ran and how long it waited to start. Clicking an action, or Enter on it, shows it in detail;
 * a child run's name links to its page.
 */
export default function RunGraph({
  model,
  selectedActionId,
  onSelectAction,
  childHref,
  now,
}: RunGraphProps) {
  const theme = useAppSelector((state) => selectPreferences(state).theme);
  const places = useMemo(() => layoutRunGraph(model.nodes), [model.nodes]);
  const byId = useMemo(() => new Map(model.nodes.map((node) => [node.id, node])), [model.nodes]);
  const hasChildren = model.nodes.some((node) => node.kind === 'child');

  const nodes = useMemo(() => {
    return model.nodes.map((node: RunNode): RunFlowNode => {
      const view: RunNodeView = {
        kind: node.kind,
        name: node.name,
        status: node.status,
        ran: ranFor(node, now),
        waited: waitedFor(node, now),
        selected: node.kind === 'action' && node.refId === selectedActionId,
        href: node.kind === 'child' ? childHref(node.refId) : undefined,
        hasChildren: node.kind === 'run' && hasChildren,
      };
      const action = node.kind === 'action';
      const flowNode: RunFlowNode = {
        id: node.id,
        type: 'run',
        data: { view },
        position: places.get(node.id) ?? { x: 0, y: 0 },
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        draggable: false,
        selectable: false,
        connectable: false,
        // Only actions are chosen; a child run is reached through its link.
        focusable: action,
        ariaRole: action ? 'button' : 'group',
        ariaLabel: nodeSummary(node, statusLabel(node.status), now),
        // Pressing a node neither pans nor drags the view: it is a click.
        className: 'mc-run-flow-node nopan',
        ...(view.selected ? { domAttributes: { 'aria-current': 'true' as const } } : {}),
      };
      return flowNode;
    });
  }, [model.nodes, places, now, selectedActionId, childHref, hasChildren]);

  const edges = useMemo(
    (): Edge[] =>
      model.edges.map((edge) => {
        const toChild = byId.get(edge.target)?.kind === 'child';
        return {
          id: edge.id,
          source: edge.source,
          target: edge.target,
          sourceHandle: toChild ? 'children' : 'next',
          type: toChild ? 'smoothstep' : 'default',
          animated:
            isLiveStatus(byId.get(edge.target)?.status) && !!byId.get(edge.target)?.startTime,
          markerEnd: EDGE_MARKER,
          focusable: false,
          selectable: false,
        };
      }),
    [model.edges, byId],
  );

  // The first view shows the run and its first actions at their natural size.
  const fitViewOptions = useMemo(
    () => ({ nodes: firstViewNodes(places), padding: 0.1, maxZoom: 1 }),
    [places],
  );

  const select = useCallback(
    (id: string) => {
      const node = byId.get(id);
      if (node?.kind === 'action') onSelectAction(node.refId);
    },
    [byId, onSelectAction],
  );
  const onNodeClick = useCallback<NodeMouseHandler<RunFlowNode>>(
    (_event, node) => select(node.id),
    [select],
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const target = event.target as HTMLElement;
    if (!target.classList.contains('react-flow__node')) return;
    const id = target.dataset.id;
    if (id === undefined) return;
    event.preventDefault();
    select(id);
  };

  const lanes = hasChildren ? 2 : 1;
  return (
    <div
      className="mc-run-graph"
      role="region"
      aria-label="Run graph"
      data-nodes={nodes.length}
      style={{ height: `${lanes * (NODE_HEIGHT + LANE_GAP) + 2 * PADDING + 40}px` }}
      onKeyDown={onKeyDown}
    >
      <ReactFlow<RunFlowNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodeClick={onNodeClick}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        deleteKeyCode={null}
        fitView
        fitViewOptions={fitViewOptions}
        minZoom={0.2}
        maxZoom={1.5}
        // The page scrolls over the graph; it zooms with its controls or a pinch.
        zoomOnScroll={false}
        preventScrolling={false}
        ariaLabelConfig={ARIA_LABELS}
        colorMode={theme === 'dark' ? 'dark' : 'light'}
      >
        <Controls showInteractive={false} fitViewOptions={FIT_ALL} />
      </ReactFlow>
    </div>
  );
}
