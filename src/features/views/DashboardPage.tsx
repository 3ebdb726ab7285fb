import { NonIdealState } from '@blueprintjs/core';
import { errorStatus } from '../../api/errors';
import { useLayoutEffect } from 'react';
import { dashboardCacheActions, useGetDashboardQuery } from '../../api/endpoints/views';
import { useAppDispatch } from '../../shell/hooks';
import { usePageHeader } from '../../ui/pageHeader';
import { QueryView } from '../../ui/QueryView';
import { Slot } from '../../widgets/slots/SlotsProvider';
import type { TableQueryResult } from '../../widgets/tableQueryState';
import { tableQueryState } from '../../widgets/tableQueryState';
import { ViewById } from './ViewPage';

/** The top bar's title until the dashboard view's title is known. */
export const DASHBOARD_TITLE = 'Dashboard';
export const DASHBOARD_LOAD_ERROR = 'Error loading the dashboard';
export const NO_DASHBOARD = 'No dashboard view';
export const NO_DASHBOARD_HINT =
  'No view is chosen as the dashboard. An administrator can choose one in Settings › Views.';

/** What `/` says when no view is the dashboard and no fallback is supplied. */
function NoDashboard() {
  usePageHeader({ title: DASHBOARD_TITLE });
  return (
    <div className="mc-centered-page">
      <NonIdealState icon="dashboard" title={NO_DASHBOARD} description={NO_DASHBOARD_HINT} />
    </div>
  );
}

/**
 * `/` (issue 37): the dashboard view (`GET /api/dashboard`) drawn as the view page draws a view
 * (its variables, Refresh, panels and sections), its title in the top bar. The answer stands
 * for the view's evaluation without variables, so only other variables or Refresh ask again. Without a dashboard
 * view (404) the app's `HomeFallback` slot takes over (the first page the user may read); any
 * other failure shows the server's reason with Retry.
 */
export function DashboardPage() {
  const dashboard = useGetDashboardQuery();
  const dispatch = useAppDispatch();
  const { data } = dashboard;
  // Before the view's own queries start (their effects run after this one).
  useLayoutEffect(() => {
    for (const action of data ? dashboardCacheActions(data) : []) dispatch(action);
  }, [data, dispatch]);
  const id = data?.id;
  if (id && !dashboard.error) return <ViewById key={id} id={id} />;
  if (errorStatus(dashboard.error) === 404) {
    return <Slot name="HomeFallback" fallback={<NoDashboard />} />;
  }
  return <DashboardState query={dashboard} />;
}

/** Loading the dashboard, or its failure with Retry. */
function DashboardState({ query }: { query: TableQueryResult }) {
  usePageHeader({ title: DASHBOARD_TITLE });
  return (
    <div className="mc-page">
      {/* The dashboard's answer is drawn by `ViewById`, never here. */}
      <QueryView
        {...tableQueryState(query)}
        data={null}
        loadingLabel="Loading dashboard"
        errorTitle={DASHBOARD_LOAD_ERROR}
      >
        {() => null}
      </QueryView>
    </div>
  );
}
