import { Button, Callout } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import type { ValidationErrors } from 'final-form';
import { useCallback, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { useGetJsonSchemaQuery } from '../../../api/endpoints/playbooks';
import type { SettingsResource } from '../../../api/schemas/settingsResources';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CodeField, schemaFieldError } from '../../../ui/form/CodeField';
import {
  READ_ONLY_BANNER,
  READ_ONLY_TITLE,
  SUBMIT_LABELS,
  submissionMessage,
} from '../../../ui/form/FormDialog';
import { FormDisabledContext } from '../../../ui/form/FormFieldGroup';
import { IconField } from '../../../ui/form/IconField';
import { KeyValueField } from '../../../ui/form/KeyValueField';
import { SCHEDULE_PRESETS, ScheduleField } from '../../../ui/form/ScheduleField';
import { TextField } from '../../../ui/form/TextField';
import type { ResourceFormValues } from '../model/resourceForm';
import { specShapeError, toFormValues } from '../model/resourceForm';
import type { ResourceTable } from '../resourceTables';

/** The form's words. */
export const SPEC_FORM = {
  name: 'Name',
  namespace: 'Namespace',
  icon: 'Icon',
  labels: 'Labels',
  schedule: 'Schedule',
  scheduleHelp: `e.g. ${SCHEDULE_PRESETS.join(', ')}`,
  spec: 'Spec',
  specHelp: 'YAML, checked against the schema as you type.',
  specHelpUnchecked: 'YAML. The schema could not be loaded: the server checks the spec on save.',
  cancel: 'Cancel',
  close: 'Close',
  delete: 'Delete',
  deleteTitle: 'Delete',
  deleteText: 'Are you sure you want to delete this resource?',
} as const;

export interface ResourceSpecFormProps {
  config: ResourceTable;
  /** The stored record; none for a new one. */
  row?: SettingsResource | undefined;
  /** Fields disabled, no Save, Update or Delete. */
  readOnly: boolean;
  /** Shows the read-only banner: the record is managed by a CRD (its source is not UI). */
  managedElsewhere: boolean;
  /** Creates or updates; rejects with the server's error, shown under the fields. */
  save: (values: ResourceFormValues) => Promise<unknown>;
  /** Deletes, once confirmed; rejects when the server refuses (its toast says why). */
  remove?: (() => Promise<unknown>) | undefined;
  /** Back to the list. */
  onCancel: () => void;
}

/**
 * The Spec tab of the generic editor (spec 002 §2.8): name and namespace (fixed once created),
 * icon, labels and schedule where the table has them, and the spec as YAML checked against the
 * table's JSON schema (MISC-06). A failed save shows the server's reason and keeps the values.
 */
export function ResourceSpecForm({
  config,
  row,
  readOnly,
  managedElsewhere,
  save,
  remove,
  onCancel,
}: ResourceSpecFormProps) {
  const editing = row !== undefined;
  const { fields } = config;
  const schema = useGetJsonSchemaQuery(config.schemaFile);
  const [confirming, setConfirming] = useState(false);
  const initialValues = useMemo(() => toFormValues(config, row), [config, row]);
  const labels = SUBMIT_LABELS[editing ? 'edit' : 'create'];

  // Form-level, so that the text is checked again when the schema arrives.
  const specSchema = schema.data;
  const validate = useCallback(
    (values: ResourceFormValues): ValidationErrors => {
      const text = values.spec ?? '';
      const error =
        specShapeError(text) ??
        (specSchema && text.trim() !== '' ? schemaFieldError(text, 'yaml', specSchema) : undefined);
      return error ? { spec: error } : {};
    },
    [specSchema],
  );

  const submit = async (values: ResourceFormValues) => {
    try {
      await save(values);
    } catch (error) {
      return { [FORM_ERROR]: submissionMessage(error) };
    }
    return undefined;
  };

  return (
    <>
      <Form<ResourceFormValues>
        initialValues={initialValues}
        initialValuesEqual={() => true}
        validate={validate}
        onSubmit={submit}
        render={({ handleSubmit, submitting, submitError, invalid }) => (
          <form
            onSubmit={(event) => void handleSubmit(event)}
            noValidate
            aria-label={`${config.displayName} spec`}
            className="mc-resource-spec-form"
          >
            <FormDisabledContext.Provider value={readOnly || submitting === true}>
              {managedElsewhere && (
                <Callout intent="warning" icon="lock" role="status">
                  <strong>{READ_ONLY_TITLE}</strong> {READ_ONLY_BANNER}
                </Callout>
              )}
              <div className="mc-resource-form-fields">
                <TextField
                  name="name"
                  label={SPEC_FORM.name}
                  required
                  disabled={editing}
                  autoFocus={!editing && !readOnly}
                />
                {fields.namespace && (
                  <TextField name="namespace" label={SPEC_FORM.namespace} disabled={editing} />
                )}
                {fields.icon && <IconField name="icon" label={SPEC_FORM.icon} />}
                {fields.schedule && (
                  <ScheduleField
                    name="schedule"
                    label={SPEC_FORM.schedule}
                    helperText={SPEC_FORM.scheduleHelp}
                  />
                )}
              </div>
              {fields.labels && <KeyValueField name="labels" label={SPEC_FORM.labels} />}
              <CodeField
                name="spec"
                label={SPEC_FORM.spec}
                language="yaml"
                height="360px"
                helperText={schema.isError ? SPEC_FORM.specHelpUnchecked : SPEC_FORM.specHelp}
              />
              {typeof submitError === 'string' && (
                <Callout intent="danger" role="alert">
                  {submitError}
                </Callout>
              )}
            </FormDisabledContext.Provider>
            <div className="mc-resource-form-footer">
              {editing && !readOnly && remove && (
                <Button
                  intent="danger"
                  icon="trash"
                  variant="minimal"
                  text={SPEC_FORM.delete}
                  disabled={submitting}
                  onClick={() => setConfirming(true)}
                />
              )}
              <span className="mc-resource-form-footer-spacer" />
              <Button
                text={readOnly ? SPEC_FORM.close : SPEC_FORM.cancel}
                onClick={onCancel}
                disabled={submitting}
              />
              {!readOnly && (
                <Button
                  type="submit"
                  intent="primary"
                  text={submitting ? labels.busy : labels.idle}
                  aria-busy={submitting}
                  disabled={submitting || (config.table === 'topologies' && invalid === true)}
                />
              )}
            </div>
          </form>
        )}
      />
      {remove && (
        <ConfirmDialog
          isOpen={confirming}
          title={SPEC_FORM.deleteTitle}
          onClose={() => setConfirming(false)}
          onConfirm={remove}
        >
          {SPEC_FORM.deleteText}
        </ConfirmDialog>
      )}
    </>
  );
}
