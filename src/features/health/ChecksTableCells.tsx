import { uptimePercent } from '../../lib/durations';
import { PlainTag } from '../../ui/PlainTag';
import { StatusDot } from '../../ui/StatusDot';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { DeletedMarker } from '../../widgets/ConfigIcon';
import { nameColumn } from '../../widgets/columns';
import { CheckIcon } from './CheckIcon';
import type { GroupRow, HealthCheck, HealthRow } from './model/types';

/** `99.50%`, or empty when the check has not run. */
export function uptimeText(passed: number, failed: number): string {
  const percent = uptimePercent(passed, failed);
  return percent === null ? '' : `${percent}%`;
}

function groupStatusWord(group: GroupRow): string {
  if (group.status.good) return 'All passing';
  return group.status.mixed ? 'Some failing' : 'All failing';
}

/** A group's health: green when every member passes, orange when mixed, red when none does. */
export function GroupStatusDot({ group }: { group: GroupRow }) {
  return (
    <StatusDot good={group.status.good} mixed={group.status.mixed} title={groupStatusWord(group)} />
  );
}

/** The name a row is known by (its expander's label, its links). */
export function rowTitle(row: HealthRow): string {
  return row.kind === 'group' ? row.name : row.title;
}

/** The classes of a row of the checks tables: a group, a check, a group's member. */
export function healthRowClass(row: HealthRow, depth: number): string {
  return `mc-health-row${depth > 0 ? ' mc-health-member' : ''}${row.kind === 'group' ? ' mc-health-group' : ''}`;
}

/** The Checks column: icon and name, a group's member count, a deleted check's marker. */
export function healthNameColumn(): DataTableColumn<HealthRow> {
  return nameColumn(
    (row) => (
      <div className="mc-health-name-inner">
        {row.kind === 'group' ? (
          <>
            <CheckIcon icon={row.icon} type={row.type} />
            <span className="mc-health-title">{row.name}</span>
            <PlainTag minimal round className="mc-health-count">
              {row.checks.length}
            </PlainTag>
          </>
        ) : (
          <>
            <CheckIcon icon={row.check.icon} type={row.check.type} />
            <span className="mc-health-title">{row.title}</span>
            {row.check.deleted_at ? <DeletedMarker deletedAt={row.check.deleted_at} /> : null}
          </>
        )}
      </div>
    ),
    { header: 'Checks', minWidth: 240 },
  );
}

/** Recent runs shown as dots. */
const RECENT_RUNS = 10;

interface RecentDot {
  key: string;
  good: boolean | undefined;
  status: string | undefined;
  title: string;
}

/** The check's recent runs, newest last; its current status when the list has none. */
export function recentDots(check: HealthCheck): RecentDot[] {
  const runs = check.checkStatuses ?? [];
  if (runs.length > 0) {
    return runs
      .slice(0, RECENT_RUNS)
      .reverse()
      .map((run, index) => {
        const good = run.status === true || run.status === 'healthy';
        return {
          key: `${run.time ?? ''}-${index}`,
          good,
          status: undefined,
          title: `${good ? 'Passed' : 'Failed'}${run.time ? ` at ${run.time}` : ''}`,
        };
      });
  }
  return check.status
    ? [{ key: 'current', good: undefined, status: check.status, title: check.status }]
    : [];
}

/** A check's recent runs as a line of dots (its current status when none are listed). */
export function RecentRuns({ check }: { check: HealthCheck }) {
  return (
    <span className="mc-health-dots" aria-label="Recent runs">
      {recentDots(check).map((dot) => (
        <StatusDot key={dot.key} good={dot.good} status={dot.status} title={dot.title} />
      ))}
    </span>
  );
}
