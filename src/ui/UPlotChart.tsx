import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UPlotChartProps {
  /** uPlot options but the size: the width follows the container. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  /** The series, times first. */
  data: uPlot.AlignedData;
  /** Height in pixels. */
  height: number;
  /** Accessible name of the chart. */
  label: string;
  /** Drawn over the chart, positioned against it (markers); outside the chart's image role. */
  overlay?: ReactNode;
}

const FALLBACK_WIDTH = 600;

function widthOf(element: HTMLElement): number {
  return element.clientWidth > 0 ? element.clientWidth : FALLBACK_WIDTH;
}

/**
 * A uPlot chart in a container: made when the options change, fed new data in place, resized
 * with its container, destroyed on unmount.
 */
export function UPlotChart({ options, data, height, label, overlay }: UPlotChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latestData = useRef(data);

  // Declared first, so a new chart (below) is made with the newest data.
  useEffect(() => {
    latestData.current = data;
    plot.current?.setData(data);
  }, [data]);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const chart = new uPlot(
      { ...options, width: widthOf(element), height },
      latestData.current,
      element,
    );
    plot.current = chart;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => chart.setSize({ width: widthOf(element), height }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [options, height]);

  // One shape whatever the overlay, so the chart's element is never made again under it.
  return (
    <div style={{ position: 'relative' }}>
      <div ref={container} role="img" aria-label={label} style={{ width: '100%' }} />
      {overlay}
    </div>
  );
}
