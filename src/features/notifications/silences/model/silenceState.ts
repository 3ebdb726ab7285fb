/**
 * A silence's state as the list shows it, apart from the form's rules (which parse YAML) so
 * that the list loads without them.
 */
import type { Silence } from '../../../../api/schemas/notificationSilences';

/** Whether a silence has ended: its `until` is in the past (never for "indefinitely"). */
export function isExpired(silence: Pick<Silence, 'until'>, now: Date): boolean {
  if (!silence.until) return false;
  const until = new Date(silence.until);
  return !Number.isNaN(until.getTime()) && until <= now;
}

/** Whether the console may change a silence: only those it made (`source` UI or none). */
export function isEditable(silence: Pick<Silence, 'source'>): boolean {
  return !silence.source || silence.source === 'UI';
}
