import { Button, Callout, Icon, Spinner } from '@blueprintjs/core';
import type {
  Edge,
  Node,
  NodeMouseHandler,
  NodeProps,
  NodeTypes,
  OnMove,
  ReactFlowState,
} from '@xyflow/react';
import {
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  ViewportPortal,
  useReactFlow,
  useStore,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { KeyboardEvent, ReactNode } from 'react';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import type { RelatedConfig } from '../../../../api/schemas/configItem';
import { statusColor } from '../../../../lib/status';
import { useAppSelector } from '../../../../shell/hooks';
import { selectPreferences } from '../../../../shell/preferencesSlice';
import { StatusDot } from '../../../../ui/StatusDot';
import { ConfigIcon } from '../../../../widgets/ConfigIcon';
import { statusWord } from '../model/format';
import { insightTotal } from '../model/relationshipsState';
import type { EdgeDrawing } from './edgeLayer';
import { edgeDrawing } from './edgeLayer';
import type { LayoutAnswer, LayoutDirection, NodePosition } from './graphLayout';
import type { ClusterGraphNode, ClusteredGraph } from './graphModel';
import {
  GRAPH_NODE_LIMIT,
  NODE_HEIGHT,
  NODE_WIDTH,
  clusterGraph,
  clusterHealth,
  graphFromRows,
} from './graphModel';
import { useGraphLayout } from './useGraphLayout';

/**
 * What a config node draws. `handles`: whether it has the handles React Flow ends its edges
 * at (not in a large graph, whose edges are one drawing: see `EdgeLayer`).
 */
type ConfigNodeData = { config: RelatedConfig; selected: boolean; handles: boolean };
/** What a cluster node draws. */
type ClusterNodeData = { cluster: ClusterGraphNode; handles: boolean };
type ConfigFlowNode = Node<ConfigNodeData, 'config'>;
type ClusterFlowNode = Node<ClusterNodeData, 'cluster'>;
type FlowNode = ConfigFlowNode | ClusterFlowNode;

/** A cluster's name: its type and how many configs it holds ("Kubernetes::Pod · 69"). */
export function clusterLabel(cluster: Pick<ClusterGraphNode, 'type' | 'memberIds'>): string {
  return `${cluster.type || '(no type)'} · ${cluster.memberIds.length}`;
}

/** What the node description says to keyboard users (read with every node). */
export const NODE_HELP = 'Press Enter to open the config, or to show the configs of a group.';

/** Text to read when drawn smaller: below this zoom, the nodes of a large graph are plain boxes. */
export const DETAIL_ZOOM = 0.45;
/**
 * A graph of more nodes is large: only the nodes in view are drawn, zoomed out they are plain
 * boxes, and its edges are one drawing. A smaller graph keeps its icons at any zoom, and React
 * Flow's own edges, where they cost little.
 */
export const LARGE_GRAPH = 100;

/**
 * Whether a large graph is zoomed out past reading. Each node reads only this flag from the
 * store, so panning and zooming re-render no node until the flag changes.
 */
const plainBoxes = (state: ReactFlowState) =>
  state.transform[2] < DETAIL_ZOOM && state.nodes.length > LARGE_GRAPH;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * A node zoomed out: a box in its health's colour, named in its tooltip, without icon, text or
 * badges (the cheapest to paint when hundreds are in view).
 */
function PlainNode({
  className,
  name,
  health,
  handles,
}: {
  className: string;
  name: string;
  health: string | null | undefined;
  handles: ReactNode;
}) {
  const color = statusColor({ status: health });
  return (
    <div
      className={`${className} mc-rel-node--plain${color ? ` mc-rel-node--${color}` : ''}`}
      title={name}
    >
      {handles}
    </div>
  );
}

/** Where React Flow ends a node's edges, when it draws them (nothing otherwise). */
function NodeHandles({
  drawn,
  type,
  position,
}: {
  drawn: boolean;
  type: 'source' | 'target';
  position: Position;
}) {
  return drawn ? <Handle type={type} position={position} isConnectable={false} /> : null;
}

/** A related config: icon, name, type, health, and its changes and insights. */
const ConfigNode = memo(function ConfigNode({
  data,
  sourcePosition = Position.Right,
  targetPosition = Position.Left,
}: NodeProps<ConfigFlowNode>) {
  const plain = useStore(plainBoxes);
  const { config, selected, handles } = data;
  const target = <NodeHandles drawn={handles} type="target" position={targetPosition} />;
  const source = <NodeHandles drawn={handles} type="source" position={sourcePosition} />;
  const insights = insightTotal(config.analysis);
  const changes = config.changes ?? 0;
  const classes = ['mc-rel-node', selected && 'mc-rel-node--selected']
    .concat(config.deleted_at ? 'mc-rel-node--deleted' : [])
    .filter(Boolean)
    .join(' ');
  if (plain) {
    return (
      <PlainNode
        className={classes}
        name={config.name || '(no name)'}
        health={config.health}
        handles={
          <>
            {target}
            {source}
          </>
        }
      />
    );
  }
  return (
    <div className={classes} title={config.deleted_at ? 'Deleted' : undefined}>
      {target}
      <ConfigIcon type={config.type} configClass={config.config_class} className="mc-rel-icon" />
      <div className="mc-rel-node-text">
        <span className="mc-rel-node-name">{config.name || '(no name)'}</span>
        <span className="mc-rel-node-type">{config.type}</span>
      </div>
      <div className="mc-rel-node-meta">
        {config.health && <StatusDot status={config.health} title={statusWord(config.health)} />}
        {changes > 0 && (
          <span className="mc-rel-count" title={plural(changes, 'change')}>
            <Icon icon="changes" size={12} aria-hidden />
            {changes}
          </span>
        )}
        {insights > 0 && (
          <span className="mc-rel-count" title={plural(insights, 'insight')}>
            <Icon icon="lightbulb" size={12} aria-hidden />
            {insights}
          </span>
        )}
      </div>
      {source}
    </div>
  );
});

/** The configs of one type as one node: the type's icon, name and count, and its worst health. */
const ClusterNode = memo(function ClusterNode({
  data,
  sourcePosition = Position.Right,
  targetPosition = Position.Left,
}: NodeProps<ClusterFlowNode>) {
  const plain = useStore(plainBoxes);
  const { cluster, handles } = data;
  const target = <NodeHandles drawn={handles} type="target" position={targetPosition} />;
  const source = <NodeHandles drawn={handles} type="source" position={sourcePosition} />;
  const unhealthy = cluster.health.unhealthy ?? 0;
  if (plain) {
    return (
      <PlainNode
        className="mc-rel-node mc-rel-node--cluster"
        name={clusterLabel(cluster)}
        health={clusterHealth(cluster.health)}
        handles={
          <>
            {target}
            {source}
          </>
        }
      />
    );
  }
  return (
    <div
      className="mc-rel-node mc-rel-node--cluster"
      title="Show these configs"
      data-cluster={cluster.type}
    >
      {target}
      <ConfigIcon type={cluster.type} className="mc-rel-icon" />
      <div className="mc-rel-node-text">
        <span className="mc-rel-node-name">{clusterLabel(cluster)}</span>
        <span className="mc-rel-node-type">
          {unhealthy > 0 ? `${unhealthy} unhealthy` : 'Group'}
        </span>
      </div>
      <div className="mc-rel-node-meta">
        <StatusDot status={clusterHealth(cluster.health)} />
        <Icon icon="expand-all" size={12} aria-hidden />
      </div>
      {source}
    </div>
  );
});

/** The class of the graph while its view moves (pan or zoom). */
const MOVING = 'mc-rel-graph--moving';

/** The title of the graph that could not be laid out. */
export const LAYOUT_ERROR = 'The graph could not be laid out';

/** The layout under way: in place of the graph at first, then over the graph drawn before. */
function LayoutStatus({ overlay, children }: { overlay: boolean; children: ReactNode }) {
  return (
    <div
      role="status"
      className={
        overlay ? 'mc-rel-graph-status mc-rel-graph-status--overlay' : 'mc-rel-graph-status'
      }
    >
      <Spinner size={overlay ? 16 : 24} aria-hidden />
      <span>{children}</span>
    </div>
  );
}

const NODE_TYPES: NodeTypes = { config: ConfigNode, cluster: ClusterNode };
const ARIA_LABELS = {
  'node.a11yDescription.default': NODE_HELP,
  'node.a11yDescription.keyboardDisabled': NODE_HELP,
};
const EDGE_MARKER = { type: MarkerType.ArrowClosed, width: 16, height: 16 };
// A small graph is not blown up past its natural size. Every node counts, drawn or not: past
// LARGE_GRAPH nodes those out of view are not drawn, so never measured (their size is known).
const FIT_VIEW_OPTIONS = { padding: 0.1, maxZoom: 1, includeHiddenNodes: true };

/** Each node's top-left corner, as the layout placed it. */
const nodePositions = (layout: LayoutAnswer): Map<string, NodePosition> =>
  new Map(layout.positions.map(([id, x, y]) => [id, { x, y }]));

/**
 * The nodes React Flow draws: fixed size, placed by the layout, neither dragged nor selected.
 * With `handles`, they have the handles React Flow's edges end at.
 */
function flowNodes(
  graph: ClusteredGraph,
  { direction }: LayoutAnswer,
  positions: ReadonlyMap<string, NodePosition>,
  handles: boolean,
): FlowNode[] {
  const sourcePosition = direction === 'LR' ? Position.Right : Position.Bottom;
  const targetPosition = direction === 'LR' ? Position.Left : Position.Top;
  return graph.nodes.map((node): FlowNode => {
    const common = {
      id: node.id,
      position: positions.get(node.id) ?? { x: 0, y: 0 },
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      sourcePosition,
      targetPosition,
      draggable: false,
      selectable: false,
      connectable: false,
    };
    if (node.kind === 'cluster') {
      return {
        ...common,
        type: 'cluster',
        data: { cluster: node, handles },
        ariaRole: 'button',
        ariaLabel: clusterLabel(node),
        className: 'mc-rel-flow-node',
      };
    }
    return {
      ...common,
      type: 'config',
      data: { config: node.config, selected: node.selected, handles },
      // The item itself is where the user is: it is marked, not a way elsewhere.
      ariaRole: node.selected ? 'group' : 'button',
      ariaLabel: node.config.name || '(no name)',
      className: node.selected ? 'mc-rel-flow-node mc-rel-flow-node--selected' : 'mc-rel-flow-node',
      ...(node.selected ? { domAttributes: { 'aria-current': 'true' as const } } : {}),
    };
  });
}

function flowEdges(graph: ClusteredGraph): Edge[] {
  return graph.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    target: edge.target,
    markerEnd: EDGE_MARKER,
    focusable: false,
    selectable: false,
  }));
}

