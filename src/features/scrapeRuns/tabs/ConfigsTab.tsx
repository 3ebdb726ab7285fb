import { SegmentedControl } from '@blueprintjs/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ConfigSegment, RunConfigsArgs } from '../../../api/endpoints/scrapeRuns';
import {
  CONFIG_SEGMENTS,
  SEGMENT_TIME,
  useGetRunConfigCountQuery,
  useGetRunConfigsQuery,
} from '../../../api/endpoints/scrapeRuns';
import type { RunConfigItem } from '../../../api/schemas/scrapeRuns';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { StatusDot } from '../../../ui/StatusDot';
import { ConfigName } from '../../../widgets/ConfigIcon';
import { ListTable } from '../../../widgets/ListPage';
import { textColumn, timeColumn } from '../../../widgets/columns';
import { useAnsweredAt } from '../../../widgets/useAnsweredAt';
import { useListPage } from '../../../widgets/useListPage';
import { SEGMENT_LABELS } from '../model/runState';

/** Rows a page of a segment shows unless the address says otherwise. */
export const RUN_CONFIGS_PAGE_SIZE = 50;

/** The note under the Unchanged segment of a run that is not the scraper's latest reading. */
export const UNCHANGED_NOTE =
  'Unchanged is as of now: items changed by a later run no longer count here.';

/** What the time column of each segment is called. */
const TIME_HEADERS: Record<ConfigSegment, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Last changed',
  deleted: 'Deleted',
};

export interface ConfigsTabProps {
  scraperId: string;
  /** The run's window: its start and its end (none while it runs). */
  start: string;
  end: string | undefined;
  segment: ConfigSegment;
  onSegmentChange: (segment: ConfigSegment) => void;
}

/** A segment's count, as its label shows it. */
function useSegmentCount(args: RunConfigsArgs) {
  return useGetRunConfigCountQuery(args).data;
}

/**
 * The scraper's config items as the run left them: four segments (Created, Updated, Unchanged,
 * Deleted) with their counts, each a server-paged table of the items whose times put them
 * there (`?configs=`).
 */
export function ConfigsTab({ scraperId, start, end, segment, onSegmentChange }: ConfigsTabProps) {
  const window = { scraperId, start, end };
  const counts: Record<ConfigSegment, number | undefined> = {
    created: useSegmentCount({ ...window, segment: 'created' }),
    updated: useSegmentCount({ ...window, segment: 'updated' }),
    unchanged: useSegmentCount({ ...window, segment: 'unchanged' }),
    deleted: useSegmentCount({ ...window, segment: 'deleted' }),
  };
  const list = useListPage({ pageSize: RUN_CONFIGS_PAGE_SIZE });
  const query = useGetRunConfigsQuery({
    ...window,
    segment,
    pageIndex: list.state.pageIndex,
    pageSize: list.state.pageSize,
  });
  // Another segment or page shows its skeleton until it has loaded, never the rows of the last.
  const shown = { ...query, isLoading: query.currentData === undefined && !query.isError };
  const formatDate = useFormatDate();
  const now = useAnsweredAt(query.fulfilledTimeStamp);
  const columns = useMemo<DataTableColumn<RunConfigItem>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        minWidth: 220,
        cell: (item) => (
          <Link to={paths.catalogItem.getHref(item.id)}>
            <ConfigName name={item.name} type={item.type} configClass={item.config_class} />
          </Link>
        ),
      },
      textColumn({ id: 'type', header: 'Type', width: 200 }, (item) => item.type),
      {
        id: 'health',
        header: 'Health',
        width: 120,
        cell: (item) =>
          item.health ? (
            <span className="mc-scrape-run-health">
              <StatusDot status={item.health} />
              {item.health}
            </span>
          ) : null,
      },
      textColumn({ id: 'status', header: 'Status', width: 140 }, (item) => item.status),
      timeColumn(
        { formatDate, now },
        { id: 'time', header: TIME_HEADERS[segment], width: 160 },
        (item) => item[SEGMENT_TIME[segment]],
      ),
    ],
    [formatDate, now, segment],
  );
  return (
    <div className="mc-scrape-run-configs">
      <SegmentedControl
        aria-label="Configs"
        size="small"
        options={CONFIG_SEGMENTS.map((value) => ({
          value,
          label:
            counts[value] === undefined
              ? SEGMENT_LABELS[value]
              : `${SEGMENT_LABELS[value]} ${counts[value]}`,
        }))}
        value={segment}
        onValueChange={(value) => {
          const next = CONFIG_SEGMENTS.find((candidate) => candidate === value);
          if (next) onSegmentChange(next);
        }}
      />
      <div className="mc-scrape-run-table">
        <ListTable<RunConfigItem>
          aria-label={`${SEGMENT_LABELS[segment]} configs`}
          className="mc-scrape-run-grid"
          columns={columns}
          rows={query.currentData?.rows ?? []}
          getRowId={(item) => item.id}
          list={list}
          unsorted
          total={query.currentData?.total ?? 0}
          query={shown}
          errorTitle="Error loading the configs"
          empty={`No ${SEGMENT_LABELS[segment].toLowerCase()} configs in this run`}
        />
      </div>
      {segment === 'unchanged' && <p className="mc-meta-text">{UNCHANGED_NOTE}</p>}
    </div>
  );
}
