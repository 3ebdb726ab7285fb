import { uptimePercent } from '../../lib/durations';

/** `99.50%`, or empty when the check has not run. */
export function uptimeText(passed: number, failed: number): string {
  const percent = uptimePercent(passed, failed);
  return percent === null ? '' : `${percent}%`;
}
