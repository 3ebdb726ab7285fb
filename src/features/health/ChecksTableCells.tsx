import { Icon } from '@blueprintjs/core';
import { uptimePercent } from '../../lib/durations';
import { shortAge } from '../../lib/relativeTime';

/** `99.50%`, or empty when the check has not run. */
export function uptimeText(passed: number, failed: number): string {
  const percent = uptimePercent(passed, failed);
  return percent === null ? '' : `${percent}%`;
}

/** The trash icon of a deleted check, saying when it was deleted. */
export function DeletedIcon({ deletedAt, now }: { deletedAt: string; now: Date }) {
  const age = shortAge(deletedAt, now);
  return (
    <span
      className="mc-health-deleted"
      role="img"
      aria-label="Deleted"
      title={age ? `Deleted: ${age} ago` : 'Deleted'}
    >
      <Icon icon="trash" size={12} intent="danger" aria-hidden />
    </span>
  );
}
