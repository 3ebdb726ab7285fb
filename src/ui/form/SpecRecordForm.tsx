import { Button, Callout } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import type { ValidationErrors } from 'final-form';
import { useCallback, useState } from 'react';
import { Form } from 'react-final-form';
import { ConfirmDialog } from '../ConfirmDialog';
import type { JsonSchema } from '../CodeEditor/schemaCheck';
import { schemaError } from '../CodeEditor/loadSchemaCheck';
import { CodeField } from './CodeField';
import { READ_ONLY_BANNER, READ_ONLY_TITLE, submissionMessage } from './FormDialog';
import { FormDisabledContext } from './FormFieldGroup';
import { IconField } from './IconField';
import { KeyValueField } from './KeyValueField';
import { ScheduleField, schedulePresetsHelp } from './ScheduleField';
import { TextField } from './TextField';
import type { SpecRecordFields, SpecRecordSubmitWords, SpecRecordValues } from './specRecord';
import { SAVE_UPDATE, specShapeError } from './specRecord';

/** The form's words. */
export const SPEC_RECORD_TEXT = {
  name: 'Name',
  namespace: 'Namespace',
  icon: 'Icon',
  labels: 'Labels',
  schedule: 'Schedule',
  spec: 'Spec',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteTitle: 'Delete',
  deleteText: 'Are you sure you want to delete this resource?',
} as const;

/** The spec's schema as its query gives it: the schema once loaded, and whether it failed. */
export interface SpecSchemaState {
  data?: JsonSchema | undefined;
  isError?: boolean | undefined;
}

/** Class names of the form's parts, so that each page lays them out its own way. */
export interface SpecRecordClassNames {
  form?: string;
  /** Wraps name, namespace, icon and schedule; without it they are not wrapped. */
  fields?: string;
  footer?: string;
  /** The space between Delete and the other buttons. */
  spacer?: string;
}

export interface SpecRecordFormProps<V extends SpecRecordValues> {
  /** The form's accessible name. */
  label: string;
  /** The starting values (read once: later changes do not reset the form). */
  initialValues: V;
  /** A stored record: Update instead of Save, Delete offered. */
  editing: boolean;
  /** The optional fields it has; none by default. */
  fields?: SpecRecordFields | undefined;
  /** Name and namespace cannot change once the record is stored. Default false. */
  fixedIdentity?: boolean | undefined;
  /** The spec's JSON schema (MISC-06), e.g. the schema query's result; none: syntax and shape only. */
  schema?: SpecSchemaState | undefined;
  /** The spec's helper text while its schema checks it, and when the schema failed to load. */
  specHelp?: { checked: string; unchecked: string } | undefined;
  /** The spec editor's height; default `320px`. */
  specHeight?: string | undefined;
  /** The submit's words; default Save (Saving) and Update (Updating). */
  submitWords?: SpecRecordSubmitWords | undefined;
  /** Submit disabled while the form is invalid. Default false (a submit shows the errors). */
  disableInvalid?: boolean | undefined;
  /** Fields disabled, no submit and no Delete. Default false. */
  readOnly?: boolean | undefined;
  /** Shows the read-only banner (the record is managed elsewhere). Default false. */
  banner?: boolean | undefined;
  /** No footer at all. Default false. */
  hideFooter?: boolean | undefined;
  /** Saves the values; rejects with the server's reason, shown under the fields with the values kept. */
  onSave: (values: V) => Promise<unknown>;
  /** Deletes, once confirmed; offered when editing and not read-only. */
  onDelete?: (() => Promise<unknown>) | undefined;
  /** The Cancel button's action; no Cancel without it. */
  onCancel?: (() => void) | undefined;
  /** Cancel's words when read-only; default Cancel. */
  closeText?: string | undefined;
  classNames?: SpecRecordClassNames | undefined;
}

/** Name, namespace, icon and schedule: wrapped in a `className` element when given. */
function TopFields({
  fields,
  fixed,
  autoFocus,
  className,
}: {
  fields: SpecRecordFields;
  /** Name and namespace cannot change. */
  fixed: boolean;
  autoFocus: boolean;
  className: string | undefined;
}) {
  const scheduleKind = typeof fields.schedule === 'string' ? fields.schedule : 'default';
  const children = (
    <>
      <TextField
        name="name"
        label={SPEC_RECORD_TEXT.name}
        required
        disabled={fixed}
        autoFocus={autoFocus}
      />
      {fields.namespace && (
        <TextField name="namespace" label={SPEC_RECORD_TEXT.namespace} disabled={fixed} />
      )}
      {fields.icon && <IconField name="icon" label={SPEC_RECORD_TEXT.icon} />}
      {fields.schedule && (
        <ScheduleField
          name="schedule"
          label={SPEC_RECORD_TEXT.schedule}
          kind={scheduleKind}
          helperText={schedulePresetsHelp(scheduleKind)}
        />
      )}
    </>
  );
  return className ? <div className={className}>{children}</div> : children;
}

