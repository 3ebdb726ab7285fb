import { render } from '@testing-library/react';
import type uPlot from 'uplot';
import { UPlotChart } from '../../../src/ui/UPlotChart';
import { plots } from '../../support/uplotMock';

jest.mock('uplot', () => jest.requireActual('../../support/uplotMock'));

beforeEach(() => {
  plots.length = 0;
});

const OPTIONS: Omit<uPlot.Options, 'width' | 'height'> = { series: [{}, { label: 'A' }] };

describe('UPlotChart', () => {
  it('makes one chart in its labelled container, then feeds new data to it in place', () => {
    const first: uPlot.AlignedData = [
      [1, 2],
      [3, 4],
    ];
    const { getByRole, rerender } = render(
      <UPlotChart options={OPTIONS} data={first} height={120} label="Lines over time" />,
    );
    const container = getByRole('img', { name: 'Lines over time' });
    expect(plots).toHaveLength(1);
    expect(plots[0]!.target).toBe(container);
    // jsdom lays nothing out: the fallback width.
    expect(plots[0]!.options).toMatchObject({
      width: 600,
      height: 120,
      series: OPTIONS.series,
    });
    expect(plots[0]!.data).toBe(first);

    const second: uPlot.AlignedData = [
      [1, 2, 3],
      [5, 6, 7],
    ];
    rerender(<UPlotChart options={OPTIONS} data={second} height={120} label="Lines over time" />);
    expect(plots).toHaveLength(1);
    expect(plots[0]!.data).toBe(second);
  });

  it('makes a new chart with the newest data when the options change, and destroys the old', () => {
    const data: uPlot.AlignedData = [[1], [2]];
    const { rerender, unmount } = render(
      <UPlotChart options={OPTIONS} data={data} height={100} label="Chart" />,
    );
    const next = { ...OPTIONS, legend: { show: false } };
    rerender(<UPlotChart options={next} data={data} height={100} label="Chart" />);
    expect(plots).toHaveLength(2);
    expect(plots[0]!.destroyed).toBe(true);
    expect(plots[1]!.data).toBe(data);
    unmount();
    expect(plots[1]!.destroyed).toBe(true);
  });
});
