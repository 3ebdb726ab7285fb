import { Button, Callout, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { FormDisabledContext } from '../../ui/form/FormFieldGroup';
import { SelectField, SwitchField } from '../../ui/form/SelectField';
import { TextField } from '../../ui/form/TextField';
import type { TokenDraft } from './model/tokenDraft';
import {
  NAME_REQUIRED,
  TOKEN_EXPIRIES,
  TOKEN_EXPIRY_LABELS,
  validateTokenDraft,
} from './model/tokenDraft';

const EXPIRY_CHOICES = TOKEN_EXPIRIES.map((value) => ({
  value,
  label: TOKEN_EXPIRY_LABELS[value],
}));
import { ScopeFields } from './ScopeFields';

export interface TokenFormProps {
  /** The values the form starts with (read once). */
  initialValues: TokenDraft;
  /** A request is under way: the fields and the submit button are disabled. */
  creating: boolean;
  /** Why the last attempt failed. */
  error?: string;
  onSubmit: (draft: TokenDraft) => void;
  onCancel: () => void;
}

/**
 * The token form: name (required), expiry, auto-renew and scope. Create is disabled while the
 * form is invalid or a token is being created; a failure shows above the buttons and the form
 * keeps its values.
 */
export function TokenForm({ initialValues, creating, error, onSubmit, onCancel }: TokenFormProps) {
  const [initial] = useState(initialValues);
  return (
    <Form<TokenDraft>
      initialValues={initial}
      validate={validateTokenDraft}
      onSubmit={(values) => onSubmit(values)}
      subscription={{ invalid: true }}
      render={({ handleSubmit, invalid }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Token">
          <DialogBody>
            <FormDisabledContext.Provider value={creating}>
              <TextField name="name" label="Name" required={NAME_REQUIRED} autoFocus />
              <SelectField name="expiry" label="Expiry" options={EXPIRY_CHOICES} />
              <SwitchField name="autoRenew" label="Auto renew" />
            </FormDisabledContext.Provider>
            <ScopeFields disabled={creating} />
            {error !== undefined && (
              <Callout intent="danger" role="alert">
                {error}
              </Callout>
            )}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={onCancel} />
                <Button
                  type="submit"
                  intent="primary"
                  text="Create"
                  loading={creating}
                  disabled={invalid || creating}
                />
              </>
            }
          />
        </form>
      )}
    />
  );
}
