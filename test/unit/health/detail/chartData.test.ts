import { healthChartData } from '../../../../src/features/health/detail/chartData';

describe('healthChartData', () => {
  it('orders runs by time and splits their latency by status', () => {
    // The backend sends the newest run first, and leaves `status` out when it is false.
    const data = healthChartData([
      { time: '2024-06-15T12:02:00Z', status: true, duration: 120 },
      { time: '2024-06-15T12:01:00Z', duration: 900 },
      { time: '2024-06-15T12:00:00Z', status: false, duration: 30 },
      { time: 'not a time', status: true, duration: 5 },
      { time: '2024-06-15T11:59:00Z', status: true },
    ]);
    const t = Date.parse('2024-06-15T12:00:00Z') / 1000;
    expect(data).toEqual([
      [t - 60, t, t + 60, t + 120],
      [0, null, null, 120],
      [null, 30, 900, null],
    ]);
  });

  it('is three empty series without runs', () => {
    expect(healthChartData([])).toEqual([[], [], []]);
  });
});
