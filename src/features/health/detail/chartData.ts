import type { CheckGraphPoint } from '../../../api/schemas/checks';
import { timeRangeKeyToMinutes } from '../../../lib/timeRange';

/**
 * The series of the Health Overview chart, as uPlot takes them: times in seconds, ascending,
 * then the latency of passing runs and of failing runs (null where a run belongs to the
 * other series). Points without a readable time are left out.
 */
export type HealthChartData = [
  times: number[],
  passed: Array<number | null>,
  failed: Array<number | null>,
];

export function healthChartData(points: readonly CheckGraphPoint[]): HealthChartData {
  const rows = points
    .map((point) => ({
      time: Date.parse(point.time) / 1000,
      passed: point.status === true,
      latency: point.duration ?? 0,
    }))
    .filter((row) => Number.isFinite(row.time))
    .sort((a, b) => a.time - b.time);
  return [
    rows.map((row) => row.time),
    rows.map((row) => (row.passed ? row.latency : null)),
    rows.map((row) => (row.passed ? null : row.latency)),
  ];
}

/**
 * The window the chart covers: the range's length back from when the graph was answered
 * (milliseconds), the window its events are read for.
 */
export function checkChartWindow(
  timeRange: string,
  answeredAt: number,
): { from: number; to: number } {
  return { from: answeredAt - timeRangeKeyToMinutes(timeRange) * 60_000, to: answeredAt };
}
