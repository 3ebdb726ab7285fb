import { Button, Callout, Icon, Spinner, SpinnerSize, Tab, Tabs } from '@blueprintjs/core';
import type { FormApi } from 'final-form';
import arrayMutators from 'final-form-arrays';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, useForm, useFormState } from 'react-final-form';
import { useGetJsonSchemaQuery } from '../../api/endpoints/jsonSchemas';
import { CodeEditor } from '../../ui/CodeEditor/CodeEditor';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { READ_ONLY_BANNER, READ_ONLY_TITLE } from '../../ui/form/FormDialog';
import { FormDisabledContext } from '../../ui/form/FormFieldGroup';
import { KeyValueField } from '../../ui/form/KeyValueField';
import type { ScheduleKind } from '../../ui/form/ScheduleField';
import { ScheduleField } from '../../ui/form/ScheduleField';
import { TextField } from '../../ui/form/TextField';
import { lazyPart } from '../../ui/LazyPart';
import { useLoaded } from '../../ui/useLoaded';
import { loadOnce } from '../../lib/loadOnce';
import type { TypedEditorProps } from '../../widgets/slots/slotTypes';
import { useSelectorFacts } from '../../widgets/useSelectorFacts';
import type { EditorFormValues } from './model/typedResource';
import { loadSpecYaml } from './model/specCodec';
import {
  fromFormValues,
  inferType,
  mirroredName,
  specKeyOf,
  specSchemaOf,
  toFormValues,
} from './model/typedResource';
import type { RetentionFieldsProps } from './scrapers/forms/RetentionFields';
import { loadFamilyCatalogue } from './model/familyCatalogue';
import { TypePickerGrid } from './TypePickerGrid';
import type { EditorFamily, EditorType, TypedResourceValues } from './types';
import type { TypePicker } from './useTypePicker';
import { useTypePicker } from './useTypePicker';
import '../../ui/ui.css';
import './editors.css';

/** A check's agent choice loads with the check forms only (scrapers and topologies lack it). */
const AgentField = lazyPart(
  async () => (await import('./AgentField')).AgentField,
  'Loading the agents',
  50,
);

/** Every scraper's retention, under its form: it loads with the form. */
const RetentionFields = lazyPart<RetentionFieldsProps>(
  async () => (await import('./scrapers/forms/RetentionFields')).RetentionFields,
);

/** The typed editor is the `TypedEditor` slot other areas show; its props are the slot's. */
export type TypedResourceEditorProps = TypedEditorProps;

/** The editor's words (spec 002 §2.13, §8). */
export const EDITOR_TEXT = {
  name: 'Name',
  labels: 'Labels',
  schedule: 'Schedule',
  formTab: 'Form',
  codeTab: 'Code',
  code: 'Spec',
  back: 'Back',
  cancel: 'Cancel',
  delete: 'Delete',
  save: 'Save',
  update: 'Update',
  saving: 'Saving...',
  deleteTitle: 'Delete',
  confirmDelete: 'Are you sure you want to delete this resource?',
  docs: 'Documentation',
  pickTitle: { check: 'New Health Check', scraper: 'New Catalog Scraper' },
} as const;

/** The schedule presets a family offers (spec 001 §3): checks run often, scrapers less. */
const SCHEDULE_KIND: Readonly<Record<EditorFamily, ScheduleKind>> = {
  check: 'short',
  scraper: 'scraper',
};

/** The types of a family, read once (their forms are registered when the module loads). */
/** The JSON schema the family's spec is checked against, narrowed to the spec (MISC-06). */
function useSpecSchema(family: EditorFamily) {
  const file = loadFamilyCatalogue[family].now()?.schema;
  const schema = useGetJsonSchemaQuery(file ?? '', { skip: file === undefined });
  return useMemo(() => (schema.data ? specSchemaOf(schema.data) : undefined), [schema.data]);
}

/**
 * The check entry's name follows the resource's name while they are equal (spec 002 §3.8), in
 * the form's values and in the code; renders nothing.
 */
function MirrorName({ specKey, picker }: { specKey: string | undefined; picker: TypePicker }) {
  const form = useForm<EditorFormValues>();
  const { values } = useFormState<EditorFormValues>({ subscription: { values: true } });
  const previous = useRef(values.name ?? '');
  const name = values.name ?? '';
  const { view, yaml, changeCode } = picker;
  useEffect(() => {
    if (previous.current === name) return;
    const before = previous.current;
    previous.current = name;
    const change = mirroredName(values.spec ?? {}, specKey, before, name);
    if (change) form.change(change.path as keyof EditorFormValues, change.value as never);
    if (view === 'code') {
      // The code is shown, so its YAML has loaded.
      const text = loadSpecYaml.now()?.mirroredNameInCode(yaml, specKey, before, name);
      if (text !== undefined) changeCode(text);
    }
  }, [form, name, specKey, values.spec, view, yaml, changeCode]);
  return null;
}

