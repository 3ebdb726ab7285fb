import { Button, Callout, Classes, Icon, Spinner } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { errorStatus } from '../../api/errors';
import { useEvaluateViewQuery, useGetViewMetadataQuery } from '../../api/endpoints/views';
import type { ViewResult, ViewVariable } from '../../api/schemas/views';
import { VIEW_VARIABLES_STATE } from '../../lib/viewValues';
import { DEFAULT_VIEW_ICON } from '../../shell/Sidebar';
import { useFormatDate } from '../../shell/useFormatDate';
import { LoadErrorCallout } from '../../ui/LoadErrorCallout';
import { namedIcon } from '../ConfigIcon';
import { useUrlState } from '../useUrlState';
import { tableQueryState } from '../tableQueryState';
import { ViewBody, onlyAggregates } from './ViewBody';
import { ViewSections } from './ViewSections';
import { ViewVariables } from './ViewVariables';
import './view.css';

export const VIEW_LOAD_ERROR = 'Error loading the view';
export const REFRESH_VIEW = 'Refresh view';
export const VIEW_FORBIDDEN = 'You may not read this view';
export const VIEW_FORBIDDEN_HINT =
  'Reading views needs a role that may read them. Ask an administrator (the admin role) for access.';

export interface ViewEvaluationOptions {
  /**
   * Read the variables from the address (`var-{key}`) and offer the variables bar. Default
   * true; the config item's view tab evaluates with the item's variables and no bar.
   */
  withVariables?: boolean;
  /** The variables to evaluate with instead of the address's (a config item's). */
  variables?: Record<string, string>;
  /** Not yet: what the evaluation needs is still loading. */
  skip?: boolean;
}

const NO_VARIABLES: Record<string, string> = {};

/**
 * A view evaluated (VIEW-02) with the address's variables (`var-{key}`, nothing else of the
 * address), or the ones given, and its forced refresh.
 */
export function useViewEvaluation(
  viewId: string,
  { withVariables = true, variables: given, skip = false }: ViewEvaluationOptions = {},
) {
  const { state, set } = useUrlState(VIEW_VARIABLES_STATE);
  const variables = given ?? (withVariables ? state.variables : NO_VARIABLES);
  // The Refresh presses for these variables: a press asks again with `cache-control`.
  const [forced, setForced] = useState({ key: '', count: 0 });
  const variablesKey = JSON.stringify([viewId, variables]);
  const refresh = forced.key === variablesKey ? forced.count : 0;
  const query = useEvaluateViewQuery(
    { id: viewId, variables, ...(refresh ? { refresh } : {}) },
    { skip: viewId === '' || skip },
  );
  const forceRefresh = useCallback(
    () => setForced((current) => ({ key: variablesKey, count: current.count + 1 })),
    [variablesKey],
  );
  const setVariable = useCallback(
    (key: string, value: string) => set('variables', { ...state.variables, [key]: value }),
    [set, state.variables],
  );
  return { viewId, query, variables, refresh, forceRefresh, setVariable, withVariables };
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

/** The variables of a view and of its sections' views, each key once, the view's first. */
export function allVariables(
  view: ViewResult,
  sectionViews: readonly ViewResult[] = [],
): ViewVariable[] {
  const seen = new Set<string>();
  const out: ViewVariable[] = [];
  const add = (variables: readonly ViewVariable[] | null | undefined) => {
    for (const variable of variables ?? []) {
      if (seen.has(variable.key)) continue;
      seen.add(variable.key);
      out.push(variable);
    }
  };
  add(view.variables);
  for (const section of sectionViews) add(section.variables);
  return out;
}

/** A view the user may not read (403): says so, and who can grant it. */
export function ViewForbidden({ reason }: { reason?: string }) {
  return (
    <Callout intent="warning" icon="lock" title={VIEW_FORBIDDEN} role="alert">
      <p>{VIEW_FORBIDDEN_HINT}</p>
      {reason && <p className={Classes.TEXT_MUTED}>{reason}</p>}
    </Callout>
  );
}

export interface ViewContentProps {
  evaluation: ViewEvaluation;
  /** Shows the view's icon and title above it (the config tab does; the page has the top bar). */
  showTitle?: boolean;
}

/**
 * A view as VIEW-02 evaluated it: the variables bar (the view's, and its `viewRef` sections'
 * from the view's metadata), a refresh
 * bar with the last refresh and its error, the panels drawn by type, the table or cards
 * (VIEW-05) unless the view only gathers sections, then its sections. Loading, the server's
 * reason with a Retry when the evaluation fails, and who to ask when it is refused (403).
 */
export function ViewContent({ evaluation, showTitle = false }: ViewContentProps) {
  const { viewId, query, variables, setVariable, withVariables, refresh } = evaluation;
  const { data: view, currentData, isFetching } = query;
  const state = tableQueryState(query);
  // The variables of the sections' views: from the metadata, asked only when there are any.
  const hasViewRefs = (view?.sections ?? []).some((section) => section.viewRef);
  const { data: metadata } = useGetViewMetadataQuery(viewId, {
    skip: !withVariables || !hasViewRefs,
  });
  const sectionViews = useMemo(
    () => Object.values(metadata?.sectionResults ?? {}),
    [metadata?.sectionResults],
  );

  if (state.loading) return <Spinner aria-label="Loading view" />;
  const failure =
    errorStatus(query.error) === 403 ? (
      <ViewForbidden reason={state.error} />
    ) : state.error !== undefined ? (
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
          <Icon icon={namedIcon(view.icon, DEFAULT_VIEW_ICON)} aria-hidden />
          {view.title || view.name}
        </h2>
      )}
      <div className="mc-view-toolbar">
        {withVariables && (
          <ViewVariables
            variables={allVariables(view, sectionViews)}
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
      {!onlyAggregates(view) && (
        <ViewBody view={view} current={currentData} fetching={isFetching} refresh={refresh} />
      )}
      <ViewSections view={view} variables={variables} refresh={refresh} />
    </div>
  );
}
