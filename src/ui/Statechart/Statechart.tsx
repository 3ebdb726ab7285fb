import { Button, ButtonGroup, Callout, Spinner } from '@blueprintjs/core';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { ChartDrawing } from './ChartDrawing';
import type { ChartCoverage } from './coverage';
import type { ChartLayout } from './layout';
import { layoutChart } from './layout';
import type { MachineChart } from './machineGraph';
import { machineChart } from './machineGraph';
import type { Size, View } from './viewport';
import { fitScale, fitView, panView, transformOf, zoomView, ZOOM_STEP } from './viewport';
import './statechart.css';

export type { ChartCoverage } from './coverage';

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

interface Layouts {
  chart: MachineChart;
  across?: ChartLayout;
  down?: ChartLayout;
  error?: string;
}

/** The panel's size, followed as it changes (none where the browser cannot measure it). */
function usePanelSize(element: HTMLDivElement | null): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() =>
      setSize({ width: element.clientWidth, height: element.clientHeight }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/**
 * A machine drawn as a statechart: states as rounded boxes nested in their parents (the regions
 * of a parallel state dashed, final states doubled), a dot marking each initial state, and an
 * arrow between two states through one label that names each event once with its guards.
 * Highlights `activeIds`; with `coverage`, colours what the tests reached. Laid out by ELK,
 * loaded with the chart, across or down, whichever is drawn larger in the panel; the chart is
 * fitted to its panel, and zoom in, zoom out, fit and dragging it move it about.
 */
export function Statechart({ machine, activeIds = [], coverage }: StatechartProps) {
  const chart = useMemo(() => machineChart(machine), [machine]);
  const [layouts, setLayouts] = useState<Layouts>();
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const size = usePanelSize(panel);
  /** The view the user chose by zooming or dragging; none while the chart is fitted. */
  const [moved, setMoved] = useState<{ layout: ChartLayout; view: View }>();
  const drag = useRef<{ pointer: number; x: number; y: number }>(undefined);
  const marker = `mc-statechart-arrow-${useId().replace(/:/g, '')}`;

  useEffect(() => {
    let current = true;
    Promise.all([layoutChart(chart, 'RIGHT'), layoutChart(chart, 'DOWN')]).then(
      ([across, down]) => current && setLayouts({ chart, across, down }),
      (failure: unknown) =>
        current &&
        setLayouts({ chart, error: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [chart]);

  const ready = layouts?.chart === chart ? layouts : undefined;
  const layout = useMemo(() => {
    if (!ready?.across || !ready.down) return undefined;
    // Down only where it lets the chart be drawn clearly larger.
    return fitScale(ready.down, size) > fitScale(ready.across, size) * 1.15
      ? ready.down
      : ready.across;
  }, [ready, size]);
  const view =
    layout && moved?.layout === layout
      ? moved.view
      : layout
        ? fitView(layout, size)
        : { scale: 1, x: 0, y: 0 };

  const active = new Set(activeIds);
  const summary = coverage ? coverageSummary(chart, coverage) : undefined;
  const names = new Map(chart.states.map((state) => [state.id, state.label]));
  const centre = { x: size.width / 2, y: size.height / 2 };
  const zoom = (factor: number) =>
    layout && setMoved({ layout, view: zoomView(view, factor, centre) });

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from || from.pointer !== event.pointerId || !layout) return;
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY };
    setMoved({ layout, view: panView(view, event.clientX - from.x, event.clientY - from.y) });
  };
  const endDrag = () => {
    drag.current = undefined;
  };

  // Ctrl (or ⌘) and the wheel, or a pinch on a touchpad, zoom about the pointer; the wheel
  // alone scrolls the page as anywhere else.
  const onWheel = useRef<(event: WheelEvent) => void>(undefined);
  useEffect(() => {
    onWheel.current = (event) => {
      if (!(event.ctrlKey || event.metaKey) || !layout || !panel) return;
      event.preventDefault();
      const rect = panel.getBoundingClientRect();
      const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      setMoved({ layout, view: zoomView(view, Math.exp(-event.deltaY * 0.002), at) });
    };
  });
  useEffect(() => {
    if (!panel) return undefined;
    const listener = (event: WheelEvent) => onWheel.current?.(event);
    panel.addEventListener('wheel', listener, { passive: false });
    return () => panel.removeEventListener('wheel', listener);
  }, [panel]);

  return (
    <figure className="mc-statechart" aria-label={`Statechart of ${machine.id}`}>
      <div className="mc-statechart__toolbar">
        {summary ? (
          <figcaption className="mc-statechart__summary">
            {summary.states} of {summary.totalStates} states, {summary.transitions} of{' '}
            {summary.totalTransitions} transitions covered
          </figcaption>
        ) : null}
        {layout ? (
          <ButtonGroup className="mc-statechart__zoom" variant="outlined" size="small">
            <Button icon="zoom-in" aria-label="Zoom in" onClick={() => zoom(ZOOM_STEP)} />
            <Button icon="zoom-out" aria-label="Zoom out" onClick={() => zoom(1 / ZOOM_STEP)} />
            <Button
              icon="zoom-to-fit"
              aria-label="Fit to the panel"
              onClick={() => setMoved(undefined)}
            />
          </ButtonGroup>
        ) : null}
      </div>
      {ready?.error ? (
        <Callout intent="danger" title="The statechart could not be drawn">
          {ready.error}
        </Callout>
      ) : (
        <div
          ref={setPanel}
          className="mc-statechart__canvas"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          {!layout ? (
            <Spinner size={24} aria-label="Drawing the statechart" />
          ) : (
            <svg
              width="100%"
              height="100%"
              role="group"
              aria-label={`${machine.id} statechart`}
              data-direction={layout === ready?.down ? 'down' : 'across'}
            >
              <g className="mc-statechart__view" transform={transformOf(view)}>
                <ChartDrawing
                  layout={layout}
                  rootId={chart.root.id}
                  names={names}
                  active={active}
                  coverage={coverage}
                  marker={marker}
                />
              </g>
            </svg>
          )}
        </div>
      )}
    </figure>
  );
}
