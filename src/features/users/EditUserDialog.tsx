import { Button, Callout, DialogBody, DialogFooter } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { AppDialog } from '../../ui/AppDialog';
import { UserFields } from './UserFields';
import type { EditValues } from './userForm';
import { validateUserForm } from './userForm';
import type { UserRow } from './users';

export interface EditUserDialogProps {
  /** The user being edited. */
  user: UserRow;
  onClose: () => void;
  /** Saves; resolves to an error message to show, or undefined when saved. */
  onSave: (values: EditValues) => Promise<string | undefined>;
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
export function EditUserDialog({ user, onClose, onSave }: EditUserDialogProps) {
  const [initial] = useState(() => initialValues(user));
  return (
    <AppDialog isOpen onClose={onClose} size="small" icon="edit" title="Edit user">
      <Form<EditValues>
        initialValues={initial}
        validate={validateUserForm}
        onSubmit={async (values) => {
          const error = await onSave(values);
          if (error) return { [FORM_ERROR]: error };
          onClose();
          return undefined;
        }}
        render={({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Edit user">
            <DialogBody>
              <UserFields withActive />
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
