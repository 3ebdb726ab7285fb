/**
 * A stand-in for `uplot` in jsdom, where it cannot draw: a chart that takes its data and size
 * and draws nothing. Use as `jest.mock('uplot', () => jest.requireActual('<path>/support/uplotMock'))`.
 */
export default class FakePlot {
  setData(): void {}
  setSize(): void {}
  destroy(): void {}
}
