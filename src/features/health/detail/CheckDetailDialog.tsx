import { Callout, DialogBody, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import type { JSX } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { canRunChecks } from '../../../../contracts/access';
import { selectRoles } from '../../../auth/sessionSlice';
import { useGetCheckDetailQuery, useGetCheckGraphQuery } from '../../../api/endpoints/checks';
import { toErrorMessage } from '../../../api/errors';
import type { CheckDetail } from '../../../api/schemas/checks';
import { AppDialog } from '../../../ui/AppDialog';
import { CheckDetailFooter } from './CheckDetailFooter';
import { CheckDetailHeader } from './CheckDetailHeader';
import { CheckHistory } from './CheckHistory';
import { CheckRelationships } from './CheckRelationships';
import { CheckSpecTab } from './CheckSpecTab';
import { CheckStatTiles } from './CheckStatTiles';
import { checkChartWindow } from './chartData';
import { HealthOverviewChart } from './HealthOverviewChart';
import { checkRelations } from './relations';
import { useCheckTimeRange } from './useCheckTimeRange';
import { useUrlState } from '../../../widgets/useUrlState';
import { RUN_HINT_STATE } from './runHint';
import type { RunNow } from './useRunNow';
import { useRunNow } from './useRunNow';
import { useShortScreen } from './useShortScreen';
import './detail.css';

export interface CheckDetailDialogProps {
  /** The check to show. */
  checkId: string;
  /** Called on the close button, Escape and a click outside. */
  onClose: () => void;
  /**
   * The dialog is shown inside another view rather than on the health page. The actions that
   * make sense only on the health page are left out. Default false.
   */
  embedded?: boolean;
}

type DetailTab = 'history' | 'graph' | 'spec' | 'relationships';

function DetailBody({ check }: { check: CheckDetail }) {
  const { timeRange, setTimeRange } = useCheckTimeRange(check.last_runtime);
  const graph = useGetCheckGraphQuery({ checkId: check.id, timeRange });
  const short = useShortScreen();
  const [selected, setSelected] = useState<DetailTab>('history');
  const tab: DetailTab = !short && selected === 'graph' ? 'history' : selected;
  const relations = useMemo(() => checkRelations(check), [check]);
  const relationCount = relations.components.length + relations.configs.length;
  const answeredAt = graph.fulfilledTimeStamp;
  const chartWindow = useMemo(
    () => (answeredAt === undefined ? undefined : checkChartWindow(timeRange, answeredAt)),
    [timeRange, answeredAt],
  );
  // The events of the check itself, and of the configs and components it is related to.
  const eventScope = useMemo(
    () => ({
      checkId: check.id,
      configIds: relations.configs.map((config) => config.id),
      componentIds: relations.components.map((component) => component.id),
    }),
    [check.id, relations],
  );
  const chart = (
    <HealthOverviewChart
      graph={graph.data}
      isLoading={graph.isFetching}
      error={graph.error}
      window={chartWindow}
      eventScope={eventScope}
    />
  );

  return (
    <>
      <CheckDetailHeader check={check} />
      <CheckStatTiles
        check={check}
        graph={graph.data}
        timeRange={timeRange}
        onTimeRangeChange={setTimeRange}
      />
      {!short && chart}
      <Tabs
        id="check-detail-tabs"
        selectedTabId={tab}
        onChange={(next) => setSelected(next as DetailTab)}
        renderActiveTabPanelOnly
      >
        <Tab
          id="history"
          title="History"
          panel={<CheckHistory checkId={check.id} timeRange={timeRange} />}
        />
        {short && <Tab id="graph" title="Graph" panel={chart} />}
        <Tab id="spec" title="Spec" panel={<CheckSpecTab canaryId={check.canary_id} />} />
        <Tab
          id="relationships"
          title="Relationships"
          tagContent={relationCount}
          tagProps={{ round: true }}
          panel={<CheckRelationships relations={relations} />}
        />
      </Tabs>
    </>
  );
}

/**
 * The address's `run=1` (see `runHint.ts`): once the check is loaded, Run Now starts (for users
 * who may run checks) and the hint leaves the address.
 */
function useRunHint(loaded: boolean, runNow: RunNow, enabled: boolean) {
  const { state: hint, update } = useUrlState(RUN_HINT_STATE);
  const roles = useSelector(selectRoles);
  const asked = enabled && hint.run === '1';
  const taken = useRef(false);
  useEffect(() => {
    if (!asked || !loaded || taken.current) return;
    taken.current = true;
    if (canRunChecks(roles)) runNow.run();
    update({ run: undefined }, { history: 'replace' });
  }, [asked, loaded, roles, update, runNow]);
}

function CheckDetailContent({ checkId, onClose, embedded }: CheckDetailDialogProps) {
  const { data: check, error, isLoading } = useGetCheckDetailQuery(checkId);
  const runNow = useRunNow(checkId);
  useRunHint(check !== undefined, runNow, !embedded);

  let body: JSX.Element;
  if (isLoading) {
    body = <Spinner aria-label="Loading check" />;
  } else if (error) {
    body = (
      <Callout intent="danger" title="The check could not be loaded">
        {toErrorMessage(error)}
      </Callout>
    );
  } else if (!check) {
    body = <NonIdealState icon="search" title="Check not found" />;
  } else {
    body = <DetailBody check={check} />;
  }

  return (
    <AppDialog isOpen onClose={onClose} title={check?.name ?? 'Health check'} size="full">
      <DialogBody useOverflowScrollContainer>{body}</DialogBody>
      {check && <CheckDetailFooter check={check} runNow={runNow} embedded={embedded} />}
    </AppDialog>
  );
}

/**
 * The detail of one health check, full size: what it checks, its uptime and latency over a
 * time range kept in the address (`timeRange`), the Health Overview chart, its history, spec
 * and relationships, a link to edit it and Run Now.
 */
export function CheckDetailDialog(props: CheckDetailDialogProps): JSX.Element {
  // A new check starts afresh: its own run-now machine, tabs and filters.
  return <CheckDetailContent key={props.checkId} {...props} />;
}
