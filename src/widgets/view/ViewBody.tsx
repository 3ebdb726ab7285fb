import { Spinner } from '@blueprintjs/core';
import type { ViewResult } from '../../api/schemas/views';
import { ViewPanels } from './ViewPanels';
import { ViewTable, visibleColumns } from './ViewTable';

/** Whether a view only gathers its sections: no panels and no columns of its own (upstream's aggregator). */
export function onlyAggregates(view: ViewResult): boolean {
  return (view.sections?.length ?? 0) > 0 && !view.panels?.length && !view.columns?.length;
}

export interface ViewBodyProps {
  /** The view as last answered. */
  view: ViewResult;
  /** The answer for the current variables; undefined while it is asked for. */
  current: ViewResult | undefined;
  /** A newer answer is being asked for. */
  fetching: boolean;
  /** The Refresh presses so far. */
  refresh: number;
  /** Prefix of the table's parameters in the address (a section's). */
  scope?: string;
}

/** A view's own content: its panels drawn by type, then its rows (VIEW-05) as a table or cards. */
export function ViewBody({ view, current, fetching, refresh, scope }: ViewBodyProps) {
  return (
    <>
      <ViewPanels panels={view.panels ?? []} />
      {current
        ? // A view of panels only has no table to ask for (VIEW-05 answers 404 for it).
          visibleColumns(current.columns ?? []).length > 0 && (
            <ViewTable view={current} refresh={refresh} {...(scope ? { scope } : {})} />
          )
        : fetching &&
          visibleColumns(view.columns ?? []).length > 0 && (
            <Spinner size={20} aria-label="Loading view table" />
          )}
    </>
  );
}
