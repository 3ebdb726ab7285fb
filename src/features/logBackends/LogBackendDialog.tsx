import { Button, Callout, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import {
  useDeleteLogBackendMutation,
  useGetLogBackendQuery,
  useSaveLogBackendMutation,
} from '../../api/endpoints/logBackends';
import { toErrorMessage } from '../../api/errors';
import type { LogBackendRow } from '../../api/schemas/logBackends';
import { LoadErrorCallout } from '../../ui/LoadErrorCallout';
import { AppDialog } from '../../ui/AppDialog';
import type { LogBackendValues } from '../../widgets/slots/slotTypes';
import { Slot, useHasSlot } from '../../widgets/slots/SlotsProvider';

export const LOG_BACKEND_DIALOG_TEXT = {
  add: 'Add Log Backend',
  edit: 'Edit Log Backend',
  notFound: 'The log backend no longer exists.',
  loadFailed: 'The log backend could not be loaded',
  noForm: 'The log backend form is not available.',
} as const;

export interface LogBackendDialogProps {
  /** The backend edited (`?id=`); absent to add one. */
  id?: string;
  /** Whether the user may write log backends; else the form is read-only. */
  canWrite: boolean;
  /** Closes the dialog: Cancel, and after a save or delete. */
  onClose: () => void;
}

/** The stored row's own columns, without the embedded creator (a write sends its id only). */
function storedColumns(row: LogBackendRow | null | undefined): Record<string, unknown> {
  if (!row) return {};
  const { created_by: createdBy, ...columns } = row;
  return typeof createdBy === 'string' ? { ...columns, created_by: createdBy } : columns;
}

/**
 * The add or edit dialog of a log backend: the record read by id (INT-02) given to the form,
 * with the server's reason and Retry when it cannot be read. The form is the integrations
 * area's, supplied by the app as the `LogBackendForm` slot.
 */
export function LogBackendDialog({ id, canWrite, onClose }: LogBackendDialogProps) {
  const hasForm = useHasSlot('LogBackendForm');
  const { data, isLoading, isFetching, error, refetch } = useGetLogBackendQuery(id ?? '', {
    skip: id === undefined,
  });
  const [saveLogBackend] = useSaveLogBackendMutation();
  const [deleteLogBackend] = useDeleteLogBackendMutation();
  // An update sends the stored row overlaid by the form's values (api.md §21).
  const save = async (values: LogBackendValues) => {
    const written: Record<string, unknown> = { ...values };
    await saveLogBackend(
      id === undefined
        ? { values: written }
        : { id, values: { ...storedColumns(data), ...written } },
    ).unwrap();
    onClose();
  };
  const remove =
    id === undefined
      ? undefined
      : async () => {
          await deleteLogBackend(id).unwrap();
          onClose();
        };
  const title = id === undefined ? LOG_BACKEND_DIALOG_TEXT.add : LOG_BACKEND_DIALOG_TEXT.edit;
  const missing = id !== undefined && !isLoading && !error && data === null;
  const body = (() => {
    if (id !== undefined && isLoading) return <Spinner aria-label="Loading" />;
    if (error) {
      return (
        <LoadErrorCallout
          title={LOG_BACKEND_DIALOG_TEXT.loadFailed}
          message={toErrorMessage(error)}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      );
    }
    if (missing || !hasForm) {
      return (
        <Callout intent="danger" role="alert">
          {missing ? LOG_BACKEND_DIALOG_TEXT.notFound : LOG_BACKEND_DIALOG_TEXT.noForm}
        </Callout>
      );
    }
    return null;
  })();
  return (
    <AppDialog isOpen onClose={onClose} title={title} icon="document" size="large">
      {body ? (
        <>
          <DialogBody>{body}</DialogBody>
          <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
        </>
      ) : (
        <Slot
          name="LogBackendForm"
          record={data ?? undefined}
          readOnly={!canWrite}
          save={save}
          remove={canWrite ? remove : undefined}
          onCancel={onClose}
        />
      )}
    </AppDialog>
  );
}
