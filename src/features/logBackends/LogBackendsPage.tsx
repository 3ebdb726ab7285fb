import { Button } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { logBackendTags, useGetLogBackendsQuery } from '../../api/endpoints/logBackends';
import type { LogBackendRow } from '../../api/schemas/logBackends';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { DataTable } from '../../ui/DataTable/DataTable';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { tableQueryState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useListPage } from '../../widgets/useListPage';
import { LogBackendDialog } from './LogBackendDialog';
import { logBackendColumns, logBackendSortValue } from './logBackendColumns';

export const LOG_BACKENDS_TITLE = 'Log Backends';
/** The table's accessible name, the title of its error state and its empty text. */
export const LOG_BACKENDS_LABEL = 'Log backends';
export const LOG_BACKENDS_ERROR = 'Error loading log backends';
export const NO_LOG_BACKENDS = 'No log backends';
export const ADD_LOG_BACKEND = 'Add Log Backend';
/** The address parameter of the backend being edited. */
export const LOG_BACKEND_ID_PARAM = 'id';

/**
 * `/settings/log-backends`: the log backends (LOG-02) with their source, creator and creation
 * time; Add (for users who may write log backends) and `?id=` open the form in a dialog. The
 * form comes from the app (the `LogBackendForm` slot).
 */
export function LogBackendsPage() {
  usePageHeader({ title: LOG_BACKENDS_TITLE, onRefresh: useInvalidateTags(logBackendTags) });
  const canWrite = useCan('logging_backends', 'write');
  const list = useListPage({ defaultSort: { sortBy: 'created_at', sortOrder: 'desc' } });
  const [params, setParams] = useSearchParams();
  const openId = params.get(LOG_BACKEND_ID_PARAM) ?? undefined;
  const [adding, setAdding] = useState(false);
  const { data, isLoading, isFetching, error, refetch } = useGetLogBackendsQuery();
  const formatDate = useFormatDate();
  const columns = useMemo(() => logBackendColumns(formatDate), [formatDate]);

  const setOpenId = useCallback(
    (id: string | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(LOG_BACKEND_ID_PARAM, id);
        else next.delete(LOG_BACKEND_ID_PARAM);
        return next;
      }),
    [setParams],
  );

  return (
    <div className="mc-page mc-log-backends">
      {canWrite && (
        <PageExtras>
          <Button
            intent="primary"
            icon="plus"
            text={ADD_LOG_BACKEND}
            onClick={() => setAdding(true)}
          />
        </PageExtras>
      )}
      <DataTable<LogBackendRow>
        aria-label={LOG_BACKENDS_LABEL}
        columns={columns}
        rows={list.sortLocally(data ?? [], logBackendSortValue)}
        getRowId={(row) => row.id}
        onRowOpen={(row) => setOpenId(row.id)}
        rowLabel={(row) => row.name}
        sort={list.sort}
        onSortChange={list.setSort}
        emptyText={NO_LOG_BACKENDS}
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle={LOG_BACKENDS_ERROR}
      />
      {openId && (
        <LogBackendDialog
          key={openId}
          id={openId}
          canWrite={canWrite}
          onClose={() => setOpenId(undefined)}
        />
      )}
      {adding && <LogBackendDialog canWrite={canWrite} onClose={() => setAdding(false)} />}
    </div>
  );
}
