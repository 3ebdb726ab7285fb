/** The colour of a status dot. */
export type StatusColor = 'red' | 'grey' | 'orange' | 'green';

export interface StatusColorInput {
  /** A status word such as `healthy`, `unhealthy`, `warning`, `suspended` (any case). */
  status?: string | null;
  /** Whether an item (or every member of a group) is good. */
  good?: boolean;
  /** Whether a group has both good and bad members. */
  mixed?: boolean;
}

const RED = new Set(['degraded', 'missing', 'unhealthy']);
const GREY = new Set(['unknown', 'suspended']);
const ORANGE = new Set(['warning', 'warn']);

/**
 * The colour of a status: degraded, missing, unhealthy or `good: false` are red; unknown or
 * suspended are grey; warning, warn or `mixed` are orange; anything else is green. A status
 * word decides before the flags, and `mixed` before `good: false` (a mixed group is never all
 * good). Gives null when there is nothing to show: an empty status with neither `good` nor a
 * true `mixed`.
 */
export function statusColor({ status, good, mixed }: StatusColorInput): StatusColor | null {
  const word = (status ?? '').trim().toLowerCase();
  if (RED.has(word)) return 'red';
  if (GREY.has(word)) return 'grey';
  if (ORANGE.has(word)) return 'orange';
  if (mixed === true) return 'orange';
  if (good === false) return 'red';
  if (word === '' && good === undefined) return null;
  return 'green';
}
