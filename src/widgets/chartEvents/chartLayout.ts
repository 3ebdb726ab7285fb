import { useMemo, useState } from 'react';
import type uPlot from 'uplot';

/**
 * Where a chart's plotting area lies in its container (CSS pixels) and the times (seconds) at
 * its left and right edges: what the event markers drawn over the chart are placed by.
 */
export interface ChartLayout {
  left: number;
  top: number;
  width: number;
  height: number;
  min: number;
  max: number;
}

const sameLayout = (a: ChartLayout | undefined, b: ChartLayout) =>
  a !== undefined &&
  a.left === b.left &&
  a.top === b.top &&
  a.width === b.width &&
  a.height === b.height &&
  a.min === b.min &&
  a.max === b.max;

/** A uPlot plugin that reports the layout when the chart is ready, resized or its x scale changes. */
export function chartLayoutPlugin(onLayout: (layout: ChartLayout) => void): uPlot.Plugin {
  const report = (plot: uPlot) => {
    const { min, max } = plot.scales.x ?? {};
    if (min === undefined || max === undefined || min === null || max === null) return;
    // The plotting area is uPlot's `over` element, at the top left of the chart's root.
    const { over } = plot;
    onLayout({
      left: over.offsetLeft,
      top: over.offsetTop,
      width: over.clientWidth,
      height: over.clientHeight,
      min,
      max,
    });
  };
  return {
    hooks: {
      ready: report,
      setSize: report,
      setScale: (plot, key) => {
        if (key === 'x') report(plot);
      },
    },
  };
}

/** The layout plugin of one chart (the same for the chart's life) and the layout it last reported. */
export function useChartLayout(): { plugin: uPlot.Plugin; layout: ChartLayout | undefined } {
  const [layout, setLayout] = useState<ChartLayout>();
  const plugin = useMemo(
    () =>
      chartLayoutPlugin((next) =>
        setLayout((current) => (sameLayout(current, next) ? current : next)),
      ),
    [],
  );
  return { plugin, layout };
}
