import type { ChartCoverage } from './coverage';
import { coverageOf } from './coverage';
import type { ChartLayout, LaidOutEdge, LaidOutState, Point } from './layout';
import { LINE_HEIGHT, blockText } from './layout';

function pathOf(points: readonly Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

function coverageClass(coverage: ChartCoverage | undefined, keys: readonly string[]): string {
  const covered = coverageOf(coverage, keys);
  return covered === undefined ? '' : ` mc-statechart--${covered}`;
}

interface StateNodeProps {
  laid: LaidOutState;
  byId: ReadonlyMap<string, LaidOutState>;
  active: ReadonlySet<string>;
  coverage: ChartCoverage | undefined;
  isRoot: boolean;
  isRegion: boolean;
}

/** A state's box, and inside its group the boxes of its children. */
function StateNode({ laid, byId, active, coverage, isRoot, isRegion }: StateNodeProps) {
  const { state } = laid;
  const compound = state.children.length > 0;
  const covered = coverage?.states.has(state.id) ?? false;
  const current = active.has(state.id);
  const className =
    `mc-statechart__state mc-statechart__state--${state.kind}` +
    (isRoot ? ' mc-statechart__state--root' : '') +
    (isRegion ? ' mc-statechart__state--region' : '') +
    (current ? ' mc-statechart__state--active' : '') +
    (isRoot || !coverage ? '' : ` mc-statechart--${covered ? 'covered' : 'uncovered'}`);
  return (
    <g className="mc-statechart__node" data-node-of={state.id}>
      <g
        role="img"
        aria-label={isRoot ? `machine ${state.label}` : `state ${state.label}`}
        aria-current={current ? 'true' : undefined}
        data-state-id={state.id}
        data-covered={coverage && !isRoot ? String(covered) : undefined}
        className={className}
      >
        <rect x={laid.x} y={laid.y} width={laid.width} height={laid.height} rx={8} ry={8} />
        {state.kind === 'final' ? (
          <rect
            className="mc-statechart__final"
            x={laid.x + 3}
            y={laid.y + 3}
            width={laid.width - 6}
            height={laid.height - 6}
            rx={6}
            ry={6}
          />
        ) : null}
        <text
          x={compound ? laid.x + 12 : laid.x + laid.width / 2}
          y={compound ? laid.y + 20 : laid.y + laid.height / 2 + 4}
          textAnchor={compound ? 'start' : 'middle'}
        >
          {state.kind === 'history' ? `H ${state.label}` : state.label}
        </text>
      </g>
      {state.children.map((child) => {
        const inner = byId.get(child.id);
        return inner ? (
          <StateNode
            key={child.id}
            laid={inner}
            byId={byId}
            active={active}
            coverage={coverage}
            isRoot={false}
            isRegion={state.kind === 'parallel'}
          />
        ) : null;
      })}
    </g>
  );
}

/** An arrow through its label: the label names each event once, its guards below it. */
function Arrow({
  laid,
  names,
  coverage,
  marker,
}: {
  laid: LaidOutEdge;
  names: ReadonlyMap<string, string>;
  coverage: ChartCoverage | undefined;
  marker: string;
}) {
  const { edge, label } = laid;
  const from = names.get(edge.sourceId);
  const to = edge.targetIds.map((id) => names.get(id)).join(', ');
  const centre = label.x + label.width / 2;
  return (
    <g className="mc-statechart__arrow" data-edge-id={edge.id}>
      <g
        className={`mc-statechart__transition${coverageClass(
          coverage,
          edge.transitions.map((t) => t.key),
        )}`}
      >
        <path className="mc-statechart__edge" d={pathOf(laid.into)} />
        {laid.out.map((points, i) => (
          <path
            key={i}
            className="mc-statechart__edge"
            d={pathOf(points)}
            markerEnd={`url(#${marker})`}
          />
        ))}
      </g>
      {edge.blocks.map((block) => {
        const keys = block.transitions.map((t) => t.key);
        const covered = coverageOf(coverage, keys);
        const top = label.y + block.offset + LINE_HEIGHT;
        return (
          <g
            key={block.event}
            role="img"
            aria-label={`transition ${blockText(block)} from ${from} to ${to}`}
            data-transition-key={keys.join('\n')}
            data-covered={covered}
            className={`mc-statechart__label${coverageClass(coverage, keys)}`}
          >
            <title>{block.transitions.map((t) => t.label).join('\n')}</title>
            <text x={centre} y={top} textAnchor="middle">
              {block.event}
            </text>
            {block.guards.map((guard, i) => (
              <text
                key={guard}
                className="mc-statechart__guard"
                x={centre}
                y={top + (i + 1) * LINE_HEIGHT}
                textAnchor="middle"
              >
                [{guard}]
              </text>
            ))}
          </g>
        );
      })}
    </g>
  );
}

/**
 * The chart's shapes in the layout's coordinates: states as rounded boxes nested in their
 * parents (parallel states dashed, final ones doubled), a dot marking each initial state, and
 * an arrow through a label per pair of states.
 */
export function ChartDrawing({
  layout,
  rootId,
  names,
  active,
  coverage,
  marker,
}: {
  layout: ChartLayout;
  rootId: string;
  names: ReadonlyMap<string, string>;
  active: ReadonlySet<string>;
  coverage: ChartCoverage | undefined;
  marker: string;
}) {
  const byId = new Map(layout.states.map((laid) => [laid.state.id, laid]));
  const root = byId.get(rootId);
  return (
    <>
      <defs>
        <marker
          id={marker}
          viewBox="0 0 10 10"
          refX={9}
          refY={5}
          markerWidth={7}
          markerHeight={7}
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" className="mc-statechart__arrowhead" />
        </marker>
      </defs>
      {root ? (
        <StateNode
          laid={root}
          byId={byId}
          active={active}
          coverage={coverage}
          isRoot
          isRegion={false}
        />
      ) : null}
      {layout.initials.map((initial) => (
        <circle
          key={initial.parentId}
          className="mc-statechart__initial"
          data-initial-of={initial.parentId}
          cx={initial.x + initial.width / 2}
          cy={initial.y + initial.height / 2}
          r={initial.width / 2}
        />
      ))}
      {layout.initialArrows.map((arrow) => (
        <path
          key={arrow.parentId}
          className="mc-statechart__edge mc-statechart__edge--initial"
          d={pathOf(arrow.points)}
          markerEnd={`url(#${marker})`}
        />
      ))}
      {layout.edges.map((laid) => (
        <Arrow key={laid.edge.id} laid={laid} names={names} coverage={coverage} marker={marker} />
      ))}
    </>
  );
}
