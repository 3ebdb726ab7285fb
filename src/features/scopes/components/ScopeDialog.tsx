import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { Field, Form } from 'react-final-form';
import { AGENTS_CACHE_SECONDS, useGetAgentNamesQuery } from '../../../api/endpoints/agents';
import type { Scope } from '../../../api/schemas/scopes';
import { AppDialog } from '../../../ui/AppDialog';
import type { ScopeFormValues, ScopeTargetValues } from '../model/scopeForm';
import { isKubernetesScope, isUiScope, toScopeFormValues } from '../model/scopeForm';
import type { ScopeFormErrors } from '../model/validation';
import { validateScope } from '../model/validation';
import { TargetList } from './TargetList';

export const READ_ONLY_BANNER =
  'This resource is managed by Kubernetes CRD and cannot be edited from the UI.';

export interface ScopeDialogProps {
  /** The scope being edited; none to add one. */
  scope?: Scope;
  /** Whether the user may save and delete scopes. */
  canWrite: boolean;
  onClose: () => void;
  /** Saves; resolves to whether it worked (the dialog closes then). */
  onSave: (values: ScopeFormValues) => Promise<boolean>;
  /** Asks to delete the scope (UI-sourced scopes, with write access). */
  onDelete: (scope: Scope) => void;
}

interface TextFieldProps {
  name: 'name' | 'namespace';
  label: string;
  required?: boolean;
  disabled: boolean;
}

function TextField({ name, label, required = false, disabled }: TextFieldProps) {
  const id = useId();
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error =
          (meta.touched || meta.submitFailed) && typeof meta.error === 'string'
            ? meta.error
            : undefined;
        return (
          <FormGroup
            label={label}
            labelFor={id}
            labelInfo={required ? '(required)' : undefined}
            helperText={error}
            intent={error ? 'danger' : 'none'}
          >
            <InputGroup
              {...input}
              id={id}
              disabled={disabled}
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

/**
 * Add Scope / Edit Scope. Scopes from Kubernetes open read-only under a banner; users without
 * write access see the scope but cannot change it.
 */
export function ScopeDialog({ scope, canWrite, onClose, onSave, onDelete }: ScopeDialogProps) {
  const descriptionId = useId();
  const kubernetes = isKubernetesScope(scope);
  const readOnly = kubernetes || !canWrite;
  const canDelete = scope !== undefined && canWrite && isUiScope(scope);
  const initialValues = useMemo(() => toScopeFormValues(scope), [scope]);
  const agents = useGetAgentNamesQuery(undefined, {
    refetchOnMountOrArgChange: AGENTS_CACHE_SECONDS,
  });
  return (
    <AppDialog
      isOpen
      onClose={onClose}
      icon="layers"
      title={scope ? 'Edit Scope' : 'Add Scope'}
      size="medium"
    >
      <Form<ScopeFormValues>
        initialValues={initialValues}
        validate={(values) => validateScope(values) as Record<string, unknown>}
        onSubmit={async (values) => {
          if (await onSave(values)) onClose();
        }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={scope ? 'Edit Scope' : 'Add Scope'}>
            <DialogBody>
              {kubernetes && (
                <Callout intent="warning" icon="lock" role="status">
                  <strong>Read-Only Mode:</strong> {READ_ONLY_BANNER}
                </Callout>
              )}
              <TextField name="name" label="Name" required disabled={readOnly} />
              <TextField name="namespace" label="Namespace" disabled={readOnly} />
              <Field<string> name="description">
                {({ input }) => (
                  <FormGroup label="Description" labelFor={descriptionId}>
                    <TextArea {...input} id={descriptionId} fill disabled={readOnly} />
                  </FormGroup>
                )}
              </Field>
              <Field<ScopeTargetValues[]> name="targets">
                {({ input, meta }) => (
                  <TargetList
                    targets={input.value || []}
                    onChange={(targets) => input.onChange(targets)}
                    agents={agents.data ?? []}
                    error={meta.error as ScopeFormErrors['targets']}
                    showErrors={Boolean(meta.submitFailed)}
                    disabled={readOnly}
                  />
                )}
              </Field>
            </DialogBody>
            <DialogFooter
              actions={
                readOnly ? (
                  <Button text="Close" onClick={onClose} />
                ) : (
                  <>
                    <Button text="Cancel" onClick={onClose} disabled={submitting} />
                    <Button type="submit" intent="primary" text="Save" loading={submitting} />
                  </>
                )
              }
            >
              {canDelete && scope && (
                <Button
                  intent="danger"
                  icon="trash"
                  text="Delete"
                  variant="minimal"
                  disabled={submitting}
                  onClick={() => onDelete(scope)}
                />
              )}
            </DialogFooter>
          </form>
        )}
      />
    </AppDialog>
  );
}
