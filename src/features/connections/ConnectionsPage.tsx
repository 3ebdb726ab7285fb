import { useMemo, useState } from 'react';
import {
  connectionTags,
  useDeleteConnectionMutation,
  useGetConnectionsQuery,
} from '../../api/endpoints/connections';
import type { Connection } from '../../api/schemas/connections';
import { useCan } from '../../auth/hooks';
import { CONNECTION_DIALOG_STATE } from '../../shell/paths';
import { useFormatDate } from '../../shell/useFormatDate';
import { lazyPart } from '../../ui/LazyPart';
import { AccessCheckButton, useCanCheckAccess } from '../../widgets/AccessCheckButton';
import { ListPage } from '../../widgets/ListPage';
import { Slot } from '../../widgets/slots/SlotsProvider';
import { useListScreen } from '../../widgets/useListScreen';
import { useRowDeletion } from '../../widgets/useRowDeletion';
import { useUrlState } from '../../widgets/useUrlState';
import { connectionColumns, connectionName } from './connectionColumns';
import { CopyConnectionUrl } from './CopyConnectionUrl';
import { pickableConnectionTypes } from './model/connectionTypes';
import './connections.css';

// The dialogs (the type grid, the forms and final-form) load when opened, from a click or
// from the address.
const ConnectionTypeGrid = lazyPart(
  async () => (await import('./ConnectionTypeGrid')).ConnectionTypeGrid,
);
const NewConnectionDialog = lazyPart(
  async () => (await import('./ConnectionDialog')).NewConnectionDialog,
);
const EditConnectionDialog = lazyPart(
  async () => (await import('./ConnectionDialog')).EditConnectionDialog,
);

/** The words of the page. */
export const CONNECTIONS_PAGE = {
  title: 'Connections',
  add: 'Add',
  loadError: 'Error loading connections',
  empty: 'No connections',
  deleteTitle: 'Delete Connection',
  deleteQuestion: 'Are you sure you want to delete this connection?',
} as const;

/** The value of `id` that opens a new connection. */
export const NEW_CONNECTION = 'new';

/**
 * `/settings/connections`: the connections (CONN-01), newest first unless sorted by a column. A
 * row opens `?id={id}`; Add (write access on connections) opens `?id=new`, the type grid, then
 * `?id=new&type={type}`, that type's form. Each row copies its `connection://` URL. A load
 * failure shows in the table, with Retry.
 */
export function ConnectionsPage() {
  const list = useListScreen({ title: CONNECTIONS_PAGE.title, refreshTags: connectionTags });
  const canWrite = useCan('connections', 'write');
  const formatDate = useFormatDate();
  const { state: dialog, update } = useUrlState(CONNECTION_DIALOG_STATE);
  const { sortBy, sortOrder } = list.sort;
  const query = useGetConnectionsQuery({ sortBy, sortOrder });
  const columns = useMemo(() => connectionColumns(formatDate), [formatDate]);
  const [deleteConnection] = useDeleteConnectionMutation();
  const canCheckAccess = useCanCheckAccess();
  const [accessOf, setAccessOf] = useState<Connection>();

  const openId = dialog.id;
  const pickedType = pickableConnectionTypes().find((entry) => entry.type === dialog.type);

  const open = (id: string, type?: string) => update({ id, type });
  const close = () => update({ id: undefined, type: undefined }, { history: 'replace' });
  // A failure's reason is toasted by the endpoint's outcome; the confirmation stays open.
  const deletion = useRowDeletion<Connection>({
    title: CONNECTIONS_PAGE.deleteTitle,
    question: (connection) => (
      <>
        {CONNECTIONS_PAGE.deleteQuestion}
        <p>{connectionName(connection)}</p>
      </>
    ),
    onConfirm: async (connection) => {
      await deleteConnection(connection.id).unwrap();
      close();
    },
  });

  return (
    <ListPage<Connection>
      pageClassName="mc-connections-page"
      action={{
        allowed: canWrite,
        text: CONNECTIONS_PAGE.add,
        onClick: () => open(NEW_CONNECTION),
      }}
      aria-label={CONNECTIONS_PAGE.title}
      columns={columns}
      rows={query.data ?? []}
      getRowId={(row) => row.id}
      onRowOpen={(row) => open(row.id)}
      rowActions={(row) => (
        <>
          <CopyConnectionUrl connection={row} />
          {canCheckAccess && (
            <AccessCheckButton
              size="small"
              variant="minimal"
              iconOnly
              name={connectionName(row)}
              onClick={() => setAccessOf(row)}
            />
          )}
        </>
      )}
      rowLabel={connectionName}
      list={list}
      query={query}
      errorTitle={CONNECTIONS_PAGE.loadError}
      empty={{ icon: 'data-connection', emptyTitle: CONNECTIONS_PAGE.empty }}
    >
      {openId === NEW_CONNECTION &&
        canWrite &&
        (pickedType ? (
          <NewConnectionDialog key={pickedType.type} entry={pickedType} onClose={close} />
        ) : (
          <ConnectionTypeGrid
            onPick={(entry) => open(NEW_CONNECTION, entry.type)}
            onClose={close}
          />
        ))}
      {openId && openId !== NEW_CONNECTION && (
        <EditConnectionDialog
          key={openId}
          id={openId}
          canWrite={canWrite}
          onDelete={deletion.ask}
          onClose={close}
        />
      )}
      {deletion.dialog}
      {accessOf && (
        <Slot
          name="AccessCheck"
          resource={{ kind: 'connection', id: accessOf.id, name: connectionName(accessOf) }}
          onClose={() => setAccessOf(undefined)}
        />
      )}
    </ListPage>
  );
}
