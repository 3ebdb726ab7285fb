import { NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ConfigSegment } from '../../api/endpoints/scrapeRuns';
import { scrapeRunTags } from '../../api/endpoints/scrapeRuns';
import { useGetSettingsResourceQuery } from '../../api/endpoints/settingsResources';
import type { ScrapeRun, ScrapeRunPayload } from '../../api/schemas/scrapeRuns';
import { paths } from '../../shell/paths';
import { LoadErrorCallout } from '../../ui/LoadErrorCallout';
import { usePageHeader } from '../../ui/pageHeader';
import { QueryView } from '../../ui/QueryView';
import { queryViewState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useUrlState } from '../../widgets/useUrlState';
import type { Capture } from './model/payload';
import { NOT_CAPTURED, hasCapture, runLogText } from './model/payload';
import type { RunTab } from './model/runState';
import { RUN_PAGE_STATE, RUN_TABS } from './model/runState';
import { RunHeader } from './RunHeader';
import { ConfigsTab } from './tabs/ConfigsTab';
import type { EntityTab } from './tabs/EntityTabs';
import { EntityTabPanel } from './tabs/EntityTabs';
import { HttpTab } from './tabs/HttpTab';
import { LogsTab } from './tabs/LogsTab';
import { SnapshotTab } from './tabs/SnapshotTab';
import { SpecTab } from './tabs/SpecTab';
import type { ScrapeRunData } from './useScrapeRun';
import { useScrapeRun } from './useScrapeRun';
import './scrapeRuns.css';

export const SCRAPE_RUN_TITLE = 'Scraper run';
export const SCRAPE_RUN_NOT_FOUND = 'Scraper run not found';
export const SCRAPE_RUN_ERROR = 'Error loading the scraper run';
/** Said on the tabs that read the payload while the run is still going. */
export const RUN_STILL_RUNNING = 'The run is still going: what it produced shows when it ends.';

/** Whether a job run is a run of this scraper. */
function isRunOf(run: ScrapeRun, scraperId: string): boolean {
  return !run.resource_id || run.resource_id === scraperId;
}

/** The capture each payload tab needs. */
const TAB_CAPTURE: Partial<Record<RunTab, Capture>> = {
  logs: 'logs',
  http: 'har',
  users: 'results',
  groups: 'results',
  roles: 'results',
  access: 'results',
  'access-logs': 'results',
  snapshot: 'snapshots',
};

function Plain({
  children,
  icon = 'info-sign',
}: {
  children: ReactNode;
  icon?: 'info-sign' | 'time';
}) {
  return (
    <NonIdealState icon={icon} description={<p>{children}</p>} className="mc-scrape-run-plain" />
  );
}

interface PayloadPanelProps {
  tab: RunTab;
  data: ScrapeRunData;
  entry: number | undefined;
  onEntry: (index: number) => void;
}

/** A tab that shows part of the payload: the part, or why the run has none to show. */
function PayloadPanel({ tab, data, entry, onEntry }: PayloadPanelProps) {
  const capture = TAB_CAPTURE[tab];
  if (!capture) return null;
  if (data.running) return <Plain icon="time">{RUN_STILL_RUNNING}</Plain>;
  const { artifactsQuery, payloadQuery, artifact } = data;
  const state = artifactsQuery.error
    ? queryViewState(artifactsQuery)
    : payloadQuery.error
      ? queryViewState(payloadQuery)
      : undefined;
  if (state) {
    return (
      <LoadErrorCallout
        title="Error loading what the run captured"
        message={state.error ?? ''}
        onRetry={state.onRetry}
        retrying={state.retrying}
        compact
      />
    );
  }
  if (artifactsQuery.isLoading || (artifact && !payloadQuery.data)) {
    return <Spinner size={20} aria-label="Loading what the run captured" />;
  }
  const payload = payloadQuery.data;
  if (!payload || !hasCapture(payload, capture)) {
    // Without captured logs, the lines the run left in its row (`details.logs`) are its log.
    const rowLogs = tab === 'logs' && data.run ? runLogText(data.run.details?.logs) : '';
    if (rowLogs !== '') return <LogsTab logs={rowLogs} />;
    return <Plain>{NOT_CAPTURED[capture]}</Plain>;
  }
  return <CapturedPanel tab={tab} payload={payload} entry={entry} onEntry={onEntry} />;
}

