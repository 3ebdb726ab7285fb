/**
 * The notification vocabulary the console and the demo backend share: the statuses of a
 * notification send (api.md NOTIF-07), which the history's filter offers and the demo's
 * summary groups.
 */

/** The send statuses of a send-history row, in the reference's order. */
export const SEND_STATUSES = [
  'attempting_fallback',
  'error',
  'evaluating-waitfor',
  'inhibited',
  'pending_playbook_completion',
  'pending_playbook_run',
  'pending',
  'repeat-interval',
  'sent',
  'silenced',
  'skipped',
] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/**
 * The statuses of sends that were held back rather than delivered or attempted: the history
 * hides them unless asked (as the newest upstream console does).
 */
export const SUPPRESSED_STATUSES = [
  'skipped',
  'silenced',
  'inhibited',
  'repeat-interval',
] as const satisfies readonly SendStatus[];
