/**
 * A job run's status (spec 002 §3.4: RUNNING, WARNING, FAILED, SUCCESS, STOPPED) as the job
 * history and the integrations list draw it (spec 002 §4.7). Pure.
 */

/** The colour of a status: green, orange, red, blue or grey. */
export type JobStatusColor = 'green' | 'orange' | 'red' | 'blue' | 'grey';

/**
 * SUCCESS green, WARNING orange, FAILED red, RUNNING blue, STOPPED and anything else grey
 * (any case).
 */
export function jobStatusColor(status: string | null | undefined): JobStatusColor {
  switch (status?.trim().toUpperCase()) {
    case 'SUCCESS':
      return 'green';
    case 'WARNING':
      return 'orange';
    case 'FAILED':
      return 'red';
    case 'RUNNING':
      return 'blue';
    default:
      return 'grey';
  }
}

/** `Success`, `Failed`, …: a status word as read; empty for none. */
export function jobStatusLabel(status: string | null | undefined): string {
  const word = status?.trim() ?? '';
  return word === '' ? '' : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
