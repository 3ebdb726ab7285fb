import './health.css';
import { NonIdealState } from '@blueprintjs/core';
import { lazy, useCallback, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { canRunChecks } from '../../../contracts/access';
import type { BulkRunCheck } from '../../../machines/health/bulkRun';
import { selectRoles } from '../../auth/sessionSlice';
import { useCan } from '../../auth/hooks';
import { paths } from '../../shell/paths';
import { LazyPart, lazyPart } from '../../ui/LazyPart';
import { LoadErrorCallout } from '../../ui/LoadErrorCallout';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { ChecksTable } from './ChecksTable';
import { HealthControls } from './HealthControls';
import { HealthFilterPanel } from './HealthFilterPanel';
import { HealthSkeleton } from './HealthSkeleton';
import { HealthTabs } from './HealthTabs';
import { HealthToolbar } from './HealthToolbar';
import { pivotOf } from './model/pivot';
import { PivotControls } from './PivotControls';
import { PivotTable } from './PivotTable';
import type { SortState } from './model/types';
import type { TriStateMap } from '../../lib/triState';
import type { GroupBy } from './model/groupChecks';
import type { PivotSettings } from './model/pivot';
import type { RefreshRate } from './model/refreshRate';
import type { TabBy } from './model/tabs';
import type { HealthLayout } from './model/urlState';
import { isCheckTimeRange } from '../../lib/timeRange';
import { CLOSE_CHECK_CHANGES, listSortOf } from './model/urlState';
import { useHealthSummary } from './useHealthSummary';
import { useHealthParams } from './useHealthParams';
import { useHealthView } from './useHealthView';
import { useOwnedChecks } from './useOwnedChecks';
import { SelectionBar } from './bulk/SelectionBar';
import { useCheckSelection } from './bulk/useCheckSelection';
import type { HealthTableProps } from './useHealthTable';
import { healthTags } from '../../api/endpoints/checks';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import type { Owned } from '../../widgets/ownedByMyTeams';

/** The check's dialog (its chart, history, spec and relationships) loads when it opens. */
/** The cards layout (and its windowing) loads when it is chosen. */
const ChecksCards = lazyPart(
  async () => (await import('./ChecksCards')).ChecksCards,
  'Loading the cards',
);

/** Run Selected loads when it opens. */
const BulkRunDialog = lazy(async () => ({
  default: (await import('./bulk/BulkRunDialog')).BulkRunDialog,
}));

const CheckDetailDialog = lazy(async () => ({
  default: (await import('./detail/CheckDetailDialog')).CheckDetailDialog,
}));

export const HEALTH_TITLE = 'Health';
export const NO_DATA_MESSAGE = 'No data available';
/** Shown instead of the pivot while it is by labels and no label is chosen. */
export const CHOOSE_PIVOT_LABEL_TITLE = 'Choose a label to pivot by';

interface HealthViewProps {
  /** Without the shell: the toolbar and a refresh button sit above the list. */
  standalone: boolean;
}

function HealthView({ standalone }: HealthViewProps) {
  const refresh = useInvalidateTags(healthTags);
  usePageHeader({ title: HEALTH_TITLE, onRefresh: refresh });
  const { state, update } = useHealthParams();
  const summary = useHealthSummary(state.timeRange, state.refreshRate);
  const checks = useOwnedChecks(summary.checks, state.owned);
  const view = useHealthView(checks, state);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const canRun = canRunChecks(useSelector(selectRoles));
  const selection = useCheckSelection(view.rows);
  /** The checks of the Run Selected dialog while it is open. */
  const [bulkRun, setBulkRun] = useState<readonly BulkRunCheck[] | null>(null);
  const onRunSelected = useCallback(() => setBulkRun(selection.checks), [selection.checks]);
  const onBulkRunClose = useCallback(() => setBulkRun(null), []);
  const { sort } = state;
  const now = useMemo(() => new Date(summary.receivedAt), [summary.receivedAt]);
  const { pivotBy, pivotLabel, pivotCellType } = state;
  const pivotSettings = useMemo(
    () => ({ pivotBy, pivotLabel, pivotCellType }),
    [pivotBy, pivotLabel, pivotCellType],
  );
  const pivot = useMemo(() => pivotOf(pivotSettings), [pivotSettings]);

  const onToggle = useCallback(
    (groupId: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(groupId)) next.add(groupId);
        return next;
      }),
    [],
  );
  const onOpen = useCallback((checkId: string) => update({ checkId }), [update]);
  const onClose = useCallback(() => update(CLOSE_CHECK_CHANGES), [update]);
  const onSort = useCallback((next: SortState) => update({ sort: listSortOf(next) }), [update]);
  // The search's rows are drawn in the frame it takes effect, not put off as a transition.
  const onSearch = useCallback((query: string) => update({ query }, { flushSync: true }), [update]);
  const navigate = useNavigate();
  const canAdd = useCan('canaries', 'write');
  const onAdd = useCallback(
    () => navigate(paths.settingsResource.getHref('canaries', 'new')),
    [navigate],
  );

  const onLayoutChange = useCallback((layout: HealthLayout) => update({ layout }), [update]);
  const onTimeRangeChange = useCallback(
    (timeRange: string) =>
      update({ timeRange: isCheckTimeRange(timeRange) ? timeRange : undefined }),
    [update],
  );
  const onRefreshRateChange = useCallback(
    (refreshRate: RefreshRate) => update({ refreshRate }),
    [update],
  );
  const onHidePassingChange = useCallback(
    (hidePassing: boolean) => update({ hidePassing }),
    [update],
  );
  const onOwnedChange = useCallback((owned: Owned) => update({ owned }), [update]);
  const onLabelsChange = useCallback((labels: TriStateMap) => update({ labels }), [update]);
  const onGroupByChange = useCallback((groupBy: GroupBy) => update({ groupBy }), [update]);
  const onTabByChange = useCallback((tabBy: TabBy) => update({ tabBy, tab: undefined }), [update]);
  const onPivotChange = useCallback((settings: PivotSettings) => update(settings), [update]);
  const onTabSelect = useCallback(
    (tab: string | null) => update({ tab: tab ?? undefined }),
    [update],
  );

  // One element while its props are the same, so that the controls around it stay as they are.
  const pivotControls = useMemo(
    () => (
      <PivotControls settings={pivotSettings} onChange={onPivotChange} catalog={view.catalog} />
    ),
    [pivotSettings, onPivotChange, view.catalog],
  );

  const toolbar = (
    <HealthToolbar
      layout={state.layout}
      onLayoutChange={onLayoutChange}
      timeRange={state.timeRange}
      onTimeRangeChange={onTimeRangeChange}
      refreshRate={state.refreshRate}
      onRefreshRateChange={onRefreshRateChange}
      {...(standalone ? { onRefresh: refresh, isFetching: summary.isFetching } : {})}
      {...(canAdd && !standalone ? { onAdd } : {})}
    />
  );

  const tree: HealthTableProps = { rows: view.rows, expanded, sort, onSort, onToggle, onOpen };
  const failed = summary.error !== undefined;
  const hasData = summary.receivedAt > 0;
  let content;
  if (summary.isLoading) {
    content = <HealthSkeleton />;
  } else if (failed && !hasData) {
    content = null;
  } else if (view.rows.length === 0) {
    content = <NonIdealState icon="heart" title={NO_DATA_MESSAGE} className="mc-health-empty" />;
  } else if (pivot === 'needsLabel') {
    content = (
      <NonIdealState
        icon="pivot-table"
        title={CHOOSE_PIVOT_LABEL_TITLE}
        description="Pick the label whose values become the columns."
        className="mc-health-empty"
      />
    );
  } else if (pivot !== null) {
    content = <PivotTable checks={view.shown} pivot={pivot} {...tree} />;
  } else if (state.layout === 'card') {
    content = <ChecksCards rows={view.cards} onOpen={onOpen} />;
  } else {
    content = (
      <>
        {canRun && <SelectionBar selection={selection} onRun={onRunSelected} />}
        <ChecksTable {...tree} now={now} {...(canRun ? { selection } : {})} />
      </>
    );
  }

  // Without the shell the page is the document's main landmark itself.
  const Root = standalone ? 'main' : 'div';
  return (
    <Root className={`mc-health${standalone ? ' mc-health--standalone' : ''}`}>
      {standalone ? toolbar : <PageExtras>{toolbar}</PageExtras>}
      <div className="mc-health-body">
        <HealthFilterPanel
          hidePassing={state.hidePassing}
          onHidePassingChange={onHidePassingChange}
          owned={state.owned}
          onOwnedChange={onOwnedChange}
          catalog={view.catalog}
          labels={state.labels}
          onLabelsChange={onLabelsChange}
        />
        <section className="mc-health-main">
          <HealthControls
            query={state.query}
            onSearch={onSearch}
            groupBy={state.groupBy}
            onGroupByChange={onGroupByChange}
            tabBy={state.tabBy}
            onTabByChange={onTabByChange}
            catalog={view.catalog}
          >
            {pivotControls}
          </HealthControls>
          {summary.error !== undefined && (
            <LoadErrorCallout
              title="Health checks could not be loaded"
              message={summary.error}
              onRetry={refresh}
              retrying={summary.isFetching}
            />
          )}
          {hasData && (
            <HealthTabs tabs={view.tabs} selected={view.selectedTab} onSelect={onTabSelect} />
          )}
          {content}
        </section>
      </div>
      {bulkRun !== null && (
        <LazyPart>
          <BulkRunDialog checks={bulkRun} onClose={onBulkRunClose} />
        </LazyPart>
      )}
      {state.checkId !== undefined && (
        <LazyPart>
          <CheckDetailDialog checkId={state.checkId} onClose={onClose} embedded={false} />
        </LazyPart>
      )}
    </Root>
  );
}

/** `/health`: the checks of every canary, with search, filters, tabs, grouping and a detail dialog. */
export function HealthPage() {
  return <HealthView standalone={false} />;
}

/** `/view/health`: the same list without the shell (for embedding). */
export function StandaloneHealthPage() {
  return <HealthView standalone />;
}
