import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
} from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useId } from 'react';
import { Field, Form } from 'react-final-form';
import { FEATURES, disablePropertyName } from '../../../auth/featureFlags';
import { AppDialog } from '../../../ui/AppDialog';
import type { FeatureFlagValues } from './featureFlagForm';
import { validateFeatureFlag } from './featureFlagForm';

const SUGGESTED_NAMES = FEATURES.map(disablePropertyName);

export interface FeatureFlagDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** The property being edited; none to add one. */
  property?: FeatureFlagValues;
  onClose: () => void;
  /** Saves; resolves to an error message to show, or undefined when saved. */
  onSave: (values: FeatureFlagValues) => Promise<string | undefined>;
}

interface TextFieldProps {
  name: keyof FeatureFlagValues;
  label: string;
  helperText?: string;
  list?: string;
  autoFocus?: boolean;
}

function TextField({ name, label, helperText, list, autoFocus }: TextFieldProps) {
  const id = useId();
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
        return (
          <FormGroup
            label={label}
            labelFor={id}
            labelInfo="(required)"
            helperText={error ?? helperText}
            intent={error ? 'danger' : 'none'}
          >
            <InputGroup
              {...input}
              id={id}
              list={list}
              autoFocus={autoFocus}
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

/** Add or edit one property of the properties table. */
export function FeatureFlagDialog({ isOpen, property, onClose, onSave }: FeatureFlagDialogProps) {
  const listId = useId();
  const editing = property !== undefined;
  return (
    <AppDialog
      isOpen={isOpen}
      onClose={onClose}
      size="small"
      icon="flag"
      title={editing ? 'Edit Feature Flag' : 'Add Feature Flag'}
    >
      <Form<FeatureFlagValues>
        initialValues={property ?? { name: '', value: '' }}
        validate={validateFeatureFlag}
        onSubmit={async (values) => {
          const error = await onSave(values);
          if (error) return { [FORM_ERROR]: error };
          onClose();
          return undefined;
        }}
        render={({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogBody>
              <TextField
                name="name"
                label="Name"
                list={listId}
                autoFocus
                helperText="A feature is switched off by {feature}.disable = true."
              />
              <datalist id={listId}>
                {SUGGESTED_NAMES.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <TextField name="value" label="Value" />
              {typeof submitError === 'string' && (
                <Callout intent="danger" role="alert">
                  {submitError}
                </Callout>
              )}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text="Cancel" onClick={onClose} disabled={submitting} />
                  <Button type="submit" intent="primary" text="Save" loading={submitting} />
                </>
              }
            />
          </form>
        )}
      />
    </AppDialog>
  );
}
