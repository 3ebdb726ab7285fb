import { Callout, DialogBody, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useGetPermissionQuery } from '../../../api/endpoints/permissions';
import { toErrorMessage } from '../../../api/errors';
import type { PermissionSummary } from '../../../api/schemas/permissions';
import { AppDialog } from '../../../ui/AppDialog';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { describeResource, describeSubject } from '../model/describe';
import type { PermissionFormValues, PermissionSource } from '../model/permissionForm';
import { isDeletablePermission, isReadOnlyPermission } from '../model/permissionForm';
import type { PermissionActions } from '../usePermissionActions';
import { PermissionForm } from './PermissionForm';

export const DELETE_PERMISSION_TEXT = 'Are you sure you want to delete the permission?';

export interface PermissionDialogProps {
  /** The row clicked; none to add a permission. */
  permission?: PermissionSummary;
  /** Whether the user may create, save and delete permissions. */
  canWrite: boolean;
  actions: PermissionActions;
  onClose: () => void;
}

/** After the colon of "Team: Checkout". */
const nameOnly = (text: string) => text.slice(text.indexOf(': ') + 2) || undefined;

/**
 * Add Permission / Edit Permission. Editing reads the permission's own row (PERM-05), which holds
 * the resource ids the summary may leave out, over the clicked summary row.
 */
export function PermissionDialog({
  permission,
  canWrite,
  actions,
  onClose,
}: PermissionDialogProps) {
  const editing = permission !== undefined;
  const row = useGetPermissionQuery(permission?.id ?? '', { skip: !editing });
  const [confirming, setConfirming] = useState(false);
  const source = useMemo<PermissionSource | undefined>(
    () => (permission ? { ...permission, ...(row.data ?? {}), created_by: undefined } : undefined),
    [permission, row.data],
  );
  const waiting = editing && row.isLoading;

  const save = (values: PermissionFormValues) =>
    actions.save(
      values,
      permission ? { id: permission.id, until: source?.until ?? null } : undefined,
    );

  return (
    <AppDialog
      isOpen
      onClose={onClose}
      icon="shield"
      title={editing ? 'Edit Permission' : 'Add Permission'}
    >
      {waiting ? (
        <DialogBody>
          <Spinner aria-label="Loading permission" />
        </DialogBody>
      ) : (
        <>
          {row.error && (
            <Callout intent="warning" role="alert">
              {toErrorMessage(row.error)}
            </Callout>
          )}
          <PermissionForm
            source={source}
            readOnly={isReadOnlyPermission(source)}
            canWrite={canWrite}
            canDelete={isDeletablePermission(source)}
            subjectLabel={permission ? nameOnly(describeSubject(permission)) : undefined}
            resourceLabel={permission ? nameOnly(describeResource(permission)) : undefined}
            onSubmit={save}
            onDelete={() => setConfirming(true)}
            onClose={onClose}
          />
        </>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title="Delete Permission"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (permission && (await actions.remove(permission.id))) onClose();
        }}
      >
        {DELETE_PERMISSION_TEXT}
      </ConfirmDialog>
    </AppDialog>
  );
}
