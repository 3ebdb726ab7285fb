import { FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useId } from 'react';
import { Field } from 'react-final-form';
import { isRole } from '../../auth/authorizer';
import type { EditValues } from './userForm';
import { ROLE_OPTIONS } from './userForm';

interface TextFieldProps {
  name: 'firstName' | 'lastName' | 'email';
  label: string;
  type?: 'text' | 'email';
  autoFocus?: boolean;
}

function TextField({ name, label, type = 'text', autoFocus }: TextFieldProps) {
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
            helperText={error}
            intent={error ? 'danger' : 'none'}
          >
            <InputGroup
              {...input}
              id={id}
              type={type}
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

function RoleField() {
  const id = useId();
  return (
    <Field<string> name="role">
      {({ input, meta }) => {
        const error = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
        return (
          <FormGroup
            label="Role"
            labelFor={id}
            labelInfo="(required)"
            helperText={error}
            intent={error ? 'danger' : 'none'}
          >
            <HTMLSelect
              id={id}
              name={input.name}
              value={input.value}
              onChange={(event) => input.onChange(event.currentTarget.value)}
              onBlur={() => input.onBlur()}
              options={[
                // A role the console does not know is kept as it is.
                ...(input.value === '' || isRole(input.value)
                  ? []
                  : [{ value: input.value, label: input.value }]),
                ...ROLE_OPTIONS.map((role) => ({ value: role, label: role })),
              ]}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

function ActiveField() {
  return (
    <Field<EditValues['active']> name="active" type="checkbox">
      {({ input }) => (
        <Switch
          label="Active"
          checked={input.checked ?? false}
          onChange={(event) => input.onChange(event.currentTarget.checked)}
        />
      )}
    </Field>
  );
}

export interface UserFieldsProps {
  /** Shows the Active switch (editing an existing user). */
  withActive?: boolean;
}

/** First name, last name, email and role; Active when editing. */
export function UserFields({ withActive = false }: UserFieldsProps) {
  return (
    <>
      <TextField name="firstName" label="First name" autoFocus />
      <TextField name="lastName" label="Last name" />
      <TextField name="email" label="Email" type="email" />
      <RoleField />
      {withActive && <ActiveField />}
    </>
  );
}