/**
 * A record of a name, optional namespace, icon, schedule and labels, and a spec in YAML checked
 * for syntax, for being a map and, once its schema is loaded, against it. A failed save keeps
 * the values and shows the server's reason; Delete asks first.
 */
export function SpecRecordForm<V extends SpecRecordValues>({
  label,
  initialValues,
  editing,
  fields = {},
  fixedIdentity = false,
  schema,
  specHelp,
  specHeight = '320px',
  submitWords = SAVE_UPDATE,
  disableInvalid = false,
  readOnly = false,
  banner = false,
  hideFooter = false,
  onSave,
  onDelete,
  onCancel,
  closeText,
  classNames = {},
}: SpecRecordFormProps<V>) {
  const [confirming, setConfirming] = useState(false);
  const [idle, busy] = submitWords[editing ? 'edit' : 'create'];

  // Form-level, so that the text is checked again when the schema arrives. The stored text is
  // taken as the server has it: the schema check runs (and loads) once the text is edited.
  // With a schema every check answers as a promise, so the form keeps only the latest answer.
  const specSchema = schema?.data;
  const storedSpec = initialValues.spec ?? '';
  const validate = useCallback(
    (values: V): ValidationErrors | Promise<ValidationErrors> => {
      const text = values.spec ?? '';
      const errors = (message: string | undefined) => (message ? { spec: message } : {});
      const shape = specShapeError(text);
      if (!specSchema) return errors(shape);
      if (shape || text.trim() === '' || text === storedSpec) return Promise.resolve(errors(shape));
      return Promise.resolve(schemaError(text, 'yaml', specSchema)).then(errors);
    },
    [specSchema, storedSpec],
  );

  const submit = async (values: V) => {
    try {
      await onSave(values);
    } catch (error) {
      return { [FORM_ERROR]: submissionMessage(error) };
    }
    return undefined;
  };

  return (
    <>
      <Form<V>
        initialValues={initialValues}
        initialValuesEqual={() => true}
        validate={validate}
        onSubmit={submit}
        render={({ handleSubmit, submitting, submitError, invalid }) => (
          <form
            onSubmit={(event) => void handleSubmit(event)}
            noValidate
            aria-label={label}
            className={classNames.form}
          >
            <FormDisabledContext.Provider value={readOnly || submitting === true}>
              {banner && (
                <Callout intent="warning" icon="lock" role="status">
                  <strong>{READ_ONLY_TITLE}</strong> {READ_ONLY_BANNER}
                </Callout>
              )}
              <TopFields
                fields={fields}
                fixed={fixedIdentity && editing}
                autoFocus={!editing && !readOnly}
                className={classNames.fields}
              />
              {fields.labels && <KeyValueField name="labels" label={SPEC_RECORD_TEXT.labels} />}
              <CodeField
                name="spec"
                label={SPEC_RECORD_TEXT.spec}
                language="yaml"
                height={specHeight}
                helperText={specHelp && (schema?.isError ? specHelp.unchecked : specHelp.checked)}
              />
              {typeof submitError === 'string' && (
                <Callout intent="danger" role="alert">
                  {submitError}
                </Callout>
              )}
            </FormDisabledContext.Provider>
            {!hideFooter && (
              <div className={classNames.footer}>
                {editing && !readOnly && onDelete && (
                  <Button
                    intent="danger"
                    icon="trash"
                    variant="minimal"
                    text={SPEC_RECORD_TEXT.delete}
                    disabled={submitting}
                    onClick={() => setConfirming(true)}
                  />
                )}
                <span className={classNames.spacer} />
                {onCancel && (
                  <Button
                    text={readOnly && closeText ? closeText : SPEC_RECORD_TEXT.cancel}
                    onClick={onCancel}
                    disabled={submitting}
                  />
                )}
                {!readOnly && (
                  <Button
                    type="submit"
                    intent="primary"
                    text={submitting ? busy : idle}
                    aria-busy={submitting}
                    disabled={submitting || (disableInvalid && invalid === true)}
                  />
                )}
              </div>
            )}
          </form>
        )}
      />
      {onDelete && (
        <ConfirmDialog
          isOpen={confirming}
          title={SPEC_RECORD_TEXT.deleteTitle}
          onClose={() => setConfirming(false)}
          onConfirm={onDelete}
        >
          {SPEC_RECORD_TEXT.deleteText}
        </ConfirmDialog>
      )}
    </>
  );
}
