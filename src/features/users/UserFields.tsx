import { SelectField, SwitchField } from '../../ui/form/SelectField';
import { TextField } from '../../ui/form/TextField';
import { ROLE_OPTIONS } from './model/userForm';

const ROLE_CHOICES = ROLE_OPTIONS.map((role) => ({ value: role, label: role }));

export interface UserFieldsProps {
  /** Shows the Active switch (editing an existing user). */
  withActive?: boolean;
}

/** First name, last name, email and role; Active when editing. */
export function UserFields({ withActive = false }: UserFieldsProps) {
  return (
    <>
      <TextField name="firstName" label="First name" required autoFocus />
      <TextField name="lastName" label="Last name" required />
      <TextField name="email" label="Email" type="email" required />
      <SelectField name="role" label="Role" required options={ROLE_CHOICES} />
      {withActive && <SwitchField name="active" label="Active" />}
    </>
  );
}
