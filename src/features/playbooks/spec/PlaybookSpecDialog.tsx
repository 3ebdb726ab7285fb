import { useGetJsonSchemaQuery } from '../../../api/endpoints/jsonSchemas';
import { Button, Callout, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import {
  PLAYBOOK_SPEC_SCHEMA,
  useCreatePlaybookMutation,
  useDeletePlaybookMutation,
  useGetPlaybookQuery,
  useUpdatePlaybookMutation,
} from '../../../api/endpoints/playbooks';
import { schemaError } from '../../../ui/CodeEditor/loadSchemaCheck';
import { CodeField } from '../../../ui/form/CodeField';
import { FormDialog } from '../../../ui/form/FormDialog';
import { IconField } from '../../../ui/form/IconField';
import { TextAreaField, TextField } from '../../../ui/form/TextField';
import { QueryView } from '../../../ui/QueryView';
import { useResourcePermissions } from '../../../widgets/ResourcePermissionsDialog';
import type { TableQueryResult } from '../../../widgets/tableQueryState';
import { tableQueryState } from '../../../widgets/tableQueryState';
import { useSelectorFacts } from '../../../widgets/useSelectorFacts';
import { ManagedByResource } from './ManagedByResource';
import type { SpecFormValues } from './model/specForm';
import {
  isReadOnlySource,
  readOnlyNote,
  toCreateBody,
  toSpecFormValues,
  toUpdateBody,
} from './model/specForm';
import './spec.css';

/** The dialog's own words. */
export const SPEC_DIALOG = {
  createTitle: 'New Playbook',
  editTitle: 'Edit Playbook',
  viewTitle: 'Playbook',
  title: 'Title',
  namespace: 'Namespace',
  category: 'Category',
  icon: 'Icon',
  description: 'Description',
  spec: 'Spec',
  specHelp: 'YAML, checked against the playbook spec schema as you type.',
  specHelpUnchecked:
    'YAML. The playbook schema could not be loaded: the server checks the spec when it is saved.',
  deleteTitle: 'Delete Playbook',
  deleteText: (title: string) =>
    `Are you sure you want to delete the playbook "${title}"? Its past runs are kept.`,
  loadError: 'The playbook could not be loaded',
  notFound: 'Playbook not found',
  loading: 'Loading playbook',
  close: 'Close',
  permissionsTitle: (title: string) => `Permissions: ${title}`,
} as const;

export interface PlaybookSpecDialogProps {
  /** The playbook to edit (PB-02); none to create one. */
  playbookId?: string;
  /** Whether the user may save and delete playbooks (write on `playbooks`). */
  canWrite: boolean;
  /** Cancel, Close, and after the playbook is saved or deleted. */
  onClose: () => void;
}

/**
 * New Playbook / Edit Playbook (PB-02, PB-04..06): title, namespace (fixed once created),
 * category, icon, description and the spec as YAML, checked against the playbook JSON schema
 * (MISC-06) while it loads the server still checks. Playbooks not created in the console open
 * read-only under a note naming their source (and, for one from a Kubernetes resource, linking
 * to that resource's config item). The server's refusals (400, 409) show in its words
 * and the typed values stay.
 */
export function PlaybookSpecDialog({ playbookId, canWrite, onClose }: PlaybookSpecDialogProps) {
  const editing = playbookId !== undefined;
  const playbook = useGetPlaybookQuery(playbookId ?? '', {
    skip: !editing,
    refetchOnMountOrArgChange: true,
  });
  const schema = useGetJsonSchemaQuery(PLAYBOOK_SPEC_SCHEMA);
  const selectorFacts = useSelectorFacts();
  const [createPlaybook] = useCreatePlaybookMutation();
  const [updatePlaybook] = useUpdatePlaybookMutation();
  const [deletePlaybook] = useDeletePlaybookMutation();

  const row = playbook.data;
  const permissions = useResourcePermissions(
    SPEC_DIALOG.permissionsTitle(row?.title || row?.name || playbookId || ''),
    editing && row ? { playbook_id: row.id } : undefined,
  );
  const initialValues = useMemo(() => toSpecFormValues(row), [row]);
  const source = row?.source ?? null;
  const managedElsewhere = isReadOnlySource(source);
  const readOnly = managedElsewhere || !canWrite;
  const title = !editing
    ? SPEC_DIALOG.createTitle
    : readOnly
      ? SPEC_DIALOG.viewTitle
      : SPEC_DIALOG.editTitle;
  const loading = editing && (playbook.isLoading || (playbook.isFetching && !row));
  // The schema check is form-level so that the form checks the text again when the schema
  // arrives (a new `validate` revalidates), keeping what the user typed and touched.
  // The stored text is taken as the server has it: the check runs (and loads) once it is edited.
  // With a schema every check answers as a promise, so the form keeps only the latest answer.
  const specSchema = schema.data;
  const storedSpec = initialValues.spec ?? '';
  const validate = useCallback(
    (values: SpecFormValues) => {
      if (!specSchema) return {};
      const text = values.spec ?? '';
      const errors = (message: string | undefined) => (message ? { spec: message } : {});
      if (text.trim() === '' || text === storedSpec) return Promise.resolve(errors(undefined));
      return Promise.resolve(schemaError(text, 'yaml', specSchema)).then(errors);
    },
    [specSchema, storedSpec],
  );

  const outcome =
    editing && !loading && (playbook.isError || !row) ? (
      <Unavailable query={playbook} onClose={onClose} />
    ) : undefined;

  return (
    <>
      <FormDialog<SpecFormValues>
        title={title}
        icon="document"
        size="large"
        mode={editing ? 'edit' : 'create'}
        loading={loading}
        outcome={outcome}
        readOnly={readOnly}
        disableSubmitWhenInvalid
        validate={validate}
        initialValues={initialValues}
        onClose={onClose}
        onSubmit={async (values) => {
          if (playbookId !== undefined) {
            await updatePlaybook(toUpdateBody(playbookId, values)).unwrap();
          } else {
            await createPlaybook(toCreateBody(values)).unwrap();
          }
        }}
        extraActions={permissions.button}
        deletion={
          editing &&
          row &&
          !readOnly && {
            title: SPEC_DIALOG.deleteTitle,
            question: SPEC_DIALOG.deleteText(row.title || row.name || row.id),
            onConfirm: () => deletePlaybook(row.id).unwrap(),
          }
        }
      >
        {managedElsewhere && source && (
          <Callout intent="warning" icon="lock" role="status" className="mc-playbook-spec-note">
            {readOnlyNote(source)}
            {row && <ManagedByResource playbookId={row.id} source={source} />}
          </Callout>
        )}
        <div className="mc-playbook-spec-fields">
          <TextField name="title" label={SPEC_DIALOG.title} required autoFocus={!readOnly} />
          <TextField name="namespace" label={SPEC_DIALOG.namespace} disabled={editing} />
          <TextField name="category" label={SPEC_DIALOG.category} />
          <IconField name="icon" label={SPEC_DIALOG.icon} />
        </div>
        <TextAreaField name="description" label={SPEC_DIALOG.description} rows={2} />
        <CodeField
          name="spec"
          label={SPEC_DIALOG.spec}
          language="yaml"
          height="320px"
          required
          selectorFacts={selectorFacts}
          helperText={schema.isError ? SPEC_DIALOG.specHelpUnchecked : SPEC_DIALOG.specHelp}
        />
      </FormDialog>
      {permissions.dialog}
    </>
  );
}

/** In place of the form: why the playbook cannot be shown (with Retry when it failed), Close. */
function Unavailable({ query, onClose }: { query: TableQueryResult; onClose: () => void }) {
  return (
    <>
      <DialogBody>
        {/* Shown only when the playbook could not be read or is gone: never the content. */}
        <QueryView
          {...tableQueryState(query)}
          data={null}
          loadingLabel={SPEC_DIALOG.loading}
          errorTitle={SPEC_DIALOG.loadError}
          notFound={{ title: SPEC_DIALOG.notFound }}
        >
          {() => null}
        </QueryView>
      </DialogBody>
      <DialogFooter actions={<Button text={SPEC_DIALOG.close} onClick={onClose} />} />
    </>
  );
}
