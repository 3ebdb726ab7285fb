import { Button } from '@blueprintjs/core';
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
import { lazyPart } from '../../../ui/LazyPart';
import { ListPage } from '../../../widgets/ListPage';
import { useListScreen } from '../../../widgets/useListScreen';
import { useRecordDialog } from '../../../widgets/useRecordDialog';
import { useRowDeletion } from '../../../widgets/useRowDeletion';
import { NotificationSections } from '../history/NotificationSections';
import { isEditable, isExpired } from './model/silenceState';
import { silenceColumns, silenceName } from './silenceColumns';
import { useRecurringSilences } from './useRecurringSilences';
import './silences.css';

/** The silence's form (final-form, the window field) loads when it opens. */
const EditSilenceDialog = lazyPart(
  async () => (await import('./EditSilenceDialog')).EditSilenceDialog,
);

export const PAGE_TITLE = 'Notification Silences';
export const LIST_ERROR = 'Error loading silences';
export const NO_SILENCES = 'No silences';
export const ADD_SILENCE = 'Add silence';
export const DELETE_TITLE = 'Delete Silence';
export const DELETE_QUESTION = 'Are you sure you want to delete this silence?';

/**
 * `/notifications/silences`: the silences a page at a time (NOTIF-09), newest first unless
 * sorted; expired ones muted and tagged; recurring ones tagged with their next window (where
 * the backend has maintenance windows). A row (or `?id=` in the address) opens its edit
 * dialog; UI-made silences can be deleted after a confirmation. Users who may write
 * notifications add silences on their own page.
 */
export function SilencesPage() {
  const list = useListScreen({ title: PAGE_TITLE, refreshTags: silenceTags });
  const canWrite = useCan('notifications', 'write');
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const dialog = useRecordDialog();
  const query = useGetSilencesQuery(list.state);
  const { data } = query;
  const [now] = useState(() => new Date());
  const { supported: recurring } = useRecurringSilences();
  const columns = useMemo(
    () => silenceColumns(formatDate, now, { recurring }),
    [formatDate, now, recurring],
  );
  const [deleteSilence] = useDeleteSilenceMutation();
  // A failure's reason is toasted by the endpoint's outcome; the confirmation stays open.
  const deletion = useRowDeletion<Silence>({
    title: DELETE_TITLE,
    question: (row) => (
      <>
        {DELETE_QUESTION}
        <p className="mc-silence-delete-name">{silenceName(row)}</p>
      </>
    ),
    onConfirm: (row) => deleteSilence(row.id).unwrap(),
  });
  const editId = dialog.state.mode === 'edit' ? dialog.state.id : undefined;

  return (
    <ListPage<Silence>
      pageClassName="mc-silences"
      toolbar={<NotificationSections />}
      action={{
        allowed: canWrite,
        text: ADD_SILENCE,
        onClick: () => navigate(paths.notificationSilenceAdd.getHref()),
      }}
      aria-label="Silences"
      columns={columns}
      rows={data?.silences ?? []}
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
                  onClick={() => deletion.ask(row)}
                />
              ) : null
          : undefined
      }
      list={list}
      total={data?.totalEntries ?? 0}
      query={query}
      errorTitle={LIST_ERROR}
      empty={{ icon: 'notifications-snooze', emptyTitle: NO_SILENCES }}
    >
      {editId && (
        <EditSilenceDialog key={editId} id={editId} canWrite={canWrite} onClose={dialog.close} />
      )}
      {deletion.dialog}
    </ListPage>
  );
}