function CapturedPanel({
  tab,
  payload,
  entry,
  onEntry,
}: {
  tab: RunTab;
  payload: ScrapeRunPayload;
  entry: number | undefined;
  onEntry: (index: number) => void;
}) {
  switch (tab) {
    case 'logs':
      return <LogsTab logs={payload.logs ?? ''} />;
    case 'http':
      return <HttpTab entries={payload.har ?? []} selected={entry} onSelect={onEntry} />;
    case 'snapshot': {
      const pair = payload.snapshot_pair;
      return pair?.before && pair.after ? (
        <SnapshotTab before={pair.before} after={pair.after} />
      ) : null;
    }
    case 'users':
    case 'groups':
    case 'roles':
    case 'access':
    case 'access-logs':
      return <EntityTabPanel tab={tab as EntityTab} payload={payload} />;
    default:
      return null;
  }
}

/** The scraper's spec (from `config_scrapers`) as the Spec tab shows it. */
function ScraperSpec({ scraperId, run }: { scraperId: string; run: ScrapeRun }) {
  const query = useGetSettingsResourceQuery({ table: 'config_scrapers', id: scraperId });
  return (
    <QueryView
      {...queryViewState(query)}
      size="panel"
      loadingLabel="Loading the spec"
      errorTitle="Error loading the scraper"
      notFound={{ title: 'Scraper not found' }}
    >
      {(scraper) => (
        <SpecTab spec={scraper.spec} updatedAt={scraper.updated_at} runStart={run.time_start} />
      )}
    </QueryView>
  );
}

/**
 * `/catalog/scrapers/:id/runs/:runId`: what one run of a scraper produced. The header (scraper,
 * status, start, duration, counts by config type, errors), then tabs in the address (`?tab=`):
 * the scraper's items by what the run did to them, and what the run captured (logs, HTTP
 * traffic, users, groups, roles, access, access logs, the snapshot diff), and the spec. While the
 * run is going it is read again every 2 seconds; when it ends, what it produced is read.
 */
export function ScrapeRunPage() {
  const { id: scraperId = '', runId = '' } = useParams<{ id: string; runId: string }>();
  const reload = useInvalidateTags(scrapeRunTags(runId));
  usePageHeader({ title: SCRAPE_RUN_TITLE, onRefresh: reload });
  const data = useScrapeRun(runId);
  const scraper = useGetSettingsResourceQuery({ table: 'config_scrapers', id: scraperId });
  const { state, update } = useUrlState(RUN_PAGE_STATE);
  const setTab = useCallback((tab: RunTab) => update({ tab, entry: undefined }), [update]);
  const setSegment = useCallback((configs: ConfigSegment) => update({ configs }), [update]);
  const setEntry = useCallback((entry: number) => update({ entry }), [update]);

  return (
    <div className="mc-page mc-scrape-run">
      <QueryView
        {...queryViewState(data.runQuery)}
        // A run of another scraper, or another job's run, is not this scraper's run.
        data={data.run && isRunOf(data.run, scraperId) ? data.run : null}
        loadingLabel="Loading the scraper run"
        errorTitle={SCRAPE_RUN_ERROR}
        notFound={{
          title: SCRAPE_RUN_NOT_FOUND,
          action: <Link to={paths.catalogScraper.getHref(scraperId)}>Back to the scraper</Link>,
        }}
      >
        {(run) => (
          <>
            <RunHeader
              run={run}
              scraperId={scraperId}
              scraperName={scraper.data?.name ?? undefined}
            />
            <Tabs
              id="scrape-run-tabs"
              selectedTabId={state.tab}
              onChange={(tab) => {
                const next = RUN_TABS.find((candidate) => candidate.id === tab);
                if (next) setTab(next.id);
              }}
              renderActiveTabPanelOnly
              className="mc-scrape-run-tabs"
            >
              {RUN_TABS.map((tab) => (
                <Tab
                  key={tab.id}
                  id={tab.id}
                  title={tab.label}
                  panel={
                    tab.id === 'configs' ? (
                      <ConfigsTab
                        scraperId={scraperId}
                        start={run.time_start || run.created_at || ''}
                        end={run.time_end ?? undefined}
                        segment={state.configs}
                        onSegmentChange={setSegment}
                      />
                    ) : tab.id === 'spec' ? (
                      <ScraperSpec scraperId={scraperId} run={run} />
                    ) : (
                      <PayloadPanel
                        tab={tab.id}
                        data={data}
                        entry={state.entry}
                        onEntry={setEntry}
                      />
                    )
                  }
                />
              ))}
            </Tabs>
          </>
        )}
      </QueryView>
    </div>
  );
}
