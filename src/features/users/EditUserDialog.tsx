import { useUpdateUserMutation } from '../../api/endpoints/users';
import { FormDialog } from '../../ui/form/FormDialog';
import { UserFields } from './UserFields';
import type { EditValues } from './model/userForm';
import { updateBody, validateUserForm } from './model/userForm';
import type { UserRow } from './model/users';

export interface EditUserDialogProps {
  /** The user being edited. */
  user: UserRow;
  /** Cancel, and after the user is saved. */
  onClose: () => void;
}

function initialValues(user: UserRow): EditValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.roles[0] ?? '',
    active: user.state !== 'inactive',
  };
}

/** Edits a user's name, email, role (one, replacing the others) and whether they may sign in. */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const [updateUser] = useUpdateUserMutation();
  return (
    <FormDialog<EditValues>
      title="Edit user"
      icon="edit"
      mode="edit"
      initialValues={initialValues(user)}
      validate={validateUserForm}
      onClose={onClose}
      onSubmit={async (values) => {
        await updateUser(updateBody(user.id, values)).unwrap();
      }}
    >
      <UserFields withActive />
    </FormDialog>
  );
}
