import { Callout, Classes, Icon } from '@blueprintjs/core';
import type { FormApi } from 'final-form';
import { useMemo } from 'react';
import {
  useCreatePermissionMutation,
  useDeletePermissionMutation,
  useGetPermissionQuery,
  useUpdatePermissionMutation,
} from '../../../api/endpoints/permissions';
import { toErrorMessage } from '../../../api/errors';
import type { PermissionSummary } from '../../../api/schemas/permissions';
import { FormDialog } from '../../../ui/form/FormDialog';
import { SelectField, SwitchField } from '../../../ui/form/SelectField';
import { TextAreaField } from '../../../ui/form/TextField';
import { describeResource, describeSubject } from '../model/describe';
import { actionsFor } from '../model/inference';
import type {
  PermissionFormErrors,
  PermissionFormValues,
  PermissionPreset,
  PermissionSource,
} from '../model/permissionForm';
import {
  NARROWED_RUN_EXAMPLE,
  UNRESTRICTED_RUN_WARNING,
  isDeletablePermission,
  isReadOnlyPermission,
  resourceKindChanges,
  runsUnrestricted,
  subjectKindChanges,
  toPermissionFormValues,
  toPermissionInput,
  validatePermission,
} from '../model/permissionForm';
import { ResourceField } from './ResourceField';
import { SubjectField } from './SubjectField';

export const PERMISSIONS_HELP_URL = 'https://flanksource.com/docs/guide/permissions';
export const DELETE_PERMISSION_TEXT = 'Are you sure you want to delete the permission?';

export interface PermissionDialogProps {
  /** The row clicked; none to add a permission. */
  permission?: PermissionSummary;
  /**
   * What a new permission starts with (a resource or subject it is added for, an action, a
   * resource kind); not when editing.
   */
  defaults?: PermissionPreset;
  /** Whether the user may create, save and delete permissions. */
  canWrite: boolean;
  /** Cancel, Close, and after the permission is saved or deleted. */
  onClose: () => void;
}

/** After the colon of "Team: Checkout". */
const nameOnly = (text: string) => text.slice(text.indexOf(': ') + 2) || undefined;

function applyChanges(
  form: FormApi<PermissionFormValues>,
  changes: Partial<PermissionFormValues>,
): void {
  form.batch(() => {
    for (const [key, value] of Object.entries(changes)) {
      form.change(key as keyof PermissionFormValues, value as never);
    }
  });
}

/**
 * Add Permission / Edit Permission (PERM-02..05): subject, resource, action, deny and
 * description. Editing reads the permission's own row (PERM-05), which holds the resource ids
 * the summary may leave out, over the clicked summary row. Permissions from Kubernetes open
 * read-only; those made in the console can be deleted here.
 */
export function PermissionDialog({
  permission,
  defaults,
  canWrite,
  onClose,
}: PermissionDialogProps) {
  const editing = permission !== undefined;
  const title = editing ? 'Edit Permission' : 'Add Permission';
  const row = useGetPermissionQuery(permission?.id ?? '', { skip: !editing });
  const [createPermission] = useCreatePermissionMutation();
  const [updatePermission] = useUpdatePermissionMutation();
  const [deletePermission] = useDeletePermissionMutation();
  const source = useMemo<PermissionSource | undefined>(
    () => (permission ? { ...permission, ...(row.data ?? {}), created_by: undefined } : undefined),
    [permission, row.data],
  );
  const initialValues = useMemo(
    () => toPermissionFormValues(source ?? defaults),
    [source, defaults],
  );
  const readOnly = isReadOnlyPermission(source);
  const disabled = readOnly || !canWrite;

  return (
    <FormDialog<PermissionFormValues>
      title={title}
      icon="shield"
      size="medium"
      mode={editing ? 'edit' : 'create'}
      submitText={editing ? 'Save' : 'Create'}
      busyText={editing ? 'Saving' : 'Creating'}
      readOnly={readOnly ? 'crd' : !canWrite}
      loading={editing && row.isLoading}
      showSubmitError={false}
      initialValues={initialValues}
      validate={(values) => validatePermission(values) as Record<string, string>}
      onClose={onClose}
      onSubmit={async (values) => {
        if (permission) {
          await updatePermission({
            id: permission.id,
            changes: toPermissionInput(values, source?.until ?? null),
          }).unwrap();
        } else {
          await createPermission(toPermissionInput(values)).unwrap();
        }
      }}
      deletion={
        permission !== undefined &&
        canWrite &&
        isDeletablePermission(source) && {
          title: 'Delete Permission',
          question: DELETE_PERMISSION_TEXT,
          onConfirm: () => deletePermission(permission.id).unwrap(),
        }
      }
    >
      {({ form, values, errors, submitFailed, submitting }) => {
        const shown = (submitFailed ? errors : {}) as PermissionFormErrors;
        const actions = actionsFor(values.resourceKind, values.object);
        if (values.action && !actions.includes(values.action)) actions.push(values.action);
        const fieldsDisabled = disabled || submitting === true;
        return (
          <>
            <p className={Classes.TEXT_SMALL}>
              <a href={PERMISSIONS_HELP_URL} target="_blank" rel="noreferrer">
                <Icon icon="help" size={12} aria-hidden /> Permissions reference
              </a>
            </p>
            {row.error && (
              <Callout intent="warning" role="alert">
                {toErrorMessage(row.error)}
              </Callout>
            )}
            <SubjectField
              values={values}
              disabled={fieldsDisabled}
              subjectLabel={permission ? nameOnly(describeSubject(permission)) : undefined}
              error={shown.subject}
              onChange={(changes) => applyChanges(form, changes)}
              onKindChange={(kind) => applyChanges(form, subjectKindChanges(kind))}
            />
            <ResourceField
              values={values}
              disabled={fieldsDisabled}
              resourceLabel={permission ? nameOnly(describeResource(permission)) : undefined}
              error={shown.resource}
              onChange={(changes) => applyChanges(form, changes)}
              onKindChange={(kind) => applyChanges(form, resourceKindChanges(kind, values.action))}
            />
            <SelectField
              name="action"
              label="Action"
              placeholder="Select action"
              options={actions.map((action) => ({ value: action, label: action }))}
            />
            <SwitchField name="deny" label="Deny" />
            {runsUnrestricted(values) && (
              <Callout
                intent="warning"
                icon="warning-sign"
                title={UNRESTRICTED_RUN_WARNING.title}
                className="mc-permission-run-warning"
              >
                <p>{UNRESTRICTED_RUN_WARNING.body}</p>
                <pre aria-label="Narrowed permission example">{NARROWED_RUN_EXAMPLE}</pre>
              </Callout>
            )}
            <TextAreaField name="description" label="Description" />
          </>
        );
      }}
    </FormDialog>
  );
}
