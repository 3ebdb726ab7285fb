import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../shell/paths';
import { QueryView } from '../../ui/QueryView';
import type { TableQueryResult } from '../../widgets/tableQueryState';
import { queryViewState } from '../../widgets/tableQueryState';

/** The page's words. */
export const INTEGRATION_EDIT_TEXT = {
  title: (label: string, name: string | null | undefined) => (name ? `${label}: ${name}` : label),
  loadError: 'Error loading the integration',
  notFound: 'This integration does not exist or was deleted.',
  unknownType: (type: string) => `There is no integration type named ${type}.`,
  back: 'Back to integrations',
  unavailable: 'The scraper editor is not available in this console.',
} as const;

/**
 * Loading (a refetch of a record not read yet included), the server's reason with Retry, or not
 * found with the way back to the list; else the editor.
 */
export function Loaded<T>({
  query,
  children,
}: {
  query: TableQueryResult & { data?: T | null };
  children: (row: T) => ReactNode;
}) {
  const state = queryViewState(query);
  return (
    <QueryView
      {...state}
      loading={state.loading || (query.isFetching && !query.data)}
      loadingLabel="Loading"
      errorTitle={INTEGRATION_EDIT_TEXT.loadError}
      notFound={{
        title: INTEGRATION_EDIT_TEXT.notFound,
        action: <Link to={paths.settingsIntegrations.getHref()}>{INTEGRATION_EDIT_TEXT.back}</Link>,
      }}
    >
      {children}
    </QueryView>
  );
}

/** Back to the integrations list. */
export function useBackToList() {
  const navigate = useNavigate();
  return useCallback(() => navigate(paths.settingsIntegrations.getHref()), [navigate]);
}
