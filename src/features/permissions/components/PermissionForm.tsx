import {
  Button,
  Callout,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Icon,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import type { FormApi } from 'final-form';
import { useId, useMemo } from 'react';
import { Field, Form } from 'react-final-form';
import { actionsFor } from '../model/inference';
import type {
  PermissionFormErrors,
  PermissionFormValues,
  PermissionSource,
} from '../model/permissionForm';
import {
  resourceKindChanges,
  subjectKindChanges,
  toPermissionFormValues,
  validatePermission,
} from '../model/permissionForm';
import { ResourceField } from './ResourceField';
import { SubjectField } from './SubjectField';

export const PERMISSIONS_HELP_URL = 'https://flanksource.com/docs/guide/permissions';
export const READ_ONLY_BANNER =
  'This resource is managed by Kubernetes CRD and cannot be edited from the UI.';

export interface PermissionFormProps {
  /** The permission being edited (summary row and table row merged); none to add one. */
  source?: PermissionSource;
  /** Shows the banner and disables every control. */
  readOnly: boolean;
  /** Whether the user may save (and delete). */
  canWrite: boolean;
  /** Shows Delete (editing a permission made in the console, with write access). */
  canDelete: boolean;
  /** Saves; resolves to whether it worked. */
  onSubmit: (values: PermissionFormValues) => Promise<boolean>;
  onDelete: () => void;
  onClose: () => void;
  /** Subject and resource names from the summary row, for ids not in the pickers' lists. */
  subjectLabel?: string;
  resourceLabel?: string;
}

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

/** Subject, resource, action, deny and description of one permission. */
export function PermissionForm({
  source,
  readOnly,
  canWrite,
  canDelete,
  onSubmit,
  onDelete,
  onClose,
  subjectLabel,
  resourceLabel,
}: PermissionFormProps) {
  const actionId = useId();
  const descriptionId = useId();
  const editing = source !== undefined;
  const disabled = readOnly || !canWrite;
  const initialValues = useMemo(() => toPermissionFormValues(source), [source]);
  return (
    <Form<PermissionFormValues>
      initialValues={initialValues}
      validate={(values) => validatePermission(values) as Record<string, string>}
      onSubmit={async (values) => {
        if (await onSubmit(values)) onClose();
      }}
      render={({ handleSubmit, form, values, errors, submitFailed, submitting }) => {
        const shown = (submitFailed ? errors : {}) as PermissionFormErrors;
        const actions = actionsFor(values.resourceKind, values.object);
        if (values.action && !actions.includes(values.action)) actions.push(values.action);
        return (
          <form onSubmit={handleSubmit} noValidate>
            <DialogBody>
              <p className={Classes.TEXT_SMALL}>
                <a href={PERMISSIONS_HELP_URL} target="_blank" rel="noreferrer">
                  <Icon icon="help" size={12} aria-hidden /> Permissions reference
                </a>
              </p>
              {readOnly && (
                <Callout intent="warning" icon="lock" role="status">
                  <strong>Read-Only Mode:</strong> {READ_ONLY_BANNER}
                </Callout>
              )}
              <SubjectField
                values={values}
                disabled={disabled}
                subjectLabel={subjectLabel}
                error={shown.subject}
                onChange={(changes) => applyChanges(form, changes)}
                onKindChange={(kind) => applyChanges(form, subjectKindChanges(kind))}
              />
              <ResourceField
                values={values}
                disabled={disabled}
                resourceLabel={resourceLabel}
                error={shown.resource}
                onChange={(changes) => applyChanges(form, changes)}
                onKindChange={(kind) =>
                  applyChanges(form, resourceKindChanges(kind, values.action))
                }
              />
              <FormGroup
                label="Action"
                labelFor={actionId}
                helperText={shown.action}
                intent={shown.action ? 'danger' : 'none'}
              >
                <HTMLSelect
                  id={actionId}
                  value={values.action}
                  disabled={disabled}
                  options={[
                    { value: '', label: 'Select action' },
                    ...actions.map((action) => ({ value: action, label: action })),
                  ]}
                  onChange={(event) => form.change('action', event.currentTarget.value)}
                />
              </FormGroup>
              <Switch
                label="Deny"
                checked={values.deny}
                disabled={disabled}
                onChange={(event) => form.change('deny', event.currentTarget.checked)}
              />
              <Field<string> name="description">
                {({ input }) => (
                  <FormGroup label="Description" labelFor={descriptionId}>
                    <TextArea {...input} id={descriptionId} fill disabled={disabled} />
                  </FormGroup>
                )}
              </Field>
            </DialogBody>
            <DialogFooter
              actions={
                disabled ? (
                  <Button text="Close" onClick={onClose} />
                ) : (
                  <>
                    <Button text="Cancel" onClick={onClose} disabled={submitting} />
                    <Button
                      type="submit"
                      intent="primary"
                      text={editing ? 'Save' : 'Create'}
                      loading={submitting}
                    />
                  </>
                )
              }
            >
              {editing && canDelete && canWrite && (
                <Button
                  intent="danger"
                  variant="minimal"
                  icon="trash"
                  text="Delete"
                  disabled={submitting}
                  onClick={onDelete}
                />
              )}
            </DialogFooter>
          </form>
        );
      }}
    />
  );
}
