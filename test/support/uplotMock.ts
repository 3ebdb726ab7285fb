/** A chart made by the stand-in: what it was given, and whether it was destroyed. */
export interface RecordedPlot {
  options: { width?: number; height?: number; series?: unknown[]; plugins?: unknown[] };
  data: unknown[][];
  target: HTMLElement | undefined;
  destroyed: boolean;
}

/** Every chart made since the test emptied it (`plots.length = 0`), in order. */
export const plots: RecordedPlot[] = [];

/**
 * A stand-in for `uplot` in jsdom, where it cannot draw: a chart that takes its data and size,
 * draws nothing and records itself in `plots`. Use as
 * `jest.mock('uplot', () => jest.requireActual('<path>/support/uplotMock'))`.
 */
export default class FakePlot {
  record: RecordedPlot;
  constructor(options: RecordedPlot['options'], data: unknown[][] = [], target?: HTMLElement) {
    this.record = { options, data, target, destroyed: false };
    plots.push(this.record);
  }
  setData(data: unknown[][]): void {
    this.record.data = data;
  }
  setSize(): void {}
  destroy(): void {
    this.record.destroyed = true;
  }
}

/** Where a chart's plotting area lies (CSS pixels) and the times (seconds) at its edges. */
export interface FakeArea {
  left?: number;
  top?: number;
  width: number;
  height?: number;
  min: number;
  max: number;
}

/**
 * Tells the plugins of the chart `record` that it was laid out over `area`, as uPlot's `ready`
 * hook does once it has drawn (this stand-in never does on its own). Call inside `act`.
 */
export function layOut(record: RecordedPlot, area: FakeArea): void {
  const plot = {
    scales: { x: { min: area.min, max: area.max } },
    over: {
      offsetLeft: area.left ?? 0,
      offsetTop: area.top ?? 0,
      clientWidth: area.width,
      clientHeight: area.height ?? 200,
    },
  };
  for (const plugin of record.options.plugins ?? []) {
    const ready = (plugin as { hooks?: { ready?: unknown } }).hooks?.ready;
    for (const hook of Array.isArray(ready) ? ready : [ready]) {
      if (typeof hook === 'function') hook(plot);
    }
  }
}
