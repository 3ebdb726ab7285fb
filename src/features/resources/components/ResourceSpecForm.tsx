import { useMemo } from 'react';
import { useGetJsonSchemaQuery } from '../../../api/endpoints/jsonSchemas';
import type { SettingsResource } from '../../../api/schemas/settingsResources';
import { SPEC_RECORD_TEXT, SpecRecordForm } from '../../../ui/form/SpecRecordForm';
import type { SpecRecordClassNames } from '../../../ui/form/SpecRecordForm';
import type { ResourceFormValues } from '../model/resourceForm';
import { toFormValues } from '../model/resourceForm';
import type { ResourceTable } from '../resourceTables';
import '../../../ui/ui.css';

/** The form's words. */
export const SPEC_FORM = {
  ...SPEC_RECORD_TEXT,
  specHelp: 'YAML, checked against the schema as you type.',
  specHelpUnchecked: 'YAML. The schema could not be loaded: the server checks the spec on save.',
  close: 'Close',
} as const;

const SPEC_HELP = { checked: SPEC_FORM.specHelp, unchecked: SPEC_FORM.specHelpUnchecked };

const CLASS_NAMES: SpecRecordClassNames = {
  form: 'mc-resource-spec-form',
  fields: 'mc-form-fields',
  footer: 'mc-form-footer',
  spacer: 'mc-form-footer-spacer',
};

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
  const schema = useGetJsonSchemaQuery(config.schemaFile);
  const initialValues = useMemo(() => toFormValues(config, row), [config, row]);
  return (
    <SpecRecordForm<ResourceFormValues>
      label={`${config.displayName} spec`}
      initialValues={initialValues}
      editing={row !== undefined}
      fields={config.fields}
      fixedIdentity
      schema={schema}
      specHelp={SPEC_HELP}
      specHeight="360px"
      disableInvalid={config.saveNeedsValidSpec}
      readOnly={readOnly}
      banner={managedElsewhere}
      onSave={save}
      onDelete={remove}
      onCancel={onCancel}
      closeText={SPEC_FORM.close}
      classNames={CLASS_NAMES}
    />
  );
}
