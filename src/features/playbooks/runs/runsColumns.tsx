import { Button } from '@blueprintjs/core';
import type { PlaybookRun } from '../../../api/schemas/playbooks';
import { paths } from '../../../shell/paths';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { PersonLabel } from '../../../ui/Avatar';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import type { RunsFilters } from './model/runs';
import { resourceFilter, runDuration, runResource, runStart } from './model/runs';
import { RunPlaybookLink, RunResourceLink } from './RunResourceLink';
import { RunStatusTag } from './RunStatusTag';
import { timeColumn } from '../../../widgets/columns';

export interface RunsColumnsOptions {
  formatDate: FormatDateFn;
  /** The instant ages and running durations are measured to. */
  now: Date;
  /** Narrows the list to a resource (the resource cell's filter button). */
  onFilter: (changes: Partial<RunsFilters>) => void;
}

/**
 * The runs list's columns: Playbook (icon and title, a link to the run), Resource (a link to
 * it, and a button that narrows the list to it), Status, Run by, Started and Duration.
 */
export function runsColumns({
  formatDate,
  now,
  onFilter,
}: RunsColumnsOptions): DataTableColumn<PlaybookRun>[] {
  return [
    {
      id: 'playbook',
      header: 'Playbook',
      minWidth: 220,
      cell: (run) => <RunPlaybookLink run={run} to={paths.playbookRun.getHref(run.id)} />,
    },
    {
      id: 'resource',
      header: 'Resource',
      minWidth: 200,
      cell: (run) => {
        const resource = runResource(run);
        if (!resource) return null;
        const filter = resourceFilter(resource);
        return (
          <span className="mc-run-resource-cell">
            <RunResourceLink resource={resource} />
            <Button
              variant="minimal"
              size="small"
              icon="filter"
              aria-label={`Show runs of ${resource.name}`}
              title={`Show runs of ${resource.name}`}
              onClick={() => onFilter(filter)}
            />
          </span>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      width: 150,
      cell: (run) => <RunStatusTag status={run.status} />,
    },
    {
      id: 'createdBy',
      header: 'Run by',
      width: 170,
      cell: (run) =>
        typeof run.created_by === 'object' ? <PersonLabel person={run.created_by} /> : null,
    },
    timeColumn({ formatDate, now }, { id: 'started', header: 'Started', width: 140 }, runStart),
    {
      id: 'duration',
      header: 'Duration',
      width: 110,
      cell: (run) => runDuration(run.start_time, run.end_time, now),
    },
  ];
}
