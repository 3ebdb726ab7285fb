import { Button, Callout, Classes, Icon, Spinner } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useEvaluateViewQuery } from '../../api/endpoints/views';
import type { ViewResult } from '../../api/schemas/views';
import { VIEW_VARIABLES_STATE } from '../../lib/viewValues';
import { viewIcon } from '../../shell/Sidebar';
import { useFormatDate } from '../../shell/useFormatDate';
import { LoadErrorCallout } from '../../ui/LoadErrorCallout';
import { useUrlState } from '../useUrlState';
import { tableQueryState } from '../tableQueryState';
import { ViewPanels } from './ViewPanels';
import { ViewTable } from './ViewTable';
import { ViewVariables } from './ViewVariables';
import './view.css';

export const VIEW_LOAD_ERROR = 'Error loading the view';
export const REFRESH_VIEW = 'Refresh view';

export interface ViewEvaluationOptions {
  /**
   * Read the variables from the address (`var-{key}`) and offer the variables bar. Default
   * true; the config item's view tab evaluates with `{}` and no bar.
   */
  withVariables?: boolean;
}

const NO_VARIABLES: Record<string, string> = {};

/** A view evaluated (VIEW-02) with the address's variables, and its forced refresh. */
export function useViewEvaluation(
  viewId: string,
  { withVariables = true }: ViewEvaluationOptions = {},
) {
  const { state, set } = useUrlState(VIEW_VARIABLES_STATE);
  const variables = withVariables ? state.variables : NO_VARIABLES;
  // The Refresh presses for these variables: a press asks again with `cache-control`.
  const [forced, setForced] = useState({ key: '', count: 0 });
  const variablesKey = JSON.stringify([viewId, variables]);
  const refresh = forced.key === variablesKey ? forced.count : 0;
  const query = useEvaluateViewQuery(
    { id: viewId, variables, ...(refresh ? { refresh } : {}) },
    { skip: viewId === '' },
  );
  const forceRefresh = useCallback(
    () => setForced((current) => ({ key: variablesKey, count: current.count + 1 })),
    [variablesKey],
  );
  const setVariable = useCallback(
    (key: string, value: string) => set('variables', { ...state.variables, [key]: value }),
    [set, state.variables],
  );
  return { query, variables, refresh, forceRefresh, setVariable, withVariables };
}

export type ViewEvaluation = ReturnType<typeof useViewEvaluation>;

function RefreshBar({ view, evaluation }: { view: ViewResult; evaluation: ViewEvaluation }) {
  const formatDate = useFormatDate();
  const { query, forceRefresh } = evaluation;
  // A view never evaluated has Go's zero time, which reads as nothing.
  const refreshed = view.lastRefreshedAt ? formatDate(view.lastRefreshedAt) : '';
  return (
    <div className="mc-view-refresh">
      {refreshed && (
        <span className={Classes.TEXT_MUTED} data-testid="view-last-refreshed">
          Last refreshed {refreshed}
        </span>
      )}
      <Button
        icon="refresh"
        size="small"
        text="Refresh"
        aria-label={REFRESH_VIEW}
        loading={query.isFetching}
        onClick={forceRefresh}
      />
    </div>
  );
}

export interface ViewContentProps {
  evaluation: ViewEvaluation;
  /** Shows the view's icon and title above it (the config tab does; the page has the top bar). */
  showTitle?: boolean;
}

/**
 * A view as VIEW-02 evaluated it: the variables bar, a refresh bar with the last refresh and
 * its error, the panels drawn by type, then the table (VIEW-05). Loading, and the server's
 * reason with a Retry when the evaluation fails.
 */
export function ViewContent({ evaluation, showTitle = false }: ViewContentProps) {
  const { query, variables, setVariable, withVariables, refresh } = evaluation;
  const { data: view, currentData, isFetching } = query;
  const state = tableQueryState(query);

  if (state.loading) return <Spinner aria-label="Loading view" />;
  const failure =
    state.error !== undefined ? (
      <LoadErrorCallout
        title={VIEW_LOAD_ERROR}
        message={state.error}
        onRetry={state.onRetry}
        retrying={state.retrying}
      />
    ) : null;
  // A failed first evaluation has nothing else to show; a failed later one keeps the last view.
  if (!view) return failure;
  return (
    <div className="mc-view" aria-busy={isFetching}>
      {failure}
      {showTitle && (
        <h2 className="mc-view-title">
          <Icon icon={viewIcon(view.icon)} aria-hidden />
          {view.title || view.name}
        </h2>
      )}
      <div className="mc-view-toolbar">
        {withVariables && (
          <ViewVariables
            variables={view.variables ?? []}
            values={variables}
            onChange={setVariable}
          />
        )}
        <RefreshBar view={view} evaluation={evaluation} />
      </div>
      {view.refreshError && (
        <Callout intent="warning" title="Refresh failed" className="mc-view-refresh-error">
          {view.refreshError}
        </Callout>
      )}
      <ViewPanels panels={view.panels ?? []} />
      {currentData ? (
        <ViewTable view={currentData} refresh={refresh} />
      ) : (
        isFetching &&
        (view.columns ?? []).some((column) => !column.hidden) && (
          <Spinner size={20} aria-label="Loading view table" />
        )
      )}
    </div>
  );
}
