import { Button, Callout, Classes, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useInviteUserMutation } from '../../api/endpoints/users';
import { copyToClipboard } from '../../ui/clipboard';
import { FormDialog } from '../../ui/form/FormDialog';
import { UserFields } from './UserFields';
import type { InviteValues } from './model/userForm';
import { emptyInvite, inviteBody, validateUserForm } from './model/userForm';

export interface InviteUserDialogProps {
  onClose: () => void;
}

interface Invited {
  email: string;
  link: string;
}

function InviteLink({ invited, onClose }: { invited: Invited; onClose: () => void }) {
  return (
    <>
      <DialogBody>
        <Callout intent="success" icon="tick-circle">
          {invited.email} is invited. Send them this registration link to set their password:
        </Callout>
        <div className="mc-command">
          <InputGroup
            readOnly
            fill
            value={invited.link}
            aria-label="Registration link"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            icon="clipboard"
            aria-label="Copy link"
            onClick={() => void copyToClipboard(invited.link)}
          />
        </div>
        <p className={Classes.TEXT_MUTED}>The link is valid for a limited time.</p>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="Done" onClick={onClose} />} />
    </>
  );
}

/** Invites a person (AUTH-14): name, email and role; then shows the registration link. */
export function InviteUserDialog({ onClose }: InviteUserDialogProps) {
  const [inviteUser] = useInviteUserMutation();
  const [invited, setInvited] = useState<Invited | undefined>();
  return (
    <FormDialog<InviteValues>
      title="Invite user"
      icon="new-person"
      submitText="Invite"
      busyText="Inviting"
      initialValues={emptyInvite()}
      validate={validateUserForm}
      closeOnSuccess={false}
      outcome={invited && <InviteLink invited={invited} onClose={onClose} />}
      onClose={onClose}
      onSubmit={async (values) => {
        const link = await inviteUser(inviteBody(values)).unwrap();
        setInvited({ email: values.email.trim(), link });
      }}
    >
      <UserFields />
    </FormDialog>
  );
}
