import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import {
  useCreateConnectionMutation,
  useGetConnectionQuery,
  useTestConnectionMutation,
  useUpdateConnectionMutation,
} from '../../api/endpoints/connections';
import type { Connection } from '../../api/schemas/connections';
import { FormDialog } from '../../ui/form/FormDialog';
import { QueryView } from '../../ui/QueryView';
import { useResourcePermissions } from '../../widgets/ResourcePermissionsDialog';
import { queryViewState } from '../../widgets/tableQueryState';
import { ConnectionFields } from './ConnectionFields';
import { CopyConnectionUrl } from './CopyConnectionUrl';
import type { ConnectionFormValues } from './model/connectionForm';
import { connectionBody, connectionFormValues, newConnectionValues } from './model/connectionForm';
import type { ConnectionType } from './model/connectionTypes';
import { connectionTypeOf } from './model/connectionTypes';
import type { ConnectionTestOutcome } from './model/testResult';
import { testFailureMessage, testSuccessOutcome } from './model/testResult';

/** The words of the dialog. */
export const CONNECTION_DIALOG = {
  addTitle: (label: string) => `Add ${label} Connection`,
  editTitle: (label: string) => `${label} Connection`,
  notFound: 'This connection does not exist or was deleted',
  loadFailed: 'The connection could not be loaded',
  test: 'Test',
  testing: 'Testing',
  delete: 'Delete',
  testPassed: 'Connection test passed',
  testFailed: 'Connection test failed',
  testResult: 'Test result',
  permissionsTitle: (name: string) => `Permissions: ${name}`,
} as const;

/** Whether a connection is managed outside the console (a Kubernetes CRD): not editable. */
export function isReadOnlySource(source: string | null | undefined): boolean {
  return Boolean(source) && source !== 'UI';
}

function TestResult({ outcome }: { outcome: ConnectionTestOutcome }) {
  return (
    <Callout
      className="mc-connection-test-result"
      intent={outcome.passed ? 'success' : 'danger'}
      title={outcome.passed ? CONNECTION_DIALOG.testPassed : CONNECTION_DIALOG.testFailed}
      role={outcome.passed ? 'status' : 'alert'}
      aria-label={CONNECTION_DIALOG.testResult}
    >
      {outcome.message}
    </Callout>
  );
}

export interface NewConnectionDialogProps {
  /** The type chosen in the picker. */
  entry: ConnectionType;
  onClose: () => void;
}

/** A new connection of a chosen type (CONN-04); on success the dialog closes. */
export function NewConnectionDialog({ entry, onClose }: NewConnectionDialogProps) {
  const [create] = useCreateConnectionMutation();
  return (
    <FormDialog<ConnectionFormValues>
      title={CONNECTION_DIALOG.addTitle(entry.label)}
      icon={entry.icon}
      size="medium"
      initialValues={newConnectionValues(entry)}
      onClose={onClose}
      onSubmit={async (values) => {
        await create({ body: { ...connectionBody(entry, values) } }).unwrap();
      }}
    >
      <ConnectionFields entry={entry} />
    </FormDialog>
  );
}

export interface EditConnectionDialogProps {
  /** The connection's id (its whole row is read, §21 `getResource`). */
  id: string;
  /** Whether the user may write connections; else the dialog only shows it. */
  canWrite: boolean;
  /** Asks to delete the connection (the page confirms). */
  onDelete: (connection: Connection) => void;
  onClose: () => void;
}

/**
 * An existing connection: its type's form filled from the row, Update (CONN-05), Test (CONN-02)
 * with the result inline, and Delete. Connections from a Kubernetes CRD open read-only under
 * the banner, and can still be tested. Permissions opens the permissions that name the
 * connection (the `ResourcePermissions` slot) in a dialog beside this one.
 */
export function EditConnectionDialog({
  id,
  canWrite,
  onDelete,
  onClose,
}: EditConnectionDialogProps) {
  const query = useGetConnectionQuery(id);
  const { data: connection, isLoading, error } = query;
  const [update] = useUpdateConnectionMutation();
  const [test, testState] = useTestConnectionMutation();
  const [outcome, setOutcome] = useState<ConnectionTestOutcome | undefined>();
  const permissions = useResourcePermissions(
    CONNECTION_DIALOG.permissionsTitle(connection?.name ?? id),
    connection ? { connection_id: connection.id } : undefined,
  );
  const entry = connectionTypeOf(connection?.type);
  const missing = !isLoading && (error !== undefined || !connection);
  const crd = connection ? isReadOnlySource(connection.source) : false;
  const readOnly = missing ? true : crd ? 'crd' : !canWrite;

  const runTest = async () => {
    setOutcome(undefined);
    try {
      setOutcome(testSuccessOutcome(await test(id).unwrap()));
    } catch (failure) {
      setOutcome({ passed: false, message: testFailureMessage(failure) });
    }
  };

  return (
    <>
      <FormDialog<ConnectionFormValues>
        // A retry that finds the connection starts the form afresh with its values.
        key={connection ? 'found' : 'missing'}
        title={CONNECTION_DIALOG.editTitle(connection ? entry.label : 'Connection')}
        icon={entry.icon}
        size="medium"
        mode="edit"
        loading={isLoading}
        readOnly={readOnly}
        initialValues={connection ? connectionFormValues(entry, connection) : {}}
        onClose={onClose}
        onSubmit={async (values) => {
          if (!connection) return;
          await update({ id, body: { ...connectionBody(entry, values, connection) } }).unwrap();
        }}
        extraActions={
          connection && (
            <>
              <Button
                icon="lab-test"
                text={testState.isLoading ? CONNECTION_DIALOG.testing : CONNECTION_DIALOG.test}
                loading={testState.isLoading}
                onClick={() => void runTest()}
              />
              <CopyConnectionUrl connection={connection} withText />
              {permissions.button}
              {canWrite && !crd && (
                <Button
                  icon="trash"
                  intent="danger"
                  variant="minimal"
                  text={CONNECTION_DIALOG.delete}
                  onClick={() => onDelete(connection)}
                />
              )}
            </>
          )
        }
      >
        <QueryView
          {...queryViewState(query)}
          loadingLabel="Loading connection"
          errorTitle={CONNECTION_DIALOG.loadFailed}
          notFound={{ title: CONNECTION_DIALOG.notFound }}
        >
          {() => (
            <>
              <ConnectionFields entry={entry} />
              {outcome && <TestResult outcome={outcome} />}
            </>
          )}
        </QueryView>
      </FormDialog>
      {permissions.dialog}
    </>
  );
}