/**
 * The spec read back from the code replaces the form's once the form is shown again (the
 * machine's values change as its view turns from code to form); renders nothing.
 */
function SyncSpecFromCode({ picker }: { picker: TypePicker }) {
  const form = useForm<EditorFormValues>();
  const view = useRef(picker.view);
  useEffect(() => {
    if (view.current === 'code' && picker.view === 'form') {
      form.change('spec', picker.values.spec);
    }
    view.current = picker.view;
  }, [form, picker.view, picker.values]);
  return null;
}

interface ChosenTypeEditorProps {
  family: EditorFamily;
  type: EditorType;
  picker: TypePicker;
  resource: TypedResourceValues | undefined;
  readOnly: boolean;
  canDelete: boolean;
}

/** The chosen type's editor: common fields, then the Form and Code tabs (or the code only). */
function ChosenTypeEditor({
  family,
  type,
  picker,
  resource,
  readOnly,
  canDelete,
}: ChosenTypeEditorProps) {
  const schema = useSpecSchema(family);
  // Read once: the editor mounts when its type is chosen, with that type's values.
  const [initialValues] = useState(() => toFormValues(picker.values));
  const specKey = specKeyOf(type);
  const busy = picker.phase === 'saving' || picker.phase === 'deleting';
  const disabled = readOnly || busy;
  const current = (form: FormApi<EditorFormValues>) =>
    fromFormValues(form.getState().values, resource);
  const TypeForm = type.Form;

  return (
    <Form<EditorFormValues>
      initialValues={initialValues}
      initialValuesEqual={() => true}
      mutators={{ ...arrayMutators }}
      onSubmit={(values) => picker.save(fromFormValues(values, resource))}
      render={({ handleSubmit, form }) => (
        <form
          onSubmit={handleSubmit}
          noValidate
          aria-label={type.label}
          className="mc-typed-editor"
        >
          <SyncSpecFromCode picker={picker} />
          {family === 'check' && <MirrorName specKey={specKey} picker={picker} />}
          <h3 className="mc-typed-editor-title">
            <Icon icon={type.icon} aria-hidden />
            {type.label}
            {type.docsUrl && (
              <a href={type.docsUrl} target="_blank" rel="noopener noreferrer">
                <Icon icon="manual" aria-hidden /> {EDITOR_TEXT.docs}
              </a>
            )}
          </h3>
          {readOnly && (
            <Callout intent="warning" icon="lock" role="status">
              <strong>{READ_ONLY_TITLE}</strong> {READ_ONLY_BANNER}
            </Callout>
          )}
          <FormDisabledContext.Provider value={disabled}>
            <div className="mc-form-fields">
              <TextField name="name" label={EDITOR_TEXT.name} required />
              <ScheduleField
                name="spec.schedule"
                label={EDITOR_TEXT.schedule}
                kind={SCHEDULE_KIND[family]}
              />
              {/* A health check runs locally or on a registered agent. */}
              {family === 'check' && <AgentField name="agent_id" />}
            </div>
            <KeyValueField name="labels" label={EDITOR_TEXT.labels} />
            {TypeForm && specKey !== undefined ? (
              <>
                <Tabs
                  id="typed-editor-view"
                  selectedTabId={picker.view}
                  onChange={(tab) => {
                    // The code needs the YAML writer: the form's values are read once it is here.
                    if (tab === 'code')
                      void loadSpecYaml().then(() => picker.showCode(current(form)));
                    else picker.showForm(current(form));
                  }}
                >
                  <Tab id="form" title={EDITOR_TEXT.formTab} />
                  <Tab id="code" title={EDITOR_TEXT.codeTab} />
                </Tabs>
                {/* The form stays mounted under the code: a field mounted again would start
                    from the form's initial value instead of what was typed. */}
                <div role="tabpanel" hidden={picker.view !== 'form'}>
                  <TypeForm prefix={`spec.${specKey}[0]`} disabled={disabled} />
                  {/* Every scraper keeps what it found as its spec's retention says (§3.7). */}
                  {family === 'scraper' && <RetentionFields prefix="spec" disabled={disabled} />}
                </div>
                {picker.view === 'code' && (
                  <div role="tabpanel">
                    <CodePanel picker={picker} readOnly={disabled} schema={schema} />
                  </div>
                )}
              </>
            ) : (
              <CodePanel picker={picker} readOnly={disabled} schema={schema} />
            )}
          </FormDisabledContext.Provider>
          {picker.error && !busy && (
            <Callout intent="danger" role="alert">
              {picker.error}
            </Callout>
          )}
          <div className="mc-form-footer">
            {picker.isNew && (
              <Button
                text={EDITOR_TEXT.back}
                icon="arrow-left"
                disabled={busy}
                onClick={picker.back}
              />
            )}
            {canDelete && !readOnly && (
              <Button
                text={EDITOR_TEXT.delete}
                icon="trash"
                intent="danger"
                variant="outlined"
                disabled={busy}
                onClick={picker.requestDelete}
              />
            )}
            {!readOnly && (
              <>
                <span className="mc-form-footer-spacer" />
                <Button
                  type="submit"
                  intent="primary"
                  text={
                    picker.phase === 'saving'
                      ? EDITOR_TEXT.saving
                      : picker.isNew
                        ? EDITOR_TEXT.save
                        : EDITOR_TEXT.update
                  }
                  aria-busy={picker.phase === 'saving'}
                  disabled={busy}
                />
              </>
            )}
          </div>
        </form>
      )}
    />
  );
}

