import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
} from '@blueprintjs/core';
import { useId, useState } from 'react';
import { Field, Form } from 'react-final-form';
import type { TokenDraft, TokenExpiry } from './model/tokenDraft';
import { TOKEN_EXPIRIES, TOKEN_EXPIRY_LABELS, validateTokenDraft } from './model/tokenDraft';
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

function NameField({ disabled }: { disabled: boolean }) {
  const id = useId();
  return (
    <Field<string> name="name">
      {({ input, meta }) => {
        const error =
          (meta.touched || meta.modified) && typeof meta.error === 'string'
            ? meta.error
            : undefined;
        return (
          <FormGroup
            label="Name"
            labelFor={id}
            labelInfo="(required)"
            helperText={error}
            intent={error ? 'danger' : 'none'}
          >
            <InputGroup
              {...input}
              id={id}
              autoFocus
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

function ExpiryField({ disabled }: { disabled: boolean }) {
  const id = useId();
  return (
    <Field<TokenExpiry> name="expiry">
      {({ input }) => (
        <FormGroup label="Expiry" labelFor={id}>
          <HTMLSelect
            id={id}
            name={input.name}
            value={input.value}
            disabled={disabled}
            onChange={(event) => input.onChange(event.currentTarget.value as TokenExpiry)}
            options={TOKEN_EXPIRIES.map((value) => ({
              value,
              label: TOKEN_EXPIRY_LABELS[value],
            }))}
          />
        </FormGroup>
      )}
    </Field>
  );
}

function AutoRenewField({ disabled }: { disabled: boolean }) {
  return (
    <Field<boolean> name="autoRenew" type="checkbox">
      {({ input }) => (
        <Switch
          label="Auto renew"
          checked={input.checked ?? false}
          disabled={disabled}
          onChange={(event) => input.onChange(event.currentTarget.checked)}
        />
      )}
    </Field>
  );
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
            <NameField disabled={creating} />
            <ExpiryField disabled={creating} />
            <AutoRenewField disabled={creating} />
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
