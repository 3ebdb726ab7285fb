import { useMemo } from 'react';
import { useGetJsonSchemaQuery } from '../../api/endpoints/jsonSchemas';
import {
  SPEC_RECORD_TEXT,
  SpecRecordForm as KitSpecRecordForm,
} from '../../ui/form/SpecRecordForm';
import type { SpecRecordClassNames } from '../../ui/form/SpecRecordForm';
import type { SpecFormOutput, SpecFormValues, SpecRecord } from './model/specForm';
import { fromSpecFormValues, toSpecFormValues } from './model/specForm';

/** The forms' words (spec 002 §2.3, §8). */
export const SPEC_FORM_TEXT = SPEC_RECORD_TEXT;

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
  /** No footer at all, and the read-only banner (a record managed elsewhere). */
  hideFooter: boolean;
}

const CLASS_NAMES: SpecRecordClassNames = {
  form: 'mc-integration-form',
  footer: 'mc-integration-form-footer mc-row',
  spacer: 'mc-integration-form-spacer',
};

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
  const schema = useGetJsonSchemaQuery(shape.schemaFile ?? '', { skip: !shape.schemaFile });
  const initialValues = useMemo(
    () =>
      toSpecFormValues(
        record,
        shape.namespace !== undefined ? { namespace: shape.namespace } : undefined,
      ),
    [record, shape.namespace],
  );
  const fields = useMemo(
    () => ({ namespace: shape.namespace !== undefined, labels: true }),
    [shape.namespace],
  );
  return (
    <KitSpecRecordForm<SpecFormValues>
      label={shape.label}
      initialValues={initialValues}
      editing={record?.id !== undefined}
      fields={fields}
      schema={schema}
      submitWords={shape.submit}
      disableInvalid={shape.disableInvalid}
      readOnly={readOnly}
      banner={shape.hideFooter}
      hideFooter={shape.hideFooter}
      onSave={(values) => save(fromSpecFormValues(values))}
      onDelete={remove}
      onCancel={onCancel}
      classNames={CLASS_NAMES}
    />
  );
}