interface CodePanelProps {
  picker: TypePicker;
  readOnly: boolean;
  schema: Record<string, unknown> | undefined;
}

/** The spec as YAML, checked against the family's schema, with why it did not parse. */
function CodePanel({ picker, readOnly, schema }: CodePanelProps) {
  const selectorFacts = useSelectorFacts();
  return (
    <div className="mc-typed-editor-code">
      <CodeEditor
        label={EDITOR_TEXT.code}
        value={picker.yaml}
        language="yaml"
        readOnly={readOnly}
        onChange={picker.changeCode}
        height="400px"
        selectorFacts={selectorFacts}
        {...(schema ? { schema } : {})}
      />
      {picker.parseError && (
        <Callout intent="danger" role="alert">
          {picker.parseError}
        </Callout>
      )}
    </div>
  );
}

/**
 * The editor of a health check or a catalog scraper (spec 002 §2.11–§2.13): a new resource
 * starts on the picker of its family's types; the chosen type's editor has the Name (required),
 * labels and schedule, then the type's Form and Code tabs (or the code only). Back
 * returns to the picker (new resources), Delete asks first (stored resources), Save or Update
 * saves; the server's reason shows on failure with the values kept. Read-only shows the values
 * under the read-only banner, with no Save, Update or Delete.
 */
export function TypedResourceEditor(props: TypedResourceEditorProps) {
  const catalogue = useLoaded(loadFamilyCatalogue[props.family], true);
  if (catalogue === undefined)
    return <Spinner size={SpinnerSize.SMALL} aria-label="Loading the editor" />;
  return <TypedResourceEditorOf {...props} types={catalogue.types} />;
}

/** The editor once its family's types are here. */
function TypedResourceEditorOf({
  types,
  ...props
}: TypedResourceEditorProps & { types: EditorType[] }) {
  const { resource } = props;
  // A stored resource opens on its type's form, or on its code (which needs the YAML writer):
  // the editor waits for that code, so every field mounts with it.
  const stored = resource && types.find((type) => type.id === inferType(resource.spec, types));
  const opening = !resource ? ready : (stored?.loadForm ?? (stored?.Form ? ready : loadSpecYaml));
  const opened = useLoaded<unknown>(opening, true);
  if (opened === undefined)
    return <Spinner size={SpinnerSize.SMALL} aria-label="Loading the editor" />;
  return <TypedEditorBody {...props} types={types} />;
}

/** Nothing to wait for: a new resource starts on the picker. */
const ready = loadOnce(async () => true);
void ready();

/** The editor once what it opens on has loaded. */
function TypedEditorBody({
  family,
  types,
  resource,
  readOnly = false,
  save,
  remove,
  onSaved,
  onDeleted,
  onCancel,
}: TypedResourceEditorProps & { types: EditorType[] }) {
  const picker = useTypePicker({
    types,
    ...(resource ? { resource } : {}),
    save,
    ...(remove ? { remove } : {}),
    ...(onSaved ? { onSaved } : {}),
    ...(onDeleted ? { onDeleted } : {}),
  });
  const canDelete = remove !== undefined && (picker.values.id ?? '') !== '';
  // A picked type opens once its form's code (or, without a form, the YAML writer) is here.
  const pick = (typeId: string) => {
    const type = types.find((candidate) => candidate.id === typeId);
    const load = type?.Form ? type.loadForm : loadSpecYaml;
    if (!load) picker.pick(typeId);
    else void load().then(() => picker.pick(typeId));
  };

  if (picker.phase === 'picking' || !picker.type) {
    return (
      <section className="mc-typed-editor" aria-label={EDITOR_TEXT.pickTitle[family]}>
        <TypePickerGrid types={types} onPick={pick} />
        {onCancel && (
          <div className="mc-form-footer">
            <Button text={EDITOR_TEXT.cancel} onClick={onCancel} />
          </div>
        )}
      </section>
    );
  }

  return (
    <>
      <ChosenTypeEditor
        key={picker.type.id}
        family={family}
        type={picker.type}
        picker={picker}
        resource={resource}
        readOnly={readOnly}
        canDelete={canDelete}
      />
      <ConfirmDialog
        isOpen={picker.phase === 'confirmingDelete' || picker.phase === 'deleting'}
        title={EDITOR_TEXT.deleteTitle}
        onConfirm={picker.confirmDelete}
        onClose={picker.cancelDelete}
      >
        {EDITOR_TEXT.confirmDelete}
      </ConfirmDialog>
    </>
  );
}
