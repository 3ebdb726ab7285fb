import { Button, Classes, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import {
  logComponentTags,
  useGetComponentsWithLogsQuery,
  useSearchLogsQuery,
} from '../../api/endpoints/logs';
import { useGetTopologyQuery } from '../../api/endpoints/topology';
import type { TimeRangeValue } from '../../lib/timeRange';
import { resolveTimeRange } from '../../lib/timeRange';
import { selectPreferences } from '../../shell/preferencesSlice';
import { useFormatDate } from '../../shell/useFormatDate';
import { usePageHeader } from '../../ui/pageHeader';
import { LazyPart } from '../../ui/LazyPart';
import { SearchBox } from '../../ui/SearchBox';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { LogsToolbar } from './LogsToolbar';
import { rowMatches, rowsInWindow } from './model/lines';
import { DEFAULT_LOG_TIME_RANGE, labelsOf } from './model/search';
import { useLogSearch } from './useLogSearch';
import './logs.css';
import { QueryErrorCallout } from '../../widgets/QueryErrorCallout';

// The chart (uPlot) and the grid (Blueprint's table) load once there are lines to show.
const LogHistogram = lazy(async () => ({
  default: (await import('./LogHistogram')).LogHistogram,
}));
const LogTable = lazy(async () => ({ default: (await import('./LogTable')).LogTable }));

/** The page's own words. */
export const LOGS_TEXT = {
  title: 'Logs',
  pickComponent: 'Select a component to see its logs',
  pickComponentHint: 'Only components with log selectors are listed.',
  noComponents: 'No components have log selectors',
  pickSelector: 'Select a log selector',
  loading: 'Loading log lines',
  error: 'The logs could not be loaded',
  componentsError: 'The components with logs could not be loaded',
  noLines: 'No log lines',
  noLinesHint: 'Nothing was logged in this time range. Choose a longer one or fewer label filters.',
  noMatches: 'No lines match the search',
  clearSearch: 'Clear search',
  search: 'Search within the results',
  wrap: 'Wrap lines',
} as const;

/** The window of a range at `now`; an unreadable range falls back to the default one. */
function windowOf(range: TimeRangeValue, now: Date, timezone: string): { from: Date; to: Date } {
  let resolved: { from: Date; to: Date | null };
  try {
    resolved = resolveTimeRange(range, now, timezone);
  } catch {
    resolved = resolveTimeRange(DEFAULT_LOG_TIME_RANGE, now, timezone);
  }
  return { from: resolved.from, to: resolved.to ?? now };
}

/**
 * `/logs`: the lines of one log selector of a component (LOG-01) in a time range, narrowed by
 * label filters; a histogram of the lines over time above them; a search within the results
 * that keeps and highlights the matching lines; wrap on or off. Every choice is in the address.
 * The window is applied here too, since a real backend ignores it. Refresh searches again up
 * to the current time.
 */
export function LogsPage() {
  const { search, update } = useLogSearch();
  const { timezone } = useSelector(selectPreferences);
  const formatDate = useFormatDate();
  const [now, setNow] = useState(() => new Date());
  const refreshPickers = useInvalidateTags(logComponentTags);

  const components = useGetComponentsWithLogsQuery();
  const topology = useGetTopologyQuery(search.componentId ? { id: search.componentId } : skipToken);
  const selectors = useMemo(
    () =>
      search.componentId && topology.data?.component?.id === search.componentId
        ? (topology.data.component.logs ?? []).flatMap((log) => (log.name ? [log.name] : []))
        : [],
    [search.componentId, topology.data],
  );

  // A component with selectors and none chosen: its first one is searched.
  const firstSelector = selectors[0];
  useEffect(() => {
    if (search.componentId && !search.selector && firstSelector) {
      update({ selector: firstSelector }, { replace: true });
    }
  }, [search.componentId, search.selector, firstSelector, update]);

  const span = useMemo(
    () => windowOf(search.timeRange, now, timezone),
    [search.timeRange, now, timezone],
  );
  const args =
    search.componentId && search.selector
      ? {
          id: search.componentId,
          name: search.selector,
          labels: labelsOf(search.labels),
          start: span.from.toISOString(),
          end: span.to.toISOString(),
        }
      : skipToken;
  const logs = useSearchLogsQuery(args);

  // Refresh searches up to the current time; a range that stays put (absolute, or a past
  // calendar period) is searched again as it is.
  const refresh = () => {
    refreshPickers();
    const current = new Date();
    const next = windowOf(search.timeRange, current, timezone);
    const same =
      next.from.getTime() === span.from.getTime() && next.to.getTime() === span.to.getTime();
    if (!same) setNow(current);
    else if (args !== skipToken) void logs.refetch();
  };
  usePageHeader({ title: LOGS_TEXT.title, onRefresh: refresh });

  const rows = useMemo(
    () => (logs.data ? rowsInWindow(logs.data.lines, span.from, span.to) : []),
    [logs.data, span],
  );
  const shown = useMemo(
    () => rows.filter((row) => rowMatches(row, search.query)),
    [rows, search.query],
  );

  let body;
  if (components.error) {
    body = <QueryErrorCallout title={LOGS_TEXT.componentsError} query={components} />;
  } else if (!search.componentId) {
    body = components.isLoading ? (
      <Spinner aria-label="Loading components" />
    ) : (
      <NonIdealState
        icon="console"
        title={components.data?.length === 0 ? LOGS_TEXT.noComponents : LOGS_TEXT.pickComponent}
        description={components.data?.length === 0 ? undefined : LOGS_TEXT.pickComponentHint}
      />
    );
  } else if (topology.error && !search.selector) {
    body = <QueryErrorCallout title={LOGS_TEXT.error} query={topology} />;
  } else if (!search.selector) {
    body = topology.isFetching ? (
      <Spinner aria-label={LOGS_TEXT.loading} />
    ) : (
      <NonIdealState icon="console" title={LOGS_TEXT.pickSelector} />
    );
  } else if (logs.error) {
    body = <QueryErrorCallout title={LOGS_TEXT.error} query={logs} />;
  } else if (logs.isFetching && !logs.data) {
    body = <Spinner aria-label={LOGS_TEXT.loading} />;
  } else if (rows.length === 0) {
    body = (
      <NonIdealState icon="console" title={LOGS_TEXT.noLines} description={LOGS_TEXT.noLinesHint} />
    );
  } else {
    const total = logs.data?.total ?? rows.length;
    body = (
      <>
        <LazyPart label="Loading the chart">
          <LogHistogram rows={shown} from={span.from} to={span.to} timezone={timezone} />
        </LazyPart>
        <div className="mc-logs-results-bar">
          <SearchBox
            value={search.query}
            onSearch={(query) => update({ query })}
            placeholder={LOGS_TEXT.search}
            className="mc-logs-search"
          />
          <Switch
            label={LOGS_TEXT.wrap}
            checked={search.wrap}
            onChange={(event) => update({ wrap: event.currentTarget.checked })}
            className="mc-logs-wrap"
          />
          <span className={Classes.TEXT_MUTED} role="status">
            {shown.length === rows.length
              ? `${rows.length} of ${total} lines`
              : `${shown.length} matching of ${rows.length} lines`}
            {logs.isFetching ? ' (updating…)' : ''}
          </span>
        </div>
        {shown.length === 0 ? (
          <NonIdealState
            icon="filter-remove"
            title={LOGS_TEXT.noMatches}
            action={
              <Button
                text={LOGS_TEXT.clearSearch}
                icon="filter-remove"
                onClick={() => update({ query: '' })}
              />
            }
          />
        ) : (
          <LazyPart label="Loading the lines">
            <LogTable
              rows={shown}
              highlight={search.query}
              wrap={search.wrap}
              formatDate={formatDate}
            />
          </LazyPart>
        )}
      </>
    );
  }

  return (
    <div className="mc-page mc-logs">
      <LogsToolbar
        search={search}
        components={components.data ?? []}
        selectors={selectors}
        onChange={(changes) => update(changes)}
      />
      {body}
    </div>
  );
}
