import { Classes, Icon, Tag } from '@blueprintjs/core';
import { formatLatency, uptimePercent } from '../../lib/durations';
import { shortAge } from '../../lib/relativeTime';
import { StatusDot } from '../../ui/StatusDot';
import { CheckIcon } from './CheckIcon';
import { uptimeOf } from './model/checkFields';
import { healthAge } from './model/healthAge';
import type { CheckRow, GroupRow } from './model/types';

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

/** The cells of a check's row (after the expander). */
export function CheckRowCells({ row, now }: { row: CheckRow; now: Date }) {
  const { check } = row;
  const { passed, failed } = uptimeOf(check);
  const age = healthAge(check.last_runtime, now);
  return (
    <>
      <td>
        <div className="mc-health-name-inner">
          <CheckIcon icon={check.icon} type={check.type} />
          <span className="mc-health-title">{row.title}</span>
          {check.deleted_at ? <DeletedIcon deletedAt={check.deleted_at} now={now} /> : null}
        </div>
      </td>
      <td>
        <span className="mc-health-status">
          <StatusDot status={check.status ?? undefined} title={check.status ?? undefined} />
          {age && <span className={Classes.TEXT_MUTED}>{age}</span>}
        </span>
      </td>
      <td>{uptimeText(passed, failed)}</td>
      <td>{formatLatency(check.latency?.rolling1h)}</td>
      <td title={check.last_transition_time ?? undefined}>
        {shortAge(check.last_transition_time, now)}
      </td>
    </>
  );
}

function groupStatusWord(group: GroupRow): string {
  if (group.status.good) return 'All passing';
  return group.status.mixed ? 'Some failing' : 'All failing';
}

/** The cells of a group's row: aggregate health, passing over total, average latency. */
export function GroupRowCells({ group, now }: { group: GroupRow; now: Date }) {
  return (
    <>
      <td>
        <div className="mc-health-name-inner">
          <CheckIcon icon={group.icon} type={group.type} />
          <span className="mc-health-title">{group.name}</span>
          <Tag minimal round className="mc-health-count">
            {group.checks.length}
          </Tag>
        </div>
      </td>
      <td>
        <StatusDot
          good={group.status.good}
          mixed={group.status.mixed}
          title={groupStatusWord(group)}
        />
      </td>
      <td title="Fully passing checks">
        {group.passing}/{group.checks.length}
      </td>
      <td>{formatLatency(group.latency)}</td>
      <td title={group.lastTransition}>{shortAge(group.lastTransition, now)}</td>
    </>
  );
}
