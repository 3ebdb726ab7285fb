import { Button, NonIdealState } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  silenceTags,
  useDeleteSilenceMutation,
  useGetSilencesQuery,
} from '../../../api/endpoints/notificationSilences';
import type { Silence } from '../../../api/schemas/notificationSilences';
import { useCan } from '../../../auth/hooks';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable } from '../../../ui/DataTable/DataTable';
import { Pager } from '../../../ui/Pager';
import { PageAction, usePageHeader } from '../../../ui/pageHeader';
import { tableQueryState } from '../../../widgets/tableQueryState';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { useListPage } from '../../../widgets/useListPage';
import { useRecordDialog } from '../../../widgets/useRecordDialog';
import { NotificationSections } from '../history/NotificationSections';
import { EditSilenceDialog } from './EditSilenceDialog';
import { isEditable, isExpired } from './model/silenceForm';
import { silenceColumns, silenceName } from './silenceColumns';
import './silences.css';

export const PAGE_TITLE = 'Notification Silences';
export const LIST_ERROR = 'Error loading silences';
export const NO_SILENCES = 'No silences';
export const ADD_SILENCE = 'Add silence';
export const DELETE_TITLE = 'Delete Silence';
export const DELETE_QUESTION = 'Are you sure you want to delete this silence?';

/**
 * `/notifications/silences`: the silences a page at a time (NOTIF-09), newest first unless
 * sorted; expired ones muted and tagged. A row (or `?id=` in the address) opens its edit
 * dialog; UI-made silences can be deleted after a confirmation. Users who may write
 * notifications add silences on their own page.
 */
export function SilencesPage() {
  usePageHeader({ title: PAGE_TITLE, onRefresh: useInvalidateTags(silenceTags) });
  const canWrite = useCan('notifications', 'write');
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const dialog = useRecordDialog();
  const list = useListPage();
  const { pageIndex, pageSize, sortBy, sortOrder } = list.state;
  const query = useGetSilencesQuery({
    pageIndex,
    pageSize,
    ...(sortBy ? { sortBy, sortOrder: sortOrder ?? 'asc' } : {}),
  });
  const { data, isLoading, isFetching, error } = query;
  const [now] = useState(() => new Date());
  const columns = useMemo(() => silenceColumns(formatDate, now), [formatDate, now]);
  const [deleting, setDeleting] = useState<Silence | undefined>();
  const [deleteSilence] = useDeleteSilenceMutation();
  const rows = data?.silences ?? [];
  const editId = dialog.state.mode === 'edit' ? dialog.state.id : undefined;

  return (
    <div className="mc-page mc-silences">
      <NotificationSections />
      <PageAction
        allowed={canWrite}
        text={ADD_SILENCE}
        onClick={() => navigate(paths.notificationSilenceAdd.getHref())}
      />
      <DataTable<Silence>
        aria-label="Silences"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        onRowOpen={(row) => dialog.openEdit(row.id)}
        rowLabel={silenceName}
        rowClassName={(row) => (isExpired(row, now) ? 'mc-silence-expired' : undefined)}
        rowActions={
          canWrite
            ? (row) =>
                isEditable(row) ? (
                  <Button
                    variant="minimal"
                    icon="trash"
                    intent="danger"
                    aria-label={`Delete ${silenceName(row)}`}
                    onClick={() => setDeleting(row)}
                  />
                ) : null
            : undefined
        }
        sort={list.sort}
        onSortChange={list.setSort}
        {...tableQueryState(query)}
        errorTitle={LIST_ERROR}
        emptyText={<NonIdealState icon="notifications-snooze" title={NO_SILENCES} />}
      />
      {!isLoading && !error && (
        <Pager {...list.pagerProps(data?.totalEntries ?? 0, rows.length)} disabled={isFetching} />
      )}
      {editId && (
        <EditSilenceDialog key={editId} id={editId} canWrite={canWrite} onClose={dialog.close} />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={DELETE_TITLE}
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return false;
          try {
            await deleteSilence(deleting.id).unwrap();
            return true;
          } catch {
            // The failure's reason is toasted by the endpoint's outcome.
            return false;
          }
        }}
      >
        {DELETE_QUESTION}
        {deleting && <p className="mc-silence-delete-name">{silenceName(deleting)}</p>}
      </ConfirmDialog>
    </div>
  );
}