/**
 * The edges of a large graph as one picture under the nodes: two paths (curves, arrowheads)
 * drawn once per layout, instead of an element per edge that React Flow places, renders,
 * hit-tests and, past the view, mounts and unmounts again while the view pans.
 */
const EdgeLayer = memo(function EdgeLayer({ drawing }: { drawing: EdgeDrawing }) {
  return (
    <ViewportPortal>
      <svg className="mc-rel-edges" aria-hidden="true" data-edges={drawing.count}>
        <path className="mc-rel-edges-lines" d={drawing.lines} />
        <path className="mc-rel-edges-arrows" d={drawing.arrows} />
      </svg>
    </ViewportPortal>
  );
});

/** Fits the view again when the drawn nodes change (a cluster expanded or collapsed). */
function FitOnChange({ nodes }: { nodes: readonly FlowNode[] }) {
  const { fitView } = useReactFlow();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void fitView(FIT_VIEW_OPTIONS);
  }, [nodes, fitView]);
  return null;
}

export interface RelationshipGraphProps {
  /** The related configs, the item among them (CAT-30's rows). */
  rows: readonly RelatedConfig[];
  /** The item whose relationships these are: highlighted, and not a link. */
  selectedId: string;
  /** Types whose cluster is drawn as its members. */
  expanded: readonly string[];
  /** Called with the new expanded types (a cluster clicked, or a type collapsed). */
  onExpandedChange: (types: string[]) => void;
  /** Opens a related config. */
  onOpen: (id: string) => void;
  /** Left to right (parents on the left) or top to bottom; default the one that fits best. */
  direction?: LayoutDirection;
}

