/** How a playbook run's (or an action's) status reads and is coloured, wherever it is shown. */

/** A run status in words: `pending_approval` → `Pending approval`. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'Unknown';
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type StatusTone = 'success' | 'danger' | 'warning' | 'primary' | 'none';

/** The colour of a run's (or an action's) status tag. */
export function statusTone(status: string | null | undefined): StatusTone {
  switch (status) {
    case 'completed':
      return 'success';
    case 'failed':
    case 'timed_out':
      return 'danger';
    case 'pending_approval':
    case 'waiting':
    case 'retrying':
      return 'warning';
    case 'running':
    case 'scheduled':
    case 'pending':
    case 'sleeping':
    case 'waiting_children':
      return 'primary';
    default:
      return 'none';
  }
}
