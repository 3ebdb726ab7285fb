import { Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { ChartLayout, LaidOutEdge, LaidOutState } from './layout';
import { layoutChart } from './layout';
import type { MachineChart } from './machineGraph';
import { machineChart } from './machineGraph';
import './statechart.css';

/** What the generated-path tests reached: state ids and `transitionKey`s. */
export interface ChartCoverage {
  states: ReadonlySet<string>;
  transitions: ReadonlySet<string>;
}

export interface StatechartProps {
  machine: AnyStateMachine;
  /** The states to highlight (the current ones), by id. */
  activeIds?: readonly string[];
  /** Colours states and transitions covered or not, with the counts above the chart. */
  coverage?: ChartCoverage;
}

/** Counts of covered states (the root aside) and transitions. */
export function coverageSummary(chart: MachineChart, coverage: ChartCoverage) {
  const states = chart.states.filter((state) => state.id !== chart.root.id);
  return {
    states: states.filter((state) => coverage.states.has(state.id)).length,
    totalStates: states.length,
    transitions: chart.transitions.filter((t) => coverage.transitions.has(t.key)).length,
    totalTransitions: chart.transitions.length,
  };
}

function pathOf(points: LaidOutEdge['points']): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

function coverageClass(coverage: ChartCoverage | undefined, covered: boolean): string {
  if (!coverage) return '';
  return covered ? ' mc-statechart--covered' : ' mc-statechart--uncovered';
}

function StateBox({
  laid,
  active,
  coverage,
  isRoot,
}: {
  laid: LaidOutState;
  active: boolean;
  coverage: ChartCoverage | undefined;
  isRoot: boolean;
}) {
  const { state } = laid;
  const compound = state.children.length > 0;
  const covered = coverage?.states.has(state.id) ?? false;
  const className =
    `mc-statechart__state mc-statechart__state--${state.kind}` +
    (isRoot ? ' mc-statechart__state--root' : '') +
    (active ? ' mc-statechart__state--active' : '') +
    (isRoot ? '' : coverageClass(coverage, covered));
  return (
    <g
      role="img"
      aria-label={isRoot ? `machine ${state.label}` : `state ${state.label}`}
      aria-current={active ? 'true' : undefined}
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
  );
}

/**
 * A machine drawn as a statechart: states as rounded boxes nested in their parents (parallel
 * states dashed, final ones doubled), a dot marking each initial state, transitions as arrows
 * labelled with their event and guard. Highlights `activeIds`; with `coverage`, colours what the
 * tests reached. Laid out by ELK, loaded with the chart.
 */
export function Statechart({ machine, activeIds = [], coverage }: StatechartProps) {
  const chart = useMemo(() => machineChart(machine), [machine]);
  const [result, setResult] = useState<{
    chart: MachineChart;
    layout?: ChartLayout;
    error?: string;
  }>();
  const marker = `mc-statechart-arrow-${useId().replace(/:/g, '')}`;

  useEffect(() => {
    let current = true;
    layoutChart(chart).then(
      (laidOut) => current && setResult({ chart, layout: laidOut }),
      (failure: unknown) =>
        current &&
        setResult({ chart, error: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [chart]);

  const active = new Set(activeIds);
  const summary = coverage ? coverageSummary(chart, coverage) : undefined;
  const names = new Map(chart.states.map((state) => [state.id, state.label]));
  const drawn = result?.chart === chart ? result.layout : undefined;
  const error = result?.chart === chart ? result.error : undefined;

  return (
    <figure className="mc-statechart" aria-label={`Statechart of ${machine.id}`}>
      {summary ? (
        <figcaption className="mc-statechart__summary">
          {summary.states} of {summary.totalStates} states, {summary.transitions} of{' '}
          {summary.totalTransitions} transitions covered
        </figcaption>
      ) : null}
      {error ? (
        <Callout intent="danger" title="The statechart could not be drawn">
          {error}
        </Callout>
      ) : !drawn ? (
        <Spinner size={24} aria-label="Drawing the statechart" />
      ) : (
        <div className="mc-statechart__canvas">
          <svg
            width={drawn.width}
            height={drawn.height}
            viewBox={`0 0 ${drawn.width} ${drawn.height}`}
            role="group"
            aria-label={`${machine.id} statechart`}
          >
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
            {drawn.states.map((laid) => (
              <StateBox
                key={laid.state.id}
                laid={laid}
                active={active.has(laid.state.id)}
                coverage={coverage}
                isRoot={laid.state.id === chart.root.id}
              />
            ))}
            {drawn.initials.map((initial) => (
              <circle
                key={initial.parentId}
                className="mc-statechart__initial"
                data-initial-of={initial.parentId}
                cx={initial.x + initial.width / 2}
                cy={initial.y + initial.height / 2}
                r={initial.width / 2}
              />
            ))}
            {drawn.edges.map((edge) => {
              if (edge.initialOf !== undefined) {
                return (
                  <path
                    key={edge.id}
                    className="mc-statechart__edge mc-statechart__edge--initial"
                    d={pathOf(edge.points)}
                    markerEnd={`url(#${marker})`}
                  />
                );
              }
              const transition = edge.transition;
              const covered = coverage?.transitions.has(edge.key) ?? false;
              const from = transition ? names.get(transition.sourceId) : undefined;
              const index = Number(edge.id.split('\u0000')[1] ?? 0);
              const to = transition ? names.get(transition.targetIds[index] ?? '') : undefined;
              return (
                <g
                  key={edge.id}
                  role="img"
                  aria-label={`transition ${transition?.label ?? edge.key} from ${from} to ${to}`}
                  data-transition-key={edge.key}
                  data-covered={coverage ? String(covered) : undefined}
                  className={`mc-statechart__transition${coverageClass(coverage, covered)}`}
                >
                  {edge.points.length > 0 ? (
                    <path
                      className="mc-statechart__edge"
                      d={pathOf(edge.points)}
                      markerEnd={`url(#${marker})`}
                    />
                  ) : null}
                  {edge.label ? (
                    <text x={edge.label.x} y={edge.label.y + edge.label.height - 3}>
                      {edge.label.text}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        </div>
      )}
    </figure>
  );
}