/**
 * The item's relationships as a graph: a node per related config (icon, name, type, health,
 * changes and insights), an arrow per relationship, laid out in layers. Above
 * `GRAPH_NODE_LIMIT` configs, those of one type are grouped into a node that shows them when
 * clicked. Clicking a config, or Enter on it, opens it. Zoom, pan and fit with the controls,
 * the mouse or the keyboard.
 */
export default function RelationshipGraph({
  rows,
  selectedId,
  expanded,
  onExpandedChange,
  onOpen,
  direction,
}: RelationshipGraphProps) {
  const theme = useAppSelector((state) => selectPreferences(state).theme);
  const model = useMemo(() => graphFromRows(rows, selectedId), [rows, selectedId]);
  const graph = useMemo(() => clusterGraph(model, { expanded }), [model, expanded]);
  // Laid out off the main thread; until the graph asked for is laid out, the one before stays.
  const { laid, pending, error } = useGraphLayout(graph, direction);
  const drawn = laid?.graph;
  // A large graph's edges are one drawing (EdgeLayer), React Flow's edges a small graph's.
  const large = (drawn?.nodes.length ?? 0) > LARGE_GRAPH;
  const positions = useMemo(() => (laid ? nodePositions(laid.answer) : null), [laid]);
  const nodes = useMemo(
    () => (laid && positions ? flowNodes(laid.graph, laid.answer, positions, !large) : []),
    [laid, positions, large],
  );
  const edges = useMemo(() => (drawn && !large ? flowEdges(drawn) : []), [drawn, large]);
  const drawing = useMemo(
    () =>
      laid && positions && large
        ? edgeDrawing(laid.graph.edges, positions, laid.answer.direction)
        : null,
    [laid, positions, large],
  );
  const byId = useMemo(() => new Map(drawn?.nodes.map((node) => [node.id, node])), [drawn]);
  // Expanded types can be grouped again while the graph is over the limit and has them.
  const collapsible = useMemo(() => {
    if (!graph.overLimit) return [];
    const types = new Set(model.nodes.map((node) => node.kind === 'config' && node.config.type));
    return expanded.filter((type) => types.has(type));
  }, [expanded, graph.overLimit, model]);

  const activate = useCallback(
    (id: string) => {
      const node = byId.get(id);
      if (!node) return;
      if (node.kind === 'cluster') onExpandedChange([...expanded, node.type]);
      else if (!node.selected) onOpen(node.id);
    },
    [byId, expanded, onExpandedChange, onOpen],
  );
  const onNodeClick = useCallback<NodeMouseHandler>(
    (_event, node) => activate(node.id),
    [activate],
  );
  // While the view moves, its content is one composited layer (the browser moves the picture
  // instead of painting every node and edge again each frame) whose nodes take no pointer
  // events (nothing to hit-test at each move). Set on the element itself, so that no component
  // renders for it; set once the view has moved, not when a gesture starts: a press on a node
  // starts one too, and that node must still take the pointer's release, or it is not clicked.
  const frame = useRef<HTMLDivElement>(null);
  const onMove = useCallback<OnMove>(() => {
    const classes = frame.current?.classList;
    if (classes && !classes.contains(MOVING)) classes.add(MOVING);
  }, []);
  const onMoveEnd = useCallback<OnMove>(() => frame.current?.classList.remove(MOVING), []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const target = event.target as HTMLElement;
    if (!target.classList.contains('react-flow__node')) return;
    const id = target.dataset.id;
    if (id === undefined) return;
    event.preventDefault();
    activate(id);
  };

  return (
    <div className="mc-rel-graph-area">
      {(graph.overLimit || collapsible.length > 0) && (
        <div className="mc-rel-graph-notes">
          {graph.clusteredTypes.length > 0 && (
            <Callout compact icon="group-objects" className="mc-rel-graph-note">
              {model.nodes.length} configs: more than {GRAPH_NODE_LIMIT}, so configs of the same
              type are grouped. Click a group to show its configs.
            </Callout>
          )}
          {collapsible.length > 0 && (
            <div className="mc-rel-expanded" role="group" aria-label="Expanded types">
              <span>Expanded:</span>
              {collapsible.map((type) => (
                <Button
                  key={type}
                  size="small"
                  variant="outlined"
                  endIcon="cross"
                  text={type}
                  aria-label={`Group ${type} again`}
                  onClick={() => onExpandedChange(expanded.filter((other) => other !== type))}
                />
              ))}
            </div>
          )}
        </div>
      )}
      <div
        ref={frame}
        className="mc-rel-graph"
        role="region"
        aria-label="Relationship graph"
        aria-busy={pending || undefined}
        data-nodes={nodes.length}
        onKeyDown={onKeyDown}
      >
        {error !== null ? (
          <Callout
            intent="danger"
            icon="error"
            title={LAYOUT_ERROR}
            className="mc-rel-graph-status"
          >
            {error}
          </Callout>
        ) : (
          pending && (
            <LayoutStatus overlay={laid !== null}>
              Laying out {plural(graph.nodes.length, 'node')}…
            </LayoutStatus>
          )
        )}
        {laid && (
          <ReactFlow<FlowNode>
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
            fitViewOptions={FIT_VIEW_OPTIONS}
            minZoom={0.05}
            maxZoom={2}
            // A large graph (types expanded) draws only what is in view: panning a few hundred
            // nodes costs less than painting them all.
            onlyRenderVisibleElements={large}
            onMove={onMove}
            onMoveEnd={onMoveEnd}
            ariaLabelConfig={ARIA_LABELS}
            colorMode={theme === 'dark' ? 'dark' : 'light'}
          >
            <Controls showInteractive={false} fitViewOptions={FIT_VIEW_OPTIONS} />
            {drawing && <EdgeLayer drawing={drawing} />}
            <FitOnChange nodes={nodes} />
          </ReactFlow>
        )}
      </div>
    </div>
  );
}
