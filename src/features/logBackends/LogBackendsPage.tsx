import { useMemo } from 'react';
import { logBackendTags, useGetLogBackendsQuery } from '../../api/endpoints/logBackends';
import type { LogBackendRow } from '../../api/schemas/logBackends';
import { useCan } from '../../auth/hooks';
import { useFormatDate } from '../../shell/useFormatDate';
import { lazyPart } from '../../ui/LazyPart';
import { ListPage } from '../../widgets/ListPage';
import { useListScreen } from '../../widgets/useListScreen';
import { useRecordDialog } from '../../widgets/useRecordDialog';
import { logBackendColumns, logBackendSortValue } from './logBackendColumns';

/** The backend's dialog loads when it opens. */
const LogBackendDialog = lazyPart(
  async () => (await import('./LogBackendDialog')).LogBackendDialog,
);

export const LOG_BACKENDS_TITLE = 'Log Backends';
/** The table's accessible name, the title of its error state and its empty text. */
export const LOG_BACKENDS_LABEL = 'Log backends';
export const LOG_BACKENDS_ERROR = 'Error loading log backends';
export const NO_LOG_BACKENDS = 'No log backends';
export const ADD_LOG_BACKEND = 'Add Log Backend';

/**
 * `/settings/log-backends`: the log backends (LOG-02) with their source, creator and creation
 * time; Add (for users who may write log backends, `?new=1`) and a row (`?id=`) open the form
 * in a dialog, in the address so a reload keeps it. The form comes from the app (the
 * `LogBackendForm` slot).
 */
export function LogBackendsPage() {
  const list = useListScreen({
    title: LOG_BACKENDS_TITLE,
    refreshTags: logBackendTags,
    defaultSort: { sortBy: 'created_at', sortOrder: 'desc' },
  });
  const canWrite = useCan('logging_backends', 'write');
  const dialog = useRecordDialog();
  const { state } = dialog;
  const query = useGetLogBackendsQuery();
  const formatDate = useFormatDate();
  const columns = useMemo(() => logBackendColumns(formatDate), [formatDate]);

  return (
    <ListPage<LogBackendRow>
      pageClassName="mc-log-backends"
      action={{ allowed: canWrite, text: ADD_LOG_BACKEND, onClick: dialog.openCreate }}
      aria-label={LOG_BACKENDS_LABEL}
      columns={columns}
      rows={list.sortLocally(query.data ?? [], logBackendSortValue)}
      getRowId={(row) => row.id}
      onRowOpen={(row) => dialog.openEdit(row.id)}
      rowLabel={(row) => row.name}
      list={list}
      query={query}
      errorTitle={LOG_BACKENDS_ERROR}
      empty={NO_LOG_BACKENDS}
    >
      {state.mode === 'edit' && (
        <LogBackendDialog key={state.id} id={state.id} canWrite={canWrite} onClose={dialog.close} />
      )}
      {state.mode === 'create' && canWrite && (
        <LogBackendDialog canWrite={canWrite} onClose={dialog.close} />
      )}
    </ListPage>
  );
}
