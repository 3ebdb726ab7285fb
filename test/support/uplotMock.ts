/** A chart made by the stand-in: what it was given, and whether it was destroyed. */
export interface RecordedPlot {
  options: { width?: number; height?: number; series?: unknown[] };
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
