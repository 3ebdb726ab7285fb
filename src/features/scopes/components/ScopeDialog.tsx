import { useMemo } from 'react';
import { Field } from 'react-final-form';
import { AGENTS_CACHE_SECONDS, useGetAgentNamesQuery } from '../../../api/endpoints/agents';
import {
  useCreateScopeMutation,
  useDeleteScopeMutation,
  useUpdateScopeMutation,
} from '../../../api/endpoints/scopes';
import type { Scope } from '../../../api/schemas/scopes';
import { FormDialog } from '../../../ui/form/FormDialog';
import { TextAreaField, TextField } from '../../../ui/form/TextField';
import type { ScopeFormValues, ScopeTargetValues } from '../model/scopeForm';
import { isKubernetesScope, isUiScope, toScopeFormValues, toScopeInput } from '../model/scopeForm';
import type { ScopeFormErrors } from '../model/validation';
import { SCOPE_MESSAGES, validateScope } from '../model/validation';
import { TargetList } from './TargetList';

export const DELETE_SCOPE_TITLE = 'Delete Scope';
export const DELETE_SCOPE_TEXT =
  'Are you sure you want to delete this scope? This action cannot be undone.';

export interface ScopeDialogProps {
  /** The scope being edited; none to add one. */
  scope?: Scope;
  /** Whether the user may save and delete scopes. */
  canWrite: boolean;
  /** Cancel, Close, and after the scope is saved or deleted. */
  onClose: () => void;
}

/**
 * Add Scope / Edit Scope (SCOPE-03..05). Scopes from Kubernetes open read-only under the
 * banner; users without write access see the scope but cannot change it. Scopes made in the
 * console can be deleted from here, after a confirmation.
 */
export function ScopeDialog({ scope, canWrite, onClose }: ScopeDialogProps) {
  const kubernetes = isKubernetesScope(scope);
  const canDelete = scope !== undefined && canWrite && isUiScope(scope);
  const initialValues = useMemo(() => toScopeFormValues(scope), [scope]);
  const [createScope] = useCreateScopeMutation();
  const [updateScope] = useUpdateScopeMutation();
  const [deleteScope] = useDeleteScopeMutation();
  const agents = useGetAgentNamesQuery(undefined, {
    refetchOnMountOrArgChange: AGENTS_CACHE_SECONDS,
  });
  return (
    <FormDialog<ScopeFormValues>
      title={scope ? 'Edit Scope' : 'Add Scope'}
      icon="layers"
      size="medium"
      mode={scope ? 'edit' : 'create'}
      readOnly={kubernetes ? 'crd' : !canWrite}
      initialValues={initialValues}
      validate={(values) => validateScope(values) as Record<string, unknown>}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = toScopeInput(values);
        if (scope) await updateScope({ id: scope.id, name: scope.name, changes: body }).unwrap();
        else await createScope(body).unwrap();
      }}
      deletion={
        canDelete && {
          title: DELETE_SCOPE_TITLE,
          question: DELETE_SCOPE_TEXT,
          onConfirm: () => deleteScope({ id: scope.id, name: scope.name }).unwrap(),
        }
      }
    >
      {({ submitting }) => (
        <>
          <TextField name="name" label="Name" required={SCOPE_MESSAGES.nameRequired} />
          <TextField name="namespace" label="Namespace" />
          <TextAreaField name="description" label="Description" />
          <Field<ScopeTargetValues[]> name="targets">
            {({ input, meta }) => (
              <div onBlur={() => input.onBlur()}>
                <TargetList
                  targets={input.value || []}
                  onChange={(targets) => input.onChange(targets)}
                  agents={agents.data ?? []}
                  error={meta.error as ScopeFormErrors['targets']}
                  showErrors={meta.touched === true}
                  disabled={kubernetes || !canWrite || submitting === true}
                />
              </div>
            )}
          </Field>
        </>
      )}
    </FormDialog>
  );
}
