import { Button, Callout, Classes, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { AppDialog } from '../../ui/AppDialog';
import { copyToClipboard } from '../../ui/clipboard';
import { UserFields } from './UserFields';
import type { InviteValues } from './userForm';
import { emptyInvite, validateUserForm } from './userForm';

export interface InviteUserDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  onClose: () => void;
  /** Sends the invitation; resolves to the registration link, or to an error message. */
  onInvite: (values: InviteValues) => Promise<{ link: string } | { error: string }>;
}

function InviteLink({
  email,
  link,
  onClose,
}: {
  email: string;
  link: string;
  onClose: () => void;
}) {
  return (
    <>
      <DialogBody>
        <Callout intent="success" icon="tick-circle">
          {email} is invited. Send them this registration link to set their password:
        </Callout>
        <div className="mc-command">
          <InputGroup
            readOnly
            fill
            value={link}
            aria-label="Registration link"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            icon="clipboard"
            aria-label="Copy link"
            onClick={() => void copyToClipboard(link)}
          />
        </div>
        <p className={Classes.TEXT_MUTED}>The link is valid for a limited time.</p>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="Done" onClick={onClose} />} />
    </>
  );
}

/** Invites a person: name, email and role; then shows the registration link to hand over. */
export function InviteUserDialog({ isOpen, onClose, onInvite }: InviteUserDialogProps) {
  const [invited, setInvited] = useState<{ email: string; link: string } | undefined>();
  return (
    <AppDialog isOpen={isOpen} onClose={onClose} size="small" icon="new-person" title="Invite user">
      {invited ? (
        <InviteLink email={invited.email} link={invited.link} onClose={onClose} />
      ) : (
        <Form<InviteValues>
          initialValues={emptyInvite()}
          validate={validateUserForm}
          onSubmit={async (values) => {
            const result = await onInvite(values);
            if ('error' in result) return { [FORM_ERROR]: result.error };
            setInvited({ email: values.email.trim(), link: result.link });
            return undefined;
          }}
          render={({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Invite user">
              <DialogBody>
                <UserFields />
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
                    <Button type="submit" intent="primary" text="Invite" loading={submitting} />
                  </>
                }
              />
            </form>
          )}
        />
      )}
    </AppDialog>
  );
}
