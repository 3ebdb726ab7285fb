import { Button, Callout } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import type { ValidationErrors } from 'final-form';
import { useCallback, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { useGetJsonSchemaQuery } from '../../api/endpoints/playbooks';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CodeField, schemaFieldError } from '../../ui/form/CodeField';
import { READ_ONLY_BANNER, READ_ONLY_TITLE, submissionMessage } from '../../ui/form/FormDialog';
import { FormDisabledContext } from '../../ui/form/FormFieldGroup';
import { KeyValueField } from '../../ui/form/KeyValueField';
import { TextField } from '../../ui/form/TextField';
import type { SpecFormOutput, SpecFormValues, SpecRecord } from './model/specForm';
import { fromSpecFormValues, specMapError, toSpecFormValues } from './model/specForm';

/** The forms' words (spec 002 §2.3, §8). */
export const SPEC_FORM_TEXT = {
  name: 'Name',
  namespace: 'Namespace',
  labels: 'Labels',
  spec: 'Spec',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteTitle: 'Delete',
  deleteText: 'Are you sure you want to delete this resource?',
} as const;

/** What the topology and log backend forms share. */
export interface SpecRecordFormProps {
  /** The stored record; none for a new one. */
  record?: SpecRecord | undefined;
  /** Fields disabled and no Save, Update or Delete (no write access). */
  readOnly?: boolean;
  /** Creates or updates; rejects with the server's reason, shown above the footer. */
  save: (values: SpecFormOutput) => Promise<unknown>;
  /** Deletes, once confirmed; offered when editing. */
  remove?: (() => Promise<unknown>) | undefined;
  /** Cancel; no Cancel button without it. */
  onCancel?: (() => void) | undefined;
}

export interface FormShape {
  /** The form's accessible name. */
  label: string;
  /** Has a Namespace field, with this default for a new record. */
  namespace?: string;
  /** MISC-06 file the spec is checked against; none: only its syntax and shape. */
  schemaFile?: string;
  /** The submit's words when idle and busy, for a new and a stored record. */
  submit: { create: readonly [string, string]; edit: readonly [string, string] };
  /** Save disabled while the form is invalid. */
  disableInvalid: boolean;
  /** No footer at all (a record managed elsewhere). */
  hideFooter: boolean;
}

/**
 * A record of name, (namespace,) labels and a YAML spec, checked for syntax, shape and, when a
 * schema is named, against it. A failed save keeps the values and shows the server's reason.
 */
export function SpecRecordForm({
  record,
  readOnly = false,
  save,
  remove,
  onCancel,
  shape,
}: SpecRecordFormProps & { shape: FormShape }) {
  const editing = record?.id !== undefined;
  const schema = useGetJsonSchemaQuery(shape.schemaFile ?? '', { skip: !shape.schemaFile });
  const [confirming, setConfirming] = useState(false);
  const initialValues = useMemo(
    () =>
      toSpecFormValues(
        record,
        shape.namespace !== undefined ? { namespace: shape.namespace } : undefined,
      ),
    [record, shape.namespace],
  );
  const specSchema = schema.data;
  const validate = useCallback(
    (values: SpecFormValues): ValidationErrors => {
      const text = values.spec ?? '';
      const error =
        specMapError(text) ??
        (specSchema && text.trim() !== '' ? schemaFieldError(text, 'yaml', specSchema) : undefined);
      return error ? { spec: error } : {};
    },
    [specSchema],
  );
  const submit = async (values: SpecFormValues) => {
    try {
      await save(fromSpecFormValues(values));
    } catch (error) {
      return { [FORM_ERROR]: submissionMessage(error) };
    }
    return undefined;
  };
  const [idle, busy] = shape.submit[editing ? 'edit' : 'create'];

  return (
    <>
      <Form<SpecFormValues>
        initialValues={initialValues}
        initialValuesEqual={() => true}
        validate={validate}
        onSubmit={submit}
        render={({ handleSubmit, submitting, submitError, invalid }) => (
          <form
            onSubmit={(event) => void handleSubmit(event)}
            noValidate
            aria-label={shape.label}
            className="mc-integration-form"
          >
            <FormDisabledContext.Provider value={readOnly || submitting === true}>
              {shape.hideFooter && (
                <Callout intent="warning" icon="lock" role="status">
                  <strong>{READ_ONLY_TITLE}</strong> {READ_ONLY_BANNER}
                </Callout>
              )}
              <TextField
                name="name"
                label={SPEC_FORM_TEXT.name}
                required
                autoFocus={!editing && !readOnly}
              />
              {shape.namespace !== undefined && (
                <TextField name="namespace" label={SPEC_FORM_TEXT.namespace} />
              )}
              <KeyValueField name="labels" label={SPEC_FORM_TEXT.labels} />
              <CodeField name="spec" label={SPEC_FORM_TEXT.spec} language="yaml" height="320px" />
              {typeof submitError === 'string' && (
                <Callout intent="danger" role="alert">
                  {submitError}
                </Callout>
              )}
            </FormDisabledContext.Provider>
            {!shape.hideFooter && (
              <div className="mc-integration-form-footer">
                {editing && !readOnly && remove && (
                  <Button
                    intent="danger"
                    icon="trash"
                    variant="minimal"
                    text={SPEC_FORM_TEXT.delete}
                    disabled={submitting}
                    onClick={() => setConfirming(true)}
                  />
                )}
                <span className="mc-integration-form-spacer" />
                {onCancel && (
                  <Button text={SPEC_FORM_TEXT.cancel} onClick={onCancel} disabled={submitting} />
                )}
                {!readOnly && (
                  <Button
                    type="submit"
                    intent="primary"
                    text={submitting ? busy : idle}
                    aria-busy={submitting}
                    disabled={submitting || (shape.disableInvalid && invalid === true)}
                  />
                )}
              </div>
            )}
          </form>
        )}
      />
      {remove && (
        <ConfirmDialog
          isOpen={confirming}
          title={SPEC_FORM_TEXT.deleteTitle}
          onClose={() => setConfirming(false)}
          onConfirm={remove}
        >
          {SPEC_FORM_TEXT.deleteText}
        </ConfirmDialog>
      )}
    </>
  );
}
