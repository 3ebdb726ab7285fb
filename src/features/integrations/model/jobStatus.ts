/**
 * An integration's last job status as the list shows it (spec 002 §4.7): its word capitalised
 * and its colour: Success green, Warning orange, Failed red, Running blue, others grey. Pure.
 */
export type JobStatusColor = 'green' | 'orange' | 'red' | 'blue' | 'grey';

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

/** `SUCCESS` → `Success`; empty for none. */
export function jobStatusLabel(status: string | null | undefined): string {
  const word = status?.trim() ?? '';
  return word === '' ? '' : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
